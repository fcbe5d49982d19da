/** The scopes a person's token may carry (SERVICE-SPEC 5): published by discovery, granted by OAuth. */
export const HUMAN_SCOPES = ['openid', 'email', 'profile'] as const;

/** The three security schemes of SERVICE-SPEC 5, by the names OpenAPI operations refer to. */
export const SECURITY_SCHEMES = { machineClient: 'machineClient', humanClient: 'humanClient', bearerJwt: 'bearerJwt' } as const;
