import { setTimeout as sleep } from 'node:timers/promises';
import { Logger } from '@nestjs/common';
import Bull from 'bull';
import { dispatchKey, type DispatchedJob, type JobDispatcher } from './job-dispatcher.js';

/** Job ids through a Bull queue on Redis: any replica's worker may take them. */
export class BullJobDispatcher implements JobDispatcher {
  private readonly logger: Logger;
  private readonly queue: Bull.Queue<{ jobId: string }>;
  private redisDown = false;
  private closing = false;

  constructor(
    name: string,
    redisUrl: string,
    prefix: string,
    private readonly closeTimeoutMs: number,
  ) {
    this.logger = new Logger(`Jobs:${name}`);
    // Bull's own stalled-job check stays on: a job it moves back to wait is dispatched again, and
    // the claim on its row decides who runs it (a worker that died is taken over through the row's
    // lease and the sweep anyway). `stalledInterval: 0` is not a way to turn it off: Bull still runs
    // the check once at start with a lock of 0 ms, which Redis refuses ("invalid expire time").
    this.queue = new Bull<{ jobId: string }>(name, redisUrl, { prefix: `${prefix}:bull` });
    // Redis errors come here while its clients reconnect; one line per outage. Jobs wait in
    // PostgreSQL meanwhile and the sweep dispatches them again. A reply error is Redis answering:
    // it is reported, but Redis is not down (close() must still wait for the running handlers).
    this.queue.on('error', (error) => {
      if (error.name === 'ReplyError') return void this.logger.error({ err: error }, 'Redis refused a job queue command');
      if (!this.redisDown) this.logger.warn(`Redis unreachable for job dispatch (${error.message}); jobs wait in PostgreSQL until it is back`);
      this.redisDown = true;
    });
    this.queue.client.on('ready', () => (this.redisDown = false));
  }

  async dispatch(job: DispatchedJob, delayMs = 0): Promise<void> {
    // Bull does not add a job id it holds: one dispatch per attempt. Retries and failures are the
    // row's business, so Bull keeps nothing once the handler has returned.
    await this.queue.add({ jobId: job.id }, { jobId: dispatchKey(job), delay: delayMs, attempts: 1, removeOnComplete: true, removeOnFail: true });
  }

  consume(run: (jobId: string) => Promise<void>, concurrency: number): void {
    // The promise settles when processing stops; it rejects when the clients are dropped at close.
    this.queue
      .process(concurrency, (job) => run(job.data.jobId))
      .catch((error: Error) => this.closing || this.logger.warn(`job processing stopped: ${error.message}`));
  }

  /**
   * Waits (at most closeTimeoutMs) for the running handlers. With Redis unreachable, Bull's own close
   * is not even started: it reconnects its blocking client to interrupt it, and that connection's
   * failure is a promise nobody handles (bull 4, Queue.whenCurrentJobsFinished). The clients are
   * dropped instead; an unfinished job's lease expires and another worker retries it.
   */
  async close(): Promise<void> {
    this.closing = true;
    if (this.redisDown) return this.dropClients();
    const closed = this.queue.close().then(
      () => true,
      () => true,
    );
    if (!(await Promise.race([closed, sleep(this.closeTimeoutMs, false, { ref: false })]))) this.dropClients();
  }

  /**
   * What Bull's close does, without its reconnection: mark the queue closing, so that its loops
   * (job polling and its 5 s retry after a Redis error, the delay timer) stop at their next turn,
   * clear its timers, and disconnect the clients. Without the first two, those ref'd timers kept
   * the process alive after a Redis outage (bull 4 internals: `closing`, `_clearTimers`).
   */
  private dropClients(): void {
    const internals = this.queue as unknown as { closing?: Promise<unknown>; _clearTimers?: () => Promise<unknown> };
    internals.closing ??= Promise.resolve();
    internals._clearTimers?.().catch(() => undefined);
    for (const client of this.queue.clients) client.disconnect();
  }
}
