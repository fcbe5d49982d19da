import { describe, expect, it } from '@jest/globals';
import type { Concept, Fact, Period } from '../analysis.types.js';
import { extractFinancialData } from '../builtin-engine.js';
import { layoutFromText } from '../layout/text-layout.js';
import { analyseFinancials, type Metric } from './quantitative-analysis.js';

const FY24 = { label: 'FY2024', end: '2024-12-31', months: 12 };
const FY23 = { label: 'FY2023', end: '2023-12-31', months: 12 };

function fact(concept: Concept, value: number, period: Period = FY24, documentId = 'doc-1'): Fact {
  return { concept, label: concept, period, value, currency: 'USD', source: 'document', evidence: { documentId, page: 1, quote: `${concept} ${value}` } };
}

const metric = (metrics: Metric[], id: string) => metrics.find((candidate) => candidate.id === id)!;

/** A full year of a healthy borrower: every metric has its inputs. */
const COMPLETE: Fact[] = [
  fact('Revenues', 1000),
  fact('Revenues', 800, FY23),
  fact('CostOfRevenue', 600),
  fact('GrossProfit', 400),
  fact('OperatingIncomeLoss', 150),
  fact('DepreciationDepletionAndAmortization', 50),
  fact('InterestExpense', 20),
  fact('IncomeTaxExpenseBenefit', 30),
  fact('NetIncomeLoss', 100),
  fact('CashAndCashEquivalentsAtCarryingValue', 120),
  fact('AccountsReceivableNetCurrent', 100),
  fact('InventoryNet', 60),
  fact('AssetsCurrent', 300),
  fact('AccountsPayableCurrent', 50),
  fact('LiabilitiesCurrent', 150),
  fact('LongTermDebtCurrent', 40),
  fact('LongTermDebtNoncurrent', 260),
  fact('StockholdersEquity', 400),
  fact('NetCashProvidedByUsedInOperatingActivities', 180),
  fact('PaymentsToAcquirePropertyPlantAndEquipment', 70),
  fact('RepaymentsOfDebt', 60),
];

describe('analyseFinancials', () => {
  it('computes every metric of DOMAIN.md 3 for the latest period, in order, with bands', () => {
    const result = analyseFinancials(COMPLETE);
    expect(result.period).toEqual(FY24);
    expect(result.currency).toBe('USD');
    expect(result.metrics.map((m) => [m.id, m.value, m.band])).toEqual([
      ['dscr', 2.5, 'strong'],
      ['interest_coverage', 7.5, 'strong'],
      ['debt_to_ebitda', 1.5, 'strong'],
      ['debt_to_equity', 0.75, 'strong'],
      ['current_ratio', 2, 'strong'],
      ['quick_ratio', 1.47, 'strong'],
      ['gross_margin', 40, 'strong'],
      ['ebitda_margin', 20, 'strong'],
      ['net_margin', 10, 'strong'],
      ['revenue_growth', 25, 'strong'],
      ['dso', 36.5, 'strong'],
      ['dpo', 30.42, 'strong'],
      ['cash_conversion_cycle', 42.58, 'adequate'],
      ['burn_rate', -9.17, 'strong'],
      ['runway_months', null, 'strong'],
      ['rule_of_40', 45, 'strong'],
      ['fccr', 1.25, 'strong'],
    ]);
    expect(result.metrics.every((m) => m.missing.length === 0)).toBe(true);
  });

  it('derives EBITDA from operating income and D&A, lists both inputs and says what was divided by what', () => {
    const dscr = metric(analyseFinancials(COMPLETE).metrics, 'dscr');
    expect(dscr.formula).toBe(
      'EBITDA 200 (OperatingIncomeLoss 150 + DepreciationDepletionAndAmortization 50) ÷ debt service 80 (InterestExpense 20 + RepaymentsOfDebt 60) = 2.5',
    );
    expect(dscr.inputs.map((input) => [input.concept, input.value, input.evidence.quote])).toEqual([
      ['OperatingIncomeLoss', 150, 'OperatingIncomeLoss 150'],
      ['DepreciationDepletionAndAmortization', 50, 'DepreciationDepletionAndAmortization 50'],
      ['InterestExpense', 20, 'InterestExpense 20'],
      ['RepaymentsOfDebt', 60, 'RepaymentsOfDebt 60'],
    ]);
  });

  it('prefers a stated EBITDA to the derived one', () => {
    const margin = metric(analyseFinancials([...COMPLETE, fact('EBITDA', 210)]).metrics, 'ebitda_margin');
    expect([margin.value, margin.inputs.map((input) => input.concept)]).toEqual([21, ['EBITDA', 'Revenues']]);
  });

  it('uses the current portion of long-term debt as principal when repayments are not stated, and says so', () => {
    const dscr = metric(analyseFinancials(COMPLETE.filter((f) => f.concept !== 'RepaymentsOfDebt')).metrics, 'dscr');
    expect(dscr.value).toBe(3.33);
    expect(dscr.formula).toContain('principal due LongTermDebtCurrent 40 (current portion of long-term debt, as repayments are not stated)');
  });

  it('leaves a metric null with band unknown and names the missing concepts, never guessing', () => {
    const result = analyseFinancials([fact('Revenues', 1000), fact('NetIncomeLoss', -50)]);
    expect(metric(result.metrics, 'net_margin')).toMatchObject({ value: -5, band: 'weak', missing: [] });
    expect(metric(result.metrics, 'dscr')).toMatchObject({
      value: null,
      band: 'unknown',
      inputs: [],
      missing: ['EBITDA', 'OperatingIncomeLoss', 'DepreciationDepletionAndAmortization', 'InterestExpense', 'RepaymentsOfDebt', 'LongTermDebtCurrent'],
    });
    expect(metric(result.metrics, 'revenue_growth')).toMatchObject({ value: null, band: 'unknown', missing: ['Revenues'] });
  });

  it('annualises a quarter for debt to EBITDA and counts its days for DSO', () => {
    const q = { label: 'Three months ended March 31, 2025', end: '2025-03-31', months: 3 };
    const result = analyseFinancials([
      fact('Revenues', 300, q),
      fact('EBITDA', 50, q),
      fact('AccountsReceivableNetCurrent', 100, q),
      fact('LongTermDebtNoncurrent', 800, q),
    ]);
    expect(metric(result.metrics, 'debt_to_ebitda')).toMatchObject({ value: 4, band: 'adequate' });
    expect(metric(result.metrics, 'debt_to_ebitda').formula).toBe(
      'debt LongTermDebtNoncurrent 800 (no current portion stated) ÷ EBITDA 50 × 4 (annualised from 3 months) = 4',
    );
    expect(metric(result.metrics, 'dso').value).toBe(30.42);
  });

  it('compares growth with the prior period of the same length, not the nearest one', () => {
    const q24 = { label: 'Q1 2024', end: '2024-03-31', months: 3 };
    const q25 = { label: 'Q1 2025', end: '2025-03-31', months: 3 };
    const growth = metric(analyseFinancials([fact('Revenues', 110, q25), fact('Revenues', 100, q24), fact('Revenues', 380, FY24)]).metrics, 'revenue_growth');
    expect([growth.value, growth.inputs.map((input) => input.period.end)]).toEqual([10, ['2025-03-31', '2024-03-31']]);
  });

  it('reads flows without a stated length as twelve months and says so', () => {
    const result = analyseFinancials([
      fact('Revenues', 730, { label: '2024', end: '2024-12-31' }),
      fact('AccountsReceivableNetCurrent', 100, { label: '2024', end: '2024-12-31' }),
    ]);
    expect(metric(result.metrics, 'dso')).toMatchObject({
      value: 50,
      formula: 'AccountsReceivableNetCurrent 100 ÷ Revenues 730 × 365 days in the period, period length not stated, read as 12 months = 50',
    });
    expect(result.warnings).toEqual(['the period length is not stated: flows are read as a 12-month period for days, annualised and monthly metrics']);
  });

  it('reads the requested period instead of the latest', () => {
    const result = analyseFinancials([...COMPLETE, fact('Revenues', 700, { label: 'FY2022', end: '2022-12-31', months: 12 })], { periodEnd: '2023-12-31' });
    expect(result.period?.end).toBe('2023-12-31');
    expect(metric(result.metrics, 'revenue_growth').value).toBe(14.29);
  });

  it('resolves two documents disagreeing on a figure by majority, first given on a tie, and reports the conflict', () => {
    const result = analyseFinancials([
      fact('Revenues', 1000, FY24, 'a'),
      fact('Revenues', 900, FY24, 'b'),
      fact('Revenues', 900.2, FY24, 'c'),
      fact('NetIncomeLoss', 90),
    ]);
    expect(metric(result.metrics, 'net_margin').value).toBe(10);
    expect(result.warnings).toEqual([
      'conflicting Revenues for 2024-12-31: 900 (b p. 1), 900.2 (c p. 1); 1,000 (a p. 1); used 900, stated by the most documents (first given on a tie)',
    ]);
    const tie = analyseFinancials([fact('Revenues', 1000, FY24, 'a'), fact('Revenues', 900, FY24, 'b'), fact('NetIncomeLoss', 90)]);
    expect(metric(tie.metrics, 'net_margin').value).toBe(9);
  });

  it('computes burn and runway for a business that burns cash', () => {
    const result = analyseFinancials([
      fact('NetCashProvidedByUsedInOperatingActivities', -220),
      fact('PaymentsToAcquirePropertyPlantAndEquipment', 20),
      fact('CashAndCashEquivalentsAtCarryingValue', 300),
    ]);
    expect(metric(result.metrics, 'burn_rate')).toMatchObject({ value: 20, band: 'adequate', unit: 'currency' });
    expect(metric(result.metrics, 'runway_months')).toMatchObject({ value: 15, band: 'adequate', unit: 'months' });
  });

  it('marks leverage weak when EBITDA or equity is not positive', () => {
    const result = analyseFinancials([
      fact('EBITDA', -10),
      fact('LongTermDebtNoncurrent', 100),
      fact('LongTermDebtCurrent', 0),
      fact('StockholdersEquity', -5),
    ]);
    expect(metric(result.metrics, 'debt_to_ebitda').band).toBe('weak');
    expect(metric(result.metrics, 'debt_to_equity').band).toBe('weak');
  });

  it('returns every metric unknown with a warning when there are no facts', () => {
    const result = analyseFinancials([]);
    expect([result.period, result.metrics.length, result.metrics.every((m) => m.band === 'unknown' && m.value === null)]).toEqual([null, 17, true]);
    expect(result.warnings).toEqual(['no evidence found: no facts to analyse']);
  });

  it('analyses the facts extracted from a statement, with their verbatim evidence', () => {
    const text = [
      'Income Statement',
      '(in thousands of U.S. dollars)',
      'Year ended December 31,\t2024\t2023',
      'Revenue\t2,000\t1,600',
      'Cost of sales\t(1,200)\t(1,000)',
      'Gross profit\t800\t600',
      'Net income\t160\t100',
    ].join('\n');
    const extraction = extractFinancialData('stmt', layoutFromText([text]), 'financial_statement');
    const result = analyseFinancials(extraction.facts);
    expect([result.period?.end, result.currency]).toEqual(['2024-12-31', 'USD']);
    expect(metric(result.metrics, 'revenue_growth')).toMatchObject({ value: 25, band: 'strong' });
    expect(metric(result.metrics, 'gross_margin').inputs.map((input) => input.evidence.quote)).toEqual(['Gross profit 800 600', 'Revenue 2,000 1,600']);
  });
});
