import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { randomToken, sha256 } from '../../common/crypto/random-token.js';
import { OAuthException, type OAuthErrorName } from '../../common/errors/oauth.exception.js';
import { PublicUrls } from '../../config/public-urls.js';
import { HUMAN_SCOPES } from '../../config/security-schemes.js';
import { redirectUriMatches } from '../clients/redirect-uri.js';
import { AuthorizationCode } from '../entities/authorization-code.entity.js';
import { OAuthClient } from '../entities/oauth-client.entity.js';
import { AUTHORIZATION_CODE_LIFETIME_SECONDS } from '../token-lifetimes.js';

/** The authorization request parameters, echoed by the consent form so that its POST is re-validated whole. */
export const AUTHORIZATION_PARAMETERS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'code_challenge',
  'code_challenge_method',
  'scope',
  'state',
  'resource',
] as const;
export type AuthorizationParameters = Partial<Record<(typeof AUTHORIZATION_PARAMETERS)[number], string>>;

const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** A request that passed every check: what the consent page shows and the code is bound to. */
export interface ValidAuthorizationRequest {
  parameters: AuthorizationParameters;
  clientId: string;
  clientName: string;
  redirectUri: string;
  /** Granted scopes: the requested ones plus `openid`, which every person's token carries. */
  scopes: string[];
  codeChallenge: string;
  resource: string | null;
  state?: string;
}

/** Either a request to show consent for, or an error already addressed to the client's redirect URI. */
export type AuthorizationOutcome = { kind: 'valid'; request: ValidAuthorizationRequest } | { kind: 'redirect'; location: string };

/** Thrown for a request that cannot be answered at the redirect URI: shown to the person, never redirected. */
export class UnredirectableAuthorizationError extends OAuthException {}

/**
 * The authorization endpoint's rules (SERVICE-SPEC 4.2; RFC 6749 4.1, RFC 7636, RFC 8707, RFC
 * 9207, RFC 9700 2.1). Until the client and its redirect URI are verified, an error goes to the
 * person; after, it goes back to the client with `state` and `iss`.
 */
@Injectable()
export class AuthorizationService {
  constructor(
    @InjectRepository(OAuthClient) private readonly clients: Repository<OAuthClient>,
    @InjectRepository(AuthorizationCode) private readonly codes: Repository<AuthorizationCode>,
    private readonly urls: PublicUrls,
  ) {}

  async validate(input: Record<string, unknown>): Promise<AuthorizationOutcome> {
    const clientId = single(input, 'client_id');
    const presentedRedirectUri = single(input, 'redirect_uri');
    if (!clientId) throw new UnredirectableAuthorizationError('invalid_request', 'client_id is required, once.');
    const client = await this.clients.findOneBy({ clientId });
    if (!client) throw new UnredirectableAuthorizationError('invalid_client', 'No client is registered with this client_id.', { status: 400 });
    if (!presentedRedirectUri) throw new UnredirectableAuthorizationError('invalid_request', 'redirect_uri is required, once.');
    if (!client.redirectUris.some((registered) => redirectUriMatches(registered, presentedRedirectUri))) {
      throw new UnredirectableAuthorizationError('invalid_request', 'redirect_uri is not one this client registered.');
    }

    const state = single(input, 'state');
    const refuse = (error: OAuthErrorName, description: string): AuthorizationOutcome => ({
      kind: 'redirect',
      location: this.redirectLocation(presentedRedirectUri, { error, error_description: description, state }),
    });
    const repeated = AUTHORIZATION_PARAMETERS.find((name) => Array.isArray(input[name]));
    if (repeated) return refuse('invalid_request', `${repeated} must not be repeated.`);

    const responseType = single(input, 'response_type');
    if (!responseType) return refuse('invalid_request', 'response_type is required.');
    if (responseType !== 'code') return refuse('unsupported_response_type', 'Only response_type=code is supported.');
    if (!client.grantTypes.includes('authorization_code')) return refuse('unauthorized_client', 'This client may not use the authorization_code grant.');

    const codeChallenge = single(input, 'code_challenge');
    const method = single(input, 'code_challenge_method');
    if (!codeChallenge) return refuse('invalid_request', 'code_challenge is required (PKCE, RFC 7636).');
    if (method !== 'S256') return refuse('invalid_request', 'code_challenge_method must be S256; plain is not accepted.');
    if (!CODE_CHALLENGE.test(codeChallenge)) return refuse('invalid_request', 'code_challenge must be the base64url SHA-256 of the verifier (43 characters).');

    const resource = single(input, 'resource') ?? null;
    if (resource !== null && resource !== this.urls.mcp) return refuse('invalid_target', `resource must be ${this.urls.mcp}.`);

    // MCP clients without a scope hint request everything the protected resource metadata lists,
    // mcp.access included; that scope is for machines, so a person's grant simply leaves it out.
    const requested = (single(input, 'scope') ?? '').split(' ').filter((scope) => scope !== '' && scope !== this.urls.mcpAccessScope);
    const unknown = requested.filter((scope) => !(HUMAN_SCOPES as readonly string[]).includes(scope));
    if (unknown.length > 0) return refuse('invalid_scope', `Unknown scope ${unknown.join(', ')}; people may be granted ${HUMAN_SCOPES.join(' ')}.`);
    const scopes = HUMAN_SCOPES.filter((scope) => scope === 'openid' || requested.includes(scope));

    const parameters = Object.fromEntries(AUTHORIZATION_PARAMETERS.flatMap((name) => (typeof input[name] === 'string' ? [[name, input[name]]] : [])));
    return {
      kind: 'valid',
      request: { parameters, clientId, clientName: client.clientName ?? clientId, redirectUri: presentedRedirectUri, scopes, codeChallenge, resource, state },
    };
  }

  /** The person approved: a single-use code bound to everything the token request must repeat. */
  async approve(request: ValidAuthorizationRequest, accountId: string): Promise<string> {
    const code = randomToken();
    await this.codes.insert({
      codeHash: sha256(code),
      clientId: request.clientId,
      accountId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      scope: request.scopes.join(' '),
      resource: request.resource,
      expiresAt: new Date(Date.now() + AUTHORIZATION_CODE_LIFETIME_SECONDS * 1000),
    });
    return this.redirectLocation(request.redirectUri, { code, state: request.state });
  }

  deny(request: ValidAuthorizationRequest): string {
    return this.redirectLocation(request.redirectUri, { error: 'access_denied', error_description: 'The person declined the request.', state: request.state });
  }

  /** The redirect URI with the response parameters and `iss` (RFC 9207: mix-up defence). */
  private redirectLocation(redirectUri: string, parameters: Record<string, string | undefined>): string {
    const location = new URL(redirectUri);
    for (const [name, value] of Object.entries(parameters)) if (value !== undefined) location.searchParams.set(name, value);
    location.searchParams.set('iss', this.urls.issuer);
    return location.toString();
  }
}

function single(input: Record<string, unknown>, name: string): string | undefined {
  const value = input[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
