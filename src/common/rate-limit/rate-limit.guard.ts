import { applyDecorators, Injectable, SetMetadata, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitedRouteClass } from '../../config/app-config.js';
import { RateLimitedException } from '../errors/app.exception.js';
import { RateLimiterService, rateLimitHeaders } from './rate-limiter.service.js';

const ROUTE_CLASS = Symbol('rate-limit-route-class');

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly rateLimiter: RateLimiterService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const routeClass = this.reflector.getAllAndOverride<RateLimitedRouteClass>(ROUTE_CLASS, [context.getHandler(), context.getClass()]);
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    // request.ip honours X-Forwarded-For only when TRUST_PROXY is set (Fastify's trustProxy).
    const decision = await this.rateLimiter.consume(routeClass, request.ip);
    const headers = rateLimitHeaders(decision);
    reply.headers(headers);
    if (!decision.allowed) throw new RateLimitedException(decision.resetSeconds, headers, decision.description);
    return true;
  }
}

/** Counts every request to the route against its class's limit, per client address. */
export function RateLimited(routeClass: RateLimitedRouteClass): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(ROUTE_CLASS, routeClass), UseGuards(RateLimitGuard));
}
