import SwaggerParser from '@apidevtools/swagger-parser';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { OpenAPIV3_1 } from 'openapi-types';
import { getJson, RATE_LIMIT_HEADER, RATE_LIMIT_POLICY_HEADER } from './support/http.js';
import { AUTHORIZATION_SERVER_METADATA_SCHEMA, MCP_MANIFEST_SCHEMA, protectedResourceMetadataSchema, schemaErrors } from './support/schemas.js';
import { appForSuite, TEST_AGENTS_URL, TEST_BASE_URL } from './support/test-app.js';

const PREFIXES = ['', '/api/v1'];

describe('discovery documents', () => {
  const service = appForSuite();

  describe.each(PREFIXES)('under the prefix "%s"', (prefix) => {
    it('serves authorization server metadata that matches SERVICE-SPEC 2.4 exactly', async () => {
      const { response, body } = await getJson<Record<string, unknown>>(`${service.url}${prefix}/.well-known/oauth-authorization-server`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(schemaErrors(AUTHORIZATION_SERVER_METADATA_SCHEMA, body)).toEqual([]);
      expect(body).toEqual({
        issuer: TEST_AGENTS_URL,
        authorization_endpoint: `${TEST_AGENTS_URL}/oauth/authorize`,
        token_endpoint: `${TEST_AGENTS_URL}/oauth/token`,
        registration_endpoint: `${TEST_AGENTS_URL}/oauth/register`,
        m2m_registration_endpoint: `${TEST_AGENTS_URL}/oauth/m2m/register`,
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
        scopes_supported: ['openid', 'email', 'profile'],
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
        code_challenge_methods_supported: ['S256'],
      });
    });

    it.each(['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp'])(
      'serves protected resource metadata at %s that matches SERVICE-SPEC 2.5 exactly',
      async (path) => {
        const { response, body } = await getJson<Record<string, unknown>>(`${service.url}${prefix}${path}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(schemaErrors(protectedResourceMetadataSchema(TEST_AGENTS_URL), body)).toEqual([]);
        expect(body.resource).toBe(`${TEST_AGENTS_URL}/mcp`);
        // Byte-identical to the metadata issuer (DECISIONS.md "Discovery documents").
        expect(body.authorization_servers).toEqual([TEST_AGENTS_URL]);
        expect(body.scopes_supported).toEqual(['openid', 'email', 'profile', `${TEST_AGENTS_URL}/mcp.access`]);
      },
    );

    it('serves the MCP manifest that matches SERVICE-SPEC 2.6 exactly', async () => {
      const { response, body } = await getJson<Record<string, unknown>>(`${service.url}${prefix}/.well-known/mcp`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(schemaErrors(MCP_MANIFEST_SCHEMA, body)).toEqual([]);
      expect(body).toMatchObject({ name: 'Underwriting Agent Service', url: `${TEST_AGENTS_URL}/mcp`, transport: 'streamable-http' });
    });

    it('serves llms.txt with the title, summary and links the convention asks for', async () => {
      const response = await fetch(`${service.url}${prefix}/llms.txt`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      const text = await response.text();
      const lines = text.split('\n');
      expect(lines[0]).toBe('# Underwriting Agent Service');
      expect(lines.find((line) => line.startsWith('> '))).toBeDefined();
      expect(lines.filter((line) => line.startsWith('## ')).length).toBeGreaterThanOrEqual(3);
      const links = [...text.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1]);
      expect(links).toEqual(
        expect.arrayContaining([
          `${TEST_AGENTS_URL}/mcp`,
          `${TEST_BASE_URL}/openapi.json`,
          `${TEST_BASE_URL}/docs`,
          `${TEST_AGENTS_URL}/oauth/m2m/register`,
          `${TEST_AGENTS_URL}/.well-known/jwks.json`,
        ]),
      );
      expect(text).toContain(`curl -X POST ${TEST_AGENTS_URL}/oauth/m2m/register`);
    });

    it('serves the OpenAPI document', async () => {
      const { response, body } = await getJson<{ openapi: string }>(`${service.url}${prefix}/openapi.json`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(body.openapi).toBe('3.1.0');
    });

    it.each(['/openapi.json', '/llms.txt', '/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource', '/.well-known/mcp'])(
      'answers %s with API-Version and rate-limit headers',
      async (path) => {
        const response = await fetch(`${service.url}${prefix}${path}`);
        expect(response.headers.get('api-version')).toBe('1');
        const [, limit, remaining, reset] = response.headers.get('ratelimit')!.match(RATE_LIMIT_HEADER)!;
        expect(Number(limit)).toBe(120);
        expect(Number(remaining)).toBeLessThan(120);
        expect(Number(reset)).toBeGreaterThanOrEqual(1);
        expect(response.headers.get('ratelimit-policy')).toMatch(RATE_LIMIT_POLICY_HEADER);
        expect(response.headers.get('ratelimit-policy')).toBe('120;w=60');
      },
    );
  });

  it('lets browser clients read discovery documents and the rate-limit headers (CORS)', async () => {
    const response = await fetch(`${service.url}/.well-known/mcp`, { headers: { Origin: 'https://agent.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')?.split(', ')).toEqual(
      expect.arrayContaining(['WWW-Authenticate', 'RateLimit', 'RateLimit-Policy', 'Retry-After', 'API-Version', 'Mcp-Session-Id']),
    );
  });

  it('answers a CORS preflight for the MCP endpoint from an origin it accepts with the allowed request headers', async () => {
    const response = await fetch(`${service.url}/mcp`, {
      method: 'OPTIONS',
      headers: { Origin: TEST_AGENTS_URL, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(
      response.headers
        .get('access-control-allow-headers')
        ?.split(',')
        .map((header) => header.trim().toLowerCase()),
    ).toEqual(expect.arrayContaining(['authorization', 'content-type', 'mcp-protocol-version', 'mcp-session-id']));
  });

  it('gives no CORS headers outside the discovery, token, registration and MCP paths', async () => {
    const response = await fetch(`${service.url}/health/live`, { headers: { Origin: 'https://agent.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('forbids framing and sets the security headers', async () => {
    const response = await fetch(`${service.url}/.well-known/mcp`);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('builds every URL from configuration, never from the Host header', async () => {
    const response = await fetch(`${service.url}/.well-known/oauth-authorization-server`, { headers: { Host: 'evil.example' } });
    const text = await response.text();
    expect(text).not.toContain('evil.example');
    expect(text).not.toContain('127.0.0.1');
  });

  describe('the OpenAPI document', () => {
    let document: OpenAPIV3_1.Document;

    beforeAll(async () => {
      document = (await getJson<OpenAPIV3_1.Document>(`${service.url}/openapi.json`)).body;
    });

    it('is a valid OpenAPI 3.1 document', async () => {
      await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
      expect(document.openapi).toBe('3.1.0');
      expect(document.servers?.[0].url).toBe(TEST_BASE_URL);
    });

    it('describes the three security schemes of SERVICE-SPEC 5', () => {
      const schemes = document.components?.securitySchemes as Record<string, OpenAPIV3_1.SecuritySchemeObject>;
      expect(Object.keys(schemes).sort()).toEqual(['bearerJwt', 'humanClient', 'machineClient']);
      expect(schemes.machineClient).toMatchObject({
        type: 'oauth2',
        flows: { clientCredentials: { tokenUrl: `${TEST_AGENTS_URL}/oauth/token`, scopes: { [`${TEST_AGENTS_URL}/mcp.access`]: expect.any(String) } } },
      });
      expect(schemes.humanClient).toMatchObject({
        type: 'oauth2',
        flows: {
          authorizationCode: {
            authorizationUrl: `${TEST_AGENTS_URL}/oauth/authorize`,
            scopes: { openid: expect.any(String), email: expect.any(String), profile: expect.any(String) },
          },
        },
      });
      expect(schemes.bearerJwt).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    });

    it('describes the problem record with exactly the members of SERVICE-SPEC 2.7', () => {
      const problem = document.components?.schemas?.ProblemRecord as OpenAPIV3_1.SchemaObject;
      expect(Object.keys(problem.properties ?? {}).sort()).toEqual(['code', 'detail', 'instance', 'status', 'title', 'type']);
      expect(problem.required?.sort()).toEqual(['status', 'title', 'type']);
    });

    it('describes every discovery route at both prefixes, with its error responses', () => {
      for (const path of [
        '/openapi.json',
        '/llms.txt',
        '/.well-known/oauth-authorization-server',
        '/.well-known/oauth-protected-resource',
        '/.well-known/oauth-protected-resource/mcp',
        '/.well-known/mcp',
      ]) {
        for (const prefix of PREFIXES) {
          const operation = document.paths?.[`${prefix}${path}`]?.get;
          expect({ path: `${prefix}${path}`, responses: Object.keys(operation?.responses ?? {}).sort() }).toEqual({
            path: `${prefix}${path}`,
            responses: expect.arrayContaining(['200', '400', '429']),
          });
          expect((operation?.responses?.['429'] as OpenAPIV3_1.ResponseObject).content?.['application/problem+json']).toBeDefined();
        }
      }
    });

    it('describes the health routes', () => {
      expect(document.paths?.['/health/live']?.get).toBeDefined();
      expect(Object.keys(document.paths?.['/health/ready']?.get?.responses ?? {})).toEqual(expect.arrayContaining(['200', '503']));
    });
  });

  it('serves Swagger UI at /docs, pointed at /openapi.json', async () => {
    const response = await fetch(`${service.url}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
  });
});
