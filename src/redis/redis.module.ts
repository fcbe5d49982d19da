import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { AppConfig } from '../config/app-config.js';

/**
 * Where shared state lives, decided once: with `REDIS_URL`, rate-limit counters and job queues are
 * shared through Redis by every replica; without it they stay in this process. Everything that
 * needs the choice injects SHARED_STATE instead of reading the configuration again.
 */
export type SharedState = { kind: 'redis'; client: Redis; url: string } | { kind: 'in-process' };
export const SHARED_STATE = Symbol('SHARED_STATE');

const CONNECT_TIMEOUT_MS = 5000;

export async function connectSharedState(config: AppConfig): Promise<SharedState> {
  const logger = new Logger('SharedState');
  if (!config.redisUrl) {
    logger.log('REDIS_URL unset: rate-limit counters and job queues stay in this process');
    return { kind: 'in-process' };
  }
  const client = new Redis(config.redisUrl, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // Fail a command at once while disconnected rather than queueing it behind a request.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // Concurrent requests' rate-limit commands share round trips.
    enableAutoPipelining: true,
  });
  client.on('error', () => undefined); // reconnects on its own; readiness reports the state
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    throw new Error(`Redis at ${redactedUrl(config.redisUrl)} is unreachable (REDIS_URL): ${(error as Error).message}`, { cause: error });
  }
  logger.log(`rate-limit counters and job queues in Redis at ${redactedUrl(config.redisUrl)}`);
  return { kind: 'redis', client, url: config.redisUrl };
}

export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

class SharedStateLifecycle implements OnApplicationShutdown {
  constructor(@Inject(SHARED_STATE) private readonly state: SharedState) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.state.kind !== 'redis') return;
    const { client } = this.state;
    await client.quit().catch(() => client.disconnect());
  }
}

@Global()
@Module({
  providers: [{ provide: SHARED_STATE, inject: [AppConfig], useFactory: connectSharedState }, SharedStateLifecycle],
  exports: [SHARED_STATE],
})
export class RedisModule {}
