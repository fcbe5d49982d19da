import { InvalidInputException, ResourceNotFoundException } from '../common/errors/app.exception.js';
import { paddedCik } from './edgar-submissions.js';

/** www.sec.gov/files/company_tickers.json: an object of rows keyed "0", "1", ... */
export type CompanyTickersDocument = Record<string, { cik_str: number; ticker: string; title: string }>;

export interface ListedCompany {
  cik: string;
  ticker: string;
  name: string;
}

/** Words that say what legal form a company has, not which company it is. */
const FORM_WORDS = new Set([
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'ltd',
  'limited',
  'plc',
  'llc',
  'lp',
  'llp',
  'sa',
  'ag',
  'nv',
  'se',
  'holdings',
  'holding',
  'group',
  'the',
]);

/** Lower case, accents and punctuation removed, legal-form words dropped: "Apple Inc." → "apple". */
export function normaliseCompanyName(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      // Dotted abbreviations are one word: S.A. is sa, N.V. is nv.
      .replace(/\b(\p{L})\.(\p{L})\b\.?/gu, '$1$2')
      .replace(/&/g, ' and ')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
      .split(' ')
      .filter((word) => word && !FORM_WORDS.has(word))
      .join(' ')
  );
}

/**
 * The SEC's list of listed companies, indexed by ticker, CIK and normalised name. One company can
 * have several tickers (share classes): a CIK's first row is its primary listing.
 */
export class CompanyDirectory {
  private readonly byTicker = new Map<string, ListedCompany>();
  private readonly byCik = new Map<string, ListedCompany[]>();
  private readonly companies: ListedCompany[] = [];

  constructor(document: CompanyTickersDocument) {
    for (const row of Object.values(document)) {
      if (!row || typeof row.cik_str !== 'number' || typeof row.ticker !== 'string' || typeof row.title !== 'string') continue;
      const company = { cik: paddedCik(row.cik_str), ticker: row.ticker.toUpperCase(), name: row.title };
      if (!this.byTicker.has(tickerKey(company.ticker))) this.byTicker.set(tickerKey(company.ticker), company);
      const listings = this.byCik.get(company.cik);
      if (listings) listings.push(company);
      else {
        this.byCik.set(company.cik, [company]);
        this.companies.push(company);
      }
    }
  }

  get size(): number {
    return this.companies.length;
  }

  tickersOf(cik: string): string[] {
    return (this.byCik.get(paddedCik(cik)) ?? []).map((listing) => listing.ticker);
  }

  /** BRK.B, BRK-B and brk/b name the same listing. */
  byTickerSymbol(ticker: string): ListedCompany {
    const company = this.byTicker.get(tickerKey(ticker));
    if (!company) throw new ResourceNotFoundException(`No company filing with the SEC has the ticker ${ticker.toUpperCase()}.`);
    return company;
  }

  /**
   * The one company the name means: an exact match of the normalised name, else the only company
   * whose normalised name starts with it, else whose name contains it as whole words. Several:
   * INVALID_INPUT listing them, so that the caller can pick by ticker or CIK.
   */
  byName(name: string): ListedCompany {
    const wanted = normaliseCompanyName(name);
    if (!wanted) throw new InvalidInputException('companyName: must contain letters or digits beyond legal-form words such as "Inc."');
    const tiers = [
      (candidate: string) => candidate === wanted,
      (candidate: string) => candidate.startsWith(`${wanted} `),
      (candidate: string) => ` ${candidate} `.includes(` ${wanted} `),
    ];
    for (const matches of tiers) {
      const found = this.companies.filter((company) => matches(normaliseCompanyName(company.name)));
      if (found.length === 1) return found[0];
      if (found.length > 1) {
        const listed = found
          .slice(0, 5)
          .map((company) => `${company.name} (ticker ${company.ticker}, CIK ${company.cik})`)
          .join('; ');
        throw new InvalidInputException(
          `companyName "${name}" matches ${found.length} companies filing with the SEC: ${listed}${found.length > 5 ? '; …' : ''}. Call again with the ticker or cik of the one you mean.`,
        );
      }
    }
    throw new ResourceNotFoundException(
      `No listed company filing with the SEC is named "${name}". Companies without a ticker are found by cik only (look it up with EDGAR's company search).`,
    );
  }
}

function tickerKey(ticker: string): string {
  return ticker.toUpperCase().replace(/[.\-/]/g, '');
}
