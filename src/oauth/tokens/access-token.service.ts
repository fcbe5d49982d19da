import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SignJWT } from 'jose';
import { PublicUrls } from '../../config/public-urls.js';
import { SigningKeyService } from './signing-key.service.js';

export interface AccessTokenRequest {
  accountId: string;
  clientId: string;
  scope: string;
  lifetimeSeconds: number;
  /** The token family (authorization code grant), so that revoking the family rejects the token. */
  familyId?: string;
}

/** JWT access tokens (RFC 9068): iss = AGENTS_URL, aud = the MCP endpoint, signed with our key. */
@Injectable()
export class AccessTokenService {
  constructor(
    private readonly keys: SigningKeyService,
    private readonly urls: PublicUrls,
  ) {}

  async issue(request: AccessTokenRequest): Promise<{ accessToken: string; expiresIn: number; tokenId: string }> {
    const { kid, privateKey, algorithm } = this.keys.signingKey();
    const tokenId = randomUUID();
    const now = Math.floor(Date.now() / 1000);
    const accessToken = await new SignJWT({ client_id: request.clientId, scope: request.scope, ...(request.familyId && { fid: request.familyId }) })
      .setProtectedHeader({ alg: algorithm, kid, typ: 'at+jwt' })
      .setIssuer(this.urls.issuer)
      .setAudience(this.urls.mcp)
      .setSubject(request.accountId)
      .setIssuedAt(now)
      .setExpirationTime(now + request.lifetimeSeconds)
      .setJti(tokenId)
      .sign(privateKey);
    return { accessToken, expiresIn: request.lifetimeSeconds, tokenId };
  }
}
