import type { Claim, Evidence, RiskCategory, RiskFact, Severity } from '../analysis.types.js';

/** One rule's finding in one place; findings of the same rule are merged into one risk. */
export interface Finding {
  id: string;
  category: RiskCategory;
  title: string;
  severity: Severity;
  /** What this finding saw, in a sentence (figures, the quote's gist). */
  detail: string;
  evidence: Evidence[];
  facts: RiskFact[];
  claims: Claim[];
}

/** A rule that could not be judged, and what it lacked. */
export interface NotEvaluated {
  id: string;
  missing: string[];
}

export const SEVERITY_ORDER: Severity[] = ['low', 'medium', 'high', 'critical'];

export function maxSeverity(a: Severity, b: Severity): Severity {
  return SEVERITY_ORDER.indexOf(a) >= SEVERITY_ORDER.indexOf(b) ? a : b;
}

/** One step down (an understatement weighs less than an overstatement); low stays low. */
export function lowerSeverity(severity: Severity): Severity {
  return SEVERITY_ORDER[Math.max(0, SEVERITY_ORDER.indexOf(severity) - 1)];
}
