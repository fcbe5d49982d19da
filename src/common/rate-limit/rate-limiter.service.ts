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
  /** The limit in words, for the 429's detail: "3 machine registrations per client address per 24 hours". */
  description: string;
}

/** What each route class counts, and per what. */
const COUNTED: Record<RateLimitedRouteClass, string> = {
  discovery: 'requests to the discovery documents per client address',
  token: 'token requests per client address',
  registration: 'client registration requests per client address',
  mcp: 'MCP messages per account (each entry of a JSON-RPC batch counts)',
  signInPerEmail: 'sign-in attempts per e-mail address',
  signInPerAddress: 'sign-in and sign-up attempts per client address',
  machineRegistration: 'machine registrations per client address',
};

function windowInWords(seconds: number): string {
  const [amount, unit] = seconds % 3600 === 0 ? [seconds / 3600, 'hour'] : seconds % 60 === 0 ? [seconds / 60, 'minute'] : [seconds, 'second'];
  return amount === 1 ? unit : `${amount} ${unit}s`;
}

export function describeRateLimit(routeClass: RateLimitedRouteClass, policy: RateLimitPolicy): string {
  return `${policy.limit} ${COUNTED[routeClass]} per ${windowInWords(policy.windowSeconds)}`;
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
    this.limiters = Object.fromEntries(RATE_LIMITED_ROUTE_CLASSES.map((routeClass) => [routeClass, limiterFor(routeClass)])) as Record<
      RateLimitedRouteClass,
      RateLimiterAbstract
    >;
  }

  policy(routeClass: RateLimitedRouteClass): RateLimitPolicy {
    const limiter = this.limiters[routeClass];
    return { limit: limiter.points, windowSeconds: limiter.duration };
  }

  /** Counts `units` requests at once (a JSON-RPC batch counts each of its entries). */
  async consume(routeClass: RateLimitedRouteClass, clientKey: string, units = 1): Promise<RateLimitDecision> {
    const policy = this.policy(routeClass);
    try {
      const result = await this.limiters[routeClass].consume(clientKey, units);
      return decision(true, routeClass, policy, result);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return decision(false, routeClass, policy, rejection);
      throw rejection;
    }
  }

  /** Gives units back: a request that was counted but did nothing (a registration that failed). */
  async refund(routeClass: RateLimitedRouteClass, clientKey: string, units = 1): Promise<void> {
    await this.limiters[routeClass].reward(clientKey, units);
  }
}

function decision(allowed: boolean, routeClass: RateLimitedRouteClass, policy: RateLimitPolicy, result: RateLimiterRes): RateLimitDecision {
  return {
    allowed,
    policy,
    description: describeRateLimit(routeClass, policy),
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
