import { describe, expect, it } from '@jest/globals';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Check, Fact } from '../analysis.types.js';
import { readPdfLayout } from '../layout/pdf-layout.js';
import { layoutFromText } from '../layout/text-layout.js';
import { transactionFingerprint, readTransactions } from './bank-transactions.js';
import { detectFraud } from './fraud-detection.js';
import { check, scoreOf } from './fraud-checks.js';
import { readPdfStructure, pdfDate } from './pdf-structure.js';
import { revisionEnds } from './revisions.js';
import { structureChecks } from './structure-checks.js';
import { appendFigureRevision, appendInfoUpdate, changePrintedAmount, incrementalSave, pdfDateString } from './tampering.js';

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

const idsOf = (result: Awaited<ReturnType<typeof detectFraud>>, passed: boolean) =>
  result.checks.filter((check) => check.passed === passed).map((check) => check.id);

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
    const result = await detectFraud({ documentId: 'clean', pdfBytes: bytes, pages: await readPdfLayout(bytes), others: [] });
    expect(idsOf(result, false)).toEqual([]);
    expect(idsOf(result, true)).toEqual([
      'pdf_header',
      'pdf_incremental_updates',
      'pdf_javascript',
      'pdf_automatic_actions',
      'pdf_embedded_files',
      'metadata_editing_tool',
      'metadata_producer_creator_mismatch',
      'metadata_dates_contradict',
      'metadata_modified_after_creation',
      'content_overlay',
      'content_font_outlier',
      'bank_running_balance',
      'bank_closing_balance',
      'duplicate_bytes',
      'duplicate_transactions',
    ]);
    expect([result.fraudScore, result.riskLevel, result.engine.name]).toEqual([0, 'low', 'builtin']);
    expect(result.skipped.map((skip) => skip.id)).toEqual(['metadata_info_xmp_agree', 'invoice_arithmetic', 'benford_first_digit', 'round_amounts']);
  });

  it('flags an online editor save a year later on a bank statement by its metadata (tool, creator mismatch, late modification); the update itself changed no page', async () => {
    const clean = await bankStatementPdf(ROWS);
    const later = new Date(CREATED.getTime() + 365 * 86_400_000);
    const bytes = appendInfoUpdate(clean, {
      Producer: 'iLovePDF',
      Creator: 'pdf-lib (https://github.com/Hopding/pdf-lib)',
      CreationDate: pdfDateString(CREATED),
      ModDate: pdfDateString(later),
    });
    const result = await detectFraud({ documentId: 'edited', pdfBytes: bytes, pages: await readPdfLayout(bytes) });
    expect(idsOf(result, false)).toEqual(['metadata_editing_tool', 'metadata_producer_creator_mismatch', 'metadata_modified_after_creation']);
    expect(result.checks.find((check) => check.id === 'metadata_modified_after_creation')?.detail).toContain('365 day(s) after');
    expect(result.checks.find((check) => check.id === 'pdf_incremental_updates')?.detail).toContain('none changes the text of any page');
    expect(result.checks.find((check) => check.id === 'metadata_editing_tool')).toMatchObject({ severity: 'high' });
    expect([result.fraudScore, result.riskLevel]).toEqual([41, 'medium']);
  });

  it('flags a changed figure by the broken running balance, quoting the line', async () => {
    const clean = await bankStatementPdf(ROWS);
    const edit = changePrintedAmount(clean, () => 2);
    const bytes = (await PDFDocument.load(edit!.bytes, { updateMetadata: false })).save();
    const saved = await bytes;
    const result = await detectFraud({ documentId: 'changed', pdfBytes: saved, pages: await readPdfLayout(saved) });
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
    const first = await detectFraud({ documentId: 'a', pdfBytes: bytes, pages });
    const again = await detectFraud({
      documentId: 'b',
      pdfBytes: bytes,
      pages,
      others: [{ documentId: 'a', sha256: first.sha256!, transactionFingerprints: first.transactionFingerprints }],
    });
    expect(idsOf(again, false)).toEqual(['duplicate_bytes', 'duplicate_transactions']);
    expect(again.checks.find((check) => check.id === 'duplicate_transactions')?.detail).toBe('4 of 4 transactions (date, amount, description) also in a');
    // One family (duplicates): 60 and half of 35 with diminishing returns, 1 − 0.4 × 0.825.
    expect([again.fraudScore, again.riskLevel]).toEqual([67, 'high']);
  });

  it('reports a failed statement check as an arithmetic finding quoting the total', async () => {
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
    const result = await detectFraud({
      documentId: 'bs',
      pages,
      extraction: { facts: [assets], checks: [{ id: 'balance_sheet_balances:2024-12-31', passed: false, detail: 'off by 50' }] },
    });
    expect(result.checks).toEqual([
      { id: 'balance_sheet_balances:2024-12-31', category: 'arithmetic', passed: false, severity: 'high', detail: 'off by 50', evidence: assets.evidence },
    ]);
  });

  it("runs Benford's test from 100 transaction amounts and flags amounts that are mostly round", async () => {
    let balance = 0;
    const lines = Array.from({ length: 120 }, (_, index) => {
      const amount = index % 2 ? 5000 : (index + 1) * 137 + 0.42;
      balance += amount;
      const money = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2 });
      return `03/${String((index % 28) + 1).padStart(2, '0')}\tDEPOSIT ${index}\t\t${money(amount)}\t${money(balance)}`;
    });
    const pages = layoutFromText([['Date\tDescription\tWithdrawals\tDeposits\tBalance', ...lines].join('\n')]);
    const result = await detectFraud({ documentId: 'stats', pages });
    expect(result.checks.map((check) => [check.id, check.passed])).toEqual([
      ['bank_running_balance', true],
      ['benford_first_digit', false],
      ['round_amounts', false],
    ]);
  });
});

/** A one-page income statement with two year columns, drawn with a standard font (figures as hex strings). */
async function incomeStatementPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setCreationDate(CREATED);
  pdf.setModificationDate(CREATED);
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  let y = 740;
  const row = (label: string, ...figures: string[]) => {
    page.drawText(label, { x: 50, y, size: 10, font });
    figures.forEach((figure, index) => page.drawText(figure, { x: 420 + index * 90 - font.widthOfTextAtSize(figure, 10), y, size: 10, font }));
    y -= 16;
  };
  row('Northwind Tooling Inc.');
  row('Statement of Operations');
  row('Year ended December 31', '2024', '2023');
  row('Revenue', '12,500', '11,000');
  row('Cost of sales', '7,500', '6,900');
  row('Gross profit', '5,000', '4,100');
  row('Operating expenses', '2,250', '2,050');
  row('Operating income', '2,750', '2,050');
  return pdf.save({ useObjectStreams: false });
}

const statementCheck = (id: string, passed: boolean, detail = passed ? 'foots' : 'does not foot'): Check => ({ id, passed, detail });
const INCOME_PAGE = 'Income Statement\nRevenue\t12,500\t11,000\nGross profit\t5,000\t4,100';

describe('fraud score', () => {
  it('rates one failed footing of a fully read statement medium, not high', async () => {
    const result = await detectFraud({
      documentId: 'one',
      pages: layoutFromText([INCOME_PAGE]),
      extraction: {
        facts: [],
        checks: [
          statementCheck('subtotal_adds_up:2024-12-31/12m:page-1:gross-profit', false),
          statementCheck('subtotal_adds_up:2023-12-31/12m:page-1:gross-profit', true),
          statementCheck('result_adds_up:2024-12-31/12m:page-1:operating-income', true),
        ],
      },
    });
    expect([result.fraudScore, result.riskLevel]).toEqual([35, 'medium']);
  });

  it('rates the same failed footing on a page read by OCR low: a misread digit breaks a footing as an edit does', async () => {
    const result = await detectFraud({
      documentId: 'scan',
      pages: layoutFromText([INCOME_PAGE]).map((page) => ({ ...page, ocr: true })),
      extraction: {
        facts: [],
        checks: [
          {
            ...statementCheck('subtotal_adds_up:2024-12-31/12m:page-1:gross-profit', false),
            evidence: { documentId: 'scan', page: 1, quote: 'Gross profit 5,000 4,100' },
          },
          statementCheck('subtotal_adds_up:2023-12-31/12m:page-1:gross-profit', true),
        ],
      },
    });
    expect(result.riskLevel).toBe('low');
    expect(result.checks.find((fraudCheck) => !fraudCheck.passed)?.detail).toContain('read by OCR');
  });

  it('counts a line failing in every period once and discounted, as a line the reader lost: low', async () => {
    const result = await detectFraud({
      documentId: 'lost-line',
      pages: layoutFromText([INCOME_PAGE]),
      extraction: {
        facts: [],
        checks: [
          statementCheck('subtotal_adds_up:2024-12-31/12m:page-1:total-comprehensive-income', false),
          statementCheck('subtotal_adds_up:2023-12-31/12m:page-1:total-comprehensive-income', false),
          statementCheck('subtotal_adds_up:2022-12-31/12m:page-1:total-comprehensive-income', true),
        ],
      },
    });
    expect([result.fraudScore, result.riskLevel]).toEqual([14, 'low']);
    expect(result.checks[0].detail).toContain('the same line fails in 2 periods');
  });

  it('discounts a failure by exactly twice a figure printed on the page, a sign read the wrong way', async () => {
    const pages = layoutFromText(['Income Statement\nGross profit\t8,767\nGain on sale of business\t(3,322)\nOperating profit\t5,267']);
    const detail = '"Operating profit" 5,267 is not "Gross profit" 8,767 and the 1 lines after it, costs subtracted and income added: they come to -1,377';
    const failed = {
      ...statementCheck('result_adds_up:2022-03-19:page-1:operating-profit', false, detail),
      evidence: { documentId: 'sign', page: 1, quote: 'Operating profit 5,267' },
    };
    const result = await detectFraud({ documentId: 'sign', pages, extraction: { facts: [], checks: [failed] } });
    expect([result.fraudScore, result.riskLevel]).toEqual([14, 'low']);
    expect(result.checks[0].detail).toContain('twice (3,322)');
  });

  it('skips a footing the reader could not verify and one on a page that is not a statement page', async () => {
    const result = await detectFraud({
      documentId: 'skips',
      pages: layoutFromText([INCOME_PAGE, 'Segment results for the quarter were driven by volume and pricing in every region we serve.']),
      extraction: {
        facts: [],
        checks: [
          statementCheck('subtotal_adds_up:2024-12-31/12m:page-1:total-revenue', false, 'could not verify: 2 lines of the section were not placed'),
          statementCheck('subtotal_adds_up:2024-12-31/3m:page-2:total-asia-pacific', false),
          statementCheck('subtotal_adds_up:2024-12-31/12m:page-1:gross-profit', true),
        ],
      },
    });
    expect(result.checks.filter((fraudCheck) => fraudCheck.category === 'arithmetic').map((fraudCheck) => fraudCheck.id)).toEqual([
      'subtotal_adds_up:2024-12-31/12m:page-1:gross-profit',
    ]);
    expect(result.skipped).toEqual(
      expect.arrayContaining([
        { id: 'subtotal_adds_up:2024-12-31/12m:page-1:total-revenue', reason: 'could not verify: 2 lines of the section were not placed' },
        { id: 'subtotal_adds_up:2024-12-31/3m:page-2:total-asia-pacific', reason: expect.stringContaining('page 2 is not a statement page (text)') },
      ]),
    );
    expect(result.fraudScore).toBe(0);
  });

  it('adds independent kinds of evidence (structure, metadata, arithmetic) above each alone', () => {
    const structure = check('pdf_incremental_updates', 'pdf_structure', 'medium', false, '');
    const metadata = check('metadata_editing_tool', 'metadata', 'medium', false, '');
    const arithmetic = check('subtotal_adds_up:2024-12-31:page-1:total-assets', 'arithmetic', 'high', false, '');
    expect([scoreOf([structure]).fraudScore, scoreOf([metadata]).fraudScore, scoreOf([arithmetic]).fraudScore]).toEqual([15, 15, 35]);
    // 1 − 0.85 × 0.85 × 0.65
    expect(scoreOf([structure, metadata, arithmetic])).toEqual({ fraudScore: 53, riskLevel: 'high' });
  });

  it('counts several failures of one kind more than one, less than their sum', () => {
    const footing = (period: string) => check(`subtotal_adds_up:${period}:page-1:total-assets`, 'arithmetic', 'high', false, '');
    expect(scoreOf([footing('2024-12-31')]).fraudScore).toBe(35);
    // 1 − 0.65 × (1 − 0.35 / 2) × (1 − 0.35 / 3)
    expect(scoreOf([footing('2024-12-31'), footing('2024-06-30'), footing('2023-12-31')]).fraudScore).toBe(53);
  });
});

describe('checks by document type', () => {
  it('runs no running-balance check on a financial statement, and says why', async () => {
    const bytes = await bankStatementPdf(ROWS);
    const pages = await readPdfLayout(bytes);
    const result = await detectFraud({ documentId: '10-k', pages, documentType: 'financial_statement' });
    expect(result.checks.map((fraudCheck) => fraudCheck.id)).not.toContain('bank_running_balance');
    expect(result.skipped).toContainEqual({ id: 'bank_running_balance', reason: 'a financial statement, not a bank statement' });
    expect((await detectFraud({ documentId: 'bank', pages, documentType: 'bank_statement' })).checks.map((fraudCheck) => fraudCheck.id)).toContain(
      'bank_running_balance',
    );
  });

  it("runs no statement arithmetic on a bank statement's extraction, and says why", async () => {
    const result = await detectFraud({
      documentId: 'bank',
      pages: layoutFromText([INCOME_PAGE]),
      documentType: 'bank_statement',
      extraction: { facts: [], checks: [statementCheck('subtotal_adds_up:2024-12-31:page-1:total', false)] },
    });
    expect(result.checks.some((fraudCheck) => fraudCheck.category === 'arithmetic' && fraudCheck.id.startsWith('subtotal'))).toBe(false);
    expect(result.skipped).toContainEqual({
      id: 'statement_arithmetic',
      reason: 'a bank statement, not a financial statement: its tables are not statements that foot',
    });
  });

  it("reads an SEC filing's EDGAR and Workiva producer/creator pairs as one maker", () => {
    const structure = readPdfStructure(Buffer.from('%PDF-1.7\ntrailer << /Root 1 0 R >> startxref 0 %%EOF', 'latin1'));
    const mismatch = (producer: string, creator: string) =>
      structureChecks({ ...structure, info: { producer, creator } }).checks.find((fraudCheck) => fraudCheck.id === 'metadata_producer_creator_mismatch')
        ?.passed;
    expect([
      mismatch('EDGRpdf Service w/ EO.Pdf 22.0.40.0', 'EDGAR Filing HTML Converter'),
      mismatch('Wdesk Fidelity Content Translations Version 007.006.041', 'Workiva'),
      mismatch('pypdf', 'Workiva'),
      mismatch('iLovePDF', 'Workiva'),
    ]).toEqual([true, true, true, false]);
  });
});

describe('appended revisions', () => {
  it('rates an update that changes a figure on a statement page high, with the old and new values', async () => {
    const original = await incomeStatementPdf();
    const revised = appendFigureRevision(original, () => 0)!;
    expect([revised.from, revised.to, revisionEnds(revised.bytes)]).toEqual(['12,500', '22,500', [expect.any(Number)]]);
    const result = await detectFraud({ documentId: 'revised', pdfBytes: revised.bytes, pages: await readPdfLayout(revised.bytes) });
    const content = result.checks.find((fraudCheck) => fraudCheck.id === 'pdf_revision_content')!;
    expect(content).toMatchObject({ passed: false, severity: 'high', evidence: { documentId: 'revised', page: 1, quote: 'Revenue 22,500 11,000' } });
    expect(content.detail).toContain('"Revenue 12,500 11,000" → "Revenue 22,500 11,000" [12,500 → 22,500]');
    expect(idsOf(result, false)).toEqual(['pdf_incremental_updates', 'pdf_revision_content']);
    expect(result.riskLevel).not.toBe('low');
  });

  it('does not flag an update that only adds a filled form field (a signature block)', async () => {
    const original = await incomeStatementPdf();
    const document = await PDFDocument.load(original, { updateMetadata: false });
    const field = document.getForm().createTextField('signed_by');
    field.setText('J. Smith, CFO');
    field.addToPage(document.getPage(0), { x: 50, y: 100, width: 200, height: 20 });
    const signed = incrementalSave(original, await document.save({ useObjectStreams: false }));
    expect(revisionEnds(signed)).toEqual([expect.any(Number)]);
    const result = await detectFraud({ documentId: 'signed', pdfBytes: signed, pages: await readPdfLayout(signed) });
    expect(idsOf(result, false)).toEqual([]);
    expect(result.checks.find((fraudCheck) => fraudCheck.id === 'pdf_incremental_updates')?.detail).toContain('none changes the text of any page');
    expect([result.fraudScore, result.riskLevel]).toEqual([0, 'low']);
  });
});
