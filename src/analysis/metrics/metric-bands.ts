import type { Band, MetricId } from '../analysis.types.js';

/**
 * `strong` and `weak` are the two cut-offs: with `higherIsBetter`, a value at or above `strong` is
 * strong and one below `weak` is weak; otherwise at or below `strong` is strong and above `weak` is
 * weak. What lies between is adequate. burn_rate has none: it takes the runway's band.
 */
export const BANDS: Record<Exclude<MetricId, 'burn_rate'>, { strong: number; weak: number; higherIsBetter: boolean }> = {
  dscr: { strong: 1.25, weak: 1.0, higherIsBetter: true },
  fccr: { strong: 1.25, weak: 1.0, higherIsBetter: true },
  interest_coverage: { strong: 3, weak: 1.5, higherIsBetter: true },
  debt_to_ebitda: { strong: 3, weak: 5, higherIsBetter: false },
  debt_to_equity: { strong: 1, weak: 2, higherIsBetter: false },
  current_ratio: { strong: 1.5, weak: 1.0, higherIsBetter: true },
  quick_ratio: { strong: 1.0, weak: 0.7, higherIsBetter: true },
  gross_margin: { strong: 40, weak: 20, higherIsBetter: true },
  ebitda_margin: { strong: 15, weak: 5, higherIsBetter: true },
  net_margin: { strong: 10, weak: 0, higherIsBetter: true },
  revenue_growth: { strong: 10, weak: 0, higherIsBetter: true },
  dso: { strong: 45, weak: 60, higherIsBetter: false },
  dpo: { strong: 60, weak: 90, higherIsBetter: false },
  cash_conversion_cycle: { strong: 30, weak: 60, higherIsBetter: false },
  runway_months: { strong: 18, weak: 12, higherIsBetter: true },
  rule_of_40: { strong: 40, weak: 20, higherIsBetter: true },
};

export function bandOf(id: Exclude<MetricId, 'burn_rate'>, value: number): Band {
  const { strong, weak, higherIsBetter } = BANDS[id];
  if (higherIsBetter) return value >= strong ? 'strong' : value >= weak ? 'adequate' : 'weak';
  return value <= strong ? 'strong' : value <= weak ? 'adequate' : 'weak';
}
