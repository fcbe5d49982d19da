import { describe, expect, it } from '@jest/globals';
import type { Claim } from '../analysis.types.js';
import { extractFinancialData } from '../builtin-engine.js';
import { layoutFromText } from '../layout/text-layout.js';
import { extractClaims, moneyIn } from './claims.js';

const summary = (claims: Claim[]) => claims.map((claim) => [claim.metric, claim.value, claim.unit, claim.period ?? null]);

describe('moneyIn', () => {
  it.each([
    ['$4.2M', 4200000, 'USD'],
    ['USD 1,200,000', 1200000, 'USD'],
    ['€850k', 850000, 'EUR'],
    ['$1.5 million', 1500000, 'USD'],
    ['2.4m EUR', 2400000, 'EUR'],
    ['£3bn', 3000000000, 'GBP'],
  ])('reads %s', (text, value, currency) => {
    expect(moneyIn(`Figure ${text} here`).map((money) => [money.value, money.currency])).toEqual([[value, currency]]);
  });
});

describe('extractClaims', () => {
  it('reads a traction slide: ARR, growth and customers, each quoting its bullet', () => {
    const { claims } = extractClaims('deck', layoutFromText(['Traction\n• ARR $4.2M\n• 15% month-over-month growth\n• 120 paying customers']));
    expect(summary(claims)).toEqual([
      ['arr', 4200000, 'currency', null],
      ['growth', 15, 'percent', null],
      ['customers', 120, 'count', null],
    ]);
    expect(claims[0]).toMatchObject({ currency: 'USD', evidence: { documentId: 'deck', page: 1, quote: '• ARR $4.2M' } });
  });

  it('takes the period from the sentence, in its printed form', () => {
    const { claims } = extractClaims(
      'deck',
      layoutFromText(['Financial highlights\nWe closed FY2024 with revenue of $12M and a gross margin of 68%.\n2023 revenue: $7.5 million']),
    );
    expect(summary(claims)).toEqual([
      ['revenue', 12000000, 'currency', 'FY2024'],
      ['gross_margin', 68, 'percent', 'FY2024'],
      ['revenue', 7500000, 'currency', '2023'],
    ]);
  });

  it("takes the period from the page's heading when the sentence has none", () => {
    const { claims } = extractClaims('deck', layoutFromText(['2024 in numbers\nRevenue $8.1M\nNet burn $250K per month']));
    expect(summary(claims)).toEqual([
      ['revenue', 8100000, 'currency', '2024'],
      ['burn', 250000, 'currency', '2024'],
    ]);
  });

  it("reads an application's form lines: revenue, amount requested, employees", () => {
    const { claims } = extractClaims(
      'app',
      layoutFromText(['Business Loan Application\nAnnual revenue (2024): $2,400,000\nAmount requested: $250,000\nNumber of employees: 14']),
    );
    expect(summary(claims)).toEqual([
      ['revenue', 2400000, 'currency', '2024'],
      ['raise', 250000, 'currency', null],
      ['employees', 14, 'count', null],
    ]);
  });

  it('reads the raise and the runway of an ask slide', () => {
    const { claims } = extractClaims('deck', layoutFromText(['The Ask\nRaising $5,000,000\n18 months of runway\nHire engineering and sales']));
    expect(summary(claims)).toEqual([
      ['raise', 5000000, 'currency', null],
      ['runway', 18, 'months', null],
    ]);
  });

  it('takes no market size, market growth, retention or share of revenue for a company claim', () => {
    const { claims } = extractClaims(
      'deck',
      layoutFromText([
        'Market Opportunity\nTAM $5,000,000,000\nGrowing 14% a year\nNet revenue retention 125%\nSmall clinics lose 20% of revenue to billing errors',
      ]),
    );
    expect(claims).toEqual([]);
  });

  it('is wired into extractFinancialData for decks and applications only', () => {
    const pages = layoutFromText(['Traction\nARR $4.2M']);
    expect(extractFinancialData('deck', pages, 'pitch_deck').claims).toHaveLength(1);
    expect(extractFinancialData('doc', pages, 'other').claims).toEqual([]);
  });
});
