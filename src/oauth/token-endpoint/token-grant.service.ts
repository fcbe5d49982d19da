import { Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { DataSource, type EntityManager } from 'typeorm';
import { constantTimeEqual, randomToken, sha256 } from '../../common/crypto/random-token.js';
import { OAuthException } from '../../common/errors/oauth.exception.js';
import { describeValidationErrors } from '../../common/validation/validation.pipe.js';
import { PublicUrls } from '../../config/public-urls.js';
import { AuthorizationCode } from '../entities/authorization-code.entity.js';
import type { OAuthClient } from '../entities/oauth-client.entity.js';
import { RefreshToken } from '../entities/refresh-token.entity.js';
import { TokenFamily } from '../entities/token-family.entity.js';
import { ACCESS_TOKEN_LIFETIME_SECONDS, REFRESH_TOKEN_LIFETIME_SECONDS } from '../token-lifetimes.js';
import { AccessTokenService } from '../tokens/access-token.service.js';
import { TokenRevocationRegistry } from '../tokens/token-revocation.registry.js';
import { ClientAuthenticator } from './client-authenticator.js';
import { GRANT_TYPES, TokenRequest, type GrantType, type TokenResponse } from './dto/token-request.dto.js';

const PKCE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const INVALID_CODE = 'The authorization code is invalid, expired or already used.';
const INVALID_REFRESH = 'The refresh token is invalid, expired or revoked.';

/** The three grants of POST /oauth/token (SERVICE-SPEC 4.2, RFC 6749, RFC 7636, RFC 9700). */
@Injectable()
export class TokenGrantService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clientAuthenticator: ClientAuthenticator,
    private readonly accessTokens: AccessTokenService,
    private readonly revocations: TokenRevocationRegistry,
    private readonly urls: PublicUrls,
  ) {}

  async exchange(body: unknown, authorization: string | undefined, contentType: string | undefined): Promise<TokenResponse> {
    if (!contentType?.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
      throw new OAuthException('invalid_request', 'The token request must be application/x-www-form-urlencoded (RFC 6749 4.1.3).');
    }
    const request = await validTokenRequest(body);
    const grantType = request.grant_type as GrantType;
    if (!GRANT_TYPES.includes(grantType)) throw new OAuthException('unsupported_grant_type', `grant_type must be one of ${GRANT_TYPES.join(', ')}.`);
    const client = await this.clientAuthenticator.authenticate(authorization, request);
    if (!client.grantTypes.includes(grantType)) throw new OAuthException('unauthorized_client', `This client may not use the ${grantType} grant.`);
    if (request.resource !== undefined && request.resource !== this.urls.mcp) {
      throw new OAuthException('invalid_target', `resource must be ${this.urls.mcp}.`);
    }
    switch (grantType) {
      case 'authorization_code':
        return this.redeemAuthorizationCode(client, request);
      case 'refresh_token':
        return this.rotateRefreshToken(client, request);
      case 'client_credentials':
        return this.issueClientCredentials(client, request);
    }
  }

  private async redeemAuthorizationCode(client: OAuthClient, request: TokenRequest): Promise<TokenResponse> {
    if (!request.code || !request.code_verifier || !request.redirect_uri) {
      throw new OAuthException('invalid_request', 'code, code_verifier and redirect_uri are required.');
    }
    if (!PKCE_VERIFIER.test(request.code_verifier)) throw new OAuthException('invalid_grant', 'code_verifier must be 43-128 unreserved characters (RFC 7636).');
    const codeHash = sha256(request.code);
    const now = new Date();

    const issued = await this.dataSource.transaction(async (manager) => {
      // The conditional update is the single-use check: of two concurrent redemptions, the second
      // waits on the row lock and then finds the code consumed.
      const consumed = await manager
        .createQueryBuilder()
        .update(AuthorizationCode)
        .set({ consumedAt: now })
        .where('code_hash = :codeHash AND consumed_at IS NULL AND expires_at > :now', { codeHash, now })
        .returning('*')
        .execute();
      const row = (consumed.raw as Record<string, unknown>[])[0] as Record<string, unknown> | undefined;
      if (!row) return undefined;
      const code = manager.create(AuthorizationCode, {
        clientId: row.client_id as string,
        accountId: row.account_id as string,
        redirectUri: row.redirect_uri as string,
        codeChallenge: row.code_challenge as string,
        scope: row.scope as string,
        resource: row.resource as string | null,
      });
      // A failed check rolls the consumption back: whoever holds the code without the client's
      // credentials or verifier cannot burn it for the client.
      if (code.clientId !== client.clientId) throw new OAuthException('invalid_grant', INVALID_CODE);
      if (code.redirectUri !== request.redirect_uri) throw new OAuthException('invalid_grant', 'redirect_uri differs from the authorization request.');
      if (!constantTimeEqual(sha256(request.code_verifier!), code.codeChallenge))
        throw new OAuthException('invalid_grant', 'code_verifier does not match the code_challenge.');

      const family = await manager.save(
        manager.create(TokenFamily, { clientId: client.clientId, accountId: code.accountId, scope: code.scope, resource: code.resource }),
      );
      await manager.update(AuthorizationCode, { codeHash }, { tokenFamilyId: family.id });
      return this.issueFamilyTokens(manager, family, client.grantTypes.includes('refresh_token'));
    });
    if (issued) return issued;

    await this.revokeIfReplayed(codeHash);
    throw new OAuthException('invalid_grant', INVALID_CODE);
  }

  /** A code presented again after it was redeemed: every token it issued is revoked (RFC 9700 4.2.1). */
  private async revokeIfReplayed(codeHash: string): Promise<void> {
    const code = await this.dataSource.getRepository(AuthorizationCode).findOneBy({ codeHash });
    if (code?.consumedAt && code.tokenFamilyId) await this.revocations.revokeFamily(code.tokenFamilyId, 'authorization code replayed');
  }

  private async rotateRefreshToken(client: OAuthClient, request: TokenRequest): Promise<TokenResponse> {
    if (!request.refresh_token) throw new OAuthException('invalid_request', 'refresh_token is required.');
    const tokenHash = sha256(request.refresh_token);
    const now = new Date();
    const outcome = await this.dataSource.transaction(async (manager) => {
      const presented = await manager.findOne(RefreshToken, { where: { tokenHash }, lock: { mode: 'pessimistic_write' } });
      if (!presented) return { kind: 'invalid' as const };
      const family = await manager.findOneByOrFail(TokenFamily, { id: presented.familyId });
      if (family.clientId !== client.clientId) return { kind: 'invalid' as const };
      if (presented.replacedAt) return { kind: 'reused' as const, familyId: family.id };
      if (family.revokedAt || presented.expiresAt <= now) return { kind: 'invalid' as const };
      await manager.update(RefreshToken, { tokenHash }, { replacedAt: now });
      return { kind: 'rotated' as const, response: await this.issueFamilyTokens(manager, family, true) };
    });
    if (outcome.kind === 'rotated') return outcome.response;
    // A rotated-away token presented again means two parties hold the family: end it (RFC 9700 4.14.2).
    if (outcome.kind === 'reused') await this.revocations.revokeFamily(outcome.familyId, 'refresh token reused');
    throw new OAuthException('invalid_grant', INVALID_REFRESH);
  }

  private async issueClientCredentials(client: OAuthClient, request: TokenRequest): Promise<TokenResponse> {
    if (client.kind !== 'machine' || !client.accountId) throw new OAuthException('unauthorized_client', 'Only machine clients may use client_credentials.');
    const scope = request.scope?.trim() || this.urls.mcpAccessScope;
    if (scope !== this.urls.mcpAccessScope) throw new OAuthException('invalid_scope', `scope must be ${this.urls.mcpAccessScope}.`);
    const token = await this.accessTokens.issue({
      accountId: client.accountId,
      clientId: client.clientId,
      scope,
      lifetimeSeconds: ACCESS_TOKEN_LIFETIME_SECONDS,
    });
    return { access_token: token.accessToken, token_type: 'Bearer', expires_in: token.expiresIn, scope };
  }

  /** A refresh token only for clients registered for the refresh_token grant (RFC 7591 2). */
  private async issueFamilyTokens(manager: EntityManager, family: TokenFamily, withRefreshToken: boolean): Promise<TokenResponse> {
    const refreshToken = withRefreshToken ? randomToken() : undefined;
    if (refreshToken) {
      await manager.save(
        manager.create(RefreshToken, {
          tokenHash: sha256(refreshToken),
          familyId: family.id,
          expiresAt: new Date(Date.now() + REFRESH_TOKEN_LIFETIME_SECONDS * 1000),
        }),
      );
    }
    const token = await this.accessTokens.issue({
      accountId: family.accountId,
      clientId: family.clientId,
      scope: family.scope,
      familyId: family.id,
      lifetimeSeconds: ACCESS_TOKEN_LIFETIME_SECONDS,
    });
    return {
      access_token: token.accessToken,
      token_type: 'Bearer',
      expires_in: token.expiresIn,
      ...(refreshToken && { refresh_token: refreshToken }),
      scope: family.scope,
    };
  }
}

async function validTokenRequest(body: unknown): Promise<TokenRequest> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new OAuthException('invalid_request', 'The body must be application/x-www-form-urlencoded parameters.');
  }
  const request = plainToInstance(TokenRequest, body);
  const errors = await validate(request, { whitelist: true, forbidNonWhitelisted: false });
  // A parameter sent twice arrives as an array and fails IsString (RFC 6749 3.2: no repeats).
  if (errors.length > 0) throw new OAuthException('invalid_request', describeValidationErrors(errors).join('; '));
  return request;
}
