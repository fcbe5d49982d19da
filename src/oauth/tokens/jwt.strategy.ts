import { randomUUID } from 'node:crypto';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { passportJwtSecret } from 'jwks-rsa';
import passport from 'passport';
import { ExtractJwt, Strategy, type SecretOrKeyProvider } from 'passport-jwt';
import { unstorableTextReason } from '../../common/validation/storable-input.js';
import { AppConfig } from '../../config/app-config.js';
import { PublicUrls } from '../../config/public-urls.js';
import type { Principal } from './principal.js';
import { SigningKeyService } from './signing-key.service.js';

interface AccessTokenClaims {
  iss: string;
  sub: string;
  client_id?: string;
  azp?: string;
  scope?: string;
  scp?: string[];
  jti?: string;
  fid?: string;
  exp?: number;
  iat?: number;
  email?: string;
  name?: string;
}

/** How far in the future a token's `iat` may be (clock skew between its issuer and us), in seconds. */
export const ISSUED_AT_SKEW_SECONDS = 60;

/**
 * Verifies access tokens with passport-jwt: our own tokens against our keys in memory (no network
 * hop), and, when OAUTH_ISSUER / OAUTH_JWKS_URL are set, that identity provider's tokens against
 * its JWKS (fetched and cached by jwks-rsa). Issuer, audience, expiry and RS256 are enforced.
 *
 * passport keeps strategies in one process-wide registry; each application registers its own
 * under a unique name (and removes it on shutdown), so that two instances in one process (the
 * tests start several) never verify with each other's keys.
 */
@Injectable()
export class JwtStrategy implements OnApplicationShutdown {
  readonly name = `jwt-${randomUUID()}`;

  constructor(keys: SigningKeyService, urls: PublicUrls, config: AppConfig) {
    const external = config.externalIdentityProvider;
    const externalKeys = external
      ? passportJwtSecret({ jwksUri: external.jwksUrl, cache: true, cacheMaxAge: 10 * 60_000, rateLimit: true, jwksRequestsPerMinute: 10 })
      : undefined;
    const keyFor: SecretOrKeyProvider = (request, rawToken: string, done) => {
      const [header, payload] = rawToken
        .split('.')
        .slice(0, 2)
        .map((part: string) => {
          try {
            return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
          } catch {
            return {};
          }
        });
      if (external && externalKeys && payload?.iss === external.issuer) return externalKeys(request, rawToken, done);
      if (typeof header?.kid !== 'string') return done(new Error('no kid'));
      keys.verificationKey(header.kid).then(
        (pem) => (pem ? done(null, pem) : done(new Error('unknown kid'))),
        (error: unknown) => done(error),
      );
    };
    const strategy = new Strategy(
      {
        jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
        secretOrKeyProvider: keyFor,
        algorithms: ['RS256'],
        issuer: external ? [urls.issuer, external.issuer] : urls.issuer,
        audience: urls.mcp,
        ignoreExpiration: false,
        jsonWebTokenOptions: { clockTolerance: 5 },
      },
      (claims: AccessTokenClaims, done: (error: unknown, principal?: Principal | false) => void) => {
        // jsonwebtoken checks exp only when present: a token without one would never expire.
        if (typeof claims.exp !== 'number') return done(null, false);
        if (typeof claims.iat === 'number' && claims.iat > Date.now() / 1000 + ISSUED_AT_SKEW_SECONDS) return done(null, false);
        if (typeof claims.sub !== 'string' || claims.sub.length === 0 || unstorableTextReason(claims.sub)) return done(null, false);
        done(null, toPrincipal(claims as AccessTokenClaims & { exp: number }));
      },
    );
    passport.use(this.name, strategy);
  }

  onApplicationShutdown(): void {
    passport.unuse(this.name);
  }
}

function toPrincipal(claims: AccessTokenClaims & { exp: number }): Principal {
  return {
    accountId: claims.sub,
    subject: claims.sub,
    displayName: [claims.email, claims.name].find((name) => typeof name === 'string' && !unstorableTextReason(name)),
    clientId: claims.client_id ?? claims.azp ?? '',
    scopes: claims.scope ? claims.scope.split(' ').filter(Boolean) : (claims.scp ?? []),
    tokenId: claims.jti ?? '',
    familyId: claims.fid,
    issuer: claims.iss,
    expiresAt: new Date(claims.exp * 1000),
  };
}
