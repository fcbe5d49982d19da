import {
  BUILTIN_ENGINE,
  type Band,
  type Concept,
  type EngineInfo,
  type Evidence,
  type Fact,
  type MetricId,
  type MetricUnit,
  type Period,
} from '../analysis.types.js';
import { FactTable, STOCK_CONCEPTS, format } from './fact-table.js';
import { bandOf } from './metric-bands.js';

export interface MetricInput {
  concept: Concept;
  period: Period;
  value: number;
  evidence: Evidence;
}

export interface Metric {
  id: MetricId;
  name: string;
  value: number | null;
  unit: MetricUnit;
  /** What was divided by what, with the figures. */
  formula: string;
  inputs: MetricInput[];
  band: Band;
  missing: Concept[];
}

/** DOMAIN.md 3, quantitative_analysis_agent. */
export interface QuantitativeAnalysis {
  period: Period | null;
  currency: string | null;
  metrics: Metric[];
  warnings: string[];
  engine: EngineInfo;
}

/** A figure built from facts, with the text that says how. */
interface Term {
  value: number;
  text: string;
  facts: Fact[];
}

/** The concepts whose absence stopped a figure (any one of alternatives would have done). */
class Missing {
  constructor(readonly concepts: Concept[]) {}
}

type Maybe = Term | Missing;

const isTerm = (maybe: Maybe): maybe is Term => !(maybe instanceof Missing);

function missingOf(parts: Maybe[]): Missing {
  return new Missing([...new Set(parts.flatMap((part) => (part instanceof Missing ? part.concepts : [])))]);
}

/** A named sum or difference: `name total (a + b − c)`. */
function combine(name: string, parts: [Maybe, 1 | -1][]): Maybe {
  const terms = parts.map(([part]) => part);
  if (!terms.every(isTerm)) return missingOf(terms);
  const value = parts.reduce((sum, [, sign], index) => sum + sign * terms[index].value, 0);
  const text = terms.map((term, index) => `${index === 0 ? '' : parts[index][1] > 0 ? ' + ' : ' − '}${term.text}`).join('');
  return { value, text: `${name} ${format(value)} (${text})`, facts: terms.flatMap((term) => term.facts) };
}

/** The first alternative that can be computed; else every concept that would have completed one. */
function firstOf(...alternatives: Maybe[]): Maybe {
  return alternatives.find(isTerm) ?? missingOf(alternatives);
}

function scaled(term: Maybe, factor: number, why: string): Maybe {
  if (!isTerm(term) || factor === 1) return term;
  return { value: term.value * factor, text: `${term.text} × ${format(factor)} (${why})`, facts: term.facts };
}

interface Outcome {
  value: number | null;
  formula: string;
  facts: Fact[];
  band?: Band;
}

function quotient(numerator: Term, denominator: Term, factor = 1, factorText = ''): Outcome {
  const facts = [...numerator.facts, ...denominator.facts];
  const formula = `${numerator.text} ÷ ${denominator.text}${factorText}`;
  if (denominator.value === 0) return { value: null, formula: `${formula}: the divisor is zero, so the ratio is undefined`, facts };
  const value = round((numerator.value / denominator.value) * factor);
  return { value, formula: `${formula} = ${format(value)}`, facts };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** One period's facts: stocks at its end, flows over its length. */
class PeriodFacts {
  constructor(
    private readonly table: FactTable,
    readonly end: string,
    readonly months: number | undefined,
  ) {}

  stated(concept: Concept): Maybe {
    const fact = this.table.get(concept, this.end, this.months);
    return fact ? { value: fact.value, text: `${concept} ${format(fact.value)}`, facts: [fact] } : new Missing([concept]);
  }
}

const NAMES: Record<MetricId, [string, MetricUnit]> = {
  dscr: ['Debt service coverage ratio', 'ratio'],
  interest_coverage: ['Interest coverage (EBIT / interest)', 'ratio'],
  debt_to_ebitda: ['Debt to EBITDA', 'ratio'],
  debt_to_equity: ['Debt to equity', 'ratio'],
  current_ratio: ['Current ratio', 'ratio'],
  quick_ratio: ['Quick ratio', 'ratio'],
  gross_margin: ['Gross margin', 'percent'],
  ebitda_margin: ['EBITDA margin', 'percent'],
  net_margin: ['Net margin', 'percent'],
  revenue_growth: ['Revenue growth', 'percent'],
  dso: ['Days sales outstanding', 'days'],
  dpo: ['Days payables outstanding', 'days'],
  cash_conversion_cycle: ['Cash conversion cycle', 'days'],
  burn_rate: ['Monthly cash burn (operating cash flow less capex)', 'currency'],
  runway_months: ['Cash runway', 'months'],
  rule_of_40: ['Rule of 40 (revenue growth + EBITDA margin)', 'percent'],
  fccr: ['Fixed charge coverage ratio', 'ratio'],
};

/**
 * The quantitative_analysis_agent result over facts from one document or a whole workspace: the
 * latest period with facts (or `periodEnd`), the prior period of the same length for growth. A
 * metric whose inputs are missing is null, band unknown, with the missing concepts named.
 */
export function analyseFinancials(facts: Fact[], options: { periodEnd?: string } = {}): QuantitativeAnalysis {
  const warnings: string[] = [];
  const currency = mainCurrency(facts);
  const usable = facts.filter((fact) => fact.currency === null || fact.currency === currency);
  if (usable.length < facts.length) warnings.push(`${facts.length - usable.length} facts in other currencies than ${currency} left out (no conversion)`);
  const table = new FactTable(usable);
  warnings.push(...table.warnings);
  const chosen = table.all();
  const end =
    options.periodEnd ??
    chosen
      .map((fact) => fact.period.end)
      .sort()
      .at(-1);
  const atEnd = chosen.filter((fact) => fact.period.end === end);
  if (end === undefined || atEnd.length === 0) {
    warnings.push(options.periodEnd ? `no facts for the period ending ${options.periodEnd}` : 'no evidence found: no facts to analyse');
    return { period: null, currency, metrics: metricsOf(undefined, undefined), warnings, engine: { ...BUILTIN_ENGINE } };
  }
  const flows = atEnd.filter((fact) => !STOCK_CONCEPTS.has(fact.concept));
  // A statement with a quarter and the year to date at one end: the longest period is the one to read.
  const months = flows
    .map((fact) => fact.period.months)
    .reduce<number | undefined>((longest, m) => (m !== undefined && (longest === undefined || m > longest) ? m : longest), undefined);
  if (flows.length > 0 && months === undefined)
    warnings.push('the period length is not stated: flows are read as a 12-month period for days, annualised and monthly metrics');
  const current = new PeriodFacts(table, end, months);
  const priorEnd = chosen
    .filter((fact) => fact.concept === 'Revenues' && fact.period.end < end && fact.period.months === months)
    .map((fact) => fact.period.end)
    .sort()
    .at(-1);
  const prior = priorEnd ? new PeriodFacts(table, priorEnd, months) : undefined;
  const label = (flows[0] ?? atEnd[0]).period.label;
  return { period: { label, end, ...(months ? { months } : {}) }, currency, metrics: metricsOf(current, prior), warnings, engine: { ...BUILTIN_ENGINE } };
}

/** The currency most facts state; facts without one are kept (unknown, not converted). */
function mainCurrency(facts: Fact[]): string | null {
  const counts = new Map<string, number>();
  for (const fact of facts) if (fact.currency) counts.set(fact.currency, (counts.get(fact.currency) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
}

function metricsOf(current: PeriodFacts | undefined, prior: PeriodFacts | undefined): Metric[] {
  const s = (concept: Concept): Maybe => current?.stated(concept) ?? new Missing([concept]);
  const statedMonths = current?.months;
  const months = statedMonths ?? 12;
  const lengthNote = statedMonths === undefined ? ', period length not stated, read as 12 months' : '';
  const days = round((months * 365) / 12);
  const annualise = (term: Maybe) => scaled(term, 12 / months, `annualised from ${months} months`);

  const revenue = s('Revenues');
  const ebitda = firstOf(
    s('EBITDA'),
    combine('EBITDA', [
      [s('OperatingIncomeLoss'), 1],
      [s('DepreciationDepletionAndAmortization'), 1],
    ]),
  );
  const debt = firstOf(
    combine('debt', [
      [s('LongTermDebtCurrent'), 1],
      [s('LongTermDebtNoncurrent'), 1],
    ]),
    note(s('LongTermDebtNoncurrent'), 'debt', 'no current portion stated'),
    note(s('LongTermDebtCurrent'), 'debt', 'no non-current borrowings stated'),
  );
  const interest = s('InterestExpense');
  // Principal repaid in the period; when the cash-flow statement does not state it, the current
  // portion of long-term debt (principal due within twelve months) stands in, against a year of flows.
  const repaid = combine('debt service', [
    [interest, 1],
    [s('RepaymentsOfDebt'), 1],
  ]);
  const due = combine('debt service', [
    [annualise(interest), 1],
    [note(s('LongTermDebtCurrent'), 'principal due', 'current portion of long-term debt, as repayments are not stated'), 1],
  ]);
  const debtService = { service: firstOf(repaid, due), flows: isTerm(repaid) ? (term: Maybe) => term : annualise };
  const capex = s('PaymentsToAcquirePropertyPlantAndEquipment');
  const operatingCash = s('NetCashProvidedByUsedInOperatingActivities');
  const cash = s('CashAndCashEquivalentsAtCarryingValue');
  const equity = s('StockholdersEquity');

  const ratio = (numerator: Maybe, denominator: Maybe, factor = 1, factorText = ''): Outcome | Missing =>
    isTerm(numerator) && isTerm(denominator) ? quotient(numerator, denominator, factor, factorText) : missingOf([numerator, denominator]);
  const percentOf = (numerator: Maybe) => ratio(numerator, revenue, 100, ' × 100');
  const daysOf = (numerator: Maybe, denominator: Maybe) => ratio(numerator, denominator, days, ` × ${format(days)} days in the period${lengthNote}`);

  const growth = ((): Outcome | Missing => {
    const before = prior?.stated('Revenues') ?? new Missing(['Revenues']);
    if (!isTerm(revenue) || !isTerm(before)) return missingOf([revenue, before]);
    const previous: Term = { ...before, text: `prior-period Revenues ${format(before.value)} (${before.facts[0].period.end})` };
    const change = combine('change in revenue', [
      [revenue, 1],
      [previous, -1],
    ]) as Term;
    return quotient(change, { ...previous, value: Math.abs(previous.value) }, 100, ' × 100');
  })();
  const margin = percentOf(ebitda);
  const burn = ((): Outcome | Missing => {
    const burned = combine('cash burned', [
      [capex, 1],
      [operatingCash, -1],
    ]);
    if (!isTerm(burned)) return burned;
    const value = round(burned.value / months);
    const sense = value > 0 ? '' : ' (not burning: operating cash flow covers capex)';
    return { value, formula: `${burned.text} ÷ ${months} months${lengthNote} = ${format(value)} per month${sense}`, facts: burned.facts };
  })();
  const runway = ((): Outcome | Missing => {
    if (!isTerm(cash) || burn instanceof Missing) return missingOf([cash, ...(burn instanceof Missing ? [burn] : [])]);
    if (burn.value === null || burn.value <= 0)
      return {
        value: null,
        formula: `${cash.text}; no monthly burn (${burn.formula}), so runway is not limited by burn`,
        facts: [...cash.facts, ...burn.facts],
        band: 'strong',
      };
    const value = round(cash.value / burn.value);
    return { value, formula: `${cash.text} ÷ monthly burn ${format(burn.value)} (${burn.formula}) = ${format(value)}`, facts: [...cash.facts, ...burn.facts] };
  })();

  const outcomes: Record<MetricId, Outcome | Missing> = {
    dscr: ratio(debtService.flows(ebitda), debtService.service),
    interest_coverage: ratio(s('OperatingIncomeLoss'), interest),
    debt_to_ebitda: withBand(
      ratio(debt, annualise(ebitda)),
      isTerm(ebitda) && ebitda.value <= 0,
      'EBITDA is not positive: leverage cannot be serviced from earnings',
    ),
    debt_to_equity: withBand(ratio(debt, equity), isTerm(equity) && equity.value <= 0, 'equity is not positive'),
    current_ratio: ratio(s('AssetsCurrent'), s('LiabilitiesCurrent')),
    quick_ratio: ratio(
      firstOf(
        combine('quick assets', [
          [s('CashAndCashEquivalentsAtCarryingValue'), 1],
          [s('AccountsReceivableNetCurrent'), 1],
        ]),
        combine('quick assets', [
          [s('AssetsCurrent'), 1],
          [s('InventoryNet'), -1],
        ]),
      ),
      s('LiabilitiesCurrent'),
    ),
    gross_margin: percentOf(
      firstOf(
        s('GrossProfit'),
        combine('gross profit', [
          [revenue, 1],
          [s('CostOfRevenue'), -1],
        ]),
      ),
    ),
    ebitda_margin: margin,
    net_margin: percentOf(s('NetIncomeLoss')),
    revenue_growth: growth,
    dso: daysOf(s('AccountsReceivableNetCurrent'), revenue),
    dpo: daysOf(s('AccountsPayableCurrent'), s('CostOfRevenue')),
    cash_conversion_cycle: cashConversionCycle(s, days, lengthNote),
    burn_rate: burn,
    runway_months: runway,
    rule_of_40: sumOfPercents(growth, margin),
    fccr: ratio(
      debtService.flows(
        combine('EBITDA less capex and taxes', [
          [ebitda, 1],
          [capex, -1],
          [s('IncomeTaxExpenseBenefit'), -1],
        ]),
      ),
      debtService.service,
    ),
  };

  return (Object.keys(NAMES) as MetricId[]).map((id) => {
    const [name, unit] = NAMES[id];
    const outcome = outcomes[id];
    if (outcome instanceof Missing) {
      return {
        id,
        name,
        value: null,
        unit,
        formula: `not computed: ${outcome.concepts.join(', ')} not stated for the period`,
        inputs: [],
        band: 'unknown',
        missing: outcome.concepts,
      };
    }
    const band: Band = outcome.band ?? (outcome.value === null ? 'unknown' : id === 'burn_rate' ? burnBand(outcome.value, runway) : bandOf(id, outcome.value));
    return { id, name, value: outcome.value, unit, formula: outcome.formula, inputs: inputsOf(outcome.facts), band, missing: [] };
  });
}

function note(term: Maybe, name: string, why: string): Maybe {
  return isTerm(term) ? { ...term, text: `${name} ${term.text} (${why})` } : term;
}

function withBand(outcome: Outcome | Missing, weak: boolean, why: string): Outcome | Missing {
  return outcome instanceof Missing || !weak ? outcome : { ...outcome, formula: `${outcome.formula} (${why})`, band: 'weak' };
}

/** DSO + days inventory outstanding − DPO, each over the same period. */
function cashConversionCycle(s: (concept: Concept) => Maybe, days: number, lengthNote: string): Outcome | Missing {
  const parts = [s('AccountsReceivableNetCurrent'), s('Revenues'), s('InventoryNet'), s('CostOfRevenue'), s('AccountsPayableCurrent')];
  if (!parts.every(isTerm)) return missingOf(parts);
  const [receivable, revenue, inventory, cost, payable] = parts;
  if (revenue.value === 0 || cost.value === 0)
    return { value: null, formula: 'revenue or cost of revenue is zero, so the cycle is undefined', facts: parts.flatMap((part) => part.facts) };
  const dso = (receivable.value / revenue.value) * days;
  const dio = (inventory.value / cost.value) * days;
  const dpo = (payable.value / cost.value) * days;
  const value = round(dso + dio - dpo);
  const formula =
    `DSO ${format(round(dso))} (${receivable.text} ÷ ${revenue.text} × ${format(days)} days) + DIO ${format(round(dio))} (${inventory.text} ÷ ${cost.text} × ${format(days)} days)` +
    ` − DPO ${format(round(dpo))} (${payable.text} ÷ ${cost.text} × ${format(days)} days)${lengthNote} = ${format(value)}`;
  return { value, formula, facts: parts.flatMap((part) => part.facts) };
}

function sumOfPercents(growth: Outcome | Missing, margin: Outcome | Missing): Outcome | Missing {
  if (growth instanceof Missing || margin instanceof Missing) return missingOf([growth, margin].filter((part) => part instanceof Missing));
  if (growth.value === null || margin.value === null)
    return { value: null, formula: 'revenue growth or EBITDA margin is undefined', facts: [...growth.facts, ...margin.facts] };
  const value = round(growth.value + margin.value);
  return {
    value,
    formula: `revenue growth ${format(growth.value)} % + EBITDA margin ${format(margin.value)} % = ${format(value)}`,
    facts: [...growth.facts, ...margin.facts],
  };
}

/** Not burning is strong; burning takes the runway's band, unknown when cash is not stated. */
function burnBand(value: number, runway: Outcome | Missing): Band {
  if (value <= 0) return 'strong';
  return runway instanceof Missing || runway.value === null ? 'unknown' : bandOf('runway_months', runway.value);
}

function inputsOf(facts: Fact[]): MetricInput[] {
  const seen = new Set<string>();
  return facts
    .filter((fact) => {
      const key = `${fact.concept}|${fact.period.end}|${fact.period.months ?? ''}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((fact) => ({ concept: fact.concept, period: fact.period, value: fact.value, evidence: fact.evidence }));
}
