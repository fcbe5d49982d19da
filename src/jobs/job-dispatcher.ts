/**
 * Hands job ids to the workers of one queue: Bull on Redis (every replica's workers share it) or
 * in this process. It carries nothing but ids: the job's row in PostgreSQL is the truth, so a
 * lost, repeated or late dispatch is harmless (the claim decides) and the sweep dispatches again
 * whatever is still unfinished.
 */
export interface JobDispatcher {
  /**
   * Dispatches a job, after `delayMs` if given. A job already waiting with the same attempts made is
   * not dispatched twice; a retry or a takeover (one attempt more) is a new dispatch even while the
   * previous one is still held (by the failing handler, or by a worker that died).
   */
  dispatch(job: DispatchedJob, delayMs?: number): Promise<void>;
  /** Registers this process's consumer of the queue: `run` never throws. */
  consume(run: (jobId: string) => Promise<void>, concurrency: number): void;
  /** Stops taking ids and waits (bounded) for the running ones. */
  close(): Promise<void>;
}

export interface DispatchedJob {
  id: string;
  /** The row's attempts when dispatched. */
  attempts: number;
}

/** One dispatch of a job: its id and the attempts made when dispatched. */
export function dispatchKey(job: DispatchedJob): string {
  return `${job.id}:${job.attempts}`;
}
