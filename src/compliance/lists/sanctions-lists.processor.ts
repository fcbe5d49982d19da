import { Process, Processor } from '@nestjs/bull';
import { SanctionsListLoader } from './sanctions-list.loader.js';
import { SANCTIONS_LISTS_QUEUE } from './sanctions-lists.service.js';

/** Loads the configured sanctions lists in the processes that run jobs (ROLE worker or all). */
@Processor(SANCTIONS_LISTS_QUEUE)
export class SanctionsListsProcessor {
  constructor(private readonly loader: SanctionsListLoader) {}

  @Process({ concurrency: 1 })
  async process(): Promise<void> {
    await this.loader.loadConfigured();
  }
}
