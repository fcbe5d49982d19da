import { describe, expect, it } from '@jest/globals';
import { byPeriod, financialFacts, portfolioMetric } from './standard-metrics.mapping.js';

/** A Standard Metrics `Datum` as its API documents it (GET /v1/metrics/). */
const datum = (fields: Record<string, unknown>) => ({
  id: 'dTm1',
  value: '125000.50',
  currency: 'USD',
  converted_value: '125000.50',
  date: '2026-09-30',
  category: 'revenue',
  category_type: 'Money',
  category_id: 'c1',
  cadence: 'quarter',
  is_budget_metric: false,
  budget_id: null,
  custom_metric: null,
  updated_at: '2026-10-12T09:30:00Z',
  created_at: '2026-10-12T09:30:00Z',
  company_id: 'RjX8',
  deleted_at: null,
  archived: false,
  ...fields,
});

const URL = 'https://api.standardmetrics.io/v1/metrics/?company_id=RjX8';

describe('Standard Metrics data points', () => {
  it('maps a quarterly revenue point to a metric with a three-month period ending on its date', () => {
    expect(portfolioMetric(datum({}))).toEqual({
      category: 'revenue',
      period: { label: 'quarter ending 2026-09-30', end: '2026-09-30', months: 3 },
      value: 125000.5,
      text: '125000.50',
      currency: 'USD',
      cadence: 'quarter',
      recordId: 'dTm1',
      updatedAt: '2026-10-12T09:30:00Z',
    });
  });

  it('gives a point-in-time balance a period without months', () => {
    expect(portfolioMetric(datum({ category: 'cash_in_bank', cadence: 'point_in_time' }))!.period).toEqual({ label: 'as of 2026-09-30', end: '2026-09-30' });
  });

  it('names a custom metric by its display name and keeps a non-numeric value as text only', () => {
    const metric = portfolioMetric(datum({ category: 'custom', custom_metric: 'Pilot status', value: 'Signed', currency: null, cadence: 'month' }))!;
    expect(metric).toMatchObject({ category: 'Pilot status', value: null, text: 'Signed', currency: null, period: { months: 1 } });
  });

  it('skips budget and deleted points, which are not actuals', () => {
    expect(portfolioMetric(datum({ is_budget_metric: true }))).toBeNull();
    expect(portfolioMetric(datum({ budget_id: 'yzJm' }))).toBeNull();
    expect(portfolioMetric(datum({ deleted_at: '2026-10-13T00:00:00Z' }))).toBeNull();
  });

  it('skips a point without a date', () => {
    expect(portfolioMetric(datum({ date: null }))).toBeNull();
  });
});

describe('facts from portfolio metrics', () => {
  it('turns statement lines into facts of the DOMAIN.md vocabulary, with the provider as evidence', () => {
    const metrics = [portfolioMetric(datum({}))!, portfolioMetric(datum({ id: 'dTm2', category: 'arr', value: '900000' }))!];
    expect(financialFacts(metrics, URL)).toEqual([
      {
        concept: 'Revenues',
        label: 'revenue',
        period: { label: 'quarter ending 2026-09-30', end: '2026-09-30', months: 3 },
        value: 125000.5,
        currency: 'USD',
        source: 'provider',
        evidence: { source: 'provider', provider: 'portfolio_data', url: URL, recordId: 'dTm1' },
      },
    ]);
  });

  it('makes costs positive and keeps the sign of results', () => {
    const metrics = [
      portfolioMetric(datum({ id: 'a', category: 'cost_of_goods_sold', value: '-4000' }))!,
      portfolioMetric(datum({ id: 'b', category: 'net_income', value: '-2500' }))!,
    ];
    expect(financialFacts(metrics, URL).map(({ concept, value }) => [concept, value])).toEqual([
      ['CostOfRevenue', 4000],
      ['NetIncomeLoss', -2500],
    ]);
  });

  it('makes no fact of a money line without a currency', () => {
    expect(financialFacts([portfolioMetric(datum({ currency: null }))!], URL)).toEqual([]);
  });

  it('orders metrics newest period first, then by category', () => {
    const older = portfolioMetric(datum({ id: 'o', date: '2026-06-30' }))!;
    const newerArr = portfolioMetric(datum({ id: 'n1', category: 'arr' }))!;
    const newerRevenue = portfolioMetric(datum({ id: 'n2' }))!;
    expect([older, newerRevenue, newerArr].sort(byPeriod).map((metric) => metric.recordId)).toEqual(['n1', 'n2', 'o']);
  });
});
