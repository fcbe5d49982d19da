import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DataSource, IsNull, MoreThan } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { SHARED_STATE, type SharedState } from '../../redis/redis.module.js';
import { TokenFamily } from '../entities/token-family.entity.js';
import { RETIRED_KEY_PUBLICATION_SECONDS } from './signing-key.repository.js';

/**
 * Revoked token families, checked on every authenticated request without a database query: held
 * in memory, loaded at start (families revoked within the lifetime of a token they could have
 * issued), and spread to every replica through Redis pub/sub within a moment of a revocation.
 */
@Injectable()
export class TokenRevocationRegistry implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(TokenRevocationRegistry.name);
  private readonly revoked = new Set<string>();
  private readonly channel: string;
  private subscriber?: Redis;

  constructor(
    private readonly dataSource: DataSource,
    config: AppConfig,
    @Inject(SHARED_STATE) private readonly sharedState: SharedState,
  ) {
    this.channel = `${config.redisKeyPrefix}:token-families:revoked`;
  }

  async onModuleInit(): Promise<void> {
    if (this.sharedState.kind === 'redis') {
      this.subscriber = this.sharedState.client.duplicate({ enableOfflineQueue: true, enableAutoPipelining: false });
      this.subscriber.on('error', (error) => this.logger.warn(`revocation subscriber: ${error.message}`));
      this.subscriber.on('message', (_channel, familyId: string) => this.revoked.add(familyId));
      await this.subscriber.subscribe(this.channel);
    }
    const since = new Date(Date.now() - RETIRED_KEY_PUBLICATION_SECONDS * 1000);
    const recent = await this.dataSource.getRepository(TokenFamily).find({ select: { id: true }, where: { revokedAt: MoreThan(since) } });
    for (const family of recent) this.revoked.add(family.id);
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
    if (this.sharedState.kind === 'redis') await this.sharedState.client.publish(this.channel, familyId);
  }
}

