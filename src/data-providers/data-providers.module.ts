import { Module } from '@nestjs/common';
import { SecretBox } from '../common/crypto/secret-box.js';
import { FirmsModule } from '../firms/firms.module.js';
import { ProviderHttpModule } from '../providers/http/provider-http.module.js';
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
  providers: [ProviderKeysRepository, ProviderKeysService, ProviderKeyChecks, SecretBox, DataProviderTools],
  exports: [ProviderKeysService, ProviderKeyChecks],
})
export class DataProvidersModule {}
