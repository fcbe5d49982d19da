import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PROCESS_ID } from '../common/process-identity.js';
import { AppConfig } from '../config/app-config.js';
import { SHARED_STATE, type SharedState } from '../redis/redis.module.js';
import { BullJobDispatcher } from './bull-job-dispatcher.js';
import { DurableQueue, type DurableQueueOptions } from './durable-queue.js';
import { InProcessJobDispatcher } from './in-process-job-dispatcher.js';
import type { JobDispatcher } from './job-dispatcher.js';
import { JobsRepository } from './jobs.repository.js';
import { PeriodicTasks } from './periodic-tasks.js';

/** Most ids one sweep dispatches per run; the next run takes the rest. */
const SWEEP_BATCH = 500;

/**
 * The durable job queues of this process, one per name (JobsModule.registerQueue provides each under
 * @nestjs/bull's `getQueueToken(name)`). Ids travel through Bull when REDIS_URL is set and in this
 * process otherwise (the shared-state choice, src/redis/redis.module.ts); the rows in PostgreSQL
 * are the truth in both modes.
 *
 * A process that runs jobs (ROLE `worker` or `all`) sweeps at start-up and every
 * JOB_SWEEP_INTERVAL_MS: the jobs of its queues that are queued, or whose worker's lease expired,
 * are dispatched again (so a restart resumes unfinished work), and those whose worker died on the
 * last attempt are failed with the reason.
 */
@Injectable()
export class JobQueues implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(JobQueues.name);
  private readonly queues = new Map<string, DurableQueue>();
  /** The owner written on the jobs this instance runs: the process, and this instance within it (tests run several). */
  readonly owner = `${PROCESS_ID}/${randomUUID().slice(0, 8)}`;

  constructor(
    private readonly config: AppConfig,
    @Inject(SHARED_STATE) private readonly sharedState: SharedState,
    private readonly jobs: JobsRepository,
    private readonly periodicTasks: PeriodicTasks,
  ) {}

  get runsJobs(): boolean {
    return this.config.role !== 'web';
  }

  queue<T extends object = object>(options: DurableQueueOptions | string): DurableQueue<T> {
    const settings = typeof options === 'string' ? { name: options } : options;
    let queue = this.queues.get(settings.name);
    if (!queue) {
      queue = new DurableQueue(settings, this.dispatcher(settings.name), this.jobs, { owner: this.owner, leaseMs: this.config.jobs.leaseMs });
      this.queues.set(settings.name, queue);
    }
    return queue as DurableQueue<T>;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.runsJobs) return;
    await this.sweep();
    this.periodicTasks.every({ name: 'job sweep', intervalMs: this.config.jobs.sweepIntervalMs }, () => this.sweep());
  }

  /** Dispatches again what is unfinished in the queues this process runs; fails what was abandoned. */
  async sweep(): Promise<void> {
    const local = [...this.queues.values()].filter((queue) => queue.hasProcessors);
    if (local.length === 0) return;
    const byName = new Map(local.map((queue) => [queue.name, queue]));
    for (const row of await this.jobs.failAbandoned([...byName.keys()])) byName.get(row.queue)!.abandoned(row);
    const due = await this.jobs.due([...byName.keys()], SWEEP_BATCH);
    for (const job of due) await byName.get(job.queue)!.dispatch(job);
    if (due.length > 0) this.logger.log(`dispatched ${due.length} unfinished job(s) again`);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }

  private dispatcher(name: string): JobDispatcher {
    if (this.sharedState.kind === 'redis') return new BullJobDispatcher(name, this.sharedState.url, this.config.redisKeyPrefix, this.config.shutdownGraceMs);
    // Without Redis a web-only process cannot reach the workers: it leaves its jobs' rows to their sweep.
    if (!this.runsJobs) return { dispatch: async () => undefined, consume: () => undefined, close: async () => undefined };
    return new InProcessJobDispatcher(this.config.shutdownGraceMs);
  }
}
