export interface JobOptions {
  /** A job with the same id is not queued twice while it is waiting or running. */
  jobId?: string;
  /** Tries in all, including the first (default 3). */
  attempts?: number;
  /** First retry delay; doubles on each further retry (default 1000 ms). */
  backoffMs?: number;
}

export type JobHandler<T> = (data: T, attempt: number) => Promise<void>;

/** A named queue of background jobs: Bull on Redis, or in this process without Redis. */
export interface JobQueue<T extends object = object> {
  add(data: T, options?: JobOptions): Promise<{ id: string }>;
  /** Registers the one handler of this queue in this process. */
  process(handler: JobHandler<T>, concurrency?: number): void;
  /** Stops taking jobs and waits (bounded) for the running ones. */
  close(): Promise<void>;
}

export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_MS = 1000;
