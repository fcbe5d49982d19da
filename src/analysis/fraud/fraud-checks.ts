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

/** Points a failed check adds to the fraud score (capped at 100); see docs/DECISIONS.md. */
export const SEVERITY_WEIGHTS: Record<Severity, number> = { low: 5, medium: 15, high: 35, critical: 60 };

/** riskLevel from the score: at or above `high` is high, at or above `medium` is medium. */
export const RISK_THRESHOLDS = { medium: 20, high: 50 } as const;

export function scoreOf(checks: FraudCheck[]): { fraudScore: number; riskLevel: 'low' | 'medium' | 'high' } {
  const fraudScore = Math.min(
    100,
    checks.filter((check) => !check.passed).reduce((sum, check) => sum + SEVERITY_WEIGHTS[check.severity], 0),
  );
  return { fraudScore, riskLevel: fraudScore >= RISK_THRESHOLDS.high ? 'high' : fraudScore >= RISK_THRESHOLDS.medium ? 'medium' : 'low' };
}

export function check(id: string, category: FraudCategory, severity: Severity, passed: boolean, detail: string, evidence: Evidence | null = null): FraudCheck {
  return { id, category, passed, severity, detail, evidence };
}
