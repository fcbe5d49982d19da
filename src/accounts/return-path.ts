export const DEFAULT_RETURN_PATH = '/signed-in';

/**
 * Where to send the browser after signing in: a path on this site only. Anything that a browser
 * could read as another origin (`//host`, `/\host`, a scheme, control characters) is replaced by
 * the default, so the sign-in page cannot be used as an open redirect.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 4096) return DEFAULT_RETURN_PATH;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return DEFAULT_RETURN_PATH;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return DEFAULT_RETURN_PATH;
  return value;
}
