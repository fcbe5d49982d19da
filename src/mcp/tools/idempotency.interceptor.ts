import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppException, InvalidInputException } from '../../common/errors/app.exception.js';
import { PROCESS_ID } from '../../common/process-identity.js';
import { IdempotentCallsRepository } from './idempotent-calls.repository.js';
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
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
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
  constructor(private readonly calls: IdempotentCallsRepository) {}

  async intercept(call: ToolCall, next: () => Promise<unknown>): Promise<unknown> {
    const key = call.context.idempotencyKey;
    if (key === undefined) return next();
    if (!KEY.test(key)) throw new InvalidInputException('The idempotency key must be 1-255 visible ASCII characters.');
    const accountId = call.context.accountId;
    const toolName = call.tool.name;
    const argumentsSha256 = createHash('sha256')
      .update(JSON.stringify(canonical(call.input)))
      .digest('hex');
    const claimed = await this.calls.claim({ accountId, key, toolName, argumentsSha256, owner: PROCESS_ID, leaseSeconds: IDEMPOTENCY_LEASE_SECONDS });
    if (!claimed) return this.replay(accountId, key, toolName, argumentsSha256);

    const renewal = setInterval(
      () => {
        this.calls.renewLease(accountId, key, PROCESS_ID, IDEMPOTENCY_LEASE_SECONDS).catch(() => undefined);
      },
      (IDEMPOTENCY_LEASE_SECONDS * 1000) / 3,
    );
    renewal.unref();
    let output: unknown;
    try {
      output = await next();
    } catch (error) {
      // The key is free again: the caller may retry the failed call with it.
      await this.calls.release(accountId, key, PROCESS_ID);
      throw error;
    } finally {
      clearInterval(renewal);
    }
    await this.calls.complete(accountId, key, PROCESS_ID, output);
    return output;
  }

  private async replay(accountId: string, key: string, toolName: string, argumentsSha256: string): Promise<unknown> {
    const first = await this.calls.find(accountId, key);
    if (!first) throw new AppException({ status: 409, detail: 'The first call with this idempotency key failed while this one waited; retry it.' });
    if (first.toolName !== toolName || first.argumentsSha256 !== argumentsSha256) {
      throw new InvalidInputException('This idempotency key was used for a different call (another tool or other arguments); use a new key for a new call.');
    }
    if (first.status === 'running') {
      // Running elsewhere, or its process died and its lease has a little left: either way, retry.
      const seconds = Math.min(first.leaseSeconds ?? 1, IDEMPOTENCY_LEASE_SECONDS);
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
