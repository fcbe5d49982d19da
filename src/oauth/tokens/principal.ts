import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** Who is calling: the verified claims of the request's access token. */
export interface Principal {
  /** The account of this service: the token's subject, or for an external IdP the account its subject maps to. */
  accountId: string;
  /** The token's `sub` as issued. */
  subject: string;
  /** A name for an account made on first use (external IdP: email or name claim). */
  displayName?: string;
  clientId: string;
  scopes: string[];
  tokenId: string;
  familyId?: string;
  issuer: string;
  expiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

/** The principal that BearerAuthGuard put on the request. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<FastifyRequest>().principal;
  if (!principal) throw new Error('CurrentPrincipal used on a route without @RequireBearer()');
  return principal;
});
