import { Module } from '@nestjs/common';
import { DataProvidersModule } from '../data-providers/data-providers.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { ProviderHttpModule } from '../providers/http/provider-http.module.js';
import { ComplianceTools } from './compliance.tools.js';
import { EntityComplianceService } from './entity-compliance.service.js';
import { SanctionsListLoader } from './lists/sanctions-list.loader.js';
import { SanctionsListsProcessor } from './lists/sanctions-lists.processor.js';
import { SanctionsListsRepository } from './lists/sanctions-lists.repository.js';
import { SANCTIONS_LISTS_QUEUE, SanctionsListsService } from './lists/sanctions-lists.service.js';
import { ComplyAdvantageAdapter } from './providers/comply-advantage.adapter.js';
import { OpenSanctionsAdapter } from './providers/open-sanctions.adapter.js';

/**
 * Entity screening (entity_compliance_agent): the compliance provider adapters (compliance_a,
 * compliance_b), the operator's sanctions lists (loaded through the job queue) and the matcher.
 */
@Module({
  imports: [DataProvidersModule, ProviderHttpModule, JobsModule.registerQueue({ name: SANCTIONS_LISTS_QUEUE, attempts: 3, backoffMs: 60_000 })],
  providers: [
    SanctionsListsRepository,
    SanctionsListsService,
    SanctionsListLoader,
    SanctionsListsProcessor,
    ComplyAdvantageAdapter,
    OpenSanctionsAdapter,
    EntityComplianceService,
    ComplianceTools,
  ],
  exports: [SanctionsListsService],
})
export class ComplianceModule {}
