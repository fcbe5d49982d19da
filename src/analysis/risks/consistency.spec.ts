import { describe, expect, it } from '@jest/globals';
import type { Claim, Concept, Fact } from '../analysis.types.js';
import { layoutFromText } from '../layout/text-layout.js';
import { extractClaims } from './claims.js';
import { claimYear, consistencyFindings } from './consistency.js';
import { discoverRisks } from './risk-discovery.js';

function fact(concept: Concept, value: number, year: number, months: number | undefined = 12): Fact {
  return {
    concept,
    label: concept,
    period: { label: String(year), end: `${year}-12-31`, ...(months ? { months } : {}) },
    value,
    currency: 'USD',
    source: 'document',
    evidence: { documentId: 'statements', page: 2, quote: `${concept} ${value}` },
  };
}

function claim(metric: Claim['metric'], value: number, period: string | undefined, quote = `${metric} ${value}`): Claim {
  const unit = metric === 'growth' || metric === 'gross_margin' ? 'percent' : 'currency';
  return {
    metric,
    value,
    unit,
    ...(unit === 'currency' ? { currency: 'USD' } : {}),
    ...(period ? { period } : {}),
    evidence: { documentId: 'deck', page: 4, quote },
  };
}

describe('consistencyFindings', () => {
  it('finds a deck revenue far above the statements, quoting both', () => {
    const { findings } = consistencyFindings([claim('revenue', 12_000_000, 'FY2024')], [fact('Revenues', 8_100_000, 2024)]);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ id: 'consistency_revenue', category: 'consistency', severity: 'high' });
    expect(findings[0].evidence).toEqual([
      { documentId: 'deck', page: 4, quote: 'revenue 12000000' },
      { documentId: 'statements', page: 2, quote: 'Revenues 8100000' },
    ]);
    expect(findings[0].detail).toContain('overstates');
  });

  it('accepts a rounded claim within half a unit of its last digit or 2 %', () => {
    expect(consistencyFindings([claim('revenue', 8_000_000, '2024')], [fact('Revenues', 8_140_000, 2024)]).findings).toEqual([]);
    expect(consistencyFindings([claim('revenue', 12_000_000, '2024')], [fact('Revenues', 11_600_000, 2024)]).findings).toEqual([]);
    expect(consistencyFindings([claim('revenue', 8_100_000, '2024')], [fact('Revenues', 7_800_000, 2024)]).findings[0]?.severity).toBe('low');
  });

  it('weighs an understatement one step less than an overstatement', () => {
    const { findings } = consistencyFindings([claim('revenue', 6_000_000, '2024')], [fact('Revenues', 8_100_000, 2024)]);
    expect(findings[0].severity).toBe('medium');
    expect(findings[0].detail).toContain('understates');
  });

  it('compares nothing when the year has no statement revenue, or the claim states no year', () => {
    const result = consistencyFindings([claim('revenue', 12_000_000, '2023'), claim('revenue', 9_000_000, undefined)], [fact('Revenues', 8_100_000, 2024)]);
    expect(result.findings).toEqual([]);
    expect(result.notEvaluated).toEqual([
      { id: 'consistency_revenue', missing: ['Revenues for 2023', 'a stated year for the revenue claim "revenue 9000000"'] },
    ]);
  });

  it('does not compare a quarter claim with a year', () => {
    expect(consistencyFindings([claim('revenue', 3_000_000, 'Q3 2024')], [fact('Revenues', 8_100_000, 2024)]).findings).toEqual([]);
  });

  it('finds an ARR above twice the year’s revenue, and not one within it', () => {
    expect(consistencyFindings([claim('arr', 9_000_000, '2024')], [fact('Revenues', 4_000_000, 2024)]).findings[0]?.severity).toBe('medium');
    expect(consistencyFindings([claim('arr', 6_000_000, '2024')], [fact('Revenues', 4_000_000, 2024)]).findings).toEqual([]);
  });

  it('finds a yearly growth claim the statements do not show, and ignores a monthly one', () => {
    const facts = [fact('Revenues', 5_000_000, 2024), fact('Revenues', 4_000_000, 2023)];
    const yearly = consistencyFindings([claim('growth', 80, '2024', 'Revenue grew 80% year-over-year in 2024')], facts);
    expect(yearly.findings[0]).toMatchObject({ id: 'consistency_growth', severity: 'high' });
    expect(consistencyFindings([claim('growth', 27, '2024', 'Revenue grew 27% year-over-year in 2024')], facts).findings).toEqual([]);
    expect(consistencyFindings([claim('growth', 80, '2024', '80% month-over-month growth in 2024')], facts).findings).toEqual([]);
  });

  it('finds a gross margin claim beyond 3 points of the statements', () => {
    const facts = [fact('Revenues', 1000, 2024), fact('CostOfRevenue', 500, 2024)];
    expect(consistencyFindings([claim('gross_margin', 70, 'FY24')], facts).findings[0]?.severity).toBe('high');
    expect(consistencyFindings([claim('gross_margin', 52, 'FY24')], facts).findings).toEqual([]);
  });
});

describe('claimYear', () => {
  it.each([
    ['FY2024', 2024],
    ['FY24', 2024],
    ["FY '23", 2023],
    ['fiscal 2022', 2022],
    ['2024', 2024],
    ['Q3 2024', null],
    ['H1 2025', null],
    [undefined, null],
  ])('reads %s as %s', (period, year) => {
    expect(claimYear(period)).toBe(year);
  });
});

describe('discoverRisks: consistency across a workspace', () => {
  it('compares a deck claim with another document’s statement fact, both quotes verified on their pages', () => {
    const deckPages = layoutFromText(['Financials\nFY2024 revenue of $12M']);
    const statementPages = layoutFromText(['Income statement', 'Total revenue 8,100,000']);
    const deck = { documentId: 'deck', fileName: 'deck.pdf', mimeType: 'application/pdf', pages: deckPages };
    const statements = { documentId: 'statements', fileName: 'fs.pdf', mimeType: 'application/pdf', pages: statementPages };
    const revenue: Fact = { ...fact('Revenues', 8_100_000, 2024), evidence: { documentId: 'statements', page: 2, quote: 'Total revenue 8,100,000' } };
    const result = discoverRisks({ documents: [deck, statements], facts: [revenue], claims: extractClaims('deck', deckPages).claims });
    expect(result.risks.map((risk) => [risk.id, risk.severity])).toEqual([['consistency_revenue', 'high']]);
    expect(result.risks[0].evidence).toEqual([
      { documentId: 'deck', page: 1, quote: 'FY2024 revenue of $12M' },
      { documentId: 'statements', page: 2, quote: 'Total revenue 8,100,000' },
    ]);
    expect(result.risks[0].claims).toHaveLength(1);
    expect(result.risks[0].facts.map((used) => used.value)).toEqual([8_100_000]);
    expect(result.warnings).toEqual([]);
  });
});
