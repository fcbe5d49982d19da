import type { Evidence, FraudCategory } from '../analysis.types.js';

export type Severity = 'low' | 'medium' | 'high' | 'critical';

/** One check that ran; `severity` is what a failure weighs, whether or not it failed. */
export interface FraudCheck {
  id: string;
  category: FraudCategory;
  passed: boolean;
  severity: Severity;
  detail: string;
  evidence: Evidence | null;
}

/**
 * Points one failed check of each severity is worth on its own (out of 100); see docs/DECISIONS.md.
 * The risk score (llm-answers.ts) adds them up the same way, so a risk and a failed check of one
 * severity weigh the same.
 */
export const SEVERITY_WEIGHTS: Record<Severity, number> = { low: 5, medium: 15, high: 35, critical: 60 };

/** riskLevel from the score: at or above `high` is high, at or above `medium` is medium. */
export const RISK_THRESHOLDS = { medium: 20, high: 50 } as const;

/**
 * How far a failed check is believed, and what it is one piece of evidence with: the detection
 * lowers `credibility` (0–1) when the failure looks like a reading failure rather than an edit
 * (see `statementArithmetic`), and gives checks that one cause breaks together the same `group`
 * (a statement line failing in every period is one lost line, not several edits).
 */
export interface Weighing {
  credibility: number;
  group: string;
}

/**
 * The fraud score from the failed checks, in two steps (docs/DECISIONS.md, "Fraud score"):
 * - within one family of evidence (the check's category: structure, metadata, arithmetic,
 *   statistics, consistency, duplicates), failures are correlated (one edit breaks a footing and
 *   the total above it; one save rewrites several metadata fields), so they add with diminishing
 *   returns: sorted by weight, the k-th counts 1/k of its weight, and the family's strength is
 *   1 − Π(1 − wₖ/k). One failure is its own weight; several count more, never as much as their sum.
 * - families are independent kinds of evidence and combine as such: 1 − Π(1 − strength).
 * So one failed footing is 35 (medium), and reaches high only with evidence of another kind.
 */
export function scoreOf(
  checks: FraudCheck[],
  weighing: (check: FraudCheck) => Weighing = (check) => ({ credibility: 1, group: check.id }),
): { fraudScore: number; riskLevel: 'low' | 'medium' | 'high' } {
  const families = new Map<FraudCategory, Map<string, number>>();
  for (const failed of checks.filter((check) => !check.passed)) {
    const { credibility, group } = weighing(failed);
    const weight = (SEVERITY_WEIGHTS[failed.severity] / 100) * Math.max(0, Math.min(1, credibility));
    const groups = families.get(failed.category) ?? families.set(failed.category, new Map()).get(failed.category)!;
    groups.set(group, Math.max(groups.get(group) ?? 0, weight));
  }
  let clear = 1;
  for (const groups of families.values()) {
    const weights = [...groups.values()].sort((a, b) => b - a);
    const strength = 1 - weights.reduce((product, weight, index) => product * (1 - weight / (index + 1)), 1);
    clear *= 1 - strength;
  }
  const fraudScore = Math.round(100 * (1 - clear));
  return { fraudScore, riskLevel: fraudScore >= RISK_THRESHOLDS.high ? 'high' : fraudScore >= RISK_THRESHOLDS.medium ? 'medium' : 'low' };
}

export function check(id: string, category: FraudCategory, severity: Severity, passed: boolean, detail: string, evidence: Evidence | null = null): FraudCheck {
  return { id, category, passed, severity, detail, evidence };
}
