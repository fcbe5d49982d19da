import type { Check, Concept, Fact, PageKind, PageLayout } from '../analysis.types.js';
import { pageKind } from '../classification/document-classifier.js';
import { parseAmount } from '../statements/amounts.js';
import { check, type FraudCheck, type Weighing } from './fraud-checks.js';

type Skipped = { id: string; reason: string }[];

/** The total each concept check weighs its terms against: the line a failure is quoted from. */
const CHECKED_TOTAL: Record<string, Concept> = {
  balance_sheet_balances: 'Assets',
  liabilities_and_equity_add_up: 'LiabilitiesAndStockholdersEquity',
  gross_profit_adds_up: 'GrossProfit',
  operating_income_adds_up: 'OperatingIncomeLoss',
};

const STATEMENT_PAGES: ReadonlySet<PageKind> = new Set(['income_statement', 'balance_sheet', 'cash_flow_statement']);

/**
 * How far a failure that looks like a reading failure is still believed: a lost line or a sign read
 * the wrong way breaks a footing as an edit does, and is far more common on documents the reader
 * was not written for.
 */
export const READING_FAILURE_CREDIBILITY = 0.4;

/** The reader's words for a footing it could not test (not every line of the section was placed). */
const NOT_VERIFIED = /^could not verify\b/i;

/**
 * The extraction's statement checks (concept equations, footings, result footings) as arithmetic
 * findings quoting the total they test, with how far each failure is believed:
 * - a check the reader "could not verify" did not run: it is listed in `skipped`;
 * - a check on a page that is not a statement page (a segment table in an earnings release, a
 *   note) is outside the statements and is skipped;
 * - the same line failing in two or more periods is one piece of evidence, discounted: a line the
 *   reader lost or misplaced fails in every column, an edited figure in one;
 * - a failure by exactly twice a figure printed on the page is a sign read the wrong way (a gain
 *   in parentheses among costs), discounted;
 * - a failure on a page read by OCR may be a misread digit (3 for 8, 1 for 7), discounted;
 * - when the reader could not verify part of the statements, the footings it did test count for
 *   the share it could.
 */
export function statementArithmetic(
  extraction: { facts: Fact[]; checks: Check[] },
  pages: PageLayout[],
  skipped: Skipped,
): { checks: FraudCheck[]; weighing: Map<FraudCheck, Weighing> } {
  const kinds = new Map<number, PageKind>();
  const kindOf = (number: number) => {
    const page = pages.find((candidate) => candidate.page === number);
    if (page && !kinds.has(number)) kinds.set(number, pageKind(page));
    return kinds.get(number);
  };
  const ran: { statementCheck: Check; fraudCheck: FraudCheck; line: string; period: string }[] = [];
  let notVerified = 0;
  for (const statementCheck of extraction.checks) {
    if (NOT_VERIFIED.test(statementCheck.detail)) {
      notVerified++;
      skipped.push({ id: statementCheck.id, reason: statementCheck.detail });
      continue;
    }
    const [kind, period = '', ...rest] = statementCheck.id.split(':');
    const total = extraction.facts.find((fact) => fact.concept === CHECKED_TOTAL[kind] && fact.period.end === period.split('/')[0]);
    const evidence = statementCheck.evidence ?? total?.evidence ?? null;
    const page = Number(/:page-(\d+)(?::|$)/.exec(statementCheck.id)?.[1] ?? evidence?.page ?? NaN);
    const pageKindFound = Number.isFinite(page) ? kindOf(page) : undefined;
    if (pageKindFound && !STATEMENT_PAGES.has(pageKindFound)) {
      skipped.push({
        id: statementCheck.id,
        reason: `page ${page} is not a statement page (${pageKindFound}): a table outside the statements (segments, notes, narrative), which their arithmetic does not cover`,
      });
      continue;
    }
    const fraudCheck = check(statementCheck.id, 'arithmetic', 'high', statementCheck.passed, statementCheck.detail, evidence);
    ran.push({ statementCheck, fraudCheck, line: [kind, ...rest].join(':'), period });
  }
  const failedPeriods = new Map<string, number>();
  for (const { fraudCheck, line } of ran) if (!fraudCheck.passed) failedPeriods.set(line, (failedPeriods.get(line) ?? 0) + 1);
  const verifiedShare = ran.length + notVerified > 0 ? ran.length / (ran.length + notVerified) : 1;
  const weighing = new Map<FraudCheck, Weighing>();
  const checks = ran.map(({ fraudCheck, line }) => {
    if (fraudCheck.passed) return fraudCheck;
    const notes: string[] = [];
    let credibility = verifiedShare;
    let group = fraudCheck.id;
    const periods = failedPeriods.get(line) ?? 1;
    if (periods > 1) {
      credibility *= READING_FAILURE_CREDIBILITY;
      group = line;
      notes.push(
        `the same line fails in ${periods} periods: a line the reader lost or misplaced fails in every column, an edited figure in one; counted once, discounted`,
      );
    }
    const sign = signAmbiguity(
      fraudCheck,
      pages.find((page) => page.page === fraudCheck.evidence?.page),
    );
    if (sign !== null) {
      credibility *= READING_FAILURE_CREDIBILITY;
      notes.push(
        `the difference is twice ${sign}, a figure printed on the page: a sign read the wrong way, as a gain in parentheses among costs is, gives this; discounted`,
      );
    }
    if (pages.find((page) => page.page === fraudCheck.evidence?.page)?.ocr) {
      credibility *= READING_FAILURE_CREDIBILITY;
      notes.push('the page was read by OCR, where one misread digit breaks a footing as an edit does: discounted');
    }
    if (verifiedShare < 1)
      notes.push(`the reader could verify ${ran.length} of ${ran.length + notVerified} footings of these statements: counted for that share`);
    const weighed = notes.length ? { ...fraudCheck, detail: `${fraudCheck.detail} (${notes.join('; ')})` } : fraudCheck;
    weighing.set(weighed, { credibility, group });
    return weighed;
  });
  return { checks, weighing };
}

/**
 * The printed figure a failed footing is off by twice, when the reader's detail states the printed
 * total and what its terms came to (`"Operating profit" 5,267 is not … they come to -1,377`).
 */
function signAmbiguity(failed: FraudCheck, page: PageLayout | undefined): string | null {
  if (!page) return null;
  const printed = /^[^"]*"[^"]*"\s+(\(?-?[\d,.]+\)?)/.exec(failed.detail)?.[1];
  const computed = /\b(?:come to|adds? up to)\s+(\(?-?[\d,.]+\)?)/.exec(failed.detail)?.[1];
  const total = printed ? parseAmount(printed)?.value : undefined;
  const terms = computed ? parseAmount(computed)?.value : undefined;
  if (total === undefined || terms === undefined) return null;
  const half = Math.abs(total - terms) / 2;
  if (half < 1) return null;
  for (const line of page.lines)
    for (const cell of line.cells) {
      const amount = parseAmount(cell.text);
      if (amount && Math.abs(Math.abs(amount.value) - half) < 0.5) return cell.text;
    }
  return null;
}
