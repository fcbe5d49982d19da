import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { DataSource } from 'typeorm';
import { BrowserlessAgent, hiddenInputs, pkcePair, registerClient, tokenRequest, uniqueEmail, type RegisteredClient } from './support/oauth-helpers.js';
import { appForSuite, TEST_AGENTS_URL } from './support/test-app.js';

type TokenResponse = { access_token: string; token_type: string; expires_in: number; refresh_token?: string; scope: string };
type OAuthError = { error: string; error_description: string; status: number };

const REGISTERED_REDIRECT = 'http://127.0.0.1/callback';
/** A native client listening on an ephemeral port (RFC 8252 7.3): matches the port-less registration. */
const REDIRECT = 'http://127.0.0.1:49152/callback';
const MCP = `${TEST_AGENTS_URL}/mcp`;

describe('authorization code flow with PKCE', () => {
  const service = appForSuite();
  let client: RegisteredClient;
  let person: BrowserlessAgent;
  let personAccountId: string;
  let personEmail: string;

  beforeAll(async () => {
    client = await registerClient(service.url, {
      client_name: 'Claude Desktop',
      redirect_uris: [REGISTERED_REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_method: 'none',
    });
    person = new BrowserlessAgent(service.url);
    personEmail = uniqueEmail();
    await person.signUp(personEmail);
    personAccountId = (await service.app.get(DataSource).query('SELECT account_id FROM users WHERE email = $1', [personEmail]))[0].account_id;
  });

  function authorizationParameters(overrides: Record<string, string | undefined> = {}, challenge = pkcePair().challenge): Record<string, string> {
    const parameters: Record<string, string | undefined> = {
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      scope: 'openid email',
      state: 'state-123',
      resource: MCP,
      ...overrides,
    };
    return Object.fromEntries(Object.entries(parameters).filter((entry): entry is [string, string] => entry[1] !== undefined));
  }
  const authorizePath = (parameters: Record<string, string>) => `/oauth/authorize?${new URLSearchParams(parameters).toString()}`;

  /** Shows the consent page to the signed-in person and answers it; returns where the browser goes next. */
  async function decide(parameters: Record<string, string>, decision: 'approve' | 'deny' = 'approve', agent = person): Promise<URL> {
    const page = await agent.get(authorizePath(parameters));
    expect(page.status).toBe(200);
    const response = await agent.postForm('/oauth/authorize', { ...hiddenInputs(await page.text()), decision });
    expect(response.status).toBe(303);
    return new URL(response.headers.get('location')!);
  }

  async function authorizationCode(overrides: Record<string, string | undefined> = {}): Promise<{ code: string; verifier: string }> {
    const { verifier, challenge } = pkcePair();
    const code = (await decide(authorizationParameters(overrides, challenge))).searchParams.get('code')!;
    return { code, verifier };
  }

  const redeem = (code: string, verifier: string, extra: Record<string, string> = {}) =>
    tokenRequest(service.url, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      client_id: client.client_id,
      ...extra,
    });
  const refresh = (refreshToken: string, clientId = client.client_id) =>
    tokenRequest(service.url, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId });
  const accountStatus = async (accessToken: string) => (await fetch(`${service.url}/account`, { headers: { authorization: `Bearer ${accessToken}` } })).status;

  async function expectTokenError(response: Response, error: string, status = 400): Promise<void> {
    const body = (await response.json()) as OAuthError;
    expect({ status: response.status, error: body.error }).toEqual({ status, error });
  }

  /** An error delivered to the client: a redirect to its redirect URI with error, state and iss, and no code. */
  async function expectRedirectedError(parameters: Record<string, string>, error: string): Promise<void> {
    const response = await fetch(`${service.url}${authorizePath(parameters)}`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('error')).toBe(error);
    expect(location.searchParams.get('error_description')).toEqual(expect.any(String));
    expect(location.searchParams.get('state')).toBe('state-123');
    expect(location.searchParams.get('iss')).toBe(TEST_AGENTS_URL);
    expect(location.searchParams.has('code')).toBe(false);
  }

  /** An error shown to the person: 400, never a redirect (RFC 6749 4.1.2.1). */
  async function expectUnredirectedError(parameters: Record<string, string>, error: string): Promise<void> {
    const page = await fetch(`${service.url}${authorizePath(parameters)}`, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
    expect(await page.text()).toContain(`<code>${error}</code>`);
    const problem = await fetch(`${service.url}${authorizePath(parameters)}`, { redirect: 'manual', headers: { accept: 'application/json' } });
    expect(problem.status).toBe(400);
    expect(problem.headers.get('location')).toBeNull();
    expect(((await problem.json()) as OAuthError).error).toBe(error);
  }

  it('takes a signed-out person through sign-up and consent back to the client, whose code buys a token for that person', async () => {
    const browser = new BrowserlessAgent(service.url);
    const { verifier, challenge } = pkcePair();
    const start = authorizePath(authorizationParameters({}, challenge));

    const toSignIn = await browser.get(start);
    expect(toSignIn.status).toBe(302);
    expect(toSignIn.headers.get('location')).toBe(`/sign-in?return_to=${encodeURIComponent(start)}`);
    const signInPage = await (await browser.get(toSignIn.headers.get('location')!)).text();
    const createAccountPath = /<a href="([^"]+)">Create account<\/a>/.exec(signInPage)![1].replace(/&amp;/g, '&');
    const email = uniqueEmail('newcomer');
    const signUp = await browser.submit(createAccountPath, '/sign-up', { email, password: 'a long enough password' });
    expect(signUp.status).toBe(303);
    expect(signUp.headers.get('location')).toBe(start);

    const consent = await browser.get(start);
    const page = await consent.text();
    expect(page).toContain('Allow <q>Claude Desktop</q> to use your account?');
    expect(page).toContain(`signed in as <strong>${email}</strong>`);
    expect(page).toContain('<code>http://127.0.0.1:49152</code>');
    expect(page).toContain('(<code>openid</code>)');
    expect(page).toContain('(<code>email</code>)');
    expect(consent.headers.get('content-security-policy')).toContain("form-action 'self' http://127.0.0.1:49152");
    expect(consent.headers.get('x-frame-options')).toBe('DENY');

    const approved = await browser.postForm('/oauth/authorize', { ...hiddenInputs(page), decision: 'approve' });
    expect(approved.status).toBe(303);
    const callback = new URL(approved.headers.get('location')!);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);
    expect(callback.searchParams.get('state')).toBe('state-123');
    expect(callback.searchParams.get('iss')).toBe(TEST_AGENTS_URL);

    const response = await redeem(callback.searchParams.get('code')!, verifier);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const tokens = (await response.json()) as TokenResponse;
    expect(tokens).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: expect.any(String),
      scope: 'openid email',
    });

    const jwks = createLocalJWKSet((await (await fetch(`${service.url}/.well-known/jwks.json`)).json()) as JSONWebKeySet);
    const { payload } = await jwtVerify(tokens.access_token, jwks, { issuer: TEST_AGENTS_URL, audience: MCP });
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: 'RS256', typ: 'at+jwt', kid: expect.any(String) });
    expect(payload).toMatchObject({ client_id: client.client_id, scope: 'openid email', jti: expect.any(String) });
    expect(payload.exp! - payload.iat!).toBe(3600);
    const account = (await (await fetch(`${service.url}/account`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).json()) as Record<
      string,
      unknown
    >;
    expect(account).toMatchObject({ accountId: payload.sub, kind: 'human', email, clientId: client.client_id });
  });

  it('grants openid even when only profile is asked for, and nothing beyond the request', async () => {
    const { code, verifier } = await authorizationCode({ scope: 'profile' });
    expect(((await (await redeem(code, verifier)).json()) as TokenResponse).scope).toBe('openid profile');
  });

  it("accepts the protected resource's whole scopes_supported, as MCP clients send it, granting a person only the people's scopes", async () => {
    const { code, verifier } = await authorizationCode({ scope: `openid email profile ${TEST_AGENTS_URL}/mcp.access` });
    expect(((await (await redeem(code, verifier)).json()) as TokenResponse).scope).toBe('openid email profile');
  });

  it('tells the client when the person denies, with no code', async () => {
    const location = await decide(authorizationParameters(), 'deny');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('state-123');
    expect(location.searchParams.has('code')).toBe(false);
  });

  describe('refuses at the authorization endpoint', () => {
    it('plain PKCE, back at the client', async () => {
      await expectRedirectedError(authorizationParameters({ code_challenge_method: 'plain' }), 'invalid_request');
    });

    it('a missing code_challenge, back at the client', async () => {
      await expectRedirectedError(authorizationParameters({ code_challenge: undefined }), 'invalid_request');
    });

    it('a missing code_challenge_method (which would mean plain), back at the client', async () => {
      await expectRedirectedError(authorizationParameters({ code_challenge_method: undefined }), 'invalid_request');
    });

    it('a response_type other than code, back at the client', async () => {
      await expectRedirectedError(authorizationParameters({ response_type: 'token' }), 'unsupported_response_type');
    });

    it('a resource other than the MCP endpoint, back at the client', async () => {
      await expectRedirectedError(authorizationParameters({ resource: 'https://other.example/mcp' }), 'invalid_target');
    });

    it('a scope outside openid email profile, back at the client', async () => {
      await expectRedirectedError(authorizationParameters({ scope: 'openid admin' }), 'invalid_scope');
    });

    it('an unregistered redirect URI, without redirecting anywhere', async () => {
      await expectUnredirectedError(authorizationParameters({ redirect_uri: 'https://attacker.example/callback' }), 'invalid_request');
    });

    it('a loopback redirect URI with another path, without redirecting anywhere', async () => {
      await expectUnredirectedError(authorizationParameters({ redirect_uri: 'http://127.0.0.1:49152/other' }), 'invalid_request');
    });

    it('an unknown client, without redirecting anywhere', async () => {
      await expectUnredirectedError(authorizationParameters({ client_id: 'uwc_unknown' }), 'invalid_client');
    });

    it('a consent form posted without its CSRF token, issuing nothing', async () => {
      const page = await person.get(authorizePath(authorizationParameters()));
      const { csrf_token: _dropped, ...fields } = hiddenInputs(await page.text());
      const response = await person.postForm('/oauth/authorize', { ...fields, decision: 'approve' });
      expect(response.status).toBe(403);
      expect(response.headers.get('location')).toBeNull();
    });

    it('a consent form whose redirect URI was changed after the page was shown', async () => {
      const page = await person.get(authorizePath(authorizationParameters()));
      const response = await person.postForm('/oauth/authorize', {
        ...hiddenInputs(await page.text()),
        redirect_uri: 'https://attacker.example/callback',
        decision: 'approve',
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
    });

    it('names the client inertly when it registered markup as its name', async () => {
      const hostile = await registerClient(service.url, {
        client_name: "<img src=x onerror=alert(1)>'; DROP TABLE users; --",
        redirect_uris: [REGISTERED_REDIRECT],
        token_endpoint_auth_method: 'none',
      });
      const page = await (await person.get(authorizePath(authorizationParameters({ client_id: hostile.client_id })))).text();
      expect(page).not.toContain('<img');
      expect(page).toContain('Allow <q>&lt;img src=x onerror=alert(1)&gt;&#39;; DROP TABLE users; --</q>');
    });
  });

  describe('refuses at the token endpoint', () => {
    it('a wrong verifier, and the code still works with the right one', async () => {
      const { code, verifier } = await authorizationCode();
      await expectTokenError(await redeem(code, pkcePair().verifier), 'invalid_grant');
      expect((await redeem(code, verifier)).status).toBe(200);
    });

    it('a redirect URI other than the authorization request used', async () => {
      const { code, verifier } = await authorizationCode();
      await expectTokenError(await redeem(code, verifier, { redirect_uri: 'http://127.0.0.1:49153/callback' }), 'invalid_grant');
    });

    it('a code redeemed by another client', async () => {
      const other = await registerClient(service.url, { client_name: 'other', redirect_uris: [REGISTERED_REDIRECT], token_endpoint_auth_method: 'none' });
      const { code, verifier } = await authorizationCode();
      await expectTokenError(await redeem(code, verifier, { client_id: other.client_id }), 'invalid_grant');
    });

    it('an expired code', async () => {
      const { code, verifier } = await authorizationCode();
      const codeHash = createHash('sha256').update(code).digest('base64url');
      await service.app.get(DataSource).query(`UPDATE authorization_codes SET expires_at = now() - interval '1 second' WHERE code_hash = $1`, [codeHash]);
      await expectTokenError(await redeem(code, verifier), 'invalid_grant');
    });

    it('a reused code, and then every token the first redemption issued', async () => {
      const { code, verifier } = await authorizationCode();
      const first = (await (await redeem(code, verifier)).json()) as TokenResponse;
      expect(await accountStatus(first.access_token)).toBe(200);
      await expectTokenError(await redeem(code, verifier), 'invalid_grant');
      expect(await accountStatus(first.access_token)).toBe(401);
      await expectTokenError(await refresh(first.refresh_token!), 'invalid_grant');
    });

    it('a resource other than the MCP endpoint', async () => {
      const { code, verifier } = await authorizationCode();
      await expectTokenError(await redeem(code, verifier, { resource: 'https://other.example/mcp' }), 'invalid_target');
    });

    it('lets exactly one of several concurrent redemptions of one code win', async () => {
      const { code, verifier } = await authorizationCode();
      const statuses = (await Promise.all(Array.from({ length: 6 }, () => redeem(code, verifier)))).map((response) => response.status).sort();
      expect(statuses).toEqual([200, 400, 400, 400, 400, 400]);
    });
  });

  describe('refresh tokens', () => {
    async function issuedTokens(): Promise<TokenResponse> {
      const { code, verifier } = await authorizationCode();
      return (await (await redeem(code, verifier)).json()) as TokenResponse;
    }

    it('rotate: each use returns a new refresh token and a working access token for the same person', async () => {
      const first = await issuedTokens();
      const response = await refresh(first.refresh_token!);
      expect(response.status).toBe(200);
      const second = (await response.json()) as TokenResponse;
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(second.scope).toBe('openid email');
      const account = (await (await fetch(`${service.url}/account`, { headers: { authorization: `Bearer ${second.access_token}` } })).json()) as {
        accountId: string;
      };
      expect(account.accountId).toBe(personAccountId);
    });

    it('revoke the whole family when a rotated-away token comes back', async () => {
      const first = await issuedTokens();
      const second = (await (await refresh(first.refresh_token!)).json()) as TokenResponse;
      await expectTokenError(await refresh(first.refresh_token!), 'invalid_grant');
      await expectTokenError(await refresh(second.refresh_token!), 'invalid_grant');
      expect(await accountStatus(second.access_token)).toBe(401);
      expect(await accountStatus(first.access_token)).toBe(401);
    });

    it('are bound to their client', async () => {
      const other = await registerClient(service.url, {
        client_name: 'other',
        redirect_uris: [REGISTERED_REDIRECT],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
      });
      const tokens = await issuedTokens();
      await expectTokenError(await refresh(tokens.refresh_token!, other.client_id), 'invalid_grant');
      expect((await refresh(tokens.refresh_token!)).status).toBe(200);
    });

    it('are only issued to clients registered for the refresh_token grant', async () => {
      const codeOnly = await registerClient(service.url, {
        client_name: 'code only',
        redirect_uris: [REGISTERED_REDIRECT],
        token_endpoint_auth_method: 'none',
      });
      const { code, verifier } = await authorizationCode({ client_id: codeOnly.client_id });
      const tokens = (await (await redeem(code, verifier, { client_id: codeOnly.client_id })).json()) as TokenResponse;
      expect(tokens.access_token).toEqual(expect.any(String));
      expect(tokens.refresh_token).toBeUndefined();
    });
  });

  it('requires a confidential client to authenticate at the token endpoint', async () => {
    const confidential = await registerClient(service.url, { client_name: 'web app', redirect_uris: ['https://app.example/callback'] });
    const { verifier, challenge } = pkcePair();
    const code = (
      await decide(authorizationParameters({ client_id: confidential.client_id, redirect_uri: 'https://app.example/callback' }, challenge))
    ).searchParams.get('code')!;
    const exchange = (headers: Record<string, string> = {}) =>
      tokenRequest(
        service.url,
        { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: 'https://app.example/callback', client_id: confidential.client_id },
        headers,
      );
    await expectTokenError(await exchange(), 'invalid_client', 401);
    const basic = `Basic ${Buffer.from(`${confidential.client_id}:${confidential.client_secret}`).toString('base64')}`;
    expect((await exchange({ authorization: basic })).status).toBe(200);
  });
});
