import { Injectable } from '@nestjs/common';
import { Sql } from '../database/sql.js';
import type { ProviderName } from './dto/provider-name.dto.js';

export interface StoredProviderKey {
  /** The key sealed by SecretBox (AES-256-GCM, with the id of the key that sealed it). */
  sealedKey: string;
  keyHint: string;
  verified: boolean | null;
  updatedAt: Date;
}

/** One row per account and provider: the caller's key, sealed. */
@Injectable()
export class ProviderKeysRepository {
  constructor(private readonly sql: Sql) {}

  async upsert(accountId: string, provider: ProviderName, key: Omit<StoredProviderKey, 'updatedAt'>): Promise<Date> {
    const [row] = await this.sql.query<{ updated_at: Date }>(
      `INSERT INTO provider_keys (account_id, provider, sealed_key, key_hint, verified) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (account_id, provider) DO UPDATE
         SET sealed_key = EXCLUDED.sealed_key, key_hint = EXCLUDED.key_hint, verified = EXCLUDED.verified, updated_at = now()
       RETURNING updated_at`,
      [accountId, provider, key.sealedKey, key.keyHint, key.verified],
    );
    return row.updated_at;
  }

  async remove(accountId: string, provider: ProviderName): Promise<void> {
    await this.sql.query('DELETE FROM provider_keys WHERE account_id = $1 AND provider = $2', [accountId, provider]);
  }

  async find(accountId: string, provider: ProviderName): Promise<StoredProviderKey | undefined> {
    const [row] = await this.sql.query<{ sealed_key: string; key_hint: string; verified: boolean | null; updated_at: Date }>(
      'SELECT sealed_key, key_hint, verified, updated_at FROM provider_keys WHERE account_id = $1 AND provider = $2',
      [accountId, provider],
    );
    return row && { sealedKey: row.sealed_key, keyHint: row.key_hint, verified: row.verified, updatedAt: row.updated_at };
  }
}
