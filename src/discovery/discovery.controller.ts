import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ApiProblemResponses, RATE_LIMIT_RESPONSE_HEADERS } from '../common/http/api-responses.decorator.js';
import { RateLimited } from '../common/rate-limit/rate-limit.guard.js';
import { DiscoveryService } from './discovery.service.js';
import { AuthorizationServerMetadata } from './dto/authorization-server-metadata.dto.js';
import { McpManifest } from './dto/mcp-manifest.dto.js';
import { ProtectedResourceMetadata } from './dto/protected-resource-metadata.dto.js';
import { OpenApiDocument } from './openapi-document.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const CACHE = 'public, max-age=300';
/** Every apex discovery route is also served under /api/v1 (SERVICE-SPEC 4.1, 9). */
const bothPrefixes = (path: string) => [path, `/api/v1${path}`];

@ApiTags('Discovery')
@Controller()
@RateLimited('discovery')
@ApiProblemResponses(400, 429)
export class DiscoveryController {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly openApi: OpenApiDocument,
  ) {}

  @Get(bothPrefixes('/openapi.json'))
  @Header('Content-Type', JSON_TYPE)
  @Header('Cache-Control', CACHE)
  @ApiOperation({ summary: 'This OpenAPI 3.1 document' })
  @ApiOkResponse({ description: 'The OpenAPI 3.1 document', headers: RATE_LIMIT_RESPONSE_HEADERS, schema: { type: 'object', additionalProperties: true } })
  @ApiProblemResponses(500)
  openApiDocument(): string {
    return this.openApi.json;
  }

  @Get(bothPrefixes('/llms.txt'))
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', CACHE)
  @ApiOperation({ summary: 'Agent instructions (llms.txt convention)' })
  @ApiProduces('text/plain')
  @ApiOkResponse({
    description: 'When to use the service, MCP and OpenAPI addresses, docs and the machine trial',
    headers: RATE_LIMIT_RESPONSE_HEADERS,
    schema: { type: 'string' },
  })
  llmsTxt(): string {
    return this.discovery.llmsTxt;
  }

  @Get(bothPrefixes('/.well-known/oauth-authorization-server'))
  @Header('Content-Type', JSON_TYPE)
  @Header('Cache-Control', CACHE)
  @ApiOperation({ summary: 'OAuth 2.0 authorization server metadata (RFC 8414)' })
  @ApiOkResponse({ type: AuthorizationServerMetadata, headers: RATE_LIMIT_RESPONSE_HEADERS })
  authorizationServerMetadata(): string {
    return this.discovery.authorizationServerMetadata;
  }

  @Get([...bothPrefixes('/.well-known/oauth-protected-resource'), ...bothPrefixes('/.well-known/oauth-protected-resource/mcp')])
  @Header('Content-Type', JSON_TYPE)
  @Header('Cache-Control', CACHE)
  @ApiOperation({ summary: 'Protected resource metadata of the MCP endpoint (RFC 9728)' })
  @ApiOkResponse({ type: ProtectedResourceMetadata, headers: RATE_LIMIT_RESPONSE_HEADERS })
  protectedResourceMetadata(): string {
    return this.discovery.protectedResourceMetadata;
  }

  @Get(bothPrefixes('/.well-known/mcp'))
  @Header('Content-Type', JSON_TYPE)
  @Header('Cache-Control', CACHE)
  @ApiOperation({ summary: 'MCP manifest' })
  @ApiOkResponse({ type: McpManifest, headers: RATE_LIMIT_RESPONSE_HEADERS })
  mcpManifest(): string {
    return this.discovery.mcpManifest;
  }
}
