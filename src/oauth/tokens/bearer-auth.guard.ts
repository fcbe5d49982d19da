import { applyDecorators, Injectable, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiSecurity } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { ForbiddenException, UnauthorizedException } from '../../common/errors/app.exception.js';
import { ApiProblemResponses } from '../../common/http/api-responses.decorator.js';
import { PublicUrls } from '../../config/public-urls.js';
import { HUMAN_SCOPES, SECURITY_SCHEMES } from '../../config/security-schemes.js';
import { ExternalIdentitiesRepository } from './external-identities.repository.js';
import { JwtStrategy } from './jwt.strategy.js';
import type { Principal } from './principal.js';
import { TokenRevocationRegistry } from './token-revocation.registry.js';

const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * Authenticates `Authorization: Bearer <JWT>` (RFC 6750). A token verified once is cached until it
 * expires, so repeated calls skip the signature check; the revocation check runs on every request.
 * Failures are 401 problem records whose WWW-Authenticate points MCP clients at the protected
 * resource metadata (RFC 9728), 403 `insufficient_scope` when the token lacks the scope.
 */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  private readonly verified = new LRUCache<string, Principal>({ max: 10_000, ttlAutopurge: false });
  private readonly challenge: string;
  private readonly passportGuard: CanActivate;

  constructor(
    private readonly urls: PublicUrls,
    private readonly revocations: TokenRevocationRegistry,
    private readonly externalIdentities: ExternalIdentitiesRepository,
    strategy: JwtStrategy,
  ) {
    // The anonymous subclass below has its own `this`; it answers through this guard.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const bearerGuard = this;
    // passport's own guard for this application's strategy; its verdicts come back through ours.
    this.passportGuard = new (class extends AuthGuard(strategy.name) {
      override handleRequest<TUser>(error: unknown, user: TUser | false, info: unknown): TUser {
        return bearerGuard.passportVerdict(error, user, info);
      }
    })();
    this.challenge = `Bearer resource_metadata="${urls.protectedResourceMetadata}", scope="${HUMAN_SCOPES.join(' ')}"`;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const authorization = request.headers.authorization;
    if (!authorization) throw new UnauthorizedException('A Bearer access token is required.', { 'WWW-Authenticate': this.challenge });
    const token = BEARER.exec(authorization)?.[1];
    if (!token) throw this.invalidToken('The Authorization header must be "Bearer <access token>".');

    let principal = this.verified.get(token);
    if (!principal) {
      await this.passportGuard.canActivate(context);
      principal = (request as unknown as { user: Principal }).user;
      // An external IdP's subject becomes the local account it maps to (made on first use).
      if (principal.issuer !== this.urls.issuer) {
        principal = {
          ...principal,
          accountId: await this.externalIdentities.accountFor(principal.issuer, principal.subject, principal.displayName ?? principal.subject),
        };
      }
      this.verified.set(token, principal, { ttl: Math.max(1, principal.expiresAt.getTime() - Date.now()) });
    }
    if (principal.expiresAt.getTime() <= Date.now()) throw this.invalidToken('The access token expired.');
    if (principal.familyId && this.revocations.isRevoked(principal.familyId)) throw this.invalidToken('The access token was revoked.');
    if (!principal.scopes.includes(this.urls.mcpAccessScope) && !principal.scopes.includes('openid')) {
      throw new ForbiddenException(`The access token needs the scope ${this.urls.mcpAccessScope} (machines) or openid (people).`, {
        'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${HUMAN_SCOPES.join(' ')}", resource_metadata="${this.urls.protectedResourceMetadata}"`,
      });
    }
    request.principal = principal;
    return true;
  }

  /** passport's verdict: its own error messages are never passed on. */
  private passportVerdict<TUser>(error: unknown, user: TUser | false, info: unknown): TUser {
    if (error || !user) {
      const expired = (info as { name?: string } | undefined)?.name === 'TokenExpiredError';
      throw this.invalidToken(expired ? 'The access token expired.' : 'The access token is invalid.');
    }
    return user;
  }

  private invalidToken(description: string): UnauthorizedException {
    return new UnauthorizedException(description, { 'WWW-Authenticate': `${this.challenge}, error="invalid_token", error_description="${description}"` });
  }
}

/** The route needs a valid access token; documents the three security schemes and the 401/403 answers. */
export function RequireBearer(): MethodDecorator & ClassDecorator {
  return applyDecorators(UseGuards(BearerAuthGuard), ApiBearerSecurity());
}

/** Documents the three security schemes and the 401/403 answers, for routes authenticated before routing (/mcp). */
export function ApiBearerSecurity(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiSecurity(SECURITY_SCHEMES.machineClient),
    ApiSecurity(SECURITY_SCHEMES.humanClient),
    ApiSecurity(SECURITY_SCHEMES.bearerJwt),
    ApiProblemResponses(401, 403),
  );
}
