import type { Concept } from '../analysis/analysis.types.js';

/** One reported value in XBRL company facts (data.sec.gov/api/xbrl/companyfacts/CIK##########.json). */
export interface CompanyFactValue {
  /** Present on duration facts (income and cash flow statements); absent on instants (balance sheet). */
  start?: string;
  end: string;
  val: number;
  accn: string;
  fy?: number | null;
  fp?: string | null;
  form: string;
  filed: string;
  /**
   * The calendar period the SEC's frames API assigns this value to (CY2023, CY2023Q4, CY2023Q4I).
   * Only one value per concept and frame carries it (the latest filed), so restated duplicates drop out.
   */
  frame?: string;
}

export interface CompanyFactsDocument {
  cik: number;
  entityName: string;
  facts: Record<string, Record<string, { label: string | null; description?: string | null; units: Record<string, CompanyFactValue[]> }>>;
}

/** A fact in the vocabulary of DOMAIN.md 2, from a filing. */
export interface EdgarFact {
  concept: Concept;
  /** The XBRL element's own label in the filing's taxonomy. */
  label: string;
  period: { label: string; start?: string; end: string; months?: number };
  value: number;
  currency: string;
  source: 'edgar';
  evidence: { source: 'edgar'; url: string; accessionNumber: string; form: string; filedAt: string; element: string };
}

/**
 * Which us-gaap elements state each concept, in order of preference: the concept's own element
 * first, then the elements filers use for the same figure (revenue has been tagged four ways
 * since ASC 606). For one period, the first element with a value wins. EBITDA has no us-gaap
 * element: it is derived downstream from its inputs, never read from a filing.
 */
export const CONCEPT_ELEMENTS: Readonly<Record<Exclude<Concept, 'EBITDA'>, readonly string[]>> = {
  Revenues: [
    'Revenues',
    'RevenueFromContractWithCustomerExcludingAssessedTax',
    'RevenueFromContractWithCustomerIncludingAssessedTax',
    'SalesRevenueNet',
    'SalesRevenueGoodsNet',
  ],
  CostOfRevenue: ['CostOfRevenue', 'CostOfGoodsAndServicesSold', 'CostOfGoodsSold', 'CostOfServices'],
  GrossProfit: ['GrossProfit'],
  OperatingExpenses: ['OperatingExpenses'],
  OperatingIncomeLoss: ['OperatingIncomeLoss'],
  DepreciationDepletionAndAmortization: ['DepreciationDepletionAndAmortization', 'DepreciationAndAmortization', 'DepreciationAmortizationAndAccretionNet'],
  InterestExpense: ['InterestExpense', 'InterestExpenseNonoperating', 'InterestExpenseDebt'],
  IncomeTaxExpenseBenefit: ['IncomeTaxExpenseBenefit'],
  NetIncomeLoss: ['NetIncomeLoss', 'ProfitLoss'],
  CashAndCashEquivalentsAtCarryingValue: ['CashAndCashEquivalentsAtCarryingValue'],
  AccountsReceivableNetCurrent: ['AccountsReceivableNetCurrent'],
  InventoryNet: ['InventoryNet'],
  AssetsCurrent: ['AssetsCurrent'],
  Assets: ['Assets'],
  AccountsPayableCurrent: ['AccountsPayableCurrent'],
  LiabilitiesCurrent: ['LiabilitiesCurrent'],
  Liabilities: ['Liabilities'],
  LongTermDebtCurrent: ['LongTermDebtCurrent', 'LongTermDebtAndCapitalLeaseObligationsCurrent'],
  LongTermDebtNoncurrent: ['LongTermDebtNoncurrent', 'LongTermDebtAndCapitalLeaseObligations'],
  StockholdersEquity: ['StockholdersEquity', 'StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest'],
  LiabilitiesAndStockholdersEquity: ['LiabilitiesAndStockholdersEquity'],
  NetCashProvidedByUsedInOperatingActivities: ['NetCashProvidedByUsedInOperatingActivities'],
  PaymentsToAcquirePropertyPlantAndEquipment: ['PaymentsToAcquirePropertyPlantAndEquipment'],
  RepaymentsOfDebt: ['RepaymentsOfDebt', 'RepaymentsOfLongTermDebt'],
};

/** How many of the latest periods are kept: five fiscal years and eight quarters. */
export const ANNUAL_PERIODS = 5;
export const QUARTERLY_PERIODS = 8;

const DAY_MS = 86_400_000;

/** A duration's length in whole months: 3 for a quarter, 12 for a year (fiscal years of 52/53 weeks included). */
export function monthsBetween(start: string, end: string): number {
  const days = (Date.parse(end) - Date.parse(start)) / DAY_MS + 1;
  return Math.round(days / (365.25 / 12));
}

/**
 * Company facts mapped to DOMAIN.md 2: annual (12-month) and quarterly (3-month) durations and
 * the balance-sheet instants at those periods' ends, in the filing's currency, each with the
 * filing that stated it. Year-to-date durations (6 and 9 months) are left out: the quarters and
 * the years already carry them. Only values the SEC assigned a frame are used, which keeps one value
 * per element and period (the latest filed, restatements included).
 */
export function factsFromCompanyFacts(document: CompanyFactsDocument, filingIndexUrl: (accessionNumber: string) => string): EdgarFact[] {
  const taxonomy = document.facts['us-gaap'] ?? {};
  const candidates: EdgarFact[] = [];
  for (const [concept, elements] of Object.entries(CONCEPT_ELEMENTS) as [Concept, readonly string[]][]) {
    const taken = new Set<string>();
    for (const element of elements) {
      const fact = taxonomy[element];
      if (!fact) continue;
      for (const [unit, values] of Object.entries(fact.units)) {
        if (!/^[A-Z]{3}$/.test(unit)) continue;
        for (const value of values) {
          if (!value.frame || typeof value.val !== 'number' || !Number.isFinite(value.val)) continue;
          const months = value.start ? monthsBetween(value.start, value.end) : undefined;
          if (months !== undefined && months !== 3 && months !== 12) continue;
          const periodKey = `${value.start ?? ''}|${value.end}`;
          if (taken.has(periodKey)) continue;
          taken.add(periodKey);
          candidates.push({
            concept,
            label: fact.label ?? element,
            period: period(value, months),
            value: value.val,
            currency: unit,
            source: 'edgar',
            evidence: { source: 'edgar', url: filingIndexUrl(value.accn), accessionNumber: value.accn, form: value.form, filedAt: value.filed, element },
          });
        }
      }
    }
  }
  return latestPeriods(candidates);
}

function period(value: CompanyFactValue, months: number | undefined): EdgarFact['period'] {
  if (months === undefined) return { label: `at ${value.end}`, end: value.end };
  const label = months === 12 ? `FY ended ${value.end}` : `Quarter ended ${value.end}`;
  return { label, start: value.start, end: value.end, months };
}

/** Keeps the latest ANNUAL_PERIODS years and QUARTERLY_PERIODS quarters, and the instants at their ends. */
function latestPeriods(facts: EdgarFact[]): EdgarFact[] {
  const latest = (months: number, count: number) =>
    new Set([...new Set(facts.filter((fact) => fact.period.months === months).map((fact) => fact.period.end))].sort().reverse().slice(0, count));
  const years = latest(12, ANNUAL_PERIODS);
  const quarters = latest(3, QUARTERLY_PERIODS);
  const kept = facts.filter((fact) =>
    fact.period.months === 12
      ? years.has(fact.period.end)
      : fact.period.months === 3
        ? quarters.has(fact.period.end)
        : years.has(fact.period.end) || quarters.has(fact.period.end),
  );
  return kept.sort((a, b) => b.period.end.localeCompare(a.period.end) || (b.period.months ?? 0) - (a.period.months ?? 0) || a.concept.localeCompare(b.concept));
}
