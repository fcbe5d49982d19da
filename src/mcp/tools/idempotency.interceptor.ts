import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppException, InvalidInputException } from '../../common/errors/app.exception.js';
import { PROCESS_ID } from '../../common/process-identity.js';
import { ToolCallInterceptorProvider } from './mcp-tool.decorator.js';
import { ToolCallStage, type ToolCall, type ToolCallInterceptor } from './tool-call.js';

const KEY = /^[\x21-\x7e]{1,255}$/;
/**
 * How long a running call's claim on its key lasts without renewal. The running process renews it
 * every third of that; a process that died stops renewing, and a retry takes the key over after it.
 */
export const IDEMPOTENCY_LEASE_SECONDS = 120;

/** Arguments in a canonical form (sorted keys), so that the same call always hashes the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical((value as Record<string, unknown>)[key])]));
}

/**
 * A call carrying an idempotency key (the `Idempotency-Key` header or `params._meta.idempotencyKey`)
 * runs once per account and key: a retry gets the first result, without running or being metered
 * again. JSON-RPC ids are never used for this: they restart with every client connection. Runs
 * first (ToolCallStage.replay), so that a replayed call never reaches metering.
 */
@Injectable()
@ToolCallInterceptorProvider({ stage: ToolCallStage.replay })
export class IdempotencyInterceptor implements ToolCallInterceptor {
  constructor(private readonly dataSource: DataSource) {}

  async intercept(call: ToolCall, next: () => Promise<unknown>): Promise<unknown> {
    const key = call.context.idempotencyKey;
    if (key === undefined) return next();
    if (!KEY.test(key)) throw new InvalidInputException('The idempotency key must be 1-255 visible ASCII characters.');
    const accountId = call.context.accountId;
    const argumentsSha256 = createHash('sha256').update(JSON.stringify(canonical(call.input))).digest('hex');
    // A new key is claimed; so is a key whose running call lost its process (lease expired), for
    // the same call only. One statement, so two retries at once still run the call once.
    const claimed = await this.dataSource.query<unknown[]>(
      `INSERT INTO idempotent_tool_calls AS held (account_id, idempotency_key, tool_name, arguments_sha256, status, owner, lease_expires_at)
       VALUES ($1, $2, $3, $4, 'running', $5, now() + make_interval(secs => $6))
       ON CONFLICT (account_id, idempotency_key) DO UPDATE SET owner = EXCLUDED.owner, lease_expires_at = EXCLUDED.lease_expires_at, created_at = now()
        WHERE held.status = 'running' AND held.lease_expires_at < now() AND held.tool_name = EXCLUDED.tool_name AND held.arguments_sha256 = EXCLUDED.arguments_sha256
       RETURNING 1`,
      [accountId, key, call.tool.name, argumentsSha256, PROCESS_ID, IDEMPOTENCY_LEASE_SECONDS],
    );
    if (claimed.length === 0) return this.replay(accountId, key, call.tool.name, argumentsSha256);

    const held = [accountId, key, PROCESS_ID];
    const renewal = setInterval(() => {
      void this.dataSource
        .query(`UPDATE idempotent_tool_calls SET lease_expires_at = now() + make_interval(secs => $4) WHERE account_id = $1 AND idempotency_key = $2 AND owner = $3 AND status = 'running'`, [...held, IDEMPOTENCY_LEASE_SECONDS])
        .catch(() => undefined);
    }, (IDEMPOTENCY_LEASE_SECONDS * 1000) / 3);
    renewal.unref();
    let output: unknown;
    try {
      output = await next();
    } catch (error) {
      // The key is free again: the caller may retry the failed call with it.
      await this.dataSource.query('DELETE FROM idempotent_tool_calls WHERE account_id = $1 AND idempotency_key = $2 AND owner = $3', held);
      throw error;
    } finally {
      clearInterval(renewal);
    }
    // Only while this process still holds the key: a call taken over after a lost lease is the other's.
    await this.dataSource.query(`UPDATE idempotent_tool_calls SET status = 'completed', result = $4, lease_expires_at = NULL WHERE account_id = $1 AND idempotency_key = $2 AND owner = $3`, [...held, JSON.stringify(output)]);
    return output;
  }

  private async replay(accountId: string, key: string, toolName: string, argumentsSha256: string): Promise<unknown> {
    const [first] = await this.dataSource.query<{ tool_name: string; arguments_sha256: string; status: 'running' | 'completed'; result: unknown; lease_seconds: number | null }[]>(
      `SELECT tool_name, arguments_sha256, status, result, GREATEST(1, CEIL(EXTRACT(EPOCH FROM (lease_expires_at - now()))))::int AS lease_seconds
         FROM idempotent_tool_calls WHERE account_id = $1 AND idempotency_key = $2`,
      [accountId, key],
    );
    if (!first) throw new AppException({ status: 409, detail: 'The first call with this idempotency key failed while this one waited; retry it.' });
    if (first.tool_name !== toolName || first.arguments_sha256 !== argumentsSha256) {
      throw new InvalidInputException('This idempotency key was used for a different call (another tool or other arguments); use a new key for a new call.');
    }
    if (first.status === 'running') {
      // Running elsewhere, or its process died and its lease has a little left: either way, retry.
      const seconds = Math.min(first.lease_seconds ?? 1, IDEMPOTENCY_LEASE_SECONDS);
      throw new AppException({
        status: 409,
        detail: `The first call with this idempotency key is still running; retry in ${seconds} seconds (a call whose process stopped is taken over by a retry then).`,
        headers: { 'Retry-After': String(seconds) },
        hint: `Call again with the same idempotency key in ${seconds} seconds.`,
      });
    }
    return first.result;
  }
}
