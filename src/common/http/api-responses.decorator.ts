import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { problemKindFor } from '../errors/problem.js';
import { ProblemRecordSchema } from './problem-record.schema.js';

const PROBLEM_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request (validation, unsupported API-Version)',
  401: 'Missing or invalid Bearer token',
  402: 'Free quota exhausted; run initiate_payment_setup',
  403: 'Forbidden',
  406: 'Accept does not include application/json',
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

/** What each status's example says: a reader sees the problem that status really carries. */
const EXAMPLE_DETAILS: Record<number, string> = {
  400: 'Invalid input. client_name: client_name must be a string.',
  401: 'The Bearer token is missing, expired or not issued for this service.',
  402: 'The free quota of credit_memo_drafting is used up: run initiate_payment_setup to authorize a monthly budget.',
  403: 'This client may not use that scope.',
  404: 'No route matches GET /no-such-path.',
  406: 'This server answers application/json: include it in Accept.',
  413: 'The request body is larger than 1048576 bytes.',
  415: 'Send JSON-RPC messages as application/json.',
  429: '60 token requests per client address per 60 seconds: wait 42 seconds.',
  500: 'An unexpected error occurred. Quote urn:uuid:6f1c2d3e-0000-4000-8000-000000000000 when reporting it.',
  503: 'PostgreSQL is unreachable: retry after Retry-After seconds.',
};

function problemExample(status: number, detail?: string): Record<string, unknown> {
  const kind = problemKindFor(status);
  return {
    type: `http://localhost:3000/problems/${kind.slug}`,
    title: kind.title,
    status,
    detail: detail ?? EXAMPLE_DETAILS[status] ?? kind.title,
    instance: 'urn:uuid:6f1c2d3e-0000-4000-8000-000000000000',
    ...(kind.code && { code: kind.code }),
  };
}

/**
 * Documents the problem-record responses a route can give, each with an example of its own status
 * (a `[status, detail]` pair gives the route's own detail). The request's API-Version header is
 * declared once per operation by the document builder, not here, so that stacking these is safe.
 */
export function ApiProblemResponses(...statuses: (number | [number, string])[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiExtraModels(ProblemRecordSchema),
    ...statuses.map((entry) => {
      const [status, detail] = typeof entry === 'number' ? [entry, undefined] : entry;
      return ApiResponse({
        status,
        description: PROBLEM_DESCRIPTIONS[status] ?? 'Error',
        headers:
          status === 429
            ? { ...RATE_LIMIT_RESPONSE_HEADERS, 'Retry-After': { description: 'Seconds to wait (at least 1)', schema: { type: 'integer', minimum: 1 } } }
            : API_VERSION_HEADER,
        content: { 'application/problem+json': { schema: { $ref: getSchemaPath(ProblemRecordSchema) }, example: problemExample(status, detail) } },
      });
    }),
  );
}
