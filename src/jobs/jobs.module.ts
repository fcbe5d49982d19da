import { getQueueToken } from '@nestjs/bull';
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { DurableQueueOptions } from './durable-queue.js';
import { JobProcessorsExplorer } from './job-processors.explorer.js';
import { JobQueues } from './job-queues.service.js';
import { JobsRepository } from './jobs.repository.js';

/**
 * Durable background jobs, written the @nestjs/bull way: a domain module imports
 * `JobsModule.registerQueue({ name })`, injects the queue with `@InjectQueue(name)` and adds jobs to
 * it; a provider decorated `@Processor(name)` runs them in its `@Process()` method. The same classes
 * run through Bull with Redis and in this process without (see JobQueues).
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [JobsRepository, JobQueues, JobProcessorsExplorer],
  exports: [JobQueues],
})
export class JobsModule {
  /** Provides each named durable queue under @nestjs/bull's `getQueueToken(name)`, for `@InjectQueue(name)`. */
  static registerQueue(...queues: DurableQueueOptions[]): DynamicModule {
    const providers = queues.map((options) => ({
      provide: getQueueToken(options.name),
      inject: [JobQueues],
      useFactory: (jobQueues: JobQueues) => jobQueues.queue(options),
    }));
    return { module: JobQueuesRegistration, providers, exports: providers };
  }
}

/** The module `registerQueue` returns: its own class, so that JobsModule's providers exist once. */
@Module({})
class JobQueuesRegistration {}
