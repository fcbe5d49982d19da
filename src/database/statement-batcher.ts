import DataLoader from 'dataloader';

const MAX_BATCH_SIZE = 256;

/**
 * Group commit for a statement that runs on every tool call: calls that arrive while the previous
 * batch is at PostgreSQL wait for it and then go together, as one statement (one round trip, one
 * transaction, one WAL flush), so the batch grows with the load and an idle service adds no
 * delay. (Two batches in flight made smaller batches and fewer calls per second: measured.) `run`
 * answers each key, in order, with its result or an Error. A batch that fails as a whole is run
 * again key by key, so that one bad call fails alone.
 */
export function statementBatcher<Key, Result>(run: (keys: readonly Key[]) => Promise<(Result | Error)[]>): DataLoader<Key, Result> {
  let previous: Promise<unknown> = Promise.resolve();
  const runIsolated = async (keys: readonly Key[]): Promise<(Result | Error)[]> => {
    try {
      return await run(keys);
    } catch (error) {
      if (keys.length === 1) return [error instanceof Error ? error : new Error(String(error))];
      return Promise.all(keys.map(async (key) => (await runIsolated([key]))[0]));
    }
  };
  return new DataLoader<Key, Result>(
    (keys) => {
      const batch = runIsolated(keys);
      previous = batch;
      return batch;
    },
    { cache: false, maxBatchSize: MAX_BATCH_SIZE, batchScheduleFn: (dispatch) => void previous.then(() => setImmediate(dispatch)) },
  );
}
