import { problemKindFor, type ErrorCode } from './problem.js';

export interface AppExceptionOptions {
  status: number;
  detail?: string;
  /** Overrides the code the status implies. */
  code?: ErrorCode;
  /** Overrides the `type` slug and title the status implies. */
  slug?: string;
  title?: string;
  headers?: Record<string, string>;
  /** What the caller can do next about this particular failure (MCP tool errors show it). */
  hint?: string;
}

/**
 * The base of every domain exception. Services throw these; the HTTP exception filter turns them
 * into problem records and the MCP layer into `isError` tool results, so a service never decides
 * how its failure is rendered.
 */
export class AppException extends Error {
  readonly status: number;
  readonly code?: ErrorCode;
  readonly slug: string;
  readonly title: string;
  readonly detail?: string;
  readonly headers: Record<string, string>;
  readonly hint?: string;

  constructor(options: AppExceptionOptions) {
    const kind = problemKindFor(options.status);
    super(options.detail ?? kind.title);
    this.name = new.target.name;
    this.status = options.status;
    this.code = options.code ?? kind.code;
    this.slug = options.slug ?? kind.slug;
    this.title = options.title ?? kind.title;
    this.detail = options.detail;
    this.headers = options.headers ?? {};
    this.hint = options.hint;
  }

  /**
   * Members added beside the problem record. Empty for everything but the OAuth errors, which
   * also carry RFC 6749 `error` / `error_description` (DECISIONS.md "Errors").
   */
  extensionMembers(): Record<string, string> {
    return {};
  }

  /** `application/problem+json` except where a protocol requires plain JSON (OAuth). */
  contentType(): string {
    return 'application/problem+json';
  }
}

export class InvalidInputException extends AppException {
  constructor(detail: string) {
    super({ status: 400, detail });
  }
}

export class UnauthorizedException extends AppException {
  constructor(detail: string, headers?: Record<string, string>) {
    super({ status: 401, detail, headers });
  }
}

export class ForbiddenException extends AppException {
  constructor(detail: string, headers?: Record<string, string>) {
    super({ status: 403, detail, headers });
  }
}

/** Also what any id of another account answers, so that existence never leaks across tenants. */
export class ResourceNotFoundException extends AppException {
  constructor(detail: string) {
    super({ status: 404, detail });
  }
}

export class RateLimitedException extends AppException {
  /** `limit` says which limit was reached, in words: "120 token requests per client address per minute". */
  constructor(
    readonly retryAfterSeconds: number,
    headers: Record<string, string>,
    limit: string,
  ) {
    super({
      status: 429,
      detail: `Rate limit reached: ${limit}. Retry after ${retryAfterSeconds} seconds.`,
      headers: { ...headers, 'Retry-After': String(retryAfterSeconds) },
    });
  }
}

/** A dependency is down: the same call may succeed later, so it says when to try again. */
export class ServiceUnavailableException extends AppException {
  constructor(
    detail: string,
    readonly retryAfterSeconds?: number,
    hint?: string,
  ) {
    super({ status: 503, detail, hint, headers: retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : {} });
  }
}

/**
 * Free quota used up and no payment authorization that covers the call: HTTP 402 with no code
 * (DECISIONS.md "Errors"), even when raised inside a tool call.
 */
export class PaymentRequiredException extends AppException {
  constructor(detail: string) {
    super({ status: 402, detail });
  }
}
