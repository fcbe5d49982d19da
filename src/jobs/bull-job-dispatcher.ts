import Bull from 'bull';
import { dispatchKey, type DispatchedJob, type JobDispatcher } from './job-dispatcher.js';

/** Job ids through a Bull queue on Redis: any replica's worker may take them. */
export class BullJobDispatcher implements JobDispatcher {
  private readonly queue: Bull.Queue<{ jobId: string }>;

  constructor(name: string, redisUrl: string, prefix: string) {
    this.queue = new Bull<{ jobId: string }>(name, redisUrl, { prefix: `${prefix}:bull` });
  }

  async dispatch(job: DispatchedJob, delayMs = 0): Promise<void> {
    // Bull does not add a job id it holds: one dispatch per attempt. Retries and failures are the
    // row's business, so Bull keeps nothing once the handler has returned.
    await this.queue.add({ jobId: job.id }, { jobId: dispatchKey(job), delay: delayMs, attempts: 1, removeOnComplete: true, removeOnFail: true });
  }

  consume(run: (jobId: string) => Promise<void>, concurrency: number): void {
    void this.queue.process(concurrency, (job) => run(job.data.jobId));
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}
