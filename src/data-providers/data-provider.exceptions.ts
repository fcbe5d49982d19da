import { AppException } from '../common/errors/app.exception.js';
import type { ProviderName } from './dto/provider-name.dto.js';

/**
 * The caller (and its firm's owner) configured no key for the provider a tool needs. FORBIDDEN: the
 * arguments are fine, the account lacks the access it must set up first. Exported for every tool
 * that calls a provider with the caller's key (DECISIONS.md "Providers": the error names
 * configure_data_provider).
 */
export class ProviderNotConfiguredException extends AppException {
  constructor(provider: ProviderName, displayName: string, keyDescription = `${displayName} API key`) {
    super({
      status: 403,
      code: 'FORBIDDEN',
      detail: `No ${provider} key is configured for this account (${displayName}).`,
      hint: `Call configure_data_provider {provider: '${provider}', apiKey: '<your ${keyDescription}>'} first, then call this tool again.`,
    });
  }
}

/**
 * The provider answered 2xx with JSON that does not have the shape its documentation gives: a
 * changed API or a proxy in the way. 503 like other provider faults: nothing the caller can fix.
 */
export class ProviderAnswerShapeException extends AppException {
  constructor(displayName: string, what: string) {
    super({
      status: 503,
      code: 'INTERNAL_ERROR',
      detail: `${displayName} is unavailable: it answered without ${what}.`,
      hint: `The fault is on ${displayName}'s side (or a proxy in front of it); call again later.`,
      headers: { 'Retry-After': '60' },
    });
  }
}

/** The hint of a 401/403 from a data provider: the configured key was rejected, configure another. */
export function reconfigureHint(provider: ProviderName, displayName: string, keyDescription = `${displayName} API key`): string {
  return `The ${provider} key configured for this account was rejected. Configure a valid ${keyDescription} with configure_data_provider {provider: '${provider}', apiKey}, then call again.`;
}
