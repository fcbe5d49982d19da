import type { Evidence, PageLayout } from './analysis.types.js';
import { parseAmount } from './statements/amounts.js';

/** DOMAIN.md 4: equal after collapsing every run of whitespace to one space; nothing else is forgiven. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Whether the quote stands verbatim on its page. */
export function isVerbatim(evidence: Evidence, pages: Map<number, string>): boolean {
  const page = pages.get(evidence.page);
  return page !== undefined && onCollapsedPage(collapseWhitespace(page), evidence.quote);
}

function onCollapsedPage(collapsedPage: string, quote: string): boolean {
  const collapsedQuote = collapseWhitespace(quote);
  return collapsedQuote !== '' && collapsedPage.includes(collapsedQuote);
}

/** Whether a figure in the quote, at one of the usual scales, is the value (so the number is on the page). */
export function quoteCarriesValue(quote: string, value: number): boolean {
  const words = quote.split(/\s+/);
  // "1 234 567" prints thousands with spaces: try each word and each run of words it starts.
  const tokens = words.flatMap((word, index) => words.slice(index, index + 4).map((_, length) => words.slice(index, index + length + 1).join(' ')));
  return tokens.some((token) => {
    const amount = parseAmount(printedFigure(token));
    if (!amount) return false;
    // The scales statements state: units, thousands, lakhs, millions, crores, billions.
    return [1, 1e3, 1e5, 1e6, 1e7, 1e9].some(
      (scale) => Math.abs(Math.abs(amount.value) * scale - Math.abs(value)) < 0.5 * Math.max(1, scale / 1e3) || (amount.value === 0 && value === 0),
    );
  });
}

/**
 * A word as a figure: sentence punctuation after it dropped, and the suffixes decks print after a
 * figure ("$4.2M", "850k", "$1.2bn", "35%", "120+") dropped, so "$4.2M" reads 4.2 (which the scales
 * above turn into 4,200,000).
 */
function printedFigure(token: string): string {
  return token
    .trim()
    .replace(/[,;:!?.]+$/, '')
    .replace(/(\d)(?:\+|%|k|m|mm|mn|bn|b)$/i, '$1');
}

/**
 * The last gate before a result leaves (DOMAIN.md 1): every item whose quote is not verbatim on
 * its cited page (or, for a figure, whose value is not printed in its quote) is dropped, and the
 * drops are counted in a warning.
 */
export function keepVerified<T extends { evidence: Evidence | null; value?: unknown }>(
  items: T[],
  pages: PageLayout[] | Map<number, string>,
  what: string,
): { kept: T[]; warnings: string[] } {
  const texts = pages instanceof Map ? pages : new Map(pages.map((page) => [page.page, page.text]));
  // Each page is collapsed once, not once per quote: a long filing yields many quotes per page.
  const collapsed = new Map<number, string>();
  const verbatim = (evidence: Evidence): boolean => {
    const text = texts.get(evidence.page);
    if (text === undefined) return false;
    if (!collapsed.has(evidence.page)) collapsed.set(evidence.page, collapseWhitespace(text));
    return onCollapsedPage(collapsed.get(evidence.page)!, evidence.quote);
  };
  const kept: T[] = [];
  let dropped = 0;
  for (const item of items) {
    const evidence = item.evidence;
    const valueOk = typeof item.value !== 'number' || (evidence !== null && quoteCarriesValue(evidence.quote, item.value));
    if (evidence === null || (verbatim(evidence) && valueOk)) kept.push(item);
    else dropped++;
  }
  return { kept, warnings: dropped > 0 ? [`${dropped} ${what} dropped: quote not verbatim on the cited page or value not in the quote`] : [] };
}
