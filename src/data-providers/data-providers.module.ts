import { Module, type OnModuleInit } from '@nestjs/common';
import { SecretBox } from '../common/crypto/secret-box.js';
import { FirmsModule } from '../firms/firms.module.js';
import { ProviderHttpModule } from '../providers/http/provider-http.module.js';
import { AffinityAdapter } from './adapters/affinity.adapter.js';
import { PeopleDataLabsAdapter } from './adapters/people-data-labs.adapter.js';
import { StandardMetricsAdapter } from './adapters/standard-metrics.adapter.js';
import { DataProviderLookupsService } from './data-provider-lookups.service.js';
import { DataProviderTools } from './data-provider.tools.js';
import { ProviderKeyChecks } from './provider-key-checks.service.js';
import { ProviderKeysRepository } from './provider-keys.repository.js';
import { ProviderKeysService } from './provider-keys.service.js';

/**
 * The callers' own keys for third-party data providers (configure_data_provider) and the adapters
 * that call those providers with them. Other modules use ProviderKeysService.keyFor and the
 * exported adapters.
 */
@Module({
  imports: [FirmsModule, ProviderHttpModule],
  providers: [
    ProviderKeysRepository,
    ProviderKeysService,
    ProviderKeyChecks,
    SecretBox,
    PeopleDataLabsAdapter,
    AffinityAdapter,
    StandardMetricsAdapter,
    DataProviderLookupsService,
    DataProviderTools,
  ],
  exports: [ProviderKeysService, ProviderKeyChecks],
})
export class DataProvidersModule implements OnModuleInit {
  constructor(
    private readonly checks: ProviderKeyChecks,
    private readonly companyData: PeopleDataLabsAdapter,
    private readonly crm: AffinityAdapter,
    private readonly portfolioData: StandardMetricsAdapter,
  ) {}

  /** Each adapter's cheap authenticated call verifies keys before configure_data_provider stores them. */
  onModuleInit(): void {
    for (const check of [this.companyData, this.crm, this.portfolioData]) this.checks.register(check);
  }
}
