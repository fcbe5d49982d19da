import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { SHARED_STATE, type SharedState } from '../redis/redis.module.js';
import { BullJobQueue } from './bull-job-queue.js';
import { InProcessJobQueue } from './in-process-job-queue.js';
import type { JobQueue } from './job-queue.js';

/**
 * Hands out named job queues: Bull on Redis when REDIS_URL is set, in-process otherwise, decided by
 * the shared-state choice (src/redis/redis.module.ts). A domain module gets its queue here, adds
 * jobs to it, and registers the queue's handler in its own onModuleInit.
 *
 * Bull is used directly rather than through @nestjs/bull: that package registers queues and
 * processors statically at import time and needs Redis, so it cannot fall back to the in-process
 * runner that `npm start` without Redis uses.
 */
@Injectable()
export class JobQueues implements OnApplicationShutdown {
  private readonly logger = new Logger(JobQueues.name);
  private readonly queues = new Map<string, JobQueue>();

  constructor(
    private readonly config: AppConfig,
    @Inject(SHARED_STATE) private readonly sharedState: SharedState,
  ) {}

  queue<T extends object>(name: string): JobQueue<T> {
    let queue = this.queues.get(name);
    if (!queue) {
      const onFailure = (jobId: string, error: unknown) => this.logger.error(`job ${jobId} of queue ${name} failed for good: ${error instanceof Error ? error.message : String(error)}`);
      queue =
        this.sharedState.kind === 'redis'
          ? new BullJobQueue<T>(name, this.sharedState.url, this.config.redisKeyPrefix, onFailure)
          : new InProcessJobQueue<T>(name, onFailure, this.config.shutdownGraceMs);
      this.queues.set(name, queue);
    }
    return queue as JobQueue<T>;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}
