import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppConfig, RATE_LIMITED_ROUTE_CLASSES, type RateLimitedRouteClass, type RateLimitPolicy } from '../../config/app-config.js';
import { SHARED_STATE, type SharedState } from '../../redis/redis.module.js';

export interface RateLimitDecision {
  allowed: boolean;
  policy: RateLimitPolicy;
  remaining: number;
  /** Seconds until the window resets (at least 1). */
  resetSeconds: number;
}

/**
 * Fixed-window counters per route class and client key. In Redis when configured, so replicas
 * share them; a Redis outage falls back to per-process counters instead of refusing traffic.
 */
@Injectable()
export class RateLimiterService {
  private readonly limiters: Record<RateLimitedRouteClass, RateLimiterAbstract>;

  constructor(config: AppConfig, @Inject(SHARED_STATE) sharedState: SharedState) {
    const limiterFor = (routeClass: RateLimitedRouteClass): RateLimiterAbstract => {
      const policy = config.rateLimits[routeClass];
      const options = { keyPrefix: `${config.redisKeyPrefix}:rate-limit:${routeClass}`, points: policy.limit, duration: policy.windowSeconds };
      return sharedState.kind === 'redis'
        ? new RateLimiterRedis({ ...options, storeClient: sharedState.client, insuranceLimiter: new RateLimiterMemory(options) })
        : new RateLimiterMemory(options);
    };
    this.limiters = Object.fromEntries(RATE_LIMITED_ROUTE_CLASSES.map((routeClass) => [routeClass, limiterFor(routeClass)])) as Record<RateLimitedRouteClass, RateLimiterAbstract>;
  }

  policy(routeClass: RateLimitedRouteClass): RateLimitPolicy {
    const limiter = this.limiters[routeClass];
    return { limit: limiter.points, windowSeconds: limiter.duration };
  }

  async consume(routeClass: RateLimitedRouteClass, clientKey: string): Promise<RateLimitDecision> {
    const policy = this.policy(routeClass);
    try {
      const result = await this.limiters[routeClass].consume(clientKey);
      return decision(true, policy, result);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return decision(false, policy, rejection);
      throw rejection;
    }
  }
}

function decision(allowed: boolean, policy: RateLimitPolicy, result: RateLimiterRes): RateLimitDecision {
  return {
    allowed,
    policy,
    remaining: Math.max(0, result.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
  };
}

/** `RateLimit` and `RateLimit-Policy` as DECISIONS.md "Headers" spells them. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    RateLimit: `limit=${decision.policy.limit}, remaining=${decision.remaining}, reset=${decision.resetSeconds}`,
    'RateLimit-Policy': `${decision.policy.limit};w=${decision.policy.windowSeconds}`,
  };
}
