import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ForbiddenException, RateLimitedException } from '../common/errors/app.exception.js';
import { AppConfig } from '../config/app-config.js';
import { RateLimiterService, rateLimitHeaders } from '../common/rate-limit/rate-limiter.service.js';
import { BearerAuthGuard } from '../oauth/tokens/bearer-auth.guard.js';

export const MCP_PATH = '/mcp';
const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * DNS-rebinding protection (MCP "Security best practices"): the Host must be one of the service's
 * own hosts or a loopback address, and a browser's Origin one of those or configured.
 */
export function createMcpOriginPolicy(config: AppConfig): { hostAllowed(host: string | undefined): boolean; originAllowed(origin: string): boolean } {
  const ownHosts = new Set([new URL(config.agentsUrl).host, new URL(config.baseUrl).host]);
  const extraOrigins = new Set(config.mcpAllowedOrigins);
  const hostAllowed = (host: string | undefined) => host !== undefined && (ownHosts.has(host) || LOOPBACK_HOSTNAMES.has(host.replace(/:\d+$/, '')));
  return {
    hostAllowed,
    originAllowed: (origin) => {
      if (extraOrigins.has('*') || extraOrigins.has(origin)) return true;
      try {
        return hostAllowed(new URL(origin).host);
      } catch {
        return false;
      }
    },
  };
}

/**
 * Checks the Host and Origin of every request to /mcp, then authenticates it, before Fastify reads its body: an unauthenticated caller
 * gets 401 (with the resource-metadata challenge) whatever its method, media type or body, and no
 * unauthenticated body is ever parsed. Then counts the request against the `mcp` rate limit.
 */
export function installMcpAuthentication(app: NestFastifyApplication): void {
  const guard = app.get(BearerAuthGuard);
  const rateLimiter = app.get(RateLimiterService);
  const policy = createMcpOriginPolicy(app.get(AppConfig));
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', async (request, reply) => {
      if (request.url.split('?', 1)[0] !== MCP_PATH || request.method === 'OPTIONS') return;
      const origin = request.headers.origin;
      if (!policy.hostAllowed(request.headers.host) || (origin !== undefined && !policy.originAllowed(origin))) {
        throw new ForbiddenException('This Host or Origin may not call /mcp (DNS-rebinding protection); see MCP_ALLOWED_ORIGINS.');
      }
      await guard.canActivate(new ExecutionContextHost([request, reply]));
      const decision = await rateLimiter.consume('mcp', request.principal!.accountId);
      const headers = rateLimitHeaders(decision);
      reply.headers(headers);
      if (!decision.allowed) throw new RateLimitedException(decision.resetSeconds, headers, decision.description);
    });
}
