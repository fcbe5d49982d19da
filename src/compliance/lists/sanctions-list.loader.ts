import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { readSanctionsList } from './sanctions-list-reader.js';
import { SanctionsListsRepository } from './sanctions-lists.repository.js';

export interface ListLoadOutcome {
  name: string;
  version: string;
  entryCount: number;
  changed: boolean;
  durationMs: number;
}

/** Reads every list SANCTIONS_LISTS names and stores those whose content changed: the load job's work and `npm run sanctions:load`'s. */
@Injectable()
export class SanctionsListLoader {
  private readonly logger = new Logger(SanctionsListLoader.name);

  constructor(
    private readonly config: AppConfig,
    private readonly repository: SanctionsListsRepository,
  ) {}

  async loadConfigured(): Promise<ListLoadOutcome[]> {
    const stored = new Map((await this.repository.lists()).map((list) => [list.name, list.version]));
    const outcomes: ListLoadOutcome[] = [];
    for (const source of this.config.screening.lists) {
      const started = performance.now();
      const { list, entries } = await readSanctionsList(source);
      const changed = stored.get(list.name) !== list.version;
      if (changed) await this.repository.replace(list, entries);
      const outcome = { name: list.name, version: list.version, entryCount: entries.length, changed, durationMs: Math.round(performance.now() - started) };
      this.logger.log(outcome, changed ? 'sanctions list loaded' : 'sanctions list unchanged');
      outcomes.push(outcome);
    }
    return outcomes;
  }
}
