import { describe, expect, it } from '@jest/globals';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Fact } from '../analysis.types.js';
import { readPdfLayout } from '../layout/pdf-layout.js';
import { layoutFromText } from '../layout/text-layout.js';
import { transactionFingerprint, readTransactions } from './bank-transactions.js';
import { detectFraud } from './fraud-detection.js';
import { readPdfStructure, pdfDate } from './pdf-structure.js';
import { appendInfoUpdate, changePrintedAmount, pdfDateString } from './tampering.js';

const CREATED = new Date('2025-02-01T10:00:00Z');

/** A one-page bank statement: opening balance, dated lines with debit/credit/balance columns, closing balance. */
async function bankStatementPdf(rows: [string, string, number][], opening = 1000): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setCreationDate(CREATED);
  pdf.setModificationDate(CREATED);
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  let y = 740;
  const money = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const draw = (text: string, x: number, align: 'left' | 'right' = 'left') =>
    page.drawText(text, { x: align === 'right' ? x - font.widthOfTextAtSize(text, 9) : x, y, size: 9, font });
  draw('Business Checking Account Statement', 50);
  y -= 14;
  draw(`Opening balance ${money(opening)}`, 50);
  y -= 14;
  draw('Date', 50);
  draw('Description', 110);
  draw('Withdrawals', 430, 'right');
  draw('Deposits', 510, 'right');
  draw('Balance', 590, 'right');
  y -= 14;
  let balance = opening;
  for (const [date, description, amount] of rows) {
    balance = Math.round((balance + amount) * 100) / 100;
    draw(date, 50);
    draw(description, 110);
    draw(money(Math.abs(amount)), amount < 0 ? 430 : 510, 'right');
    draw(money(balance), 590, 'right');
    y -= 14;
  }
  draw(`Closing balance ${money(balance)}`, 50);
  return pdf.save();
}

const ROWS: [string, string, number][] = [
  ['03/02', 'ACH PAYMENT PAYROLL', -812.4],
  ['03/05', 'CUSTOMER PAYMENT INV-311', 2150.55],
  ['03/09', 'UTILITY PAYMENT', -96.13],
  ['03/15', 'WIRE TRANSFER IN', 5310],
];

const idsOf = (result: ReturnType<typeof detectFraud>, passed: boolean) => result.checks.filter((check) => check.passed === passed).map((check) => check.id);

describe('readPdfStructure', () => {
  it('reads a pdf-lib file packed in object streams: one save, no actions, its Info dictionary', async () => {
    const structure = readPdfStructure(await bankStatementPdf(ROWS));
    expect(structure).toMatchObject({ isPdf: true, eofMarkers: 1, javascript: false, autoActions: [], embeddedFiles: false, xmp: null });
    expect(structure.info).toMatchObject({ creationDate: '2025-02-01T10:00:00.000Z', modDate: '2025-02-01T10:00:00.000Z' });
    expect(structure.info.producer).toContain('pdf-lib');
  });

  it('sees an appended update, hex-escaped JavaScript names and an XMP packet', () => {
    const body = [
      '%PDF-1.7',
      '1 0 obj << /Type /Catalog /OpenAction 3 0 R /Metadata 4 0 R >> endobj',
      '3 0 obj << /S /J#61vaScript /JS (app.alert(1)) >> endobj',
      '4 0 obj << /Type /Metadata /Subtype /XML /Length 10 >> stream',
      '<x:xmpmeta><rdf:Description pdf:Producer="Sejda 1.2" xmp:CreateDate="2024-01-01T00:00:00Z"/></x:xmpmeta>',
      'endstream endobj',
      "2 0 obj << /Producer <FEFF00530061> /CreationDate (D:20240101000000+01'00') >> endobj",
      'trailer << /Size 5 /Root 1 0 R /Info 2 0 R >> startxref 0 %%EOF',
    ].join('\n');
    const structure = readPdfStructure(appendInfoUpdate(Buffer.from(body, 'latin1'), { Producer: 'iLovePDF' }));
    expect(structure).toMatchObject({
      eofMarkers: 2,
      javascript: true,
      autoActions: ['/OpenAction'],
      info: { producer: 'iLovePDF' },
      xmp: { producer: 'Sejda 1.2', creationDate: '2024-01-01T00:00:00.000Z' },
    });
    expect(readPdfStructure(Buffer.from(body, 'latin1')).info).toEqual({ producer: 'Sa', creationDate: '2023-12-31T23:00:00.000Z' });
  });

  it('does not count an OpenAction that only opens a page', () => {
    const body = '%PDF-1.7\n1 0 obj << /Type /Catalog /OpenAction [3 0 R /Fit] >> endobj\ntrailer << /Root 1 0 R >> startxref 0 %%EOF';
    expect(readPdfStructure(Buffer.from(body, 'latin1')).autoActions).toEqual([]);
  });

  it('reads PDF dates with and without time zone and parts', () => {
    expect([pdfDate("D:20250301120000-05'00'"), pdfDate('D:2025'), pdfDate('yesterday')]).toEqual([
      '2025-03-01T17:00:00.000Z',
      '2025-01-01T00:00:00.000Z',
      undefined,
    ]);
  });
});

describe('readTransactions', () => {
  it('signs amounts by the column they stand under and fingerprints them', async () => {
    const listing = readTransactions(await readPdfLayout(await bankStatementPdf(ROWS)));
    expect(listing.opening?.value).toBe(1000);
    expect(listing.closing?.value).toBe(7552.02);
    expect(listing.transactions.map(transactionFingerprint)).toEqual([
      '03/02|-812.40|ACH PAYMENT PAYROLL',
      '03/05|2150.55|CUSTOMER PAYMENT INV-311',
      '03/09|-96.13|UTILITY PAYMENT',
      '03/15|5310.00|WIRE TRANSFER IN',
    ]);
  });
});

describe('detectFraud', () => {
  it('passes every check that runs on a clean generated bank statement and scores it 0', async () => {
    const bytes = await bankStatementPdf(ROWS);
    const result = detectFraud({ documentId: 'clean', pdfBytes: bytes, pages: await readPdfLayout(bytes), others: [] });
    expect(idsOf(result, false)).toEqual([]);
    expect(idsOf(result, true)).toEqual([
      'pdf_header',
      'pdf_incremental_updates',
      'pdf_javascript',
      'pdf_automatic_actions',
      'pdf_embedded_files',
      'metadata_editing_tool',
      'metadata_producer_creator_mismatch',
      'metadata_modified_after_creation',
      'bank_running_balance',
      'bank_closing_balance',
      'duplicate_bytes',
      'duplicate_transactions',
    ]);
    expect([result.fraudScore, result.riskLevel, result.engine.name]).toEqual([0, 'low', 'builtin']);
    expect(result.skipped.map((skip) => skip.id)).toEqual(['metadata_info_xmp_agree', 'benford_first_digit', 'round_amounts']);
  });

  it('flags an editor save a year later: incremental update, editing tool, creator mismatch, late modification', async () => {
    const clean = await bankStatementPdf(ROWS);
    const later = new Date(CREATED.getTime() + 365 * 86_400_000);
    const bytes = appendInfoUpdate(clean, {
      Producer: 'iLovePDF',
      Creator: 'pdf-lib (https://github.com/Hopding/pdf-lib)',
      CreationDate: pdfDateString(CREATED),
      ModDate: pdfDateString(later),
    });
    const result = detectFraud({ documentId: 'edited', pdfBytes: bytes, pages: await readPdfLayout(bytes) });
    expect(idsOf(result, false)).toEqual([
      'pdf_incremental_updates',
      'metadata_editing_tool',
      'metadata_producer_creator_mismatch',
      'metadata_modified_after_creation',
    ]);
    expect(result.checks.find((check) => check.id === 'metadata_modified_after_creation')?.detail).toContain('365 day(s) after');
    expect([result.fraudScore, result.riskLevel]).toEqual([50, 'high']);
  });

  it('flags a changed figure by the broken running balance, quoting the line', async () => {
    const clean = await bankStatementPdf(ROWS);
    const edit = changePrintedAmount(clean, () => 2);
    const bytes = (await PDFDocument.load(edit!.bytes, { updateMetadata: false })).save();
    const saved = await bytes;
    const result = detectFraud({ documentId: 'changed', pdfBytes: saved, pages: await readPdfLayout(saved) });
    expect(edit).toMatchObject({ from: '2,150.55', to: '3,150.55' });
    expect(idsOf(result, false)).toEqual(['bank_running_balance']);
    const running = result.checks.find((check) => check.id === 'bank_running_balance')!;
    expect(running.evidence).toEqual({ documentId: 'changed', page: 1, quote: '03/05 CUSTOMER PAYMENT INV-311 3,150.55 2,338.15' });
    expect(running.detail).toContain('1 of 4 lines break the running balance');
    expect([result.fraudScore, result.riskLevel]).toEqual([35, 'medium']);
  });

  it('flags the same bytes and the same transactions in another document of the account', async () => {
    const bytes = await bankStatementPdf(ROWS);
    const pages = await readPdfLayout(bytes);
    const first = detectFraud({ documentId: 'a', pdfBytes: bytes, pages });
    const again = detectFraud({
      documentId: 'b',
      pdfBytes: bytes,
      pages,
      others: [{ documentId: 'a', sha256: first.sha256!, transactionFingerprints: first.transactionFingerprints }],
    });
    expect(idsOf(again, false)).toEqual(['duplicate_bytes', 'duplicate_transactions']);
    expect(again.checks.find((check) => check.id === 'duplicate_transactions')?.detail).toBe('4 of 4 transactions (date, amount, description) also in a');
    expect(again.fraudScore).toBe(95);
  });

  it('reports a failed statement check as an arithmetic finding quoting the total', () => {
    const pages = layoutFromText(['Balance Sheet\nTotal assets\t500']);
    const assets: Fact = {
      concept: 'Assets',
      label: 'Total assets',
      period: { label: '2024', end: '2024-12-31' },
      value: 500,
      currency: null,
      source: 'document',
      evidence: { documentId: 'bs', page: 1, quote: 'Total assets 500' },
    };
    const result = detectFraud({
      documentId: 'bs',
      pages,
      extraction: { facts: [assets], checks: [{ id: 'balance_sheet_balances:2024-12-31', passed: false, detail: 'off by 50' }] },
    });
    expect(result.checks).toEqual([
      { id: 'balance_sheet_balances:2024-12-31', category: 'arithmetic', passed: false, severity: 'high', detail: 'off by 50', evidence: assets.evidence },
    ]);
  });

  it("runs Benford's test from 100 transaction amounts and flags amounts that are mostly round", () => {
    let balance = 0;
    const lines = Array.from({ length: 120 }, (_, index) => {
      const amount = index % 2 ? 5000 : (index + 1) * 137 + 0.42;
      balance += amount;
      const money = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2 });
      return `03/${String((index % 28) + 1).padStart(2, '0')}\tDEPOSIT ${index}\t\t${money(amount)}\t${money(balance)}`;
    });
    const pages = layoutFromText([['Date\tDescription\tWithdrawals\tDeposits\tBalance', ...lines].join('\n')]);
    const result = detectFraud({ documentId: 'stats', pages });
    expect(result.checks.map((check) => [check.id, check.passed])).toEqual([
      ['bank_running_balance', true],
      ['benford_first_digit', false],
      ['round_amounts', false],
    ]);
  });
});
