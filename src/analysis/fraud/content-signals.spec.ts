import { describe, expect, it } from '@jest/globals';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { readPdfLayout } from '../layout/pdf-layout.js';
import { layoutFromText } from '../layout/text-layout.js';
import { readPageContents } from './content-layer.js';
import { detectFraud } from './fraud-detection.js';
import { invoiceArithmetic, looksLikeInvoice } from './invoice-arithmetic.js';
import { readPdfStructure } from './pdf-structure.js';
import { fontOutlierChecks, overlayChecks } from './rendering-checks.js';
import { structureChecks } from './structure-checks.js';
import { appendInfoUpdate, changePrintedAmount, pdfDateString } from './tampering.js';

const CREATED = new Date('2025-02-01T10:00:00Z');

const FIGURES: [string, string, string][] = [
  ['Revenue', '12,500', '11,000'],
  ['Cost of sales', '(7,250)', '(6,400)'],
  ['Gross profit', '5,250', '4,600'],
  ['Administrative expenses', '(2,100)', '(1,950)'],
  ['Operating profit', '3,150', '2,650'],
];

/**
 * A small statement page: a label and two right-aligned figure columns per row. `paint` draws on
 * the page after the table (an edit), `background` paints a white panel behind every row first.
 */
async function statementPdf(
  options: {
    background?: boolean;
    paint?: (page: PDFPage, fonts: { regular: PDFFont; bold: PDFFont }) => void;
    figureFont?: (row: number) => 'bold' | number;
  } = {},
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setCreationDate(CREATED);
  pdf.setModificationDate(CREATED);
  const page = pdf.addPage([612, 792]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  page.drawText('Income statement for the year ended 31 December 2024', { x: 50, y: 740, size: 11, font: bold });
  FIGURES.forEach(([label, current, prior], row) => {
    const y = 700 - row * 16;
    if (options.background) page.drawRectangle({ x: 45, y: y - 4, width: 470, height: 15, color: rgb(1, 1, 1) });
    page.drawText(label, { x: 50, y, size: 10, font: regular });
    const style = options.figureFont?.(row);
    const font = style === 'bold' ? bold : regular;
    const size = typeof style === 'number' ? style : 10;
    page.drawText(current, { x: 400 - font.widthOfTextAtSize(current, size), y, size, font });
    page.drawText(prior, { x: 500 - regular.widthOfTextAtSize(prior, 10), y, size: 10, font: regular });
  });
  options.paint?.(page, { regular, bold });
  return pdf.save();
}

/** The white-out edit: a white box over "12,500" and "22,500" written on top, the old figure left in the stream. */
const whiteOut = (page: PDFPage, { regular }: { regular: PDFFont }) => {
  const x = 400 - regular.widthOfTextAtSize('12,500', 10);
  page.drawRectangle({ x: x - 1, y: 697, width: regular.widthOfTextAtSize('12,500', 10) + 2, height: 12, color: rgb(1, 1, 1) });
  page.drawText('22,500', { x, y: 700, size: 10, font: regular });
};

async function contentsOf(bytes: Uint8Array) {
  const contents = await readPageContents(bytes);
  return { contents: contents!, layout: await readPdfLayout(bytes) };
}

describe('overlay detection', () => {
  it('flags a white rectangle painted over a figure with a new figure on top, quoting the covered figure', async () => {
    const { contents, layout } = await contentsOf(await statementPdf({ paint: whiteOut }));
    const [overlay] = overlayChecks('doc', contents, layout);
    expect(overlay).toMatchObject({ id: 'content_overlay', passed: false, severity: 'high', category: 'consistency' });
    expect(overlay.evidence).toEqual({ documentId: 'doc', page: 1, quote: '12,500' });
    expect(overlay.detail).toContain('"12,500" is covered by a white rectangle');
    expect(overlay.detail).toContain('"22,500" is written on top');
  });

  it('does not flag white table backgrounds painted before their text', async () => {
    const { contents, layout } = await contentsOf(await statementPdf({ background: true }));
    expect(contents[0].rects.filter((rect) => rect.light)).toHaveLength(FIGURES.length);
    expect(overlayChecks('doc', contents, layout)).toEqual([expect.objectContaining({ id: 'content_overlay', passed: true })]);
  });

  it('rates a white patch that only hides a figure medium (a weak sign alone)', async () => {
    const hide = (page: PDFPage, { regular }: { regular: PDFFont }) =>
      page.drawRectangle({ x: 399 - regular.widthOfTextAtSize('12,500', 10), y: 697, width: 40, height: 12, color: rgb(1, 1, 1) });
    const { contents, layout } = await contentsOf(await statementPdf({ paint: hide }));
    expect(overlayChecks('doc', contents, layout)).toEqual([expect.objectContaining({ id: 'content_hidden_text', passed: false, severity: 'medium' })]);
  });

  it('flags two different figures printed at one position without a patch as a weak sign', async () => {
    const overprint = (page: PDFPage, { regular }: { regular: PDFFont }) =>
      page.drawText('19,500', { x: 400 - regular.widthOfTextAtSize('12,500', 10), y: 700, size: 10, font: regular });
    const { contents, layout } = await contentsOf(await statementPdf({ paint: overprint }));
    const checks = overlayChecks('doc', contents, layout);
    expect(checks).toEqual([expect.objectContaining({ id: 'content_hidden_text', passed: false, severity: 'medium' })]);
    expect(checks[0].detail).toContain('"12,500" and "19,500" are printed at one position');
  });

  it('rates the white-out medium through detectFraud even where the footings still hold', async () => {
    const bytes = await statementPdf({ paint: whiteOut });
    const result = await detectFraud({ documentId: 'doc', pdfBytes: bytes, pages: await readPdfLayout(bytes) });
    expect(result.riskLevel).not.toBe('low');
  });

  it("finds the tampering helper's white-out in a generated file", async () => {
    const clean = await statementPdf();
    const edited = changePrintedAmount(clean, () => 0, 'white-out')!;
    const saved = await (await PDFDocument.load(edited.bytes, { updateMetadata: false })).save();
    const { contents, layout } = await contentsOf(saved);
    expect(overlayChecks('doc', contents, layout)[0]).toMatchObject({ id: 'content_overlay', passed: false, evidence: { quote: edited.from } });
  });
});

describe('font outliers', () => {
  it('flags a single figure set in another font than its column and its row', async () => {
    const { contents, layout } = await contentsOf(await statementPdf({ figureFont: (row) => (row === 2 ? 'bold' : 10) }));
    const [outlier] = fontOutlierChecks('doc', contents, layout);
    expect(outlier).toMatchObject({ id: 'content_font_outlier', passed: false, severity: 'high', evidence: { page: 1, quote: '5,250' } });
    expect(outlier.detail).toContain('"5,250" is set in another font than the 4 other figures of its column');
  });

  it('flags a single figure set in a larger size', async () => {
    const { contents, layout } = await contentsOf(await statementPdf({ figureFont: (row) => (row === 1 ? 11.5 : 10) }));
    expect(fontOutlierChecks('doc', contents, layout)[0].detail).toContain('size 11.5 against 10.0');
  });

  it('does not flag a total row set in bold across, label included', async () => {
    const boldTotal = (page: PDFPage, { bold }: { bold: PDFFont }) => {
      page.drawText('Profit for the year', { x: 50, y: 620, size: 10, font: bold });
      page.drawText('2,400', { x: 400 - bold.widthOfTextAtSize('2,400', 10), y: 620, size: 10, font: bold });
      page.drawText('2,000', { x: 500 - bold.widthOfTextAtSize('2,000', 10), y: 620, size: 10, font: bold });
    };
    const { contents, layout } = await contentsOf(await statementPdf({ paint: boldTotal }));
    expect(fontOutlierChecks('doc', contents, layout)).toEqual([expect.objectContaining({ passed: true })]);
  });
});

describe('metadata dates and editors', () => {
  const resaved = async (info: Record<string, string>) =>
    appendInfoUpdate(await statementPdf(), { Creator: 'pdf-lib (https://github.com/Hopding/pdf-lib)', CreationDate: pdfDateString(CREATED), ...info });

  it('fails a ModDate earlier than the CreationDate as a high-severity contradiction', async () => {
    const bytes = await resaved({
      Producer: 'pdf-lib (https://github.com/Hopding/pdf-lib)',
      ModDate: pdfDateString(new Date(CREATED.getTime() - 40 * 86_400_000)),
    });
    const dates = structureChecks(readPdfStructure(bytes)).checks.find((check) => check.id === 'metadata_dates_contradict');
    expect(dates).toMatchObject({ passed: false, severity: 'high' });
    expect(dates?.detail).toContain('40 day(s) before CreationDate');
  });

  it('allows a day of slack between the two dates (local time against UTC)', async () => {
    const bytes = await resaved({
      Producer: 'pdf-lib (https://github.com/Hopding/pdf-lib)',
      ModDate: pdfDateString(new Date(CREATED.getTime() - 5 * 3_600_000)),
    });
    expect(structureChecks(readPdfStructure(bytes)).checks.find((check) => check.id === 'metadata_dates_contradict')?.passed).toBe(true);
  });

  it('counts an online editor high on a bank or financial statement, medium on other documents and for desktop editors', async () => {
    const online = readPdfStructure(await resaved({ Producer: 'Sejda PDF Desktop', ModDate: pdfDateString(CREATED) }));
    const desktop = readPdfStructure(await resaved({ Producer: 'Adobe Acrobat Pro 2020', ModDate: pdfDateString(CREATED) }));
    const severity = (structure: ReturnType<typeof readPdfStructure>, type?: 'bank_statement' | 'legal_agreement') =>
      structureChecks(structure, type).checks.find((check) => check.id === 'metadata_editing_tool')?.severity;
    expect([severity(online, 'bank_statement'), severity(online, 'legal_agreement'), severity(online), severity(desktop, 'bank_statement')]).toEqual([
      'high',
      'medium',
      'medium',
      'medium',
    ]);
  });
});

describe('invoice arithmetic', () => {
  const invoiceText = (amount: string, subtotal = '1,150.00', total = '1,380.00') =>
    [
      'INVOICE',
      'Invoice No. 2024-117',
      'Description        Qty      Unit price      Amount',
      'Consulting hours    10      95.00      950.00',
      'Travel expenses     2      100.00      200.00',
      `Software licence    1      0.00      ${amount}`,
      `Subtotal      ${subtotal}`,
      'VAT 20%      230.00',
      `Total due      ${total}`,
    ].join('\n');
  const invoice = (amount: string, subtotal?: string, total?: string) => layoutFromText([invoiceText(amount, subtotal, total)]);

  it('recognises an invoice by its title', () => {
    expect(looksLikeInvoice(invoice('0.00'))).toBe(true);
    expect(looksLikeInvoice(layoutFromText(['Statement of financial position\nTotal assets      1,000']))).toBe(false);
  });

  it('passes an invoice whose items, subtotal and total add up', () => {
    const checks = invoiceArithmetic('inv', invoice('0.00'), []);
    expect(checks.map((check) => [check.id, check.passed])).toEqual([
      ['invoice_line_amounts', true],
      ['invoice_subtotal', true],
      ['invoice_total', true],
    ]);
  });

  it('fails a line whose amount is not quantity × unit price, quoting the line', () => {
    const edited = layoutFromText([invoiceText('0.00').replace('  950.00', '  1,950.00')]);
    const failed = invoiceArithmetic('inv', edited, []).find((check) => check.id === 'invoice_line_amounts')!;
    expect(failed).toMatchObject({ passed: false, severity: 'high', category: 'arithmetic', evidence: { quote: expect.stringContaining('1,950.00') } });
    expect(failed.detail).toContain('10.00 × 95.00 = 950.00');
  });

  it('fails a total that is not the subtotal plus tax', () => {
    const checks = invoiceArithmetic('inv', invoice('0.00', '1,150.00', '1,480.00'), []);
    expect(checks.find((check) => check.id === 'invoice_total')).toMatchObject({ passed: false });
    expect(checks.find((check) => check.id === 'invoice_subtotal')).toMatchObject({ passed: true });
  });

  it('skips the total with why when an unknown line stands between subtotal and total', () => {
    const pages = layoutFromText([invoiceText('0.00').replace('VAT 20%', 'Mystery adjustment')]);
    const skipped: { id: string; reason: string }[] = [];
    expect(invoiceArithmetic('inv', pages, skipped).map((check) => check.id)).toEqual(['invoice_line_amounts', 'invoice_subtotal']);
    expect(skipped[0].reason).toMatch(/^could not verify/);
  });

  it('runs through detectFraud only on invoices, not on statements', async () => {
    const pages = invoice('0.00', '1,150.00', '1,480.00');
    expect((await detectFraud({ documentId: 'inv', pages })).checks.some((check) => check.id === 'invoice_total' && !check.passed)).toBe(true);
    const asStatement = await detectFraud({ documentId: 'inv', pages, documentType: 'financial_statement' });
    expect(asStatement.checks.some((check) => check.id.startsWith('invoice_'))).toBe(false);
  });
});
