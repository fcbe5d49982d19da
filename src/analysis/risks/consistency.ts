import type { Claim, Concept, Fact, RiskFact, Severity } from '../analysis.types.js';
import { FactTable, format } from '../metrics/fact-table.js';
import { lowerSeverity, type Finding, type NotEvaluated } from './findings.js';

/**
 * How far a claim may stand from the statements before it is a contradiction (docs/DECISIONS.md
 * "Risk discovery and claims"). A money claim is rounded by whoever wrote it ("$12M"), so it agrees
 * within half a unit of its last printed digit (at least two significant digits assumed) or 2 %
 * of the fact, whichever is larger. Percentages agree within a few points.
 */
export const CONSISTENCY_TOLERANCE = {
  relative: 0.02,
  /** Relative gap bands beyond the tolerance: under 10 % low, under 25 % medium, else high. */
  bands: { medium: 0.1, high: 0.25 },
  growthPoints: { medium: 5, high: 20 },
  marginPoints: { medium: 3, high: 10 },
  /** ARR is a run rate at a date, not the year's revenue: only a run rate above twice the year's revenue contradicts it. */
  arrToRevenue: 2,
} as const;

/** The consistency rule each comparable claim metric belongs to, and its title. */
const RULE_OF_METRIC: Partial<Record<Claim['metric'], string>> = {
  revenue: 'consistency_revenue',
  arr: 'consistency_arr',
  mrr: 'consistency_arr',
  growth: 'consistency_growth',
  gross_margin: 'consistency_gross_margin',
};
const TITLES: Record<string, string> = {
  consistency_revenue: 'Revenue claim contradicts the financial statements',
  consistency_arr: 'Recurring revenue claim out of line with the financial statements',
  consistency_growth: 'Growth claim contradicts the financial statements',
  consistency_gross_margin: 'Gross margin claim contradicts the financial statements',
};

const YEARLY = /\b(?:year-over-year|yoy|y\/y|annual(?:ly)?|yearly|a year|per year)\b/i;

/** The calendar or fiscal year a claim's period names, or null for a quarter, a half or no period. */
export function claimYear(period: string | undefined): number | null {
  if (!period || /\b[QH][1-4]\b|^[QH][1-4]/i.test(period)) return null;
  const match = /((?:19|20)\d{2})|'?(\d{2})$/.exec(period.trim());
  if (!match) return null;
  return match[1] ? Number(match[1]) : 2000 + Number(match[2]);
}

/** Half a unit of the last printed digit, assuming the figure was printed with at least two significant digits. */
function roundingOf(value: number): number {
  const magnitude = Math.abs(value);
  if (magnitude < 1 || !Number.isInteger(magnitude)) return 0;
  let unit = 1;
  while (magnitude % (unit * 10) === 0 && unit * 100 <= magnitude) unit *= 10;
  return unit / 2;
}

/**
 * Consistency risks: a deck's or an application's claims against the statement facts of the same
 * concept and year (revenue, ARR or MRR against revenue, revenue growth, gross margin). A claim
 * without a stated year, or without a fact to compare, gives no risk: it is listed in
 * `notEvaluated`, never compared with a guessed period.
 */
export function consistencyFindings(claims: Claim[], facts: Fact[]): { findings: Finding[]; notEvaluated: NotEvaluated[] } {
  const table = new FactTable(facts);
  const findings: Finding[] = [];
  const notEvaluated = new Map<string, NotEvaluated>();
  const lacking = (id: string, missing: string) => {
    const entry = notEvaluated.get(id) ?? notEvaluated.set(id, { id, missing: [] }).get(id)!;
    if (!entry.missing.includes(missing)) entry.missing.push(missing);
  };
  /** The annual fact of a concept in a year (the latest year end in that year), chosen across documents. */
  const annual = (concept: Concept, year: number, currency: string | null | undefined): Fact | undefined => {
    const ends = [
      ...new Set(
        facts
          .filter((fact) => fact.concept === concept && fact.period.end.startsWith(`${year}-`) && (fact.period.months ?? 12) === 12)
          .filter((fact) => !currency || !fact.currency || fact.currency === currency)
          .map((fact) => fact.period.end),
      ),
    ].sort();
    const end = ends.at(-1);
    if (!end) return undefined;
    return table.get(concept, end, 12) ?? table.get(concept, end, undefined);
  };

  for (const claim of claims) {
    const id = RULE_OF_METRIC[claim.metric];
    if (!id) continue;
    const year = claimYear(claim.period);
    if (year === null) {
      lacking(id, `a stated year for the ${claim.metric} claim "${claim.evidence.quote}"`);
      continue;
    }
    const currency = claim.unit === 'currency' ? claim.currency : undefined;
    if (claim.metric === 'revenue') {
      const revenue = annual('Revenues', year, currency);
      if (!revenue) lacking(id, `Revenues for ${year}`);
      else {
        const finding = revenueFinding(claim, revenue);
        if (finding) findings.push(finding);
      }
    } else if (claim.metric === 'arr' || claim.metric === 'mrr') {
      const revenue = annual('Revenues', year, currency);
      if (!revenue) lacking(id, `Revenues for ${year}`);
      else {
        const runRate = claim.metric === 'mrr' ? claim.value * 12 : claim.value;
        if (runRate > CONSISTENCY_TOLERANCE.arrToRevenue * revenue.value && revenue.value > 0)
          findings.push(
            finding(
              id,
              'medium',
              `the ${claim.metric.toUpperCase()} claimed for ${claim.period} (${format(claim.value)}${claim.metric === 'mrr' ? `, ${format(runRate)} a year` : ''}) is ${format(runRate / revenue.value)}× the statements' revenue for ${revenue.period.label} (${format(revenue.value)})`,
              claim,
              [revenue],
            ),
          );
      }
    } else if (claim.metric === 'growth') {
      // Only a yearly growth claim compares with the statements' year-on-year revenue.
      if (!YEARLY.test(claim.evidence.quote)) continue;
      const now = annual('Revenues', year, undefined);
      const before = annual('Revenues', year - 1, undefined);
      if (!now || !before || before.value === 0) lacking(id, `Revenues for ${year} and ${year - 1}`);
      else {
        const actual = ((now.value - before.value) / Math.abs(before.value)) * 100;
        const severity = pointsSeverity(claim.value - actual, CONSISTENCY_TOLERANCE.growthPoints);
        if (severity)
          findings.push(
            finding(
              id,
              severity,
              `growth claimed for ${claim.period}: ${format(claim.value)} %; the statements show ${format(round(actual))} % (revenue ${format(before.value)} to ${format(now.value)})`,
              claim,
              [before, now],
            ),
          );
      }
    } else {
      const revenue = annual('Revenues', year, undefined);
      const gross = annual('GrossProfit', year, undefined);
      const cost = annual('CostOfRevenue', year, undefined);
      if (!revenue || revenue.value === 0 || (!gross && !cost)) lacking(id, `Revenues with GrossProfit or CostOfRevenue for ${year}`);
      else {
        const used = gross ? [revenue, gross] : [revenue, cost!];
        const actual = ((gross ? gross.value : revenue.value - cost!.value) / revenue.value) * 100;
        const severity = pointsSeverity(claim.value - actual, CONSISTENCY_TOLERANCE.marginPoints);
        if (severity)
          findings.push(
            finding(
              id,
              severity,
              `gross margin claimed for ${claim.period}: ${format(claim.value)} %; the statements show ${format(round(actual))} %`,
              claim,
              used,
            ),
          );
      }
    }
  }
  return { findings, notEvaluated: [...notEvaluated.values()] };
}

/** A revenue claim against the statements' revenue of its year, or null when they agree within the tolerance. */
function revenueFinding(claim: Claim, revenue: Fact): Finding | null {
  const gap = claim.value - revenue.value;
  const tolerance = Math.max(CONSISTENCY_TOLERANCE.relative * Math.abs(revenue.value), roundingOf(claim.value));
  if (Math.abs(gap) <= tolerance) return null;
  const relative = revenue.value === 0 ? Infinity : Math.abs(gap) / Math.abs(revenue.value);
  const { bands } = CONSISTENCY_TOLERANCE;
  const severity: Severity = relative >= bands.high ? 'high' : relative >= bands.medium ? 'medium' : 'low';
  const direction = gap > 0 ? 'overstates' : 'understates';
  return finding(
    'consistency_revenue',
    gap > 0 ? severity : lowerSeverity(severity),
    `the revenue claimed for ${claim.period} (${format(claim.value)}) ${direction} the statements' revenue for ${revenue.period.label} (${format(revenue.value)}) by ${format(round(relative * 100))} %`,
    claim,
    [revenue],
  );
}

/** Severity of a gap in percentage points; an understatement weighs one step less. */
function pointsSeverity(gap: number, bands: { medium: number; high: number }): Severity | null {
  const size = Math.abs(gap);
  if (size <= bands.medium) return null;
  const severity: Severity = size > bands.high ? 'high' : 'medium';
  return gap > 0 ? severity : lowerSeverity(severity);
}

function finding(id: string, severity: Severity, detail: string, claim: Claim, facts: Fact[]): Finding {
  const used: RiskFact[] = facts.map(({ concept, period, value, evidence }) => ({ concept, period, value, evidence }));
  return {
    id,
    category: 'consistency',
    title: TITLES[id],
    severity,
    detail,
    evidence: [claim.evidence, ...facts.map((fact) => fact.evidence)],
    facts: used,
    claims: [claim],
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
