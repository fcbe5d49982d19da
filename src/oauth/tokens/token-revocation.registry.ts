import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DataSource, IsNull } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { PeriodicTasks } from '../../jobs/periodic-tasks.js';
import { SHARED_STATE, type SharedState } from '../../redis/redis.module.js';
import { TokenFamily } from '../entities/token-family.entity.js';
import { RETIRED_KEY_PUBLICATION_SECONDS } from './signing-key.repository.js';

/**
 * Revoked token families, checked on every authenticated request without a database query: held
 * in memory, loaded at start (families revoked within the lifetime of a token they could have
 * issued), and spread to every replica through Redis pub/sub within a moment of a revocation.
 * PostgreSQL is the record: every replica also reads the revocations made since its last look
 * every TOKEN_REVOCATION_SYNC_SECONDS, so one whose message was lost (Redis down when it was
 * published, or a subscriber reconnecting) converges within that bound.
 */
@Injectable()
export class TokenRevocationRegistry implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(TokenRevocationRegistry.name);
  private readonly revoked = new Set<string>();
  private readonly channel: string;
  private subscriber?: Redis;
  private readonly syncSeconds: number;
  /** PostgreSQL's clock at the last look, so that replicas' clocks never matter. */
  private syncedUpTo?: Date;

  constructor(
    private readonly dataSource: DataSource,
    config: AppConfig,
    @Inject(SHARED_STATE) private readonly sharedState: SharedState,
    private readonly periodicTasks: PeriodicTasks,
  ) {
    this.channel = `${config.redisKeyPrefix}:token-families:revoked`;
    this.syncSeconds = config.tokenRevocationSyncSeconds;
  }

  async onModuleInit(): Promise<void> {
    if (this.sharedState.kind === 'redis') {
      this.subscriber = this.sharedState.client.duplicate({ enableOfflineQueue: true, enableAutoPipelining: false });
      this.subscriber.on('error', (error) => this.logger.warn(`revocation subscriber: ${error.message}`));
      this.subscriber.on('message', (_channel, familyId: string) => this.revoked.add(familyId));
      await this.subscriber.subscribe(this.channel);
    }
    await this.readRevocations(new Date(Date.now() - RETIRED_KEY_PUBLICATION_SECONDS * 1000));
    // A few seconds of overlap: a revocation committed just before the last look is read again, never missed.
    this.periodicTasks.every({ name: 'read token revocations', intervalMs: this.syncSeconds * 1000, jitter: 0 }, () =>
      this.readRevocations(new Date(this.syncedUpTo!.getTime() - 5_000)),
    );
  }

  private async readRevocations(since: Date): Promise<void> {
    const [{ now, ids }] = (await this.dataSource.query('SELECT now() AS now, array(SELECT id FROM token_families WHERE revoked_at > $1) AS ids', [since])) as {
      now: Date;
      ids: string[];
    }[];
    for (const id of ids) this.revoked.add(id);
    this.syncedUpTo = now;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }

  isRevoked(familyId: string): boolean {
    return this.revoked.has(familyId);
  }

  async revokeFamily(familyId: string, reason: string): Promise<void> {
    await this.dataSource.getRepository(TokenFamily).update({ id: familyId, revokedAt: IsNull() }, { revokedAt: new Date(), revokedReason: reason });
    this.revoked.add(familyId);
    // The fast path to the other replicas. Not awaited: with Redis down the message would wait in
    // the client's queue, and the revocation is already recorded; the other replicas read it there.
    if (this.sharedState.kind === 'redis') {
      this.sharedState.client
        .publish(this.channel, familyId)
        .catch((error: unknown) => this.logger.warn({ err: error, familyId }, 'revocation not published; replicas read it from PostgreSQL'));
    }
  }
}
