import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppException, InvalidInputException } from '../../common/errors/app.exception.js';
import { ToolCallInterceptorProvider } from './mcp-tool.decorator.js';
import type { ToolCall, ToolCallInterceptor } from './tool-call.js';

const KEY = /^[\x21-\x7e]{1,255}$/;

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
 * first, so that a replayed call never reaches metering.
 */
@Injectable()
@ToolCallInterceptorProvider({ order: 5 })
export class IdempotencyInterceptor implements ToolCallInterceptor {
  constructor(private readonly dataSource: DataSource) {}

  async intercept(call: ToolCall, next: () => Promise<unknown>): Promise<unknown> {
    const key = call.context.idempotencyKey;
    if (key === undefined) return next();
    if (!KEY.test(key)) throw new InvalidInputException('The idempotency key must be 1-255 visible ASCII characters.');
    const accountId = call.context.accountId;
    const argumentsSha256 = createHash('sha256').update(JSON.stringify(canonical(call.input))).digest('hex');
    const claimed = (await this.dataSource.query(
      `INSERT INTO idempotent_tool_calls (account_id, idempotency_key, tool_name, arguments_sha256, status) VALUES ($1, $2, $3, $4, 'running')
       ON CONFLICT DO NOTHING RETURNING 1`,
      [accountId, key, call.tool.name, argumentsSha256],
    )) as unknown[];
    if (claimed.length === 0) return this.replay(accountId, key, call.tool.name, argumentsSha256);

    let output: unknown;
    try {
      output = await next();
    } catch (error) {
      // The key is free again: the caller may retry the failed call with it.
      await this.dataSource.query('DELETE FROM idempotent_tool_calls WHERE account_id = $1 AND idempotency_key = $2', [accountId, key]);
      throw error;
    }
    await this.dataSource.query(`UPDATE idempotent_tool_calls SET status = 'completed', result = $3 WHERE account_id = $1 AND idempotency_key = $2`, [accountId, key, JSON.stringify(output)]);
    return output;
  }

  private async replay(accountId: string, key: string, toolName: string, argumentsSha256: string): Promise<unknown> {
    const [first] = (await this.dataSource.query('SELECT tool_name, arguments_sha256, status, result FROM idempotent_tool_calls WHERE account_id = $1 AND idempotency_key = $2', [accountId, key])) as {
      tool_name: string;
      arguments_sha256: string;
      status: 'running' | 'completed';
      result: unknown;
    }[];
    if (!first) throw new AppException({ status: 409, detail: 'The first call with this idempotency key failed while this one waited; retry it.' });
    if (first.tool_name !== toolName || first.arguments_sha256 !== argumentsSha256) {
      throw new InvalidInputException('This idempotency key was used for a different call (another tool or other arguments); use a new key for a new call.');
    }
    if (first.status === 'running') throw new AppException({ status: 409, detail: 'The first call with this idempotency key is still running; retry when it has finished.' });
    return first.result;
  }
}
