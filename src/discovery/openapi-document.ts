import { Injectable } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
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
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An access token from the token endpoint.' }, SECURITY_SCHEMES.bearerJwt);
  if (config.agentsUrl !== config.baseUrl) builder.addServer(config.agentsUrl, 'Agents host (OAuth, MCP)');

  // Tool input and output classes become components: the same classes give tools/list its schemas.
  const toolModels = app.get(ToolRegistry).modelClasses();
  return SwaggerModule.createDocument(app, builder.build(), { extraModels: [ProblemRecordSchema, ...toolModels] });
}
