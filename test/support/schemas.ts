import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * JSON Schemas written from the tables of SERVICE-SPEC 2.4-2.7, independently of the code's DTOs,
 * with additionalProperties: false: a document with a property outside its table fails.
 */
const stringArray = { type: 'array', items: { type: 'string' } };
const uriArray = { type: 'array', items: { type: 'string', format: 'uri' } };

export const AUTHORIZATION_SERVER_METADATA_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['issuer', 'authorization_endpoint', 'token_endpoint', 'scopes_supported'],
  properties: {
    issuer: { type: 'string', format: 'uri' },
    authorization_endpoint: { type: 'string', format: 'uri' },
    token_endpoint: { type: 'string', format: 'uri' },
    registration_endpoint: { type: 'string', format: 'uri' },
    m2m_registration_endpoint: { type: 'string', format: 'uri' },
    token_endpoint_auth_methods_supported: stringArray,
    scopes_supported: { type: 'array', items: { enum: ['openid', 'email', 'profile'] } },
    response_types_supported: stringArray,
    grant_types_supported: stringArray,
    code_challenge_methods_supported: stringArray,
  },
};

export const protectedResourceMetadataSchema = (agentsUrl: string) => ({
  type: 'object',
  additionalProperties: false,
  required: ['resource', 'authorization_servers', 'scopes_supported'],
  properties: {
    resource: { type: 'string', format: 'uri' },
    authorization_servers: uriArray,
    bearer_methods_supported: stringArray,
    scopes_supported: { type: 'array', items: { enum: ['openid', 'email', 'profile', `${agentsUrl}/mcp.access`] } },
    resource_documentation: { type: 'string', format: 'uri' },
    resource_signing_alg_values_supported: stringArray,
  },
});

export const MCP_MANIFEST_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'url', 'transport'],
  properties: {
    name: { type: 'string', minLength: 1 },
    url: { type: 'string', format: 'uri' },
    transport: { const: 'streamable-http' },
    description: { type: 'string' },
    protocol: { type: 'string' },
    authentication: { type: 'object' },
    documentation: { type: 'string', format: 'uri' },
    server_card: { type: 'string', format: 'uri' },
  },
};

export const PROBLEM_RECORD_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'title', 'status'],
  properties: {
    type: { type: 'string', format: 'uri' },
    title: { type: 'string', minLength: 1 },
    status: { type: 'integer' },
    detail: { type: 'string' },
    instance: { type: 'string', format: 'uri' },
    code: { enum: ['INVALID_INPUT', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'RATE_LIMITED', 'INTERNAL_ERROR'] },
  },
};

const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats.default(ajv);

/** The schema's errors for `value`, or an empty list: assert `toEqual([])` so a failure shows them. */
export function schemaErrors(schema: object, value: unknown): string[] {
  const validate = ajv.compile(schema);
  return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`);
}
