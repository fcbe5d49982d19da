/** The submissions document (data.sec.gov/submissions/CIK##########.json), the parts read here. */
export interface SubmissionsDocument {
  cik: string;
  name: string;
  entityType?: string;
  sic?: string;
  sicDescription?: string;
  tickers?: string[];
  exchanges?: (string | null)[];
  fiscalYearEnd?: string | null;
  stateOfIncorporation?: string | null;
  filings: {
    /** Parallel arrays, one entry per filing, newest first: the SEC's columnar layout. */
    recent: {
      accessionNumber: string[];
      filingDate: string[];
      reportDate: string[];
      form: string[];
      primaryDocument: string[];
      primaryDocDescription?: string[];
    };
  };
}

export interface PublicCompany {
  name: string;
  /** Ten digits, zero-padded, as EDGAR's URLs write it. */
  cik: string;
  tickers: string[];
  exchanges: string[];
  sic: string | null;
  industry: string | null;
  fiscalYearEnd: string | null;
  stateOfIncorporation: string | null;
}

export interface PublicFiling {
  form: string;
  filedAt: string;
  accessionNumber: string;
  /** The filing's primary document on sec.gov. */
  url: string;
  /** The period the filing reports on, when it has one (8-Ks have none). */
  periodOfReport: string | null;
  description: string | null;
}

/**
 * The forms an underwriter reads, amendments included: annual and quarterly reports (domestic and
 * foreign issuers), current reports, and registration statements.
 */
export const FILING_FORMS: ReadonlySet<string> = new Set([
  '10-K',
  '10-K/A',
  '10-Q',
  '10-Q/A',
  '8-K',
  '8-K/A',
  'S-1',
  'S-1/A',
  'F-1',
  'F-1/A',
  '20-F',
  '20-F/A',
  '40-F',
  '40-F/A',
  '6-K',
]);

/** How many of the latest filings of those forms a result lists. */
export const MAX_FILINGS = 40;

export function paddedCik(cik: string | number): string {
  return String(cik).padStart(10, '0');
}

export function companyFromSubmissions(document: SubmissionsDocument): PublicCompany {
  return {
    name: document.name,
    cik: paddedCik(document.cik),
    tickers: document.tickers ?? [],
    exchanges: (document.exchanges ?? []).filter((exchange): exchange is string => typeof exchange === 'string'),
    sic: document.sic || null,
    industry: document.sicDescription || null,
    fiscalYearEnd: document.fiscalYearEnd || null,
    stateOfIncorporation: document.stateOfIncorporation || null,
  };
}

/**
 * The latest filings of FILING_FORMS, newest first, each with the URL of its primary document:
 * {www}/Archives/edgar/data/{cik without zeros}/{accession without dashes}/{primary document}.
 */
export function filingsFromSubmissions(document: SubmissionsDocument, wwwUrl: string): PublicFiling[] {
  const recent = document.filings.recent;
  const cik = String(Number(document.cik));
  const filings: PublicFiling[] = [];
  for (let index = 0; index < recent.accessionNumber.length && filings.length < MAX_FILINGS; index++) {
    const form = recent.form[index];
    if (!FILING_FORMS.has(form)) continue;
    const accessionNumber = recent.accessionNumber[index];
    const folder = `${wwwUrl}/Archives/edgar/data/${cik}/${accessionNumber.replace(/-/g, '')}`;
    const primary = recent.primaryDocument[index];
    filings.push({
      form,
      filedAt: recent.filingDate[index],
      accessionNumber,
      url: primary ? `${folder}/${primary}` : `${folder}/${accessionNumber}-index.htm`,
      periodOfReport: recent.reportDate[index] || null,
      description: recent.primaryDocDescription?.[index] || null,
    });
  }
  return filings;
}

export function filingIndexUrl(wwwUrl: string, cik: string, accessionNumber: string): string {
  return `${wwwUrl}/Archives/edgar/data/${Number(cik)}/${accessionNumber.replace(/-/g, '')}/${accessionNumber}-index.htm`;
}
