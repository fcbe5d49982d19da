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
import { postMcp, postToolCall, toolOutcome } from './support/mcp-helpers.js';
import { MeteredTestToolsModule } from './support/metered-tools.module.js';
import { PROBLEM_RECORD_SCHEMA, schemaErrors } from './support/schemas.js';
import { appForSuite, startApp, TEST_AGENTS_URL, type RunningApp } from './support/test-app.js';

const RESOURCE_METADATA = `${TEST_AGENTS_URL}/.well-known/oauth-protected-resource/mcp`;
const CHALLENGE = `Bearer resource_metadata="${RESOURCE_METADATA}", scope="openid email profile"`;

describe('bearer authentication', () => {
  const service = appForSuite();
  let machineAccountId: string;
  let familyId: string;

  beforeAll(async () => {
    const dataSource = service.app.get(DataSource);
    [{ id: machineAccountId }] = await dataSource.query(`INSERT INTO accounts (kind, display_name) VALUES ('machine', 'bearer test') RETURNING id`);
    await dataSource.query(
      `INSERT INTO oauth_clients (client_id, kind, grant_types, response_types, token_endpoint_auth_method, account_id) VALUES ('uwm_bearer_test_${machineAccountId}', 'machine', '["client_credentials"]', '[]', 'client_secret_basic', $1)`,
      [machineAccountId],
    );
    [{ id: familyId }] = await dataSource.query(
      `INSERT INTO token_families (client_id, account_id, scope) VALUES ($1, $2, 'openid email profile') RETURNING id`,
      [`uwm_bearer_test_${machineAccountId}`, machineAccountId],
    );
  });

  const issue = (overrides: Partial<Parameters<AccessTokenService['issue']>[0]> = {}) =>
    service.app
      .get(AccessTokenService)
      .issue({ accountId: machineAccountId, clientId: 'uwm_test', scope: `${TEST_AGENTS_URL}/mcp.access`, lifetimeSeconds: 3600, ...overrides });
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
    expect(await response.json()).toMatchObject({
      accountId: machineAccountId,
      kind: 'machine',
      clientId: 'uwm_test',
      scopes: [`${TEST_AGENTS_URL}/mcp.access`],
    });
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
      for (const target of [service, other, service])
        expect((await fetch(`${target.url}/account`, { headers: { authorization: `Bearer ${accessToken}` } })).status).toBe(200);
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
      external = await startApp({
        additionalModules: [MeteredTestToolsModule],
        env: { OAUTH_ISSUER: issuer, OAUTH_JWKS_URL: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/jwks` },
      });
    });
    afterAll(async () => {
      await external?.close();
      idp?.close();
    });

    const idpToken = (audience: string, subject: string = randomUUID(), shape: { exp?: false; iat?: number; email?: string } = {}) => {
      let jwt = new SignJWT({ scope: 'openid email', azp: 'idp-client', ...(shape.email && { email: shape.email }) })
        .setProtectedHeader({ alg: 'RS256', kid: 'idp-1' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(subject)
        .setIssuedAt(shape.iat);
      if (shape.exp !== false) jwt = jwt.setExpirationTime('5m');
      return jwt.sign(idpKey);
    };
    const account = async (token: string) => {
      const response = await fetch(`${external.url}/account`, { headers: { authorization: `Bearer ${token}` } });
      return { status: response.status, body: (await response.json()) as { accountId: string; kind: string; displayName: string } };
    };

    it('maps its subject to an account of this service made on first use, the same one every time', async () => {
      const subject = randomUUID();
      const first = await account(await idpToken(`${TEST_AGENTS_URL}/mcp`, subject, { email: 'analyst@bank.example' }));
      expect(first).toEqual({ status: 200, body: expect.objectContaining({ kind: 'human', displayName: 'analyst@bank.example' }) });
      expect(first.body.accountId).not.toBe(subject);
      expect((await account(await idpToken(`${TEST_AGENTS_URL}/mcp`, subject))).body.accountId).toBe(first.body.accountId);
    });

    it("makes one account when a new subject's first calls arrive at once", async () => {
      const subject = `auth0|${randomUUID()}`;
      const tokens = await Promise.all(Array.from({ length: 6 }, () => idpToken(`${TEST_AGENTS_URL}/mcp`, subject)));
      const answers = await Promise.all(tokens.map(account));
      expect(new Set(answers.map((answer) => answer.body.accountId)).size).toBe(1);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    });

    // Whether its subjects look like our ids or not (Auth0's `auth0|...`).
    for (const subject of [randomUUID(), 'auth0|5f7c8ec7c33c6c004bbafe82']) {
      it(`meters and serves a call for its subject ${subject} like any person's`, async () => {
        const token = await idpToken(`${TEST_AGENTS_URL}/mcp`, subject);
        const response = await postToolCall(external.url, token, 'test_metered_pitch_deck_precheck');
        expect(response.status).toBe(200);
        expect(((await response.json()) as { result: { isError?: boolean } }).result.isError).toBeUndefined();
        const usage = await fetch(`${external.url}/billing/usage`, { headers: { authorization: `Bearer ${token}` } });
        expect(usage.status).toBe(200);
      });
    }

    it('refuses its token without exp, which would never expire', async () => {
      expect((await account(await idpToken(`${TEST_AGENTS_URL}/mcp`, randomUUID(), { exp: false }))).status).toBe(401);
    });

    it('refuses its token issued in the future beyond the clock skew', async () => {
      expect((await account(await idpToken(`${TEST_AGENTS_URL}/mcp`, randomUUID(), { iat: Math.floor(Date.now() / 1000) + 600 }))).status).toBe(401);
    });

    it('serves every tool to such a token with a result or a structured error, never an internal error', async () => {
      const token = await idpToken(`${TEST_AGENTS_URL}/mcp`, `auth0|${randomUUID()}`);
      const workspace = await toolOutcome<{ workspaceId: string }>(external.url, token, 'create_deal_workspace', { clientName: 'IdP Deal' });
      expect(workspace.error).toBeUndefined();
      const workspaceId = workspace.result!.workspaceId;
      const listed = (await (await postMcp(external.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { authorization: `Bearer ${token}` })).json()) as {
        result: { tools: { name: string; inputSchema: { properties?: Record<string, { type?: string }>; required?: string[] } }[] };
      };
      const plausible: Record<string, unknown> = {
        workspaceId,
        clientName: 'IdP Deal',
        fileName: 'notes.txt',
        content: Buffer.from('hello').toString('base64'),
        mimeType: 'text/plain',
        firmName: 'IdP Capital',
      };
      for (const tool of listed.result.tools) {
        const args = Object.fromEntries(
          (tool.inputSchema.required ?? []).map((property) => [
            property,
            plausible[property] ?? (tool.inputSchema.properties?.[property]?.type === 'number' ? 50 : 'text'),
          ]),
        );
        const { status, rpcError } = await toolOutcome(external.url, token, tool.name, args);
        expect({ tool: tool.name, status, internal: rpcError?.code === -32603 }).toEqual({
          tool: tool.name,
          status: status === 402 ? 402 : 200,
          internal: false,
        });
      }
    });

    it('refuses its token for another audience', async () => {
      const response = await fetch(`${external.url}/account`, { headers: { authorization: `Bearer ${await idpToken('https://elsewhere.example')}` } });
      expect(response.status).toBe(401);
    });
  });
});
