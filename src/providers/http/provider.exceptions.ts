import { AppException } from '../../common/errors/app.exception.js';

/**
 * How a third party's failure reaches the caller: each names the provider and says what the caller
 * can do, and none carries the request's URL, headers or credentials (they may hold the key).
 */
export class ProviderCredentialsRejectedException extends AppException {
  constructor(displayName: string, providerStatus: number, hint: string) {
    // 403, not 401: the caller's own token is fine; the key it configured for the provider is not.
    super({ status: 403, code: 'UNAUTHORIZED', detail: `${displayName} rejected the credentials configured for it (HTTP ${providerStatus}).`, hint });
  }
}

export class ProviderResourceNotFoundException extends AppException {
  constructor(displayName: string, what: string) {
    super({ status: 404, detail: `${displayName} has no ${what}.`, hint: 'Check the identifier; it must be one the provider knows.' });
  }
}

export class ProviderRequestRejectedException extends AppException {
  constructor(displayName: string, providerStatus: number, providerMessage: string | undefined) {
    super({
      status: 400,
      detail: `${displayName} refused the request (HTTP ${providerStatus})${providerMessage ? `: ${providerMessage}` : '.'}`,
      hint: 'Correct the arguments the provider named and call again.',
    });
  }
}

export class ProviderRateLimitedException extends AppException {
  constructor(
    displayName: string,
    readonly retryAfterSeconds: number,
  ) {
    super({
      status: 429,
      detail: `${displayName} is rate limiting the configured key; retry after ${retryAfterSeconds} seconds.`,
      hint: `Wait ${retryAfterSeconds} seconds, then call again.`,
      headers: { 'Retry-After': String(retryAfterSeconds) },
    });
  }
}

/** The provider failed, timed out, could not be reached, or its circuit is open: try again later. */
export class ProviderUnavailableException extends AppException {
  constructor(
    displayName: string,
    reason: string,
    readonly retryAfterSeconds: number,
  ) {
    super({
      status: 503,
      code: 'INTERNAL_ERROR',
      detail: `${displayName} is unavailable: ${reason}`,
      hint: `The fault is on ${displayName}'s side; call again in ${retryAfterSeconds} seconds.`,
      headers: { 'Retry-After': String(retryAfterSeconds) },
    });
  }
}
