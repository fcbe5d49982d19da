import { describe, expect, it } from '@jest/globals';
import { isVerbatim, keepVerified, quoteCarriesValue } from './verbatim.js';

const pages = new Map([[1, 'Net sales   1,234\n 1,000\nCost of sales (600)']]);

describe('verbatim gate', () => {
  it('accepts a quote that differs from the page only in runs of whitespace', () => {
    expect(isVerbatim({ documentId: 'd', page: 1, quote: 'Net sales 1,234 1,000' }, pages)).toBe(true);
  });

  it('refuses a quote with any other difference, or on another page', () => {
    expect(isVerbatim({ documentId: 'd', page: 1, quote: 'Net Sales 1,234' }, pages)).toBe(false);
    expect(isVerbatim({ documentId: 'd', page: 2, quote: 'Net sales' }, pages)).toBe(false);
  });

  it("finds a scaled value among the quote's figures", () => {
    expect(quoteCarriesValue('Net sales 1,234 1,000', 1234000)).toBe(true);
    expect(quoteCarriesValue('Cost of sales (600)', 600)).toBe(true);
    expect(quoteCarriesValue('Net sales 1,234 1,000', 1235000)).toBe(false);
  });

  it('finds a figure stated in lakhs or crores (Indian statements) at its scaled value', () => {
    expect(quoteCarriesValue('(a) Inventories 5 871.90 802.44', 8_719_000_000)).toBe(true);
    expect(quoteCarriesValue('Revenue from operations 1,86,423.70', 18_642_370_000)).toBe(true);
  });

  it('reads the figures decks print: scale suffixes, percentages and sentence punctuation', () => {
    expect(quoteCarriesValue('ARR of $4.2M, up from last year', 4200000)).toBe(true);
    expect(quoteCarriesValue('Gross margin 72%.', 72)).toBe(true);
    expect(quoteCarriesValue('120+ paying customers', 120)).toBe(true);
    expect(quoteCarriesValue('Raising $1.5bn', 1500000000)).toBe(true);
    expect(quoteCarriesValue('ARR of $4.2M', 4300000)).toBe(false);
  });

  it('drops what fails and counts the drops in a warning', () => {
    const facts = [
      { value: 1234, evidence: { documentId: 'd', page: 1, quote: 'Net sales 1,234' } },
      { value: 999, evidence: { documentId: 'd', page: 1, quote: 'Net sales 1,234' } },
      { value: 1, evidence: { documentId: 'd', page: 1, quote: 'Invented line 1' } },
    ];
    const { kept, warnings } = keepVerified(facts, pages, 'facts');
    expect(kept).toEqual([facts[0]]);
    expect(warnings).toEqual(['2 facts dropped: quote not verbatim on the cited page or value not in the quote']);
  });
});
