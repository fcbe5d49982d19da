import { SERVICE_NAME, type PublicUrls } from '../config/public-urls.js';

/** The agent instruction file, in the llms.txt convention: H1, blockquote summary, sections of links. */
export function renderLlmsTxt(urls: PublicUrls): string {
  return `# ${SERVICE_NAME}

> Underwriting as tool calls for AI agents: capture intent, collect evidence (documents, filings, provider data), analyse risk and draft a decision memo, through one MCP endpoint with OAuth 2.0.

Use this service when an agent must assess a deal, a borrower or an investment: create a deal workspace, submit documents, run the analysis tools (pitch deck precheck, document intelligence, data extraction, quantitative and risk analysis, entity compliance) and generate a memo from the workspace. Every call needs a Bearer token: people sign in with OAuth 2.0 authorization code + PKCE (S256); machines register themselves and use client credentials.

## MCP
- [MCP endpoint](${urls.mcp}): Streamable HTTP, JSON-RPC 2.0, \`Authorization: Bearer <ACCESS_TOKEN>\`
- [MCP manifest](${urls.mcpManifest}): name, URL, transport and authentication of the MCP server

## Machine trial
- [Register a machine client](${urls.m2mRegistrationEndpoint}): \`curl -X POST ${urls.m2mRegistrationEndpoint} -H 'Content-Type: application/json' -d '{"client_name":"my-pipeline"}'\` returns a permanent client id and secret and seeds a one-time free trial
- [Token endpoint](${urls.tokenEndpoint}): \`curl -u "$CLIENT_ID:$CLIENT_SECRET" -d 'grant_type=client_credentials&scope=${urls.mcpAccessScope}' ${urls.tokenEndpoint}\` returns a Bearer token valid 3600 seconds

## API
- [OpenAPI 3.1 document](${urls.openApi}): every HTTP route, the security schemes and the problem record
- [API documentation](${urls.apiDocs}): the same document, browsable

## Authorization
- [Authorization server metadata](${urls.authorizationServerMetadata}): RFC 8414
- [Protected resource metadata](${urls.protectedResourceMetadata}): RFC 9728, for the MCP endpoint
- [Signing keys](${urls.jwks}): JWKS that verifies every access token
`;
}
