import { Injectable } from '@nestjs/common';
import { AppException, InvalidInputException } from '../common/errors/app.exception.js';
import { ProviderCredentialsRejectedException } from '../providers/http/provider.exceptions.js';
import type { ProviderName } from './dto/provider-name.dto.js';

/** A provider's cheap authenticated call: resolves when the key is accepted, throws the client's exception otherwise. */
export interface ProviderKeyCheck {
  readonly provider: ProviderName;
  readonly displayName: string;
  checkKey(apiKey: string): Promise<void>;
}

/**
 * Verifies a key before configure_data_provider stores it, with the provider's own cheap
 * authenticated call where it offers one. Rejected (401/403), or malformed for that provider: refused. Accepted: verified true.
 * The provider unreachable, failing or rate limiting: stored with verified false (the key may be
 * good; the next call will tell). No check offered: verified null.
 */
@Injectable()
export class ProviderKeyChecks {
  private readonly checks = new Map<ProviderName, ProviderKeyCheck>();

  register(check: ProviderKeyCheck): void {
    this.checks.set(check.provider, check);
  }

  async verify(provider: ProviderName, apiKey: string): Promise<boolean | null> {
    const check = this.checks.get(provider);
    if (!check) return null;
    try {
      await check.checkKey(apiKey);
      return true;
    } catch (error) {
      if (error instanceof ProviderCredentialsRejectedException) {
        throw new KeyRejectedException(check.displayName, provider);
      }
      // The check refused the key's form before asking the provider (a key in two parts missing one).
      if (error instanceof InvalidInputException) throw error;
      if (error instanceof AppException) return false;
      throw error;
    }
  }
}

export class KeyRejectedException extends InvalidInputException {
  constructor(displayName: string, provider: ProviderName) {
    super(
      `${displayName} rejected this key, so it was not stored. Copy the whole key from your ${displayName} account settings and call configure_data_provider {provider: '${provider}', apiKey} again.`,
    );
  }
}
