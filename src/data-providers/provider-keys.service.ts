import { Injectable, Logger } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { SecretBox } from '../common/crypto/secret-box.js';
import { ForbiddenException } from '../common/errors/app.exception.js';
import { FirmsService } from '../firms/firms.service.js';
import type { ConfiguredDataProviderResult } from './dto/configure-data-provider.dto.js';
import type { ProviderName } from './dto/provider-name.dto.js';
import { ProviderKeysRepository } from './provider-keys.repository.js';

/**
 * The callers' provider keys, sealed at rest with the secret box (AES-256-GCM; the id of the sealing
 * key is stored with each value, so ENCRYPTION_KEYS can rotate).
 *
 * Which key a call uses (`keyFor`): the account's own key for that provider; else, when the account
 * belongs to a firm, the key the firm's owner (its creator, while still a member) configured for
 * that provider; else none. A member's own key always wins; a member's key is never lent to the
 * firm or to other members; a creator who left the firm no longer lends it a key.
 */
@Injectable()
export class ProviderKeysService {
  private readonly logger = new Logger(ProviderKeysService.name);

  constructor(
    private readonly keys: ProviderKeysRepository,
    private readonly box: SecretBox,
    private readonly firms: FirmsService,
  ) {}

  /** The key a call by `accountId` uses for `provider`, or null when neither the account nor its firm's owner configured one. */
  async keyFor(accountId: string, provider: ProviderName): Promise<string | null> {
    if (!isUUID(accountId)) return null;
    const own = await this.keys.find(accountId, provider);
    if (own) return this.open(own.sealedKey, accountId, provider);
    const owner = await this.firms.firmOwnerOf(accountId);
    if (!owner || owner === accountId) return null;
    const firms = await this.keys.find(owner, provider);
    return firms ? this.open(firms.sealedKey, owner, provider) : null;
  }

  /** Stores (or replaces) the account's own key. `verified` comes from the provider's check. */
  async store(accountId: string, provider: ProviderName, apiKey: string, verified: boolean | null): Promise<ConfiguredDataProviderResult> {
    const keyHint = apiKey.slice(-4);
    const updatedAt = await this.keys.upsert(this.ownAccount(accountId), provider, { sealedKey: this.box.seal(apiKey), keyHint, verified });
    return { provider, configured: true, keyHint, verified, updatedAt: updatedAt.toISOString() };
  }

  /** Removes the account's own key (the firm's, if any, applies again). */
  async remove(accountId: string, provider: ProviderName, now: Date): Promise<ConfiguredDataProviderResult> {
    await this.keys.remove(this.ownAccount(accountId), provider);
    return { provider, configured: false, keyHint: null, verified: null, updatedAt: now.toISOString() };
  }

  private ownAccount(accountId: string): string {
    if (!isUUID(accountId)) throw new ForbiddenException('Provider keys belong to an account of this service: sign in here, or register a machine client.');
    return accountId;
  }

  /** A value ENCRYPTION_KEYS can no longer open counts as no key, and is logged (without the value) so an operator can act. */
  private open(sealed: string, owner: string, provider: ProviderName): string | null {
    try {
      return this.box.open(sealed);
    } catch (error) {
      this.logger.error({ accountId: owner, provider, reason: (error as Error).message }, 'a stored provider key could not be opened');
      return null;
    }
  }
}
