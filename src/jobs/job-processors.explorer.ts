import { getQueueToken } from '@nestjs/bull';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, ModuleRef, Reflector } from '@nestjs/core';
import type { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper.js';
import type { DurableJob, DurableQueue } from './durable-queue.js';
import { JobQueues } from './job-queues.service.js';

/**
 * The metadata keys that @nestjs/bull's `@Processor`, `@Process` and `@OnQueueEvent` decorators write
 * (its bull.constants.ts; the package exports the decorators but not the keys).
 * job-processors.explorer.spec.ts decorates a class with them, so a change there fails a test.
 */
export const BULL_METADATA = { processor: 'bull:module_queue', process: 'bull:module_queue_process', listener: 'bull:module_on_queue_event' } as const;

const SUPPORTED_EVENTS = new Set(['completed', 'failed']);

/**
 * Finds the providers decorated with @nestjs/bull's `@Processor(queue)` and registers their
 * `@Process()` methods (and `@OnQueueCompleted()` / `@OnQueueFailed()` listeners) on the durable
 * queue of that name, the way @nestjs/bull's own explorer does, in both modes. Only in a process
 * that runs jobs (ROLE `worker` or `all`): a web-only process adds jobs and runs none.
 */
@Injectable()
export class JobProcessorsExplorer implements OnModuleInit {
  private readonly logger = new Logger('Jobs');

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly moduleRef: ModuleRef,
    private readonly queues: JobQueues,
  ) {}

  onModuleInit(): void {
    if (!this.queues.runsJobs) return;
    for (const wrapper of this.discovery.getProviders()) {
      const type = this.processorClass(wrapper);
      if (!type) continue;
      if (!wrapper.isDependencyTreeStatic())
        throw new Error(`${type.name}: a job processor must be a singleton provider (request-scoped processors are not supported)`);
      const { name } = this.reflector.get<{ name?: string }>(BULL_METADATA.processor, type);
      const queue = this.queueNamed(name, type.name);
      const instance = wrapper.instance as Record<string, (...args: unknown[]) => unknown>;
      for (const key of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance) as object)) {
        const method = instance[key];
        const process = this.reflector.get<{ name?: string; concurrency?: number } | undefined>(BULL_METADATA.process, method);
        const listener = this.reflector.get<{ eventName: string; name?: string } | undefined>(BULL_METADATA.listener, method);
        if (process) queue.process(process.name, process.concurrency ?? 1, (job: DurableJob) => Promise.resolve(method.call(instance, job)));
        if (listener) {
          if (!SUPPORTED_EVENTS.has(listener.eventName))
            throw new Error(`${type.name}.${key}: durable queues emit 'completed' and 'failed' only, not '${listener.eventName}'`);
          queue.on(listener.eventName as 'completed' | 'failed', (job, ...rest) =>
            !listener.name || listener.name === job.name ? method.call(instance, job, ...rest) : undefined,
          );
        }
      }
      this.logger.log(`${type.name} runs jobs of queue ${queue.name}`);
    }
  }

  /** The class behind a provider, whether it was given as a class, a value or a factory (as @nestjs/bull's explorer reads it). */
  private processorClass(wrapper: InstanceWrapper): (new (...args: never[]) => unknown) | undefined {
    const type = !wrapper.metatype || wrapper.inject ? (wrapper.instance as object | undefined)?.constructor : wrapper.metatype;
    return type && this.reflector.get(BULL_METADATA.processor, type as never) ? (type as new (...args: never[]) => unknown) : undefined;
  }

  private queueNamed(name: string | undefined, processor: string): DurableQueue {
    try {
      return this.moduleRef.get<DurableQueue>(getQueueToken(name), { strict: false });
    } catch {
      throw new Error(
        `${processor} is a @Processor(${name ? `'${name}'` : ''}) but no queue of that name is registered: import JobsModule.registerQueue({ name: '${name ?? 'default'}' }) in its module`,
      );
    }
  }
}
