/**
 * Hands job ids to the workers of one queue: Bull on Redis (every replica's workers share it) or
 * in this process. It carries nothing but ids: the job's row in PostgreSQL is the truth, so a
 * lost, repeated or late dispatch is harmless (the claim decides) and the sweep dispatches again
 * whatever is still unfinished.
 */
export interface JobDispatcher {
  /** Dispatches `jobId`, after `delayMs` if given. An id already waiting is not dispatched twice. */
  dispatch(jobId: string, delayMs?: number): Promise<void>;
  /** Registers this process's consumer of the queue: `run` never throws. */
  consume(run: (jobId: string) => Promise<void>, concurrency: number): void;
  /** Stops taking ids and waits (bounded) for the running ones. */
  close(): Promise<void>;
}
