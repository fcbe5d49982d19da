import type { Claim, Fact, Severity } from '../analysis.types.js';
import { analyseFinancials, type Metric } from '../metrics/quantitative-analysis.js';
import type { Finding, NotEvaluated } from './findings.js';

/**
 * Thresholds of the rules over facts (docs/DECISIONS.md "Risk discovery and claims"). They sit on
 * the weak side of the quantitative bands (metrics/metric-bands.ts), so a risk never contradicts
 * the ratio table a client reads next to it.
 */
export const FINANCIAL_THRESHOLDS = {
  /** Current ratio below 1 is negative working capital; below 0.75 a quarter of current debts are uncovered. */
  workingCapital: { medium: 1, high: 0.75 },
  /** Revenue change in percent: a fall of 5 % is beyond rounding and one-offs; 20 % is a business shrinking. */
  revenueDecline: { medium: -5, high: -20 },
  /** Months of cash at the current burn: under 12 the company must raise within the year; under 6 it is urgent. */
  runwayMonths: { medium: 12, high: 6 },
} as const;

/**
 * The rules that read facts: negative working capital, revenue decline, high leverage and short
 * runway, at the latest period the facts state (analyseFinancials). A rule whose metric lacks an
 * input is not evaluated and says what it lacked; nothing is taken as zero.
 */
export function financialFindings(facts: Fact[], claims: Claim[]): { findings: Finding[]; notEvaluated: NotEvaluated[]; warnings: string[] } {
  const analysis = analyseFinancials(facts);
  const metric = (id: Metric['id']) => analysis.metrics.find((candidate) => candidate.id === id)!;
  const findings: Finding[] = [];
  const notEvaluated: NotEvaluated[] = [];
  const period = analysis.period ? ` for the period ending ${analysis.period.end}` : '';

  const unevaluated = (id: string, ...metrics: Metric[]) => {
    if (metrics.every((m) => m.value === null)) notEvaluated.push({ id, missing: [...new Set(metrics.flatMap((m) => m.missing))] });
    return metrics.every((m) => m.value === null);
  };
  const finding = (id: string, title: string, severity: Severity, detail: string, metrics: Metric[], withClaims: Claim[] = []): Finding => {
    const inputs = metrics.flatMap((m) => m.inputs);
    return {
      id,
      category: 'financial',
      title,
      severity,
      detail,
      evidence: inputs.map((input) => input.evidence),
      facts: inputs.map(({ concept, period: inputPeriod, value, evidence }) => ({ concept, period: inputPeriod, value, evidence })),
      claims: withClaims,
    };
  };

  const current = metric('current_ratio');
  if (!unevaluated('negative_working_capital', current) && current.value !== null && current.value < FINANCIAL_THRESHOLDS.workingCapital.medium) {
    const severity = current.value < FINANCIAL_THRESHOLDS.workingCapital.high ? 'high' : 'medium';
    findings.push(finding('negative_working_capital', 'Negative working capital', severity, `current ratio${period}: ${current.formula}`, [current]));
  }

  const growth = metric('revenue_growth');
  if (!unevaluated('revenue_decline', growth) && growth.value !== null && growth.value <= FINANCIAL_THRESHOLDS.revenueDecline.medium) {
    const severity = growth.value <= FINANCIAL_THRESHOLDS.revenueDecline.high ? 'high' : 'medium';
    findings.push(finding('revenue_decline', 'Revenue decline', severity, `revenue change${period}: ${growth.formula} %`, [growth]));
  }

  const leverage = metric('debt_to_ebitda');
  const gearing = metric('debt_to_equity');
  if (!unevaluated('high_leverage', leverage, gearing)) {
    const debtIsPositive = (m: Metric) => m.inputs.some((input) => input.concept.startsWith('LongTermDebt') && input.value > 0);
    const equity = gearing.inputs.find((input) => input.concept === 'StockholdersEquity');
    const weak: [Metric, Severity][] = [];
    // Above 5× EBITDA (or debt with no positive EBITDA to pay it from) is highly leveraged.
    if (leverage.band === 'weak' && debtIsPositive(leverage)) weak.push([leverage, 'high']);
    // Debt above twice equity is medium; debt with no positive equity under it is high.
    if (gearing.band === 'weak' && debtIsPositive(gearing)) weak.push([gearing, equity && equity.value <= 0 ? 'high' : 'medium']);
    if (weak.length > 0) {
      const severity = weak.some(([, s]) => s === 'high') ? 'high' : 'medium';
      const detail = weak.map(([m]) => `${m.name}${period}: ${m.formula}`).join('; ');
      findings.push(
        finding(
          'high_leverage',
          'High leverage',
          severity,
          detail,
          weak.map(([m]) => m),
        ),
      );
    }
  }

  const runway = metric('runway_months');
  const runwayClaims = claims.filter((claim) => claim.metric === 'runway' && claim.value < FINANCIAL_THRESHOLDS.runwayMonths.medium);
  const runwaySeverity = (months: number): Severity => (months < FINANCIAL_THRESHOLDS.runwayMonths.high ? 'high' : 'medium');
  if (runway.value !== null && runway.value < FINANCIAL_THRESHOLDS.runwayMonths.medium)
    findings.push(finding('short_runway', 'Short cash runway', runwaySeverity(runway.value), `cash runway${period}: ${runway.formula} months`, [runway]));
  else if (runway.value === null && runway.band === 'unknown' && runwayClaims.length === 0) notEvaluated.push({ id: 'short_runway', missing: runway.missing });
  for (const claim of runwayClaims)
    findings.push({
      id: 'short_runway',
      category: 'financial',
      title: 'Short cash runway',
      severity: runwaySeverity(claim.value),
      detail: `the company states ${claim.value} months of runway`,
      evidence: [claim.evidence],
      facts: [],
      claims: [claim],
    });

  return { findings, notEvaluated, warnings: analysis.warnings.filter((warning) => warning.startsWith('conflicting') || warning.includes('other currencies')) };
}
