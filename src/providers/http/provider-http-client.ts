import type { LoggerService } from '@nestjs/common';
import {
  BrokenCircuitError,
  ConsecutiveBreaker,
  DelegateBackoff,
  ExponentialBackoff,
  circuitBreaker,
  handleWhen,
  retry,
  type CircuitBreakerPolicy,
  type IBackoff,
  type IRetryBackoffContext,
} from 'cockatiel';
import {
  ProviderCredentialsRejectedException,
  ProviderRateLimitedException,
  ProviderRequestRejectedException,
  ProviderResourceNotFoundException,
  ProviderUnavailableException,
} from './provider.exceptions.js';

export interface ProviderHttpClientOptions {
  /** The provider's key in configuration and logs, e.g. `compliance_b`. */
  provider: string;
  /** The name a caller knows it by, used in every error: "OpenSanctions". */
  displayName: string;
  /** Where its API lives: an operator setting, so that self-hosted instances and tests can be used. */
  baseUrl: string;
  /** What the caller should do when the provider rejects the credentials (401/403). */
  credentialsHint: string;
  /** Per try, including reading the body. */
  timeoutMs?: number;
  /** Tries in all, the first included. */
  attempts?: number;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** A 429 asking for a longer wait than this is handed to the caller instead of waited out. */
  maxRetryAfterSeconds?: number;
  /** Consecutive failed tries (5xx, network, timeout) that open the circuit. */
  breakerThreshold?: number;
  /** How long an open circuit refuses calls before one trial call is let through. */
  breakerHalfOpenAfterMs?: number;
  userAgent?: string;
}

export interface ProviderRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Appended to the base URL. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** Every header value is treated as a secret: none ever reaches an error or a log line. */
  headers?: Record<string, string>;
  json?: unknown;
  /** A form body (`application/x-www-form-urlencoded`), as OAuth token endpoints take; instead of `json`. */
  form?: Record<string, string>;
  /** Further values that must never reach an error or a log line (a key sent in the query). */
  secrets?: string[];
  /**
   * Whether sending the request twice is harmless. GET, PUT and DELETE are; a POST is retried only
   * when the adapter says so (a search is, a payment is not).
   */
  idempotent?: boolean;
  /** What a 404 means, in the caller's words: "company with that domain". */
  notFound?: string;
}

export interface ProviderResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

export const PROVIDER_CLIENT_DEFAULTS = {
  timeoutMs: 10_000,
  attempts: 3,
  initialBackoffMs: 200,
  maxBackoffMs: 5_000,
  maxRetryAfterSeconds: 10,
  breakerThreshold: 5,
  breakerHalfOpenAfterMs: 30_000,
} as const;

/** A try that may succeed if made again: 5xx, 429, a network fault or a timeout. */
class TransientFailure extends Error {
  constructor(
    readonly reason: string,
    /** 429 is the provider protecting itself, not failing: it does not count towards the breaker. */
    readonly rateLimited: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(reason);
  }
}

/**
 * The one HTTP client for third parties (compliance and data providers, the LLM API, EDGAR):
 * fetch with a timeout per try, retries with exponential backoff and decorrelated jitter on 5xx,
 * network faults and timeouts, Retry-After honoured on 429, and a circuit breaker per provider.
 * Failures leave as AppExceptions that name the provider and say what the caller can do; the URL's
 * query, the headers and any declared secret never appear in an error or a log line.
 */
export class ProviderHttpClient {
  private readonly settings: Required<Omit<ProviderHttpClientOptions, 'userAgent'>> & { userAgent?: string };
  private readonly breaker: CircuitBreakerPolicy;

  constructor(
    options: ProviderHttpClientOptions,
    private readonly logger: Pick<LoggerService, 'warn'>,
  ) {
    this.settings = { ...PROVIDER_CLIENT_DEFAULTS, ...options, baseUrl: options.baseUrl.replace(/\/+$/, '') };
    this.breaker = circuitBreaker(
      handleWhen((error) => error instanceof TransientFailure && !error.rateLimited),
      { halfOpenAfter: this.settings.breakerHalfOpenAfterMs, breaker: new ConsecutiveBreaker(this.settings.breakerThreshold) },
    );
    this.breaker.onBreak(() => {
      this.logger.warn({ provider: this.settings.provider }, 'provider circuit opened: calls are refused until a trial call succeeds');
    });
    this.breaker.onReset(() => {
      this.logger.warn({ provider: this.settings.provider }, 'provider circuit closed');
    });
  }

  get provider(): string {
    return this.settings.provider;
  }

  async request<T = unknown>(request: ProviderRequest): Promise<ProviderResponse<T>> {
    const method = request.method ?? 'GET';
    const idempotent = request.idempotent ?? (method !== 'POST' && method !== 'PATCH');
    const secrets = [...Object.values(request.headers ?? {}), ...(request.secrets ?? [])].filter((secret) => secret.length >= 4);
    const policy = retry(
      handleWhen((error) => error instanceof TransientFailure && (idempotent || error.rateLimited) && this.waitable(error)),
      { maxAttempts: this.settings.attempts - 1, backoff: this.backoff() },
    );
    policy.onRetry((event) => {
      const reason = 'error' in event ? event.error.message : 'result';
      this.logger.warn(
        { provider: this.settings.provider, method, path: request.path, attempt: event.attempt, delayMs: Math.round(event.delay), reason },
        'provider call retried',
      );
    });
    try {
      return await policy.execute(() => this.breaker.execute(() => this.attempt<T>(method, request, secrets)));
    } catch (error) {
      throw this.failure(error);
    }
  }

  getJson<T>(path: string, request: Omit<ProviderRequest, 'path' | 'method' | 'json'> = {}): Promise<ProviderResponse<T>> {
    return this.request<T>({ ...request, path, method: 'GET' });
  }

  postJson<T>(path: string, json: unknown, request: Omit<ProviderRequest, 'path' | 'method' | 'json'> = {}): Promise<ProviderResponse<T>> {
    return this.request<T>({ ...request, path, json, method: 'POST' });
  }

  private async attempt<T>(method: string, request: ProviderRequest, secrets: string[]): Promise<ProviderResponse<T>> {
    const url = new URL(this.settings.baseUrl + (request.path.startsWith('/') ? request.path : `/${request.path}`));
    for (const [name, value] of Object.entries(request.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    if (this.settings.userAgent) headers['user-agent'] = this.settings.userAgent;
    if (request.json !== undefined) headers['content-type'] = 'application/json';
    if (request.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const requestBody = request.json !== undefined ? JSON.stringify(request.json) : request.form && new URLSearchParams(request.form).toString();

    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: requestBody,
        signal: AbortSignal.timeout(this.settings.timeoutMs),
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      // By name: the abort's DOMException may come from another realm, where instanceof fails.
      const name = (error as { name?: unknown } | null)?.name;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      throw new TransientFailure(timedOut ? `did not answer within ${this.settings.timeoutMs} ms` : 'could not be reached', false);
    }

    if (response.status === 429) throw new TransientFailure('answered HTTP 429', true, retryAfterMs(response.headers.get('retry-after')));
    if (response.status >= 500) throw new TransientFailure(`answered HTTP ${response.status}`, false, retryAfterMs(response.headers.get('retry-after')));
    const body = parseBody(text, response.headers.get('content-type'));
    if (response.status === 401 || response.status === 403) {
      throw new ProviderCredentialsRejectedException(this.settings.displayName, response.status, this.settings.credentialsHint);
    }
    if (response.status === 404) throw new ProviderResourceNotFoundException(this.settings.displayName, request.notFound ?? 'such resource');
    if (response.status >= 400) {
      throw new ProviderRequestRejectedException(this.settings.displayName, response.status, providerMessage(body, secrets));
    }
    if (body === undefined && text.length > 0) throw new TransientFailure('answered with a body that is not JSON', false);
    return { status: response.status, headers: response.headers, body: body as T };
  }

  /** Retry-After when the provider sent one, else exponential backoff with decorrelated jitter. */
  private backoff(): DelegateBackoff<IRetryBackoffContext<unknown>, IBackoff<unknown> | undefined> {
    const exponential = new ExponentialBackoff({ initialDelay: this.settings.initialBackoffMs, maxDelay: this.settings.maxBackoffMs });
    return new DelegateBackoff((context, previous) => {
      const next = previous ? previous.next(undefined) : exponential.next();
      const failure = 'error' in context.result ? context.result.error : undefined;
      const asked = failure instanceof TransientFailure ? failure.retryAfterMs : undefined;
      return { delay: asked ?? next.duration, state: next };
    });
  }

  /** A 429 that asks for more than the configured wait is handed back rather than waited out. */
  private waitable(failure: TransientFailure): boolean {
    return failure.retryAfterMs === undefined || failure.retryAfterMs <= this.settings.maxRetryAfterSeconds * 1000;
  }

  private failure(error: unknown): unknown {
    const name = this.settings.displayName;
    if (error instanceof BrokenCircuitError) {
      const seconds = Math.max(1, Math.ceil(this.settings.breakerHalfOpenAfterMs / 1000));
      return new ProviderUnavailableException(name, `its recent calls failed, so calls to it are paused for up to ${seconds} seconds.`, seconds);
    }
    if (!(error instanceof TransientFailure)) return error;
    const seconds = Math.max(1, Math.ceil((error.retryAfterMs ?? this.settings.maxBackoffMs) / 1000));
    if (error.rateLimited) return new ProviderRateLimitedException(name, seconds);
    return new ProviderUnavailableException(name, `it ${error.reason}.`, seconds);
  }
}

/** Retry-After as seconds or an HTTP date (RFC 9110 section 10.2.3), in milliseconds. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function parseBody(text: string, contentType: string | null): unknown {
  if (text.length === 0) return null;
  if (contentType && !/json/i.test(contentType)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The provider's own words about a refused request, where its error body has them, cut short and
 * with every secret of the request removed: a provider may echo the key it was sent.
 */
export function providerMessage(body: unknown, secrets: string[]): string | undefined {
  const candidates: unknown[] = [];
  if (typeof body === 'string') candidates.push(body);
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const nested = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>).message : undefined);
    candidates.push(
      record.message,
      record.detail,
      nested(record.error),
      record.error,
      record.error_description,
      Array.isArray(record.errors) ? nested(record.errors[0]) : undefined,
    );
  }
  const found = candidates.find((candidate): candidate is string => typeof candidate === 'string' && candidate.trim().length > 0);
  if (!found) return undefined;
  // Control characters (a provider's body may hold any) would break a log line or a tool result.
  // eslint-disable-next-line no-control-regex
  let message = found.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  for (const secret of secrets) message = message.split(secret).join('[redacted]');
  return message.length > 200 ? `${message.slice(0, 199)}…` : message;
}
