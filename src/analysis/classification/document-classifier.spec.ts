import { describe, expect, it } from '@jest/globals';
import { layoutFromText } from '../layout/text-layout.js';
import { classifyDocument, pageKind } from './document-classifier.js';

describe('classifyDocument', () => {
  it('classifies a term sheet from several cues, each quoting its line', () => {
    const result = classifyDocument(
      'd',
      layoutFromText([
        'Summary of Principal Terms\nThis term sheet is non-binding.\nPre-Money Valuation\t$12,000,000\nLiquidation Preference\t1x non-participating',
      ]),
    );
    expect(result.documentType).toBe('term_sheet');
    expect(result.signals.map((signal) => signal.name)).toEqual(['term_sheet:term_sheet_title', 'term_sheet:valuation_terms', 'term_sheet:non_binding']);
    expect(result.signals[0].evidence).toEqual({ documentId: 'd', page: 1, quote: 'Summary of Principal Terms' });
    expect(result.alternatives[0].documentType).toBe('other');
  });

  it('leaves a document with one weak cue as "other"', () => {
    const result = classifyDocument('d', layoutFromText(['Notes from the team lunch.\nWe talked about the product roadmap and the holidays.']));
    expect(result.documentType).toBe('other');
  });

  it('does not call a document a legal agreement for the word "agreement" alone', () => {
    const result = classifyDocument(
      'd',
      layoutFromText(['Business Loan Application\nAmount requested: ____\nPurpose of loan: ____\nThe applicant is in agreement with the terms.']),
    );
    expect(result.documentType).toBe('loan_application');
  });

  it('reports a page without text as image_only and says it was not read', () => {
    const result = classifyDocument('d', layoutFromText(['']));
    expect(result.pages).toEqual([{ page: 1, kind: 'image_only', ocr: false, chars: 0 }]);
    expect(result.warnings[0]).toContain('no text was read on these pages, which have no text layer');
  });
});

describe('pageKind', () => {
  it('tells a transaction list by its dated rows with amounts', () => {
    const rows = Array.from({ length: 5 }, (_, index) => `03/0${index + 1}\tCARD PURCHASE\t12.50\t1,000.00`).join('\n');
    expect(pageKind(layoutFromText([`Date\tDescription\tAmount\tBalance\n${rows}`])[0])).toBe('transactions');
  });

  it('tells a balance sheet by its title', () => {
    expect(pageKind(layoutFromText(['Consolidated Balance Sheets\nTotal assets\t1,000'])[0])).toBe('balance_sheet');
  });
});
