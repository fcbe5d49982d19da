import { EventEmitter } from 'node:events';
import { Logger } from '@nestjs/common';
import type { DispatchedJob, JobDispatcher } from './job-dispatcher.js';
import type { JobRow, JobsRepository, SqlExecutor } from './jobs.repository.js';

/** What a `@Process()` method receives: the shape of a Bull job that matters here. */
export interface DurableJob<T = unknown> {
  /** The row's id (also what `add` returned). */
  id: string;
  queue: string;
  /** The name given to `add` (`@Process({ name })` picks its jobs by it). */
  name: string;
  data: T;
  /** Attempts before this one: 0 on the first. */
  attemptsMade: number;
  maxAttempts: number;
  idempotencyKey: string | null;
  /** Aborted when this worker loses the job's lease (it stalled past it and another took over): stop, and record nothing more. */
  signal?: AbortSignal;
}

export interface DurableQueueOptions {
  name: string;
  /** Tries in all, including the first (default 3), unless `add` says otherwise. */
  attempts?: number;
  /** First retry delay, doubled on each further retry (default 1000 ms). */
  backoffMs?: number;
}

export interface AddJobOptions {
  /** One job per key in this queue: adding it again returns the first one, whatever its state. */
  idempotencyKey?: string;
  attempts?: number;
}

export type JobProcessor = (job: DurableJob) => Promise<unknown>;

/** The name under which an unnamed `@Process()` handles every job without a handler of its own. */
const ANY_NAME = '*';
const DEFAULT_JOB_NAME = 'process';

/**
 * One named queue of durable jobs, injected with `@InjectQueue(name)`. `add` writes the job's row
 * and dispatches its id; the worker that claims the row (one conditional UPDATE) runs the
 * `@Process()` method under a lease it renews, then completes the row, or records the failure and
 * queues a retry while attempts are left. A worker that dies leaves a lease that expires; the sweep
 * dispatches the job again and another worker takes it over.
 */
export class DurableQueue<T extends object = object> {
  private readonly logger: Logger;
  private readonly processors = new Map<string, JobProcessor>();
  private readonly events = new EventEmitter();
  private readonly attempts: number;
  private readonly backoffMs: number;
  private consuming = false;
  readonly name: string;

  constructor(
    options: DurableQueueOptions,
    private readonly dispatcher: JobDispatcher,
    private readonly jobs: JobsRepository,
    private readonly worker: { owner: string; leaseMs: number },
  ) {
    this.name = options.name;
    this.attempts = options.attempts ?? 3;
    this.backoffMs = options.backoffMs ?? 1000;
    this.logger = new Logger(`Jobs:${this.name}`);
  }

  /** Adds a job (named `process` unless named) and dispatches it, or finds the one with the same idempotency key. */
  add(data: T, options?: AddJobOptions): Promise<{ id: string; created: boolean }>;
  add(name: string, data: T, options?: AddJobOptions): Promise<{ id: string; created: boolean }>;
  async add(...args: [T, AddJobOptions?] | [string, T, AddJobOptions?]): Promise<{ id: string; created: boolean }> {
    const added = await this.insert(undefined, args);
    if (added.created) await this.dispatch({ id: added.id, attempts: 0 });
    return added;
  }

  /**
   * Adds a job inside the caller's transaction, so that it exists exactly when the caller's writes
   * commit. Call `dispatch({ id, attempts: 0 })` after the commit; if that never happens, the sweep dispatches it.
   */
  addWithin(transaction: SqlExecutor, data: T, options?: AddJobOptions): Promise<{ id: string; created: boolean }>;
  addWithin(transaction: SqlExecutor, name: string, data: T, options?: AddJobOptions): Promise<{ id: string; created: boolean }>;
  addWithin(transaction: SqlExecutor, ...args: [T, AddJobOptions?] | [string, T, AddJobOptions?]): Promise<{ id: string; created: boolean }> {
    return this.insert(transaction, args);
  }

  /**
   * Hands a job to the workers: a new one (`attempts` 0), or again after a restart, a lost dispatch
   * or a dead worker. The claim decides who runs it.
   */
  dispatch(job: DispatchedJob): Promise<void> {
    return this.dispatcher.dispatch(job);
  }

  /** The job's row as it is now. */
  getJob(id: string): Promise<JobRow | undefined> {
    return this.jobs.find(id);
  }

  /** `@OnQueueCompleted()` / `@OnQueueFailed()` listeners: (job) and (job, error) once a job is done or failed for good. */
  on(event: 'completed' | 'failed', listener: (job: DurableJob, ...rest: unknown[]) => unknown): void {
    this.events.on(event, (...args: unknown[]) => {
      void Promise.resolve()
        .then(() => listener(...(args as [DurableJob, ...unknown[]])))
        .catch((error: unknown) => this.logger.error({ err: error }, `a '${event}' listener failed`));
    });
  }

  /** Registers a `@Process()` method of this process (unnamed: every job without a handler of its own). */
  process(name: string | undefined, concurrency: number, processor: JobProcessor): void {
    const key = name ?? ANY_NAME;
    if (this.processors.has(key)) throw new Error(`queue ${this.name} already has a processor for ${name ? `jobs named ${name}` : 'unnamed jobs'}`);
    this.processors.set(key, processor);
    if (!this.consuming) {
      this.consuming = true;
      this.dispatcher.consume((jobId) => this.run(jobId), concurrency);
    }
  }

  get hasProcessors(): boolean {
    return this.processors.size > 0;
  }

  /** A job failed for good outside a handler (its worker died on the last attempt). */
  abandoned(row: JobRow): void {
    this.logger.error(`job ${row.id} (${row.name}) failed for good: ${row.failureReason}`);
    this.events.emit('failed', { ...toJob(row), attemptsMade: row.attempts }, new Error(row.failureReason ?? 'failed'));
  }

  close(): Promise<void> {
    return this.dispatcher.close();
  }

  private insert(executor: SqlExecutor | undefined, args: [T, AddJobOptions?] | [string, T, AddJobOptions?]): Promise<{ id: string; created: boolean }> {
    const [name, data, options = {}] =
      typeof args[0] === 'string' && args.length >= 2 ? (args as [string, T, AddJobOptions?]) : [DEFAULT_JOB_NAME, ...(args as [T, AddJobOptions?])];
    const job = { queue: this.name, name, idempotencyKey: options.idempotencyKey, payload: data, maxAttempts: options.attempts ?? this.attempts };
    return this.jobs.insert(job, executor);
  }

  /** Runs one dispatched id, if this worker can claim it. Never throws: the row records the outcome. */
  private async run(jobId: string): Promise<void> {
    let row: JobRow | undefined;
    try {
      row = await this.jobs.claim(jobId, this.worker.owner, this.worker.leaseMs);
    } catch (error) {
      this.logger.warn({ err: error }, `could not claim job ${jobId}; the sweep dispatches it again`);
      return;
    }
    if (!row) return; // another worker has it, it is finished, or it is not due yet
    const lease = new AbortController();
    const job = { ...toJob(row), signal: lease.signal };
    const renewal = setInterval(
      () => {
        this.jobs.renewLease(jobId, this.worker.owner, this.worker.leaseMs).then(
          (held) => {
            if (held || lease.signal.aborted) return;
            this.logger.warn(`job ${jobId}: lease lost to another worker; this run stops and its result will not count`);
            lease.abort(new Error(`the lease of job ${jobId} was lost to another worker`));
          },
          (error: unknown) => this.logger.warn({ err: error }, `job ${jobId}: could not renew the lease`),
        );
      },
      Math.max(10, Math.floor(this.worker.leaseMs / 3)),
    );
    renewal.unref();
    let outcome: { ok: true; result: unknown } | { ok: false; error: unknown };
    try {
      const processor = this.processors.get(row.name) ?? this.processors.get(ANY_NAME);
      if (!processor) throw new Error(`no processor for jobs named ${row.name} in queue ${this.name}`);
      outcome = { ok: true, result: await processor(job) };
    } catch (error) {
      outcome = { ok: false, error };
    } finally {
      clearInterval(renewal);
    }
    try {
      if (outcome.ok) await this.completed(job, outcome.result);
      else await this.failed(job, outcome.error);
    } catch (error) {
      this.logger.warn({ err: error }, `job ${jobId}: could not record the outcome; the lease expires and another worker retries it`);
    }
  }

  private async completed(job: DurableJob, result: unknown): Promise<void> {
    if (await this.jobs.complete(job.id, this.worker.owner)) this.events.emit('completed', job, result);
    else this.logger.warn(`job ${job.id}: finished after its lease was taken over; the other worker's run counts`);
  }

  private async failed(job: DurableJob, error: unknown): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    const retryDelayMs = this.backoffMs * 2 ** job.attemptsMade;
    const after = await this.jobs.fail(job.id, this.worker.owner, reason, retryDelayMs);
    if (after?.status === 'queued') {
      this.logger.warn(`job ${job.id} (${job.name}) attempt ${job.attemptsMade + 1} of ${job.maxAttempts} failed, retried in ${retryDelayMs} ms: ${reason}`);
      await this.dispatcher.dispatch(after, retryDelayMs);
    } else if (after?.status === 'failed') {
      this.logger.error(`job ${job.id} (${job.name}) failed for good after ${job.maxAttempts} attempts: ${reason}`);
      this.events.emit('failed', { ...job, attemptsMade: job.attemptsMade + 1 }, error);
    }
  }
}

function toJob(row: JobRow): DurableJob {
  return {
    id: row.id,
    queue: row.queue,
    name: row.name,
    data: row.payload,
    attemptsMade: row.attempts - 1,
    maxAttempts: row.maxAttempts,
    idempotencyKey: row.idempotencyKey,
  };
}
