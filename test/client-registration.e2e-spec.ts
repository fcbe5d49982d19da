import { describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { appForSuite } from './support/test-app.js';

type Registration = Record<string, unknown> & { client_id: string; client_secret?: string };
type OAuthError = { error: string; error_description: string; status: number; code: string };

describe('dynamic client registration (RFC 7591)', () => {
  const service = appForSuite();

  const register = (body: unknown, contentType = 'application/json') =>
    fetch(`${service.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  async function expectRefused(body: unknown, error: string, status = 400): Promise<OAuthError> {
    const response = await register(body);
    const problem = (await response.json()) as OAuthError;
    expect({ status: response.status, error: problem.error }).toEqual({ status, error });
    expect(problem.error_description).toEqual(expect.any(String));
    return problem;
  }

  it('registers a public client (none) with no secret and echoes what it registered, ignoring unknown metadata', async () => {
    const response = await register({
      client_name: 'Claude',
      redirect_uris: ['http://127.0.0.1/callback', 'https://claude.ai/api/mcp/auth_callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
      logo_uri: 'https://claude.ai/logo.png',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      client_id: expect.stringMatching(/^uwc_/),
      client_id_issued_at: expect.any(Number),
      client_name: 'Claude',
      redirect_uris: ['http://127.0.0.1/callback', 'https://claude.ai/api/mcp/auth_callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
  });

  it.each(['client_secret_basic', 'client_secret_post'])('gives a %s client a secret that never expires, and stores only its hash', async (method) => {
    const response = await register({ redirect_uris: ['https://app.example/callback'], token_endpoint_auth_method: method });
    expect(response.status).toBe(201);
    const body = (await response.json()) as Registration;
    expect(body).toMatchObject({
      client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      client_secret_expires_at: 0,
      token_endpoint_auth_method: method,
    });
    const [row] = await service.app.get(DataSource).query('SELECT client_secret_hash FROM oauth_clients WHERE client_id = $1', [body.client_id]);
    expect(row.client_secret_hash).not.toBe(body.client_secret);
  });

  it('defaults to a confidential authorization_code client using client_secret_basic', async () => {
    const body = (await (await register({ redirect_uris: ['https://app.example/callback'] })).json()) as Registration;
    expect(body).toMatchObject({
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      client_secret: expect.any(String),
    });
  });

  it.each([
    ['plain http off loopback', 'http://app.example/callback'],
    ['a fragment', 'https://app.example/callback#part'],
    ['a relative reference', '/callback'],
    ['a custom scheme', 'javascript:alert(1)'],
    ['embedded credentials', 'https://user:pass@app.example/callback'],
  ])('refuses a redirect URI with %s as invalid_redirect_uri', async (_case, uri) => {
    const problem = await expectRefused({ redirect_uris: ['https://app.example/ok', uri] }, 'invalid_redirect_uri');
    expect(problem.error_description).toContain(uri);
  });

  it('refuses a registration without redirect_uris as invalid_redirect_uri', async () => {
    await expectRefused({ client_name: 'no redirect' }, 'invalid_redirect_uri');
  });

  it('refuses redirect_uris that is not an array as invalid_redirect_uri', async () => {
    await expectRefused({ redirect_uris: 'https://app.example/callback' }, 'invalid_redirect_uri');
  });

  it.each([
    ['grant_types without authorization_code', { grant_types: ['refresh_token'] }],
    ['the client_credentials grant (machines register at /oauth/m2m/register)', { grant_types: ['client_credentials'] }],
    ['the implicit response type', { response_types: ['token'] }],
    ['an unknown authentication method', { token_endpoint_auth_method: 'private_key_jwt' }],
    ['a client_name that is not a string', { client_name: 42 }],
    ['an over-long client_name', { client_name: 'x'.repeat(201) }],
  ])('refuses %s as invalid_client_metadata', async (_case, metadata) => {
    await expectRefused({ redirect_uris: ['https://app.example/callback'], ...metadata }, 'invalid_client_metadata');
  });

  it('refuses a body that is not a JSON object', async () => {
    await expectRefused('["redirect_uris"]', 'invalid_client_metadata');
  });

  it('refuses malformed JSON with an OAuth error', async () => {
    const problem = await expectRefused('{"redirect_uris": [', 'invalid_request');
    expect(problem.code).toBe('INVALID_INPUT');
  });

  it('refuses an oversized body with 413', async () => {
    const response = await register({ redirect_uris: ['https://app.example/callback'], padding: 'x'.repeat(1_100_000) });
    expect(response.status).toBe(413);
    expect(((await response.json()) as OAuthError).error).toBe('invalid_request');
  });

  it('stores and echoes SQL and HTML in client_name inertly', async () => {
    const name = `<script>alert(1)</script>'); DROP TABLE oauth_clients; --`;
    const body = (await (await register({ client_name: name, redirect_uris: ['https://app.example/callback'] })).json()) as Registration;
    expect(body.client_name).toBe(name);
    const [row] = await service.app.get(DataSource).query('SELECT client_name FROM oauth_clients WHERE client_id = $1', [body.client_id]);
    expect(row.client_name).toBe(name);
  });
});
