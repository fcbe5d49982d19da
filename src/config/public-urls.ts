import { Injectable } from '@nestjs/common';
import { AppConfig } from './app-config.js';

export const SERVICE_NAME = 'Underwriting Agent Service';
export const SERVICE_VERSION = '1.0.0';

/**
 * Every absolute URL the service emits, built from BASE_URL / AGENTS_URL and never from a request's
 * Host header (DECISIONS.md "Hosts and environments"). Paths live here once, so that the discovery
 * documents, registration responses and WWW-Authenticate headers cannot disagree.
 */
@Injectable()
export class PublicUrls {
  /** Token `iss`, metadata `issuer` and `authorization_servers[0]`: byte-identical everywhere. */
  readonly issuer: string;
  readonly mcp: string;
  readonly mcpAccessScope: string;
  readonly authorizationEndpoint: string;
  readonly tokenEndpoint: string;
  readonly registrationEndpoint: string;
  readonly m2mRegistrationEndpoint: string;
  readonly jwks: string;
  readonly protectedResourceMetadata: string;
  readonly authorizationServerMetadata: string;
  readonly mcpManifest: string;
  readonly openApi: string;
  readonly llmsTxt: string;
  readonly apiDocs: string;
  /** Upload URLs are `<documentUploads>/<token>`. */
  readonly documentUploads: string;
  /** Hosted upload pages are `<uploadForms>/<token>`; their files go to `<uploadForms>/<token>/files`. */
  readonly uploadForms: string;

  constructor(config: AppConfig) {
    const { baseUrl, agentsUrl } = config;
    this.issuer = agentsUrl;
    this.mcp = `${agentsUrl}/mcp`;
    this.mcpAccessScope = `${agentsUrl}/mcp.access`;
    this.authorizationEndpoint = `${agentsUrl}/oauth/authorize`;
    this.tokenEndpoint = `${agentsUrl}/oauth/token`;
    this.registrationEndpoint = `${agentsUrl}/oauth/register`;
    this.m2mRegistrationEndpoint = `${agentsUrl}/oauth/m2m/register`;
    this.jwks = `${agentsUrl}/.well-known/jwks.json`;
    this.protectedResourceMetadata = `${agentsUrl}/.well-known/oauth-protected-resource/mcp`;
    this.authorizationServerMetadata = `${agentsUrl}/.well-known/oauth-authorization-server`;
    this.mcpManifest = `${baseUrl}/.well-known/mcp`;
    this.openApi = `${baseUrl}/openapi.json`;
    this.llmsTxt = `${baseUrl}/llms.txt`;
    this.apiDocs = `${baseUrl}/docs`;
    this.documentUploads = `${agentsUrl}/uploads`;
    this.uploadForms = `${agentsUrl}/upload`;
  }
}
