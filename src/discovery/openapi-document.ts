import { Injectable } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, getSchemaPath, SwaggerModule, type OpenAPIObject, type ParameterObject, type RequestBodyObject } from '@nestjs/swagger';
import { JsonRpcRequestSchema } from '../mcp/dto/json-rpc.schema.js';
import { AppConfig } from '../config/app-config.js';
import { PublicUrls, SERVICE_NAME, SERVICE_VERSION } from '../config/public-urls.js';
import { ProblemRecordSchema } from '../common/http/problem-record.schema.js';
import apiMetadata from '../api-metadata.js';
import { HUMAN_SCOPES, SECURITY_SCHEMES } from '../config/security-schemes.js';
import { ToolRegistry } from '../mcp/tools/tool-registry.service.js';

/**
 * Holds the OpenAPI document generated from the code at start-up (routes and their decorators are
 * the only source), serialised once for GET /openapi.json.
 */
@Injectable()
export class OpenApiDocument {
  private serialised = '{}';

  get json(): string {
    return this.serialised;
  }

  publish(document: OpenAPIObject): void {
    this.serialised = JSON.stringify(document);
  }
}

export async function buildOpenApiDocument(app: NestFastifyApplication): Promise<OpenAPIObject> {
  // What the swagger CLI plugin read off the DTO classes (src/cli/generate-api-metadata.mjs).
  await SwaggerModule.loadPluginMetadata(apiMetadata);
  const config = app.get(AppConfig);
  const urls = app.get(PublicUrls);
  const builder = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle(SERVICE_NAME)
    .setVersion(SERVICE_VERSION)
    .setDescription(
      `Underwriting as MCP tool calls. Agents call \`POST ${urls.mcp}\` (JSON-RPC 2.0 over Streamable HTTP) with a Bearer token; ` +
        `discovery documents, OAuth 2.0 endpoints and health checks are plain HTTP. Errors are problem records (RFC 9457). ` +
        `Signing keys: ${urls.jwks}. Agent instructions: ${urls.llmsTxt}.`,
    )
    .addServer(config.baseUrl, 'Apex host (discovery)')
    .addOAuth2(
      {
        type: 'oauth2',
        description: `Machine client: client credentials; scope ${urls.mcpAccessScope}. Register at ${urls.m2mRegistrationEndpoint}.`,
        flows: { clientCredentials: { tokenUrl: urls.tokenEndpoint, scopes: { [urls.mcpAccessScope]: 'Call the MCP endpoint' } } },
      },
      SECURITY_SCHEMES.machineClient,
    )
    .addOAuth2(
      {
        type: 'oauth2',
        description: 'Human client: authorization code with PKCE (S256 only).',
        flows: {
          authorizationCode: {
            authorizationUrl: urls.authorizationEndpoint,
            tokenUrl: urls.tokenEndpoint,
            refreshUrl: urls.tokenEndpoint,
            scopes: Object.fromEntries(HUMAN_SCOPES.map((scope) => [scope, `OpenID Connect ${scope}`])),
          },
        },
      },
      SECURITY_SCHEMES.humanClient,
    )
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An access token from the token endpoint.' },
      SECURITY_SCHEMES.bearerJwt,
    );
  if (config.agentsUrl !== config.baseUrl) builder.addServer(config.agentsUrl, 'Agents host (OAuth, MCP)');

  // Tool input and output classes become components: the same classes give tools/list its schemas.
  const toolModels = app.get(ToolRegistry).modelClasses();
  return normaliseOperations(SwaggerModule.createDocument(app, builder.build(), { extraModels: [ProblemRecordSchema, ...toolModels] }));
}

/** The request header every operation accepts; declared here once per operation, whatever decorators stacked. */
const API_VERSION_PARAMETER: ParameterObject = {
  name: 'API-Version',
  in: 'header',
  required: false,
  description: 'Only `1` is allowed (the default).',
  schema: { type: 'string', enum: ['1'], default: '1' },
};

/**
 * Headers a handler reads with `@Headers()`, which @nestjs/swagger documents as required: every one
 * of them is optional in this API. Accept, Content-Type and Authorization are left out, as OpenAPI
 * says (they come from the media types and the security schemes).
 */
const OPTIONAL_HEADERS: Record<string, Pick<ParameterObject, 'description' | 'example'>> = {
  'mcp-protocol-version': { description: 'The MCP protocol version negotiated at initialize.', example: '2025-06-18' },
  'idempotency-key': {
    description:
      'Makes a tools/call safe to retry: a key this account already used answers the first result again, without running or being metered twice. 1-255 visible ASCII characters.',
    example: 'nightly-2026-11-24-acme',
  },
};
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/** Working JSON-RPC bodies for Swagger UI's "Try it out" on POST /mcp. */
const JSON_RPC_EXAMPLES = {
  'tools/list': { summary: 'List the tools', value: { jsonrpc: '2.0', id: 1, method: 'tools/list' } },
  'tools/call': {
    summary: 'Call a tool',
    value: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'create_deal_workspace', arguments: { clientName: 'Acme Robotics' } } },
  },
  initialize: {
    summary: 'Initialize (optional: the server is stateless)',
    value: {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'swagger-ui', version: '1.0.0' } },
    },
  },
};

/**
 * What the decorators cannot say once: one API-Version parameter per operation, optional headers
 * optional, `security: []` on public operations (so that no operation's security is left
 * undefined), and example bodies for the JSON-RPC endpoint.
 */
function normaliseOperations(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const) {
      const operation = item[method];
      if (!operation) continue;
      const headers = new Set<string>();
      const parameters = ((operation.parameters ?? []) as ParameterObject[]).filter((parameter) => {
        const name = parameter.name.toLowerCase();
        if (parameter.in !== 'header') return true;
        if (IGNORED_HEADERS.has(name) || name === 'api-version' || headers.has(name)) return false;
        headers.add(name);
        if (OPTIONAL_HEADERS[name]) Object.assign(parameter, { required: false, ...OPTIONAL_HEADERS[name] });
        return true;
      });
      operation.parameters = [...parameters, API_VERSION_PARAMETER];
      operation.security ??= [];
      const json = (operation.requestBody as RequestBodyObject | undefined)?.content?.['application/json'];
      if (json && JSON.stringify(json.schema).includes(getSchemaPath(JsonRpcRequestSchema))) json.examples = JSON_RPC_EXAMPLES;
    }
  }
  return document;
}
