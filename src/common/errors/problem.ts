/** The six codes of SERVICE-SPEC 2.7. */
export const ERROR_CODES = ['INVALID_INPUT', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'RATE_LIMITED', 'INTERNAL_ERROR'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The problem record of SERVICE-SPEC 2.7 (RFC 9457). No other member is allowed. */
export interface ProblemRecord {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  code?: ErrorCode;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

interface ProblemKind {
  slug: string;
  title: string;
  code?: ErrorCode;
}

/**
 * One entry per HTTP status the service answers with. 402 and 503 carry no code because none of
 * the six fits (DECISIONS.md "Errors"); 405, 413 and 415 are faults in the request, so INVALID_INPUT.
 */
const PROBLEM_KINDS: Record<number, ProblemKind> = {
  400: { slug: 'invalid-input', title: 'Invalid input', code: 'INVALID_INPUT' },
  401: { slug: 'unauthorized', title: 'Unauthorized', code: 'UNAUTHORIZED' },
  402: { slug: 'payment-required', title: 'Payment required' },
  403: { slug: 'forbidden', title: 'Forbidden', code: 'FORBIDDEN' },
  404: { slug: 'not-found', title: 'Not found', code: 'NOT_FOUND' },
  405: { slug: 'method-not-allowed', title: 'Method not allowed', code: 'INVALID_INPUT' },
  406: { slug: 'not-acceptable', title: 'Not acceptable', code: 'INVALID_INPUT' },
  409: { slug: 'conflict', title: 'Conflict', code: 'INVALID_INPUT' },
  413: { slug: 'payload-too-large', title: 'Payload too large', code: 'INVALID_INPUT' },
  415: { slug: 'unsupported-media-type', title: 'Unsupported media type', code: 'INVALID_INPUT' },
  429: { slug: 'rate-limited', title: 'Too many requests', code: 'RATE_LIMITED' },
  500: { slug: 'internal-error', title: 'Internal error', code: 'INTERNAL_ERROR' },
  503: { slug: 'service-unavailable', title: 'Service unavailable' },
};

export function problemKindFor(status: number): ProblemKind {
  return PROBLEM_KINDS[status] ?? (status >= 500 ? PROBLEM_KINDS[500] : PROBLEM_KINDS[400]);
}

export function problemTypeUri(baseUrl: string, slug: string): string {
  return `${baseUrl}/problems/${slug}`;
}
