import { Global, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { Sql } from '../database/sql.js';

export interface PeriodicTaskOptions {
  /** A name for the log lines. */
  name: string;
  intervalMs: number;
  /**
   * Spread of each wait, as a share of the interval (default 0.1: ±10 %), so that replicas started
   * together do not all run the same work at the same moment.
   */
  jitter?: number;
  /**
   * A PostgreSQL advisory lock key: the task runs on one replica at a time; a replica that finds
   * the lock held skips that run.
   */
  exclusiveLockKey?: number;
}

interface Scheduled {
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
}

/**
 * The one way to run work on a schedule (sweepers, collectors, reloads): each run waits for the
 * previous one (no overlap in a process), waits are jittered, a failure is logged and the schedule
 * goes on, an exclusive task runs on one replica at a time, and shutdown starts no new run and waits
 * (at most SHUTDOWN_GRACE_MS) for the ones under way.
 */
@Injectable()
export class PeriodicTasks implements OnApplicationShutdown {
  private readonly logger = new Logger(PeriodicTasks.name);
  private readonly scheduled = new Set<Scheduled>();
  private stopped = false;

  constructor(
    private readonly sql: Sql,
    private readonly config: AppConfig,
  ) {}

  every(options: PeriodicTaskOptions, task: () => Promise<unknown>): void {
    const entry: Scheduled = {};
    this.scheduled.add(entry);
    const jitter = options.jitter ?? 0.1;
    const schedule = () => {
      if (this.stopped) return;
      const wait = options.intervalMs * (1 + jitter * (2 * Math.random() - 1));
      entry.timer = setTimeout(() => {
        entry.running = this.runOnce(options, task).finally(() => {
          entry.running = undefined;
          schedule();
        });
      }, wait);
      entry.timer.unref();
    };
    schedule();
  }

  private async runOnce(options: PeriodicTaskOptions, task: () => Promise<unknown>): Promise<void> {
    try {
      if (options.exclusiveLockKey === undefined) await task();
      else await this.sql.exclusively(options.exclusiveLockKey, task);
    } catch (error) {
      this.logger.warn({ err: error, task: options.name }, 'periodic task failed; it runs again at its next interval');
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    for (const entry of this.scheduled) clearTimeout(entry.timer);
    const running = [...this.scheduled].flatMap((entry) => (entry.running ? [entry.running] : []));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(running), new Promise((resolve) => (timer = setTimeout(resolve, this.config.shutdownGraceMs)))]);
    clearTimeout(timer);
  }
}

@Global()
@Module({ providers: [PeriodicTasks], exports: [PeriodicTasks] })
export class PeriodicTasksModule {}
