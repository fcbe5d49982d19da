import type { PortfolioCompany, PortfolioMetric, ProviderFinancialFact, ReportingPeriod } from '../dto/portfolio-metrics.dto.js';
import { dateOf, isRecord, numberOf, textOf, type JsonRecord } from './json-reading.js';

/**
 * Standard Metrics' standard categories that are financial statement lines, as the US-GAAP
 * concepts of DOMAIN.md 2, so that a portfolio company's reported revenue and an uploaded
 * statement's revenue are the same fact. Operating metrics (ARR, burn, runway, headcount,
 * valuations, ownership) stay metrics: they have no concept in that vocabulary.
 */
export const CONCEPT_OF_CATEGORY: Readonly<Record<string, string>> = {
  revenue: 'Revenues',
  cost_of_goods_sold: 'CostOfRevenue',
  gross_profit: 'GrossProfit',
  total_operating_expenses: 'OperatingExpenses',
  net_operating_profit: 'OperatingIncomeLoss',
  ebitda: 'EBITDA',
  net_income: 'NetIncomeLoss',
  cash_in_bank: 'CashAndCashEquivalentsAtCarryingValue',
  accounts_receivable: 'AccountsReceivableNetCurrent',
  current_assets: 'AssetsCurrent',
  assets: 'Assets',
  accounts_payable: 'AccountsPayableCurrent',
  current_liabilities: 'LiabilitiesCurrent',
  liabilities: 'Liabilities',
  equity: 'StockholdersEquity',
  cash_flow_from_operating_activities: 'NetCashProvidedByUsedInOperatingActivities',
};

/** Costs are positive amounts in XBRL (DOMAIN.md 4), whatever sign the provider stored. */
const COST_CONCEPTS = new Set(['CostOfRevenue', 'OperatingExpenses']);

const MONTHS_OF_CADENCE: Readonly<Record<string, number>> = { month: 1, quarter: 3, half_year: 6, year: 12 };

export function portfolioCompany(record: JsonRecord): PortfolioCompany | null {
  const id = textOf(record.id);
  const name = textOf(record.name);
  if (id === null || name === null) return null;
  return {
    id,
    name,
    slug: textOf(record.slug),
    sector: textOf(record.sector),
    city: textOf(record.city),
    website: textOf(record.website),
    reportingCurrency: textOf(record.reporting_currency),
    fiscalYearEnd: textOf(record.fiscal_year_end),
  };
}

/**
 * A data point (Standard Metrics' `Datum`) as a metric, or null when it is not an actual: budget
 * figures and deleted points are skipped (only actual periods are facts, DOMAIN.md 4), as is a
 * point without a date or category.
 */
export function portfolioMetric(datum: JsonRecord): PortfolioMetric | null {
  if (datum.is_budget_metric === true || (datum.budget_id !== null && datum.budget_id !== undefined) || datum.deleted_at) return null;
  const id = textOf(datum.id);
  const end = dateOf(datum.date);
  const category = textOf(datum.custom_metric) ?? textOf(datum.category);
  if (id === null || end === null || category === null) return null;
  const cadence = textOf(datum.cadence) ?? 'point_in_time';
  return {
    category,
    period: period(end.slice(0, 10), cadence),
    value: numberOf(datum.value),
    text: typeof datum.value === 'string' ? datum.value : typeof datum.value === 'number' ? String(datum.value) : null,
    currency: textOf(datum.currency),
    cadence,
    recordId: id,
    updatedAt: dateOf(datum.updated_at),
  };
}

/** The financial statement lines among the metrics, as facts with the provider as their evidence. */
export function financialFacts(metrics: PortfolioMetric[], evidenceUrl: string): ProviderFinancialFact[] {
  return metrics.flatMap((metric) => {
    const concept = CONCEPT_OF_CATEGORY[metric.category];
    if (!concept || metric.value === null || metric.currency === null) return [];
    const value = COST_CONCEPTS.has(concept) ? Math.abs(metric.value) : metric.value;
    return [
      {
        concept,
        label: metric.category,
        period: metric.period,
        value,
        currency: metric.currency,
        source: 'provider' as const,
        evidence: { source: 'provider' as const, provider: 'portfolio_data' as const, url: evidenceUrl, recordId: metric.recordId },
      },
    ];
  });
}

/** Newest period first; within one period, by category. */
export function byPeriod(a: PortfolioMetric, b: PortfolioMetric): number {
  return b.period.end.localeCompare(a.period.end) || a.category.localeCompare(b.category);
}

function period(end: string, cadence: string): ReportingPeriod {
  const months = MONTHS_OF_CADENCE[cadence];
  if (months === undefined) return { label: `as of ${end}`, end };
  return { label: `${cadence.replace('_', '-')} ending ${end}`, end, months };
}

export function isDatumPage(body: unknown): body is JsonRecord & { results: unknown[] } {
  return isRecord(body) && Array.isArray(body.results);
}
