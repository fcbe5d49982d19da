import { createHash } from 'node:crypto';
import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import type { DurableQueue } from '../../jobs/durable-queue.js';
import { PeriodicTasks } from '../../jobs/periodic-tasks.js';
import { ScreeningIndex } from '../matching/screening-index.js';
import { describeList } from './sanctions-list-reader.js';
import { SanctionsListsRepository, type LoadedList } from './sanctions-lists.repository.js';

export const SANCTIONS_LISTS_QUEUE = 'sanctions-lists';

/** The lists in memory, built from one snapshot of the database. */
export interface LoadedLists {
  index: ScreeningIndex;
  lists: LoadedList[];
}

/**
 * The sanctions lists named by SANCTIONS_LISTS: loaded into PostgreSQL (at start-up and every
 * SANCTIONS_REFRESH_HOURS, through the durable job queue, so one replica loads and a failed load is
 * retried), and held in memory by every replica as a ScreeningIndex, rebuilt when a list's version
 * in the database changes. Lists no longer named by the configuration are not screened against.
 */
@Injectable()
export class SanctionsListsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SanctionsListsService.name);
  private held?: { versions: string; loaded: LoadedLists | undefined };
  private building?: Promise<{ versions: string; loaded: LoadedLists | undefined }>;
  private readonly configuredNames: ReadonlySet<string>;

  constructor(
    private readonly config: AppConfig,
    private readonly repository: SanctionsListsRepository,
    private readonly periodicTasks: PeriodicTasks,
    @InjectQueue(SANCTIONS_LISTS_QUEUE) private readonly queue: DurableQueue,
  ) {
    this.configuredNames = new Set(config.screening.lists.map((source) => describeList(source).name));
  }

  get configured(): boolean {
    return this.configuredNames.size > 0;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.configured) return;
    await this.enqueueLoad('start');
    const hours = this.config.screening.refreshHours;
    if (hours > 0) {
      this.periodicTasks.every({ name: 'refresh sanctions lists', intervalMs: hours * 3_600_000 }, () => this.enqueueLoad('refresh'));
    }
  }

  /**
   * One load job per configuration and refresh period: every replica asks, the idempotency key
   * makes it one job, and a restart within the period does not load the lists again.
   */
  private async enqueueLoad(reason: 'start' | 'refresh'): Promise<void> {
    const configuration = createHash('sha256').update(JSON.stringify(this.config.screening.lists)).digest('hex').slice(0, 12);
    const periodMs = Math.max(1, this.config.screening.refreshHours) * 3_600_000;
    const period = Math.floor(Date.now() / periodMs);
    const { created } = await this.queue.add({}, { idempotencyKey: `sanctions-lists:${configuration}:${period}` });
    if (created) this.logger.log({ reason }, 'sanctions list load queued');
  }

  /** The configured lists as loaded, in memory; undefined while none is loaded. */
  async loaded(): Promise<LoadedLists | undefined> {
    if (!this.configured) return undefined;
    const versions = await this.repository.versions();
    if (this.held?.versions === versions) return this.held.loaded;
    this.building ??= this.build().finally(() => (this.building = undefined));
    this.held = await this.building;
    return this.held.loaded;
  }

  private async build(): Promise<{ versions: string; loaded: LoadedLists | undefined }> {
    const started = performance.now();
    const { versions, lists, entries } = await this.repository.snapshot([...this.configuredNames]);
    if (lists.length === 0) return { versions, loaded: undefined };
    const index = ScreeningIndex.build(entries);
    this.logger.log({ entries: entries.length, durationMs: Math.round(performance.now() - started) }, 'sanctions index built');
    return { versions, loaded: { index, lists } };
  }
}
