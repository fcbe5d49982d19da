import { describe, expect, it } from '@jest/globals';
import { ConfigurationError, loadConfiguration } from './app-config.js';
import { registrationPricing, resolveUsagePlan, USAGE_PLAN } from './usage-plan.js';

describe('the price and quota table', () => {
  it("defaults to the spec's values", () => {
    expect(loadConfiguration({}).usagePlan).toBe(USAGE_PLAN);
    expect(registrationPricing(USAGE_PLAN)).toEqual({
      pitch_deck_precheck: '$0.50 per check',
      credit_memo_drafting: '$4.99 per memo',
      entity_compliance: '$0.60 per check',
      document_intelligence: '$0.06 per page',
    });
  });

  it('applies USAGE_PLAN_OVERRIDES per key and field, keeping the rest', () => {
    const { usagePlan } = loadConfiguration({ USAGE_PLAN_OVERRIDES: '{"fraud_detection":{"priceCents":120},"pitch_deck_precheck":{"machineTrialFree":3}}' });
    expect(usagePlan.fraud_detection).toEqual({ ...USAGE_PLAN.fraud_detection, priceCents: 120 });
    expect(usagePlan.pitch_deck_precheck).toEqual({ ...USAGE_PLAN.pitch_deck_precheck, machineTrialFree: 3 });
    expect(usagePlan.credit_memo_drafting).toBe(USAGE_PLAN.credit_memo_drafting);
  });

  it('names every bad key and field', () => {
    expect(resolveUsagePlan('{"nope":{"priceCents":1},"fraud_detection":{"priceCents":1.5,"unit":"page"}}')).toEqual({
      problems: [
        'USAGE_PLAN_OVERRIDES: unknown usage key nope',
        'USAGE_PLAN_OVERRIDES.fraud_detection.priceCents: must be a non-negative integer (cents or units)',
        'USAGE_PLAN_OVERRIDES.fraud_detection.unit: not one of priceCents, humanMonthlyFree, machineTrialFree',
      ],
    });
    expect(() => loadConfiguration({ USAGE_PLAN_OVERRIDES: 'not json' })).toThrow(ConfigurationError);
  });
});
