import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS, type JobHandler, type JobOptions, type JobQueue } from './job-queue.js';

interface QueuedJob<T> {
  id: string;
  data: T;
  attempts: number;
  backoffMs: number;
}

/**
 * The queue used without REDIS_URL: jobs run in this process, after the caller's `add` returns,
 * with retries and exponential backoff. Jobs live only as long as the process; work that must
 * survive a restart keeps its state in PostgreSQL and is re-queued at start (DECISIONS.md "Memos").
 */
export class InProcessJobQueue<T extends object> implements JobQueue<T> {
  private handler?: JobHandler<T>;
  private concurrency = 1;
  private readonly waiting: QueuedJob<T>[] = [];
  private readonly known = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(
    readonly name: string,
    private readonly onFailure: (jobId: string, error: unknown) => void = () => undefined,
    private readonly closeTimeoutMs = 10_000,
  ) {}

  async add(data: T, options: JobOptions = {}): Promise<{ id: string }> {
    if (this.closed) throw new Error(`queue ${this.name} is closed`);
    const id = options.jobId ?? randomUUID();
    if (this.known.has(id)) return { id };
    this.known.add(id);
    this.waiting.push({ id, data, attempts: options.attempts ?? DEFAULT_ATTEMPTS, backoffMs: options.backoffMs ?? DEFAULT_BACKOFF_MS });
    setImmediate(() => this.drain());
    return { id };
  }

  process(handler: JobHandler<T>, concurrency = 1): void {
    if (this.handler) throw new Error(`queue ${this.name} already has a handler`);
    this.handler = handler;
    this.concurrency = concurrency;
    setImmediate(() => this.drain());
  }

  async close(): Promise<void> {
    this.closed = true;
    // The deadline's timer does not hold the process open by itself once the running jobs are done.
    await Promise.race([Promise.allSettled([...this.running]), sleep(this.closeTimeoutMs, undefined, { ref: false })]);
  }

  private drain(): void {
    while (this.handler && !this.closed && this.running.size < this.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift()!;
      const run = this.run(job, this.handler).finally(() => {
        this.running.delete(run);
        this.known.delete(job.id);
        this.drain();
      });
      this.running.add(run);
    }
  }

  private async run(job: QueuedJob<T>, handler: JobHandler<T>): Promise<void> {
    for (let attempt = 1; attempt <= job.attempts; attempt++) {
      try {
        await handler(job.data, attempt);
        return;
      } catch (error) {
        if (attempt === job.attempts || this.closed) {
          this.onFailure(job.id, error);
          return;
        }
        await sleep(job.backoffMs * 2 ** (attempt - 1));
      }
    }
  }
}
