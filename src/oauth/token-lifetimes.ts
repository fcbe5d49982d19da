/** SERVICE-SPEC 5.2: machine tokens live 3600 s; human access tokens the same (DECISIONS: 1 hour). */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600;
/** Refresh tokens: 30 days, renewed by every rotation (sliding). */
export const REFRESH_TOKEN_LIFETIME_SECONDS = 30 * 24 * 3600;
/** Authorization codes: at most 10 minutes (RFC 6749 4.1.2, DECISIONS.md). */
export const AUTHORIZATION_CODE_LIFETIME_SECONDS = 600;
