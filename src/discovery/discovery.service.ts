import { Injectable } from '@nestjs/common';
import { PublicUrls, SERVICE_NAME } from '../config/public-urls.js';
import type { AuthorizationServerMetadata } from './dto/authorization-server-metadata.dto.js';
import type { McpManifest } from './dto/mcp-manifest.dto.js';
import type { ProtectedResourceMetadata } from './dto/protected-resource-metadata.dto.js';
import { HUMAN_SCOPES } from '../config/security-schemes.js';
import { renderLlmsTxt } from './llms-txt.js';

export const LATEST_MCP_PROTOCOL_VERSION = '2025-11-25';

/**
 * The discovery documents. They depend on configuration only, so each is built and serialised
 * once at start-up and served as a ready string.
 */
@Injectable()
export class DiscoveryService {
  readonly authorizationServerMetadata: string;
  readonly protectedResourceMetadata: string;
  readonly mcpManifest: string;
  readonly llmsTxt: string;

  constructor(urls: PublicUrls) {
    const authorizationServer: AuthorizationServerMetadata = {
      issuer: urls.issuer,
      authorization_endpoint: urls.authorizationEndpoint,
      token_endpoint: urls.tokenEndpoint,
      registration_endpoint: urls.registrationEndpoint,
      m2m_registration_endpoint: urls.m2mRegistrationEndpoint,
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      scopes_supported: [...HUMAN_SCOPES],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
      code_challenge_methods_supported: ['S256'],
    };
    const protectedResource: ProtectedResourceMetadata = {
      resource: urls.mcp,
      authorization_servers: [urls.issuer],
      bearer_methods_supported: ['header'],
      scopes_supported: [...HUMAN_SCOPES, urls.mcpAccessScope],
      resource_documentation: urls.apiDocs,
      resource_signing_alg_values_supported: ['RS256'],
    };
    const manifest: McpManifest = {
      name: SERVICE_NAME,
      url: urls.mcp,
      transport: 'streamable-http',
      description: 'Underwriting tools for AI agents: deal workspaces, documents, pitch deck and risk analysis, compliance screening and decision memos.',
      protocol: `mcp/${LATEST_MCP_PROTOCOL_VERSION}`,
      authentication: {
        type: 'oauth2',
        authorization_server: urls.issuer,
        protected_resource_metadata: urls.protectedResourceMetadata,
        human: { flow: 'authorization_code', pkce: 'S256', scopes: [...HUMAN_SCOPES] },
        machine: { flow: 'client_credentials', registration_endpoint: urls.m2mRegistrationEndpoint, scope: urls.mcpAccessScope },
      },
      documentation: urls.llmsTxt,
    };
    this.authorizationServerMetadata = JSON.stringify(authorizationServer);
    this.protectedResourceMetadata = JSON.stringify(protectedResource);
    this.mcpManifest = JSON.stringify(manifest);
    this.llmsTxt = renderLlmsTxt(urls);
  }
}
