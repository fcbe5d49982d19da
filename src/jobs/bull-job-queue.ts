import Bull from 'bull';
import { DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS, type JobHandler, type JobOptions, type JobQueue } from './job-queue.js';

/** A Bull queue on Redis: every replica shares it, and a job whose worker dies is retried. */
export class BullJobQueue<T extends object> implements JobQueue<T> {
  private readonly queue: Bull.Queue<T>;

  constructor(name: string, redisUrl: string, prefix: string, onFailure: (jobId: string, error: unknown) => void = () => undefined) {
    this.queue = new Bull<T>(name, redisUrl, { prefix: `${prefix}:bull` });
    this.queue.on('failed', (job, error) => {
      if (job.attemptsMade >= (job.opts.attempts ?? 1)) onFailure(String(job.id), error);
    });
  }

  async add(data: T, options: JobOptions = {}): Promise<{ id: string }> {
    const job = await this.queue.add(data, {
      jobId: options.jobId,
      attempts: options.attempts ?? DEFAULT_ATTEMPTS,
      backoff: { type: 'exponential', delay: options.backoffMs ?? DEFAULT_BACKOFF_MS },
      removeOnComplete: true,
      removeOnFail: 1000,
    });
    return { id: String(job.id) };
  }

  process(handler: JobHandler<T>, concurrency = 1): void {
    void this.queue.process(concurrency, (job) => handler(job.data, job.attemptsMade + 1));
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}
