/**
 * The one table of prices and free amounts (SERVICE-SPEC 8.1 and 8.2, DECISIONS.md "Billing").
 * Machine registration reads the trial from here; the billing module meters against it. Money is
 * in integer cents.
 */
export type UsageKey =
  | 'pitch_deck_precheck'
  | 'credit_memo_drafting'
  | 'document_classification'
  | 'financial_data_extraction'
  | 'quantitative_analysis'
  | 'automated_underwriting'
  | 'fraud_detection'
  | 'risk_discovery'
  | 'entity_compliance';

export type UsageUnit = 'call' | 'page';

/**
 * A usage key's price and free amounts. Which tool it meters is the tool's own declaration
 * (`@McpTool({ metering: { usageKey } })`), checked against this table at start-up.
 */
export interface UsagePlanEntry {
  unit: UsageUnit;
  /** How the price reads to a person: "per check", "per memo", ... */
  unitLabel: string;
  priceCents: number;
  humanMonthlyFree: number;
  machineTrialFree: number;
}

export type UsagePlan = Readonly<Record<UsageKey, UsagePlanEntry>>;

/** The defaults: SERVICE-SPEC 8.1 and 8.2 (USAGE_PLAN_OVERRIDES changes amounts and prices per key). */
export const USAGE_PLAN: UsagePlan = {
  pitch_deck_precheck: { unit: 'call', unitLabel: 'per check', priceCents: 50, humanMonthlyFree: 15, machineTrialFree: 1 },
  credit_memo_drafting: { unit: 'call', unitLabel: 'per memo', priceCents: 499, humanMonthlyFree: 3, machineTrialFree: 1 },
  document_classification: { unit: 'page', unitLabel: 'per page', priceCents: 6, humanMonthlyFree: 10, machineTrialFree: 2 },
  financial_data_extraction: { unit: 'page', unitLabel: 'per page', priceCents: 15, humanMonthlyFree: 5, machineTrialFree: 1 },
  quantitative_analysis: { unit: 'call', unitLabel: 'per analysis', priceCents: 150, humanMonthlyFree: 5, machineTrialFree: 1 },
  // No price in the spec: configurable, documented defaults.
  automated_underwriting: { unit: 'call', unitLabel: 'per decision', priceCents: 200, humanMonthlyFree: 3, machineTrialFree: 1 },
  fraud_detection: { unit: 'call', unitLabel: 'per check', priceCents: 100, humanMonthlyFree: 5, machineTrialFree: 1 },
  risk_discovery: { unit: 'page', unitLabel: 'per page', priceCents: 24, humanMonthlyFree: 0, machineTrialFree: 0 },
  entity_compliance: { unit: 'call', unitLabel: 'per check', priceCents: 60, humanMonthlyFree: 0, machineTrialFree: 0 },
};

/** The four trial keys the machine registration response reports (SERVICE-SPEC 2.2). */
export const REGISTRATION_TRIAL_KEYS = ['pitch_deck_precheck', 'credit_memo_drafting', 'document_classification', 'financial_data_extraction'] as const;

export function formatPrice(entry: UsagePlanEntry): string {
  return `$${(entry.priceCents / 100).toFixed(2)} ${entry.unitLabel}`;
}

/** The registration response's `pricing` (SERVICE-SPEC 2.2 keys). */
export function registrationPricing(plan: UsagePlan): Record<string, string> {
  return {
    pitch_deck_precheck: formatPrice(plan.pitch_deck_precheck),
    credit_memo_drafting: formatPrice(plan.credit_memo_drafting),
    entity_compliance: formatPrice(plan.entity_compliance),
    document_intelligence: formatPrice(plan.document_classification),
  };
}

const OVERRIDABLE = ['priceCents', 'humanMonthlyFree', 'machineTrialFree'] as const;

/**
 * The defaults with USAGE_PLAN_OVERRIDES applied: a JSON object of usage keys, each with any of
 * `priceCents`, `humanMonthlyFree`, `machineTrialFree` (non-negative integers). Returns the plan, or
 * the problems, each naming the key and field.
 */
export function resolveUsagePlan(overrides: string | undefined): { plan: UsagePlan } | { problems: string[] } {
  if (!overrides) return { plan: USAGE_PLAN };
  let parsed: unknown;
  try {
    parsed = JSON.parse(overrides);
  } catch {
    return { problems: ['USAGE_PLAN_OVERRIDES: must be a JSON object'] };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { problems: ['USAGE_PLAN_OVERRIDES: must be a JSON object'] };
  const problems: string[] = [];
  const plan = { ...USAGE_PLAN } as Record<UsageKey, UsagePlanEntry>;
  for (const [key, change] of Object.entries(parsed)) {
    if (!(key in USAGE_PLAN)) {
      problems.push(`USAGE_PLAN_OVERRIDES: unknown usage key ${key}`);
      continue;
    }
    if (typeof change !== 'object' || change === null) {
      problems.push(`USAGE_PLAN_OVERRIDES.${key}: must be an object`);
      continue;
    }
    for (const [field, value] of Object.entries(change as Record<string, unknown>)) {
      if (!(OVERRIDABLE as readonly string[]).includes(field)) problems.push(`USAGE_PLAN_OVERRIDES.${key}.${field}: not one of ${OVERRIDABLE.join(', ')}`);
      else if (!Number.isInteger(value) || (value as number) < 0)
        problems.push(`USAGE_PLAN_OVERRIDES.${key}.${field}: must be a non-negative integer (cents or units)`);
    }
    plan[key as UsageKey] = { ...plan[key as UsageKey], ...(change as Partial<UsagePlanEntry>) };
  }
  return problems.length > 0 ? { problems } : { plan };
}
