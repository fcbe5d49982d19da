import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiHeader, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { ProblemRecordSchema } from './problem-record.schema.js';

const PROBLEM_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request (validation, unsupported API-Version)',
  401: 'Missing or invalid Bearer token',
  402: 'Free quota exhausted; run initiate_payment_setup',
  403: 'Forbidden',
  404: 'Not found',
  413: 'Request body too large',
  415: 'Unsupported media type',
  429: 'Rate limited; wait Retry-After seconds',
  500: 'Unexpected server error; quote `instance` when reporting it',
  503: 'Not ready',
};

export const RATE_LIMIT_RESPONSE_HEADERS = {
  'API-Version': { description: 'Always `1`', schema: { type: 'string' } },
  RateLimit: { description: 'limit=N, remaining=N, reset=SECONDS', schema: { type: 'string' } },
  'RateLimit-Policy': { description: 'N;w=WINDOW_SECONDS', schema: { type: 'string' } },
} as const;

const API_VERSION_HEADER = { 'API-Version': RATE_LIMIT_RESPONSE_HEADERS['API-Version'] } as const;

/** Documents the problem-record responses a route can give, and the request's API-Version header. */
export function ApiProblemResponses(...statuses: number[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiExtraModels(ProblemRecordSchema),
    ApiHeader({ name: 'API-Version', required: false, description: 'Only `1` is allowed', schema: { type: 'string', enum: ['1'], default: '1' } }),
    ...statuses.map((status) =>
      ApiResponse({
        status,
        description: PROBLEM_DESCRIPTIONS[status] ?? 'Error',
        headers: status === 429 ? { ...RATE_LIMIT_RESPONSE_HEADERS, 'Retry-After': { description: 'Seconds to wait (at least 1)', schema: { type: 'integer', minimum: 1 } } } : API_VERSION_HEADER,
        content: { 'application/problem+json': { schema: { $ref: getSchemaPath(ProblemRecordSchema) } } },
      }),
    ),
  );
}
