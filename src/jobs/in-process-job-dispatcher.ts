import { setTimeout as sleep } from 'node:timers/promises';
import { dispatchKey, type DispatchedJob, type JobDispatcher } from './job-dispatcher.js';

/**
 * Job ids within this process, without Redis: run after the caller's `dispatch` returns, at most
 * `concurrency` at once. Ids live only as long as the process; the rows in PostgreSQL outlive it
 * and the sweep dispatches them again after a restart.
 */
export class InProcessJobDispatcher implements JobDispatcher {
  private run?: (jobId: string) => Promise<void>;
  private concurrency = 1;
  private readonly waiting: { key: string; id: string }[] = [];
  private readonly known = new Set<string>();
  private readonly delayed = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly closeTimeoutMs: number) {}

  async dispatch(job: DispatchedJob, delayMs = 0): Promise<void> {
    if (this.closed) return;
    if (delayMs > 0) {
      const timer = setTimeout(() => {
        this.delayed.delete(timer);
        void this.dispatch(job);
      }, delayMs);
      timer.unref();
      this.delayed.add(timer);
      return;
    }
    const key = dispatchKey(job);
    if (this.known.has(key)) return;
    this.known.add(key);
    this.waiting.push({ key, id: job.id });
    setImmediate(() => this.drain());
  }

  consume(run: (jobId: string) => Promise<void>, concurrency: number): void {
    if (this.run) throw new Error('this queue already has a consumer in this process');
    this.run = run;
    this.concurrency = concurrency;
    setImmediate(() => this.drain());
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.delayed) clearTimeout(timer);
    // The deadline's timer does not hold the process open by itself once the running jobs are done.
    await Promise.race([Promise.allSettled([...this.running]), sleep(this.closeTimeoutMs, undefined, { ref: false })]);
  }

  private drain(): void {
    while (this.run && !this.closed && this.running.size < this.concurrency && this.waiting.length > 0) {
      const { key, id } = this.waiting.shift()!;
      this.known.delete(key);
      const running = this.run(id).finally(() => {
        this.running.delete(running);
        this.drain();
      });
      this.running.add(running);
    }
  }
}
