import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { CompanyDirectory, normaliseCompanyName, type CompanyTickersDocument } from './company-tickers.js';
import { factsFromCompanyFacts, monthsBetween, type CompanyFactsDocument } from './edgar-company-facts.js';
import { companyFromSubmissions, filingIndexUrl, filingsFromSubmissions, type SubmissionsDocument } from './edgar-submissions.js';

// Trimmed copies of the SEC's own files for Apple Inc. (CIK 320193), in their real shapes.
const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../../test/fixtures/edgar/${name}`, import.meta.url), 'utf8')) as T;
const WWW = 'https://www.sec.gov';

describe('factsFromCompanyFacts', () => {
  const facts = factsFromCompanyFacts(fixture<CompanyFactsDocument>('companyfacts-CIK0000320193.json'), (accession) =>
    filingIndexUrl(WWW, '320193', accession),
  );
  const find = (concept: string, end: string, months?: number) =>
    facts.filter((fact) => fact.concept === concept && fact.period.end === end && fact.period.months === months);

  it('maps an annual duration to a 12-month fact with its filing as evidence', () => {
    expect(find('Revenues', '2024-09-28', 12)).toEqual([
      {
        concept: 'Revenues',
        label: 'Revenue from Contract with Customer, Excluding Assessed Tax',
        period: { label: 'FY ended 2024-09-28', start: '2023-10-01', end: '2024-09-28', months: 12 },
        value: 391_035_000_000,
        currency: 'USD',
        source: 'edgar',
        evidence: {
          source: 'edgar',
          url: 'https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/0000320193-24-000123-index.htm',
          accessionNumber: '0000320193-24-000123',
          form: '10-K',
          filedAt: '2024-11-01',
          element: 'RevenueFromContractWithCustomerExcludingAssessedTax',
        },
      },
    ]);
  });

  it('maps a quarter to a 3-month fact', () => {
    expect(find('Revenues', '2024-06-29', 3)).toEqual([
      expect.objectContaining({ value: 85_777_000_000, period: { label: 'Quarter ended 2024-06-29', start: '2024-03-31', end: '2024-06-29', months: 3 } }),
    ]);
  });

  it('maps a balance-sheet instant to a fact without a length', () => {
    expect(find('Assets', '2024-09-28')).toEqual([expect.objectContaining({ value: 364_980_000_000, period: { label: 'at 2024-09-28', end: '2024-09-28' } })]);
  });

  it('leaves out year-to-date durations (6 and 9 months)', () => {
    expect(facts.filter((fact) => fact.period.months !== undefined && ![3, 12].includes(fact.period.months))).toEqual([]);
    expect(find('Revenues', '2024-03-30', 6)).toEqual([]);
  });

  it('keeps one value per element and period: the framed one, not the restated copies', () => {
    expect(find('Revenues', '2022-09-24', 12)).toHaveLength(1);
    expect(find('Revenues', '2022-09-24', 12)[0].evidence.accessionNumber).toBe('0000320193-24-000123');
  });

  it('reads a concept from the alternative elements filers use, per period', () => {
    expect(find('CostOfRevenue', '2024-09-28', 12)[0]).toMatchObject({ value: 210_352_000_000, evidence: { element: 'CostOfGoodsAndServicesSold' } });
    expect(find('Revenues', '2017-09-30', 12)[0]).toMatchObject({ value: 229_234_000_000, evidence: { element: 'SalesRevenueNet' } });
    expect(find('RepaymentsOfDebt', '2024-09-28', 12)[0]).toMatchObject({ value: 9_958_000_000, evidence: { element: 'RepaymentsOfLongTermDebt' } });
  });

  it('ignores per-share and share-count units and elements outside the vocabulary', () => {
    expect(facts.every((fact) => fact.currency === 'USD')).toBe(true);
    expect(new Set(facts.map((fact) => fact.concept)).has('EarningsPerShareBasic' as never)).toBe(false);
  });

  it('keeps the five latest fiscal years', () => {
    const years = [...new Set(facts.filter((fact) => fact.period.months === 12).map((fact) => fact.period.end))];
    expect(years).toEqual(['2024-09-28', '2023-09-30', '2022-09-24', '2017-09-30', '2016-09-24']);
  });

  it('orders facts newest period first', () => {
    const ends = facts.map((fact) => fact.period.end);
    expect(ends).toEqual([...ends].sort().reverse());
  });
});

describe('monthsBetween', () => {
  it.each([
    ['2023-10-01', '2024-09-28', 12],
    ['2022-09-25', '2023-09-30', 12],
    ['2024-03-31', '2024-06-29', 3],
    ['2023-10-01', '2024-03-30', 6],
    ['2024-01-01', '2024-12-31', 12],
  ])('%s to %s is %i months', (start, end, months) => expect(monthsBetween(start, end)).toBe(months));
});

describe('submissions', () => {
  const submissions = fixture<SubmissionsDocument>('submissions-CIK0000320193.json');

  it('describes the company', () => {
    expect(companyFromSubmissions(submissions)).toEqual({
      name: 'Apple Inc.',
      cik: '0000320193',
      tickers: ['AAPL'],
      exchanges: ['Nasdaq'],
      sic: '3571',
      industry: 'Electronic Computers',
      fiscalYearEnd: '0928',
      stateOfIncorporation: 'CA',
    });
  });

  it('lists the filings of the forms an underwriter reads, newest first, with their primary documents', () => {
    const filings = filingsFromSubmissions(submissions, WWW);
    expect(filings.map((filing) => filing.form)).toEqual(['10-K', '8-K', '10-Q', '10-Q', '8-K', '10-Q', '10-K', '10-Q']);
    expect(filings[0]).toEqual({
      form: '10-K',
      filedAt: '2024-11-01',
      accessionNumber: '0000320193-24-000123',
      url: 'https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm',
      periodOfReport: '2024-09-28',
      description: '10-K',
    });
  });
});

describe('CompanyDirectory', () => {
  const directory = new CompanyDirectory(fixture<CompanyTickersDocument>('company_tickers.json'));

  it('finds a company by ticker in any case and with any class separator', () => {
    expect(directory.byTickerSymbol('aapl')).toEqual({ cik: '0000320193', ticker: 'AAPL', name: 'Apple Inc.' });
    expect(directory.byTickerSymbol('BRK.B').cik).toBe('0001067983');
    expect(directory.byTickerSymbol('brk/a').ticker).toBe('BRK-A');
  });

  it('answers NOT_FOUND for an unknown ticker', () => {
    expect(() => directory.byTickerSymbol('ZZZZ')).toThrow('No company filing with the SEC has the ticker ZZZZ.');
  });

  it('finds a company by its name without the legal form', () => {
    expect(directory.byName('Microsoft').ticker).toBe('MSFT');
    expect(directory.byName('apple inc').ticker).toBe('AAPL');
    expect(directory.byName('Berkshire Hathaway').cik).toBe('0001067983');
    expect(directory.tickersOf('1067983')).toEqual(['BRK-B', 'BRK-A']);
  });

  it('refuses an ambiguous name, listing the candidates with their tickers and CIKs', () => {
    expect(() => directory.byName('First Bancorp')).toThrow(
      'companyName "First Bancorp" matches 2 companies filing with the SEC: FIRST BANCORP /NC/ (ticker FBNC, CIK 0000811589); FIRST BANCORP /PR/ (ticker FBP, CIK 0001057706). Call again with the ticker or cik of the one you mean.',
    );
  });

  it('prefers the exact name over names that start with it', () => {
    expect(directory.byName('Apple').ticker).toBe('AAPL');
    expect(directory.byName('Apple Hospitality').ticker).toBe('APLE');
  });

  it('refuses a name that is only a legal form', () => {
    expect(() => directory.byName('Inc.')).toThrow('companyName: must contain letters or digits beyond legal-form words such as "Inc."');
  });

  it('normalises names: case, accents, punctuation and legal forms', () => {
    expect(normaliseCompanyName('Société Générale S.A.')).toBe('societe generale');
    expect(normaliseCompanyName('AT&T Inc.')).toBe('at and t');
  });
});
