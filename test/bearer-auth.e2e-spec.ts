import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import { DataSource } from 'typeorm';
import { AccessTokenService } from '../src/oauth/tokens/access-token.service.js';
import { SigningKeyService } from '../src/oauth/tokens/signing-key.service.js';
import { TokenRevocationRegistry } from '../src/oauth/tokens/token-revocation.registry.js';
import { getJson, RATE_LIMIT_HEADER } from './support/http.js';
import { postMcp, toolError } from './support/mcp-helpers.js';
import { MeteredTestToolsModule } from './support/metered-tools.module.js';
import { PROBLEM_RECORD_SCHEMA, schemaErrors } from './support/schemas.js';
import { startApp, TEST_AGENTS_URL, type RunningApp } from './support/test-app.js';

const RESOURCE_METADATA = `${TEST_AGENTS_URL}/.well-known/oauth-protected-resource/mcp`;
const CHALLENGE = `Bearer resource_metadata="${RESOURCE_METADATA}", scope="openid email profile"`;

describe('bearer authentication', () => {
  let service: RunningApp;
  let machineAccountId: string;
  let familyId: string;

  beforeAll(async () => {
    service = await startApp();
    const dataSource = service.app.get(DataSource);
    [{ id: machineAccountId }] = await dataSource.query(`INSERT INTO accounts (kind, display_name) VALUES ('machine', 'bearer test') RETURNING id`);
    await dataSource.query(`INSERT INTO oauth_clients (client_id, kind, grant_types, response_types, token_endpoint_auth_method, account_id) VALUES ('uwm_bearer_test_${machineAccountId}', 'machine', '["client_credentials"]', '[]', 'client_secret_basic', $1)`, [machineAccountId]);
    [{ id: familyId }] = await dataSource.query(`INSERT INTO token_families (client_id, account_id, scope) VALUES ($1, $2, 'openid email profile') RETURNING id`, [`uwm_bearer_test_${machineAccountId}`, machineAccountId]);
  });
  afterAll(async () => {
    await service.close();
  });

  const issue = (overrides: Partial<Parameters<AccessTokenService['issue']>[0]> = {}) =>
    service.app.get(AccessTokenService).issue({ accountId: machineAccountId, clientId: 'uwm_test', scope: `${TEST_AGENTS_URL}/mcp.access`, lifetimeSeconds: 3600, ...overrides });
  const callAccount = (authorization?: string) => fetch(`${service.url}/account`, { headers: authorization ? { authorization } : {} });

  /** Signs with the service's own current key, to forge exactly one wrong claim. */
  async function signWithServiceKey(claims: Record<string, unknown>, header: Record<string, unknown> = {}): Promise<string> {
    const { kid, privateKey } = service.app.get(SigningKeyService).signingKey();
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ client_id: 'uwm_test', scope: `${TEST_AGENTS_URL}/mcp.access`, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid, ...header })
      .setIssuer((claims.iss as string) ?? TEST_AGENTS_URL)
      .setAudience((claims.aud as string) ?? `${TEST_AGENTS_URL}/mcp`)
      .setSubject(machineAccountId)
      .setIssuedAt(now)
      .setExpirationTime((claims.exp as number) ?? now + 600)
      .sign(privateKey);
  }

  async function expectUnauthorized(response: Response, error?: string): Promise<void> {
    expect(response.status).toBe(401);
    const body = (await response.json()) as { code?: string };
    expect(schemaErrors(PROBLEM_RECORD_SCHEMA, body)).toEqual([]);
    expect(body.code).toBe('UNAUTHORIZED');
    const challenge = response.headers.get('www-authenticate')!;
    expect(challenge.startsWith(CHALLENGE)).toBe(true);
    if (error) expect(challenge).toContain(`error="${error}"`);
    else expect(challenge).toBe(CHALLENGE);
  }

  it('accepts a valid machine token and names its account', async () => {
    const { accessToken } = await issue();
    const response = await callAccount(`Bearer ${accessToken}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ accountId: machineAccountId, kind: 'machine', clientId: 'uwm_test', scopes: [`${TEST_AGENTS_URL}/mcp.access`] });
  });

  it('accepts a human token (scope openid email profile)', async () => {
    const { accessToken } = await issue({ scope: 'openid email profile' });
    expect((await callAccount(`Bearer ${accessToken}`)).status).toBe(200);
  });

  it('answers a missing token with 401 and the resource-metadata challenge, without error=', async () => {
    await expectUnauthorized(await callAccount());
  });

  it.each([
    ['a malformed header', 'Bearer'],
    ['HTTP Basic credentials', `Basic ${Buffer.from('id:secret').toString('base64')}`],
    ['a token that is not a JWT', 'Bearer not.a.jwt'],
  ])('answers %s with 401 invalid_token', async (_case, authorization) => {
    await expectUnauthorized(await callAccount(authorization), 'invalid_token');
  });

  it('refuses a token signed by another key under a known kid', async () => {
    const { kid } = service.app.get(SigningKeyService).signingKey();
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ scope: `${TEST_AGENTS_URL}/mcp.access`, client_id: 'x' })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(TEST_AGENTS_URL)
      .setAudience(`${TEST_AGENTS_URL}/mcp`)
      .setSubject(machineAccountId)
      .setExpirationTime('10m')
      .sign(privateKey);
    await expectUnauthorized(await callAccount(`Bearer ${forged}`), 'invalid_token');
  });

  it('refuses a token with an unknown kid', async () => {
    await expectUnauthorized(await callAccount(`Bearer ${await signWithServiceKey({}, { kid: 'no-such-key' })}`), 'invalid_token');
  });

  it('refuses an expired token, saying it expired', async () => {
    const expired = await signWithServiceKey({ exp: Math.floor(Date.now() / 1000) - 60 });
    const response = await callAccount(`Bearer ${expired}`);
    expect(response.headers.get('www-authenticate')).toContain('error_description="The access token expired."');
    await expectUnauthorized(response, 'invalid_token');
  });

  it('refuses a token for another audience', async () => {
    await expectUnauthorized(await callAccount(`Bearer ${await signWithServiceKey({ aud: 'https://other.example/mcp' })}`), 'invalid_token');
  });

  it('refuses a token from another issuer', async () => {
    await expectUnauthorized(await callAccount(`Bearer ${await signWithServiceKey({ iss: 'https://evil.example' })}`), 'invalid_token');
  });

  it('refuses a token without mcp.access or openid with 403 insufficient_scope', async () => {
    const { accessToken } = await issue({ scope: 'email' });
    const response = await callAccount(`Bearer ${accessToken}`);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { code: string }).code).toBe('FORBIDDEN');
    expect(response.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
  });

  it('accepts a cached token again, but rejects it once its family is revoked, on every replica sharing Redis', async () => {
    const other = await startApp({ env: { REDIS_KEY_PREFIX: service.config.redisKeyPrefix } });
    try {
      const { accessToken } = await issue({ familyId, scope: 'openid email profile' });
      for (const target of [service, other, service]) expect((await fetch(`${target.url}/account`, { headers: { authorization: `Bearer ${accessToken}` } })).status).toBe(200);
      await service.app.get(TokenRevocationRegistry).revokeFamily(familyId, 'test');
      await expectUnauthorized(await callAccount(`Bearer ${accessToken}`), 'invalid_token');
      const deadline = Date.now() + 1000;
      let status = 200;
      while (status === 200 && Date.now() < deadline) {
        status = (await fetch(`${other.url}/account`, { headers: { authorization: `Bearer ${accessToken}` } })).status;
        if (status === 200) await sleep(20);
      }
      expect(status).toBe(401);
    } finally {
      await other.close();
    }
  });

  describe('the JWKS', () => {
    it.each(['', '/api/v1'])('is published at %s/.well-known/jwks.json with public members only', async (prefix) => {
      const { response, body } = await getJson<{ keys: Record<string, unknown>[] }>(`${service.url}${prefix}/.well-known/jwks.json`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('ratelimit')).toMatch(RATE_LIMIT_HEADER);
      expect(body.keys.length).toBeGreaterThanOrEqual(1);
      for (const key of body.keys) {
        expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String), n: expect.any(String), e: 'AQAB' });
        for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key).not.toHaveProperty(secret);
      }
    });

    it('keeps a rotated key published, so its tokens still pass, while new tokens use the new key', async () => {
      const before = await issue();
      const oldKid = JSON.parse(Buffer.from(before.accessToken.split('.')[0], 'base64url').toString()).kid;
      const { created, retired } = await service.app.get(SigningKeyService).rotate();
      expect(retired).toContain(oldKid);
      const after = await issue();
      expect(JSON.parse(Buffer.from(after.accessToken.split('.')[0], 'base64url').toString()).kid).toBe(created);
      const jwks = (await getJson<{ keys: { kid: string }[] }>(`${service.url}/.well-known/jwks.json`)).body;
      expect(jwks.keys.map((key) => key.kid)).toEqual(expect.arrayContaining([oldKid, created]));
      await jwtVerify(after.accessToken, createLocalJWKSet(jwks as never), { issuer: TEST_AGENTS_URL, audience: `${TEST_AGENTS_URL}/mcp` });
      expect((await callAccount(`Bearer ${before.accessToken}`)).status).toBe(200);


      expect((await callAccount(`Bearer ${after.accessToken}`)).status).toBe(200);
    });
  });

  describe('an external identity provider (OAUTH_ISSUER, OAUTH_JWKS_URL)', () => {
    let idp: Server;
    let idpKey: CryptoKey;
    let external: RunningApp;
    const issuer = 'https://idp.example.test/';

    beforeAll(async () => {
      const pair = await generateKeyPair('RS256', { extractable: true });
      idpKey = pair.privateKey;
      const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'idp-1', alg: 'RS256', use: 'sig' }] });
      idp = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(jwks));
      await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
      const address = idp.address();
      external = await startApp({ additionalModules: [MeteredTestToolsModule], env: { OAUTH_ISSUER: issuer, OAUTH_JWKS_URL: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/jwks` } });
    });
    afterAll(async () => {
      await external?.close();
      idp?.close();
    });

    const idpToken = (audience: string, subject: string = randomUUID()) =>
      new SignJWT({ scope: 'openid email', azp: 'idp-client' })
        .setProtectedHeader({ alg: 'RS256', kid: 'idp-1' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(subject)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(idpKey);

    it('accepts its token for our audience (the bearer guard passes; no local account matches)', async () => {
      const response = await fetch(`${external.url}/account`, { headers: { authorization: `Bearer ${await idpToken(`${TEST_AGENTS_URL}/mcp`)}` } });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { detail: string }).detail).toBe('No account of this service matches the token.');
    });

    // Its subjects name no account here, whether they look like our ids or not (Auth0's `auth0|...`).
    for (const subject of [randomUUID(), 'auth0|5f7c8ec7c33c6c004bbafe82']) {
      it(`does not meter a call for its subject ${subject}: no account of this service to bill`, async () => {
        const token = await idpToken(`${TEST_AGENTS_URL}/mcp`, subject);
        const response = await postMcp(external.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'test_metered_pitch_deck_precheck', arguments: {} } }, { authorization: `Bearer ${token}` });
        expect(response.status).toBe(200);
        expect(toolError(((await response.json()) as { result: unknown }).result).error).toEqual({
          code: 'FORBIDDEN',
          message: 'Metered tools need an account of this service: sign in here, or register a machine client.',
        });
        const usage = await fetch(`${external.url}/billing/usage`, { headers: { authorization: `Bearer ${token}` } });
        expect(usage.status).toBe(403);
        expect(((await usage.json()) as { detail: string }).detail).toBe('Metered tools need an account of this service: sign in here, or register a machine client.');
      });
    }

    it('refuses its token for another audience', async () => {
      const response = await fetch(`${external.url}/account`, { headers: { authorization: `Bearer ${await idpToken('https://elsewhere.example')}` } });
      expect(response.status).toBe(401);
    });
  });
});
