import { AppException } from './app.exception.js';

/** RFC 6749 5.2, RFC 7591 3.2.2, RFC 8707 and RFC 6750 error names the OAuth endpoints answer with. */
export type OAuthErrorName =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'access_denied'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata';

/**
 * An OAuth error: the problem record plus `error` and `error_description`, served as
 * application/json so that any OAuth client can read it (DECISIONS.md "Errors"). The problem
 * `type` ends in the OAuth error name.
 */
export class OAuthException extends AppException {
  constructor(
    readonly error: OAuthErrorName,
    readonly errorDescription: string,
    options: { status?: number; headers?: Record<string, string> } = {},
  ) {
    const status = options.status ?? (error === 'invalid_client' ? 401 : 400);
    super({ status, detail: errorDescription, slug: error, headers: options.headers });
  }

  override extensionMembers(): Record<string, string> {
    return { error: this.error, error_description: this.errorDescription };
  }

  override contentType(): string {
    return 'application/json';
  }
}
