import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorService, type HealthIndicatorResult } from '@nestjs/terminus';
import { SHARED_STATE, type SharedState } from '../redis/redis.module.js';

@Injectable()
export class RedisHealthIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    @Inject(SHARED_STATE) private readonly sharedState: SharedState,
  ) {}

  get configured(): boolean {
    return this.sharedState.kind === 'redis';
  }

  async ping(key: string): Promise<HealthIndicatorResult> {
    const indicator = this.indicators.check(key);
    if (this.sharedState.kind !== 'redis') return indicator.up({ mode: 'in-process' });
    try {
      await this.sharedState.client.ping();
      return indicator.up();
    } catch {
      return indicator.down({ message: 'Redis did not answer PING' });
    }
  }
}
