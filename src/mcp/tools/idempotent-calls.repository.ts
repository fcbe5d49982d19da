import { Injectable } from '@nestjs/common';
import { Sql } from '../../database/sql.js';

/** One idempotency key of one account: the call it was first used for, and its result once done. */
export interface IdempotentCall {
  toolName: string;
  argumentsSha256: string;
  status: 'running' | 'completed';
  result: unknown;
  /** Whole seconds left on a running call's lease (at least 1); null once completed. */
  leaseSeconds: number | null;
}

/** The idempotent_tool_calls table: keys claimed by an owner process under a renewed lease. */
@Injectable()
export class IdempotentCallsRepository {
  constructor(private readonly sql: Sql) {}

  /**
   * Claims a new key; or takes over a key whose running call lost its process (lease expired), for
   * the same call only. One statement, so two retries at once still run the call once.
   */
  async claim(call: { accountId: string; key: string; toolName: string; argumentsSha256: string; owner: string; leaseSeconds: number }): Promise<boolean> {
    const claimed = await this.sql.query(
      `INSERT INTO idempotent_tool_calls AS held (account_id, idempotency_key, tool_name, arguments_sha256, status, owner, lease_expires_at)
       VALUES ($1, $2, $3, $4, 'running', $5, now() + make_interval(secs => $6))
       ON CONFLICT (account_id, idempotency_key) DO UPDATE SET owner = EXCLUDED.owner, lease_expires_at = EXCLUDED.lease_expires_at, created_at = now()
        WHERE held.status = 'running' AND held.lease_expires_at < now() AND held.tool_name = EXCLUDED.tool_name AND held.arguments_sha256 = EXCLUDED.arguments_sha256
       RETURNING 1`,
      [call.accountId, call.key, call.toolName, call.argumentsSha256, call.owner, call.leaseSeconds],
    );
    return claimed.length > 0;
  }

  async renewLease(accountId: string, key: string, owner: string, leaseSeconds: number): Promise<void> {
    await this.sql.query(
      `UPDATE idempotent_tool_calls SET lease_expires_at = now() + make_interval(secs => $4) WHERE account_id = $1 AND idempotency_key = $2 AND owner = $3 AND status = 'running'`,
      [accountId, key, owner, leaseSeconds],
    );
  }

  /** Frees the key after a failed call, so the caller may retry with it; only while `owner` holds it. */
  async release(accountId: string, key: string, owner: string): Promise<void> {
    await this.sql.query('DELETE FROM idempotent_tool_calls WHERE account_id = $1 AND idempotency_key = $2 AND owner = $3', [accountId, key, owner]);
  }

  /** Records the result, only while `owner` still holds the key: a call taken over after a lost lease is the other's. */
  async complete(accountId: string, key: string, owner: string, result: unknown): Promise<void> {
    await this.sql.query(
      `UPDATE idempotent_tool_calls SET status = 'completed', result = $4, lease_expires_at = NULL WHERE account_id = $1 AND idempotency_key = $2 AND owner = $3`,
      [accountId, key, owner, JSON.stringify(result)],
    );
  }

  async find(accountId: string, key: string): Promise<IdempotentCall | undefined> {
    const [call] = await this.sql.query<IdempotentCall>(
      `SELECT tool_name AS "toolName", arguments_sha256 AS "argumentsSha256", status, result,
              GREATEST(1, CEIL(EXTRACT(EPOCH FROM (lease_expires_at - now()))))::int AS "leaseSeconds"
         FROM idempotent_tool_calls WHERE account_id = $1 AND idempotency_key = $2`,
      [accountId, key],
    );
    return call;
  }
}
