import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { RateLimitedException } from '../common/errors/app.exception.js';
import { RateLimiterService, rateLimitHeaders } from '../common/rate-limit/rate-limiter.service.js';
import { BearerAuthGuard } from '../oauth/tokens/bearer-auth.guard.js';

export const MCP_PATH = '/mcp';

/**
 * Authenticates every request to /mcp before Fastify reads its body: an unauthenticated caller
 * gets 401 (with the resource-metadata challenge) whatever its method, media type or body, and no
 * unauthenticated body is ever parsed. Then counts the request against the `mcp` rate limit.
 */
export function installMcpAuthentication(app: NestFastifyApplication): void {
  const guard = app.get(BearerAuthGuard);
  const rateLimiter = app.get(RateLimiterService);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', async (request, reply) => {
      if (request.url.split('?', 1)[0] !== MCP_PATH || request.method === 'OPTIONS') return;
      await guard.canActivate(new ExecutionContextHost([request, reply]));
      const decision = await rateLimiter.consume('mcp', request.principal!.accountId);
      const headers = rateLimitHeaders(decision);
      reply.headers(headers);
      if (!decision.allowed) throw new RateLimitedException(decision.resetSeconds, headers);
    });
}
