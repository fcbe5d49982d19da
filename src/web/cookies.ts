/**
 * The names of the pages' cookies. On https they carry the `__Host-` prefix: a browser then only
 * accepts them Secure, for Path=/ and from this host itself, so a sibling subdomain cannot plant a
 * session or a CSRF cookie. Plain http (local development) cannot use the prefix.
 */
export function cookieName(base: 'uw_session' | 'uw_csrf', secure: boolean): string {
  return secure ? `__Host-${base}` : base;
}
