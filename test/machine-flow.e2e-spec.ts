import { describe, expect, it } from '@jest/globals';
import * as oauth from 'oauth4webapi';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { getJson } from './support/http.js';
import { PROBLEM_RECORD_SCHEMA, schemaErrors } from './support/schemas.js';
import { appForSuite, TEST_AGENTS_URL } from './support/test-app.js';

type MachineRegistration = Record<string, unknown> & { client_id: string; client_secret: string };
type OAuthProblem = { type: string; title: string; status: number; detail?: string; code?: string; error: string; error_description: string };

describe('machine clients: registration and client credentials', () => {
  const service = appForSuite({ env: { TRUST_PROXY: '1' } });
  const mcpAccess = `${TEST_AGENTS_URL}/mcp.access`;

  /** Each test registers from its own address, so the 3-per-address limit only bites where a test wants it to. */
  let nextAddress = 1;
  const freshAddress = () => `198.51.100.${nextAddress++}`;

  async function registerMachine(name: unknown = 'nightly pipeline', address = freshAddress()): Promise<{ response: Response; body: MachineRegistration }> {
    return getJson<MachineRegistration>(`${service.url}/oauth/m2m/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ client_name: name }),
    });
  }

  async function expectOAuthError(response: Response, status: number, error: string): Promise<OAuthProblem> {
    const body = (await response.json()) as OAuthProblem;
    expect({ status: response.status, error: body.error }).toEqual({ status, error });
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const { error: _error, error_description: description, ...problem } = body;
    expect(schemaErrors(PROBLEM_RECORD_SCHEMA, problem)).toEqual([]);
    expect(typeof description).toBe('string');
    expect(body.type.endsWith(`/${error}`)).toBe(true);
    return body;
  }

  const tokenRequest = (body: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${service.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(body),
    });
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

  it('registers a machine client with every field of SERVICE-SPEC 2.2', async () => {
    const { response, body } = await registerMachine('  nightly pipeline  ');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(body).toEqual({
      client_id: expect.stringMatching(/^uwm_/),
      client_secret: expect.any(String),
      client_name: 'nightly pipeline',
      grant_types: ['client_credentials'],
      token_endpoint: `${TEST_AGENTS_URL}/oauth/token`,
      mcp_endpoint: `${TEST_AGENTS_URL}/mcp`,
      scope: mcpAccess,
      token_request_example: expect.stringContaining(`curl -s -u '${body.client_id}:${body.client_secret}'`),
      free_quota: { pitch_deck_precheck: 1, credit_memo_drafting: 1, document_classification: 2, financial_data_extraction: 1 },
      pricing: {
        pitch_deck_precheck: '$0.50 per check',
        credit_memo_drafting: '$4.99 per memo',
        entity_compliance: '$0.60 per check',
        document_intelligence: '$0.06 per page',
      },
      note: expect.stringContaining('initiate_payment_setup'),
    });
  });

  it('gets a token with oauth4webapi using HTTP Basic credentials, and the token verifies against the JWKS', async () => {
    const { body: client } = await registerMachine();
    const as = await oauth.processDiscoveryResponse(
      new URL(TEST_AGENTS_URL),
      new Response(JSON.stringify((await getJson(`${service.url}/.well-known/oauth-authorization-server`)).body), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    const localAs = { ...as, token_endpoint: `${service.url}/oauth/token` };
    const response = await oauth.clientCredentialsGrantRequest(
      localAs,
      { client_id: client.client_id },
      oauth.ClientSecretBasic(client.client_secret),
      new URLSearchParams({ scope: mcpAccess }),
      {
        [oauth.allowInsecureRequests]: true,
      },
    );
    const result = await oauth.processClientCredentialsResponse(localAs, { client_id: client.client_id }, response);
    expect(result.token_type).toBe('bearer');
    expect(result.expires_in).toBe(3600);
    expect(result.refresh_token).toBeUndefined();

    const jwks = createLocalJWKSet((await getJson<{ keys: [] }>(`${service.url}/.well-known/jwks.json`)).body);
    const { payload, protectedHeader } = await jwtVerify(result.access_token, jwks, { issuer: TEST_AGENTS_URL, audience: `${TEST_AGENTS_URL}/mcp` });
    expect(protectedHeader.alg).toBe('RS256');
    expect(protectedHeader.kid).toEqual(expect.any(String));
    expect(payload).toMatchObject({ client_id: client.client_id, scope: mcpAccess, sub: expect.any(String), jti: expect.any(String) });
    expect(payload.exp! - payload.iat!).toBe(3600);
  });

  it('gets a token with oauth4webapi using client_secret_post body credentials, defaulting the scope', async () => {
    const { body: client } = await registerMachine();
    const as = { issuer: TEST_AGENTS_URL, token_endpoint: `${service.url}/oauth/token` };
    const response = await oauth.clientCredentialsGrantRequest(
      as,
      { client_id: client.client_id },
      oauth.ClientSecretPost(client.client_secret),
      new URLSearchParams(),
      {
        [oauth.allowInsecureRequests]: true,
      },
    );
    const result = await oauth.processClientCredentialsResponse(as, { client_id: client.client_id }, response);
    expect(result.scope).toBe(mcpAccess);
  });

  it('gives each registration its own client and account', async () => {
    const first = (await registerMachine()).body;
    const second = (await registerMachine()).body;
    expect(first.client_id).not.toBe(second.client_id);
    const subjectOf = async (client: MachineRegistration) => {
      const token = (await (
        await tokenRequest({ grant_type: 'client_credentials' }, { authorization: basic(client.client_id, client.client_secret) })
      ).json()) as { access_token: string };
      return JSON.parse(Buffer.from(token.access_token.split('.')[1], 'base64url').toString()).sub;
    };
    expect(await subjectOf(first)).not.toBe(await subjectOf(second));
  });

  it('refuses a wrong client secret with 401 invalid_client and a Basic challenge', async () => {
    const { body: client } = await registerMachine();
    const response = await tokenRequest({ grant_type: 'client_credentials' }, { authorization: basic(client.client_id, 'not-the-secret') });
    await expectOAuthError(response, 401, 'invalid_client');
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
  });

  it('refuses an unknown client exactly like a wrong secret', async () => {
    const response = await tokenRequest({ grant_type: 'client_credentials', client_id: 'uwm_nobody', client_secret: 'x' });
    const problem = await expectOAuthError(response, 401, 'invalid_client');
    expect(problem.error_description).toBe('Client authentication failed.');
  });

  it('refuses a scope other than mcp.access with invalid_scope', async () => {
    const { body: client } = await registerMachine();
    const response = await tokenRequest(
      { grant_type: 'client_credentials', scope: 'openid' },
      { authorization: basic(client.client_id, client.client_secret) },
    );
    await expectOAuthError(response, 400, 'invalid_scope');
  });

  it('refuses a resource other than the MCP endpoint with invalid_target', async () => {
    const { body: client } = await registerMachine();
    const response = await tokenRequest(
      { grant_type: 'client_credentials', resource: 'https://other.example/mcp' },
      { authorization: basic(client.client_id, client.client_secret) },
    );
    await expectOAuthError(response, 400, 'invalid_target');
  });

  it('refuses an unknown grant type with unsupported_grant_type', async () => {
    const { body: client } = await registerMachine();
    const response = await tokenRequest({ grant_type: 'password' }, { authorization: basic(client.client_id, client.client_secret) });
    await expectOAuthError(response, 400, 'unsupported_grant_type');
  });

  it('refuses the authorization_code grant for a machine client', async () => {
    const { body: client } = await registerMachine();
    const response = await tokenRequest(
      { grant_type: 'authorization_code', code: 'x', code_verifier: 'y', redirect_uri: 'https://x.example/cb' },
      { authorization: basic(client.client_id, client.client_secret) },
    );
    await expectOAuthError(response, 400, 'unauthorized_client');
  });

  it('refuses a JSON token request with invalid_request', async () => {
    const { body: client } = await registerMachine();
    const response = await fetch(`${service.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basic(client.client_id, client.client_secret) },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    await expectOAuthError(response, 400, 'invalid_request');
  });

  it('refuses a malformed token request body with an OAuth error', async () => {
    const response = await fetch(`${service.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type":' });
    await expectOAuthError(response, 400, 'invalid_request');
  });

  it('refuses an oversized token request with 413 and an OAuth error', async () => {
    const response = await tokenRequest({ grant_type: 'client_credentials', scope: 'x'.repeat(2 * 1024 * 1024) });
    await expectOAuthError(response, 413, 'invalid_request');
  });

  it('refuses a registration without client_name with invalid_client_metadata', async () => {
    for (const name of ['', '   ', 42, null]) {
      const { response } = await registerMachine(name);
      expect(response.status).toBe(400);
    }
    const response = await fetch(`${service.url}/oauth/m2m/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await expectOAuthError(response, 400, 'invalid_client_metadata');
  });

  it('refuses an over-long client_name', async () => {
    const { response } = await registerMachine('x'.repeat(101));
    expect(response.status).toBe(400);
  });

  it('stores and echoes SQL and HTML in client_name inertly', async () => {
    const name = `Robert'); DROP TABLE oauth_clients;-- <script>alert(1)</script>`;
    const { response, body } = await registerMachine(name);
    expect(response.status).toBe(200);
    expect(body.client_name).toBe(name);
    expect((await registerMachine()).response.status).toBe(200);
  });

  it('allows M2M_REGISTRATION_LIMIT registrations per address per 24 h, then 429 with Retry-After', async () => {
    const address = freshAddress();
    for (let i = 0; i < 3; i++) expect((await registerMachine(`pipeline ${i}`, address)).response.status).toBe(200);
    const { response } = await registerMachine('one too many', address);
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(24 * 3600 - 60);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect((await registerMachine('another address', freshAddress())).response.status).toBe(200);
  });

  it('does not count a refused registration against the address', async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i++) expect((await registerMachine('', address)).response.status).toBe(400);
    for (let i = 0; i < 3; i++) expect((await registerMachine(`pipeline ${i}`, address)).response.status).toBe(200);
  });
});
