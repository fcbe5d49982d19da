const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Why a redirect URI may not be registered, or null when it may (RFC 9700 2.1, RFC 8252 7.3). */
export function redirectUriProblem(value: string): string | null {
  let uri: URL;
  try {
    uri = new URL(value);
  } catch {
    return `${value} is not an absolute URI`;
  }
  if (uri.hash || value.includes('#')) return `${value} must not contain a fragment`;
  if (uri.username || uri.password) return `${value} must not contain credentials`;
  if (uri.protocol === 'https:') return null;
  if (uri.protocol === 'http:' && LOOPBACK_HOSTS.has(uri.hostname)) return null;
  return `${value} must use https, or http on a loopback address`;
}

/**
 * Exact match, except that a loopback redirect URI matches on any port (RFC 8252 7.3: native
 * clients listen on an ephemeral port).
 */
export function redirectUriMatches(registered: string, presented: string): boolean {
  if (registered === presented) return true;
  let a: URL;
  let b: URL;
  try {
    a = new URL(registered);
    b = new URL(presented);
  } catch {
    return false;
  }
  if (a.protocol !== 'http:' || !LOOPBACK_HOSTS.has(a.hostname)) return false;
  return b.protocol === a.protocol && b.hostname === a.hostname && b.pathname === a.pathname && b.search === a.search && !b.hash && !presented.includes('#');
}
