import type { AppConfig } from '../../config/app-config.js';
import type { ProviderHttpClient } from '../../providers/http/provider-http-client.js';
import type { ProviderHttpClients } from '../../providers/http/provider-http-clients.js';
import { reconfigureHint } from '../data-provider.exceptions.js';
import type { ProviderName } from '../dto/provider-name.dto.js';

/**
 * The provider HTTP client of one data provider: its base URL and timeout from configuration, and
 * a 401/403 answered with the hint to configure another key. One client (one circuit breaker) per
 * provider and base URL in the process.
 */
export function dataProviderClient(
  clients: ProviderHttpClients,
  config: AppConfig,
  settings: { provider: ProviderName; displayName: string; baseUrl: keyof Omit<AppConfig['dataProviders'], 'timeoutMs'>; keyDescription?: string },
): ProviderHttpClient {
  return clients.client({
    provider: settings.provider,
    displayName: settings.displayName,
    baseUrl: config.dataProviders[settings.baseUrl],
    timeoutMs: config.dataProviders.timeoutMs,
    credentialsHint: reconfigureHint(settings.provider, settings.displayName, settings.keyDescription),
  });
}
