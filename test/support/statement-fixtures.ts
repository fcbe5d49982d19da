import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/** One row of a statement: its label and its figures as printed, latest period first. */
export type StatementRow = [label: string, ...figures: string[]];

export interface StatementPage {
  title: string;
  heading: string[];
  rows: StatementRow[];
}

/**
 * Acme Tooling Inc.'s audited statements for 2024 and 2023, in thousands of US dollars, costs in
 * parentheses: page 1 the statement of operations, page 2 the balance sheet, page 3 cash flows.
 * The figures are consistent (gross profit, operating income and the balance sheet add up), so a
 * test can assert exact facts and ratios.
 */
export const ACME_STATEMENTS: StatementPage[] = [
  {
    title: 'Consolidated Statements of Operations',
    heading: ['(in thousands of U.S. dollars)', 'Year ended December 31,', '2024|2023'],
    rows: [
      ['Revenue', '12,500', '10,000'],
      ['Cost of revenue', '(7,500)', '(6,200)'],
      ['Gross profit', '5,000', '3,800'],
      ['Operating expenses', '(2,000)', '(1,900)'],
      ['Operating income', '3,000', '1,900'],
      ['Interest expense', '(400)', '(420)'],
      ['Income tax expense', '(650)', '(370)'],
      ['Net income', '1,950', '1,110'],
    ],
  },
  {
    title: 'Consolidated Balance Sheets',
    heading: ['(in thousands of U.S. dollars)', 'As of December 31,', '2024|2023'],
    rows: [
      ['Cash and cash equivalents', '1,800', '1,200'],
      ['Accounts receivable, net', '2,100', '1,700'],
      ['Inventory', '1,600', '1,500'],
      ['Total current assets', '5,500', '4,400'],
      ['Property and equipment, net', '6,500', '6,100'],
      ['Total assets', '12,000', '10,500'],
      ['Accounts payable', '1,300', '1,100'],
      ['Current portion of long-term debt', '500', '500'],
      ['Total current liabilities', '2,200', '1,900'],
      ['Long-term debt', '4,000', '4,500'],
      ['Total liabilities', '6,200', '6,400'],
      ["Total stockholders' equity", '5,800', '4,100'],
      ["Total liabilities and stockholders' equity", '12,000', '10,500'],
    ],
  },
  {
    title: 'Consolidated Statements of Cash Flows',
    heading: ['(in thousands of U.S. dollars)', 'Year ended December 31,', '2024|2023'],
    rows: [
      ['Net income', '1,950', '1,110'],
      ['Depreciation and amortization', '900', '850'],
      ['Net cash provided by operating activities', '2,400', '1,700'],
      ['Purchases of property and equipment', '(1,300)', '(900)'],
      ['Repayments of long-term debt', '(500)', '(500)'],
    ],
  },
];

const LABEL_X = 50;
const COLUMN_RIGHT = [430, 520];

function drawRight(page: PDFPage, font: PDFFont, text: string, right: number, y: number, size: number): void {
  page.drawText(text, { x: right - font.widthOfTextAtSize(text, size), y, font, size });
}

/** A text PDF of statement pages: title, heading lines (a `a|b` line is the period columns), then label and figure columns. */
export async function statementPdf(
  pages: StatementPage[] = ACME_STATEMENTS,
  options: { company?: string; producer?: string; creator?: string } = {},
): Promise<Buffer> {
  const document = await PDFDocument.create();
  if (options.producer) document.setProducer(options.producer);
  if (options.creator) document.setCreator(options.creator);
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  for (const statement of pages) {
    const page = document.addPage([612, 792]);
    let y = 740;
    page.drawText(options.company ?? 'Acme Tooling Inc.', { x: LABEL_X, y, font: bold, size: 14 });
    y -= 20;
    page.drawText(statement.title, { x: LABEL_X, y, font: bold, size: 12 });
    y -= 18;
    for (const line of statement.heading) {
      if (line.includes('|')) line.split('|').forEach((column, index) => drawRight(page, bold, column, COLUMN_RIGHT[index], y, 10));
      else page.drawText(line, { x: LABEL_X, y, font, size: 10 });
      y -= 16;
    }
    for (const [label, ...figures] of statement.rows) {
      page.drawText(label, { x: LABEL_X, y, font, size: 10 });
      figures.forEach((figure, index) => drawRight(page, font, figure, COLUMN_RIGHT[index], y, 10));
      y -= 16;
    }
  }
  return Buffer.from(await document.save());
}
