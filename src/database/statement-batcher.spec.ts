import { describe, expect, it } from '@jest/globals';
import { statementBatcher } from './statement-batcher.js';

/** Lets the batcher schedule: its dispatch waits for the previous batch, then for setImmediate. */
const aTurnLater = async () => {
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
};

/**
 * A statement stand-in that records its batches. It answers each key with `answer(key)`; a batch
 * of several keys that holds a bad one fails as a whole, as one SQL statement would. With `held`,
 * batches are answered only when `release` is called.
 */
function recordingStatement({ answer = (key: number): number | Error => key * 10, held = false } = {}) {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const run = (keys: readonly number[]) => {
    batches.push([...keys]);
    return new Promise<(number | Error)[]>((resolve, reject) => {
      const respond = () =>
        keys.length > 1 && keys.some((key) => answer(key) instanceof Error) ? reject(new Error('the batch failed')) : resolve(keys.map(answer));
      if (held) pending.push(respond);
      else setImmediate(respond);
    });
  };
  return { batches, run, release: () => pending.splice(0).forEach((respond) => respond()) };
}

describe('statementBatcher', () => {
  it('runs the calls of one moment as one batch and answers each call with its own result', async () => {
    const statement = recordingStatement();
    const batcher = statementBatcher(statement.run);
    expect(await Promise.all([1, 2, 3].map((key) => batcher.load(key)))).toEqual([10, 20, 30]);
    expect(statement.batches).toEqual([[1, 2, 3]]);
  });

  it('holds the calls that arrive while a batch runs, and sends them together once it is answered', async () => {
    const statement = recordingStatement({ held: true });
    const batcher = statementBatcher(statement.run);
    const first = batcher.load(1);
    await aTurnLater();
    const later = [batcher.load(2), batcher.load(3)];
    await aTurnLater();
    expect(statement.batches).toEqual([[1]]);
    statement.release();
    expect(await first).toBe(10);
    await aTurnLater();
    expect(statement.batches).toEqual([[1], [2, 3]]);
    statement.release();
    expect(await Promise.all(later)).toEqual([20, 30]);
  });

  it('runs a failed batch again call by call, so that only the bad call fails', async () => {
    const statement = recordingStatement({ answer: (key) => (key === 2 ? new Error('call 2 is bad') : key * 10) });
    const batcher = statementBatcher(statement.run);
    const answers = await Promise.allSettled([1, 2, 3].map((key) => batcher.load(key)));
    expect(answers).toEqual([
      { status: 'fulfilled', value: 10 },
      { status: 'rejected', reason: new Error('call 2 is bad') },
      { status: 'fulfilled', value: 30 },
    ]);
    expect(statement.batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });
});
