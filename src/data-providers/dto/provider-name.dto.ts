/**
 * The provider kinds a caller can configure a key for (SERVICE-SPEC 4.4). Published here, on the
 * module's public surface, for the modules that call a provider with the caller's key.
 */
export const PROVIDER_NAMES = ['compliance_a', 'compliance_b', 'company_data', 'crm', 'portfolio_data', 'sharelink'] as const;

export type ProviderName = (typeof PROVIDER_NAMES)[number];
