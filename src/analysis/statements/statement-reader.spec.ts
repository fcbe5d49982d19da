import { describe, expect, it } from '@jest/globals';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { extractFinancialData } from '../builtin-engine.js';
import { readPdfLayout } from '../layout/pdf-layout.js';
import { layoutFromText } from '../layout/text-layout.js';
import type { PageLayout } from '../analysis.types.js';
import { readStatements, type StatementReading } from './statement-reader.js';

/** A one-page statement: a title, heading lines and rows whose figures are right-aligned at `rights`. */
async function statementPdf(title: string, headings: [string, number][][], rows: [string, ...string[]][], rights: number[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  let y = 740;
  const draw = (text: string, x: number, align: 'left' | 'right' = 'left') =>
    page.drawText(text, { x: align === 'right' ? x - font.widthOfTextAtSize(text, 9) : x, y, size: 9, font });
  draw(title, 50);
  y -= 14;
  for (const heading of headings) {
    for (const [text, right] of heading) draw(text, right, 'right');
    y -= 14;
  }
  for (const [label, ...figures] of rows) {
    draw(label, 50);
    figures.forEach((figure, index) => draw(figure, rights[index], 'right'));
    y -= 14;
  }
  return pdf.save();
}

describe('readStatements', () => {
  it('reads a generated income statement PDF end to end: scale, periods, signs, verbatim quotes', async () => {
    const bytes = await statementPdf(
      'Consolidated Statements of Operations',
      [
        [['(in thousands)', 130]],
        [['Year ended December 31,', 510]],
        [
          ['2024', 430],
          ['2023', 510],
        ],
      ],
      [
        ['Net sales', '1,234', '1,000'],
        ['Cost of sales', '(600)', '(500)'],
        ['Gross profit', '634', '500'],
        ['Income tax expense', '(34)', '—'],
        ['Net income (loss)', '(66)', '500'],
      ],
      [430, 510],
    );
    const pages = await readPdfLayout(bytes);
    const result = extractFinancialData('doc-1', pages, 'financial_statement');
    const fact = (concept: string, end: string) => result.facts.find((candidate) => candidate.concept === concept && candidate.period.end === end);
    expect(fact('Revenues', '2024-12-31')).toEqual({
      concept: 'Revenues',
      label: 'Net sales',
      period: { label: 'Year ended December 31, 2024', end: '2024-12-31', months: 12 },
      value: 1234000,
      currency: null,
      source: 'document',
      evidence: { documentId: 'doc-1', page: 1, quote: 'Net sales 1,234 1,000' },
    });
    expect(fact('CostOfRevenue', '2023-12-31')?.value).toBe(500000);
    expect(fact('IncomeTaxExpenseBenefit', '2023-12-31')?.value).toBe(0);
    expect(fact('NetIncomeLoss', '2024-12-31')?.value).toBe(-66000);
    expect(result.checks.filter((check) => check.id.startsWith('gross_profit_adds_up')).map((check) => check.passed)).toEqual([true, true]);
    // The quotes are verbatim in the text the document reader stores too (unpdf extractText).
    const stored = (await extractText(await getDocumentProxy(bytes.slice()), { mergePages: false })).text[0].replace(/\s+/g, ' ');
    for (const { evidence } of result.facts) expect(stored).toContain(evidence.quote);
  });

  it('skips the budget and variance columns of a management report', async () => {
    const bytes = await statementPdf(
      'Income Statement',
      [
        [
          ['Actual', 400],
          ['Budget', 480],
          ['Variance', 560],
        ],
        [['FY2024', 400]],
      ],
      [['Revenue', '900', '1,000', '(100)']],
      [400, 480, 560],
    );
    const result = readStatements('doc-2', await readPdfLayout(bytes));
    expect(result.facts.map((fact) => [fact.period.end, fact.value])).toEqual([['2024-12-31', 900]]);
  });

  it('reads trailing-minus negatives in fixed-width text, outflows positive and results signed', () => {
    const row = (label: string, a: string, b: string) => `${label.padEnd(50)}${a.padStart(8)}${b.padStart(10)}`;
    const pages = layoutFromText([
      [
        'Statement of Cash Flows',
        row('', '2024', '2023'),
        row('Purchase of property, plant and equipment', '1,200-', '800-'),
        row('Net cash from operating activities', '3,400-', '2,100'),
      ].join('\n'),
    ]);
    const result = readStatements('doc-3', pages);
    const byConcept = Object.fromEntries(result.facts.filter((fact) => fact.period.end === '2024-12-31').map((fact) => [fact.concept, fact.value]));
    expect(byConcept).toEqual({ PaymentsToAcquirePropertyPlantAndEquipment: 1200, NetCashProvidedByUsedInOperatingActivities: -3400 });
  });

  it('reads a bare "Total" as the total of the heading above it', () => {
    const pages = layoutFromText(['Income Statement\n\t2024\nRevenues\nProduct\t700\nServices\t300\nTotal\t1,000']);
    expect(readStatements('doc-4', pages).facts.map((fact) => [fact.concept, fact.label, fact.value])).toEqual([['Revenues', 'Total', 1000]]);
  });

  it('maps IFRS borrowings by their current / non-current section and checks that the balance sheet balances', () => {
    const text = [
      'Statement of Financial Position',
      '\t31 Dec 2024',
      'Total assets\t500',
      'Current liabilities',
      'Borrowings\t40',
      'Non-current liabilities',
      'Borrowings\t160',
      'Lease liabilities\t100',
      'Total liabilities\t300',
      'Total equity\t199',
    ].join('\n');
    const result = readStatements('doc-5', layoutFromText([text]));
    expect(result.facts.filter((fact) => fact.concept.startsWith('LongTermDebt')).map((fact) => [fact.concept, fact.value])).toEqual([
      ['LongTermDebtCurrent', 40],
      ['LongTermDebtNoncurrent', 160],
    ]);
    expect(result.checks).toEqual([
      {
        id: 'balance_sheet_balances:2024-12-31',
        passed: true,
        detail: '2024-12-31: Assets 500 against Liabilities 300 + StockholdersEquity 199 (difference 1)',
      },
      {
        id: 'subtotal_adds_up:2024-12-31:page-1:total-liabilities',
        passed: true,
        detail: '2024-12-31: "Total liabilities" 300 is the sum of the 3 lines above it',
        evidence: { documentId: 'doc-5', page: 1, quote: 'Total liabilities 300' },
      },
    ]);
  });

  describe('a tax benefit (DOMAIN.md 4: an expense is positive, a benefit negative)', () => {
    /** A two-year statement of operations with the tax line as given; 2024 has a benefit, 2023 an expense. */
    const statement = (costs: (figure: number) => string, taxLabel: string, tax2024: string, tax2023: string) =>
      layoutFromText([
        [
          'Statement of Operations',
          '\t2024\t2023',
          'Revenue\t1,000\t900',
          `Cost of revenue\t${costs(600)}\t${costs(500)}`,
          `Operating expenses\t${costs(300)}\t${costs(250)}`,
          'Income before income taxes\t100\t150',
          `${taxLabel}\t${tax2024}\t${tax2023}`,
          'Net income\t310\t110',
        ].join('\n'),
      ]);
    const positive = (figure: number) => figure.toLocaleString('en-US');
    const negative = (figure: number) => `(${positive(figure)})`;
    const read = (pages: PageLayout[]) => {
      const result = readStatements('doc-tax', pages);
      const value = (concept: string, end: string) => result.facts.find((fact) => fact.concept === concept && fact.period.end === end)?.value;
      return { result, value, tax: [value('IncomeTaxExpenseBenefit', '2024-12-31'), value('IncomeTaxExpenseBenefit', '2023-12-31')] };
    };
    const results = (result: StatementReading) => result.checks.filter((check) => check.id.startsWith('result_adds_up:'));

    it.each([
      'Income tax benefit',
      'Benefit from income taxes',
      'Benefit for income taxes',
      'Income tax benefit (expense)',
      '(Provision) benefit for income taxes',
      'Benefit from (provision for) income taxes',
      'Income tax (expense) benefit',
      'Income tax (provision) benefit',
      'Income tax (expense)/credit',
      'Taxation (charge)/credit',
      'Tax credit/(charge)',
    ])('where costs print positive, reads "%s 210 (40)" as a benefit of 210 and an expense of 40, and the net income adds up', (label) => {
      const { result, value, tax } = read(statement(positive, label, '210', '(40)'));
      expect(tax).toEqual([-210, 40]);
      expect(value('CostOfRevenue', '2024-12-31')).toBe(600);
      const footed = results(result);
      expect(footed.map((check) => [check.id.split(':')[1], check.id.split(':').at(-1), check.passed])).toEqual(
        expect.arrayContaining([
          ['2024-12-31/12m', 'net-income', true],
          ['2023-12-31/12m', 'net-income', true],
        ]),
      );
      expect(footed.every((check) => check.passed)).toBe(true);
    });

    it.each([
      'Income tax expense (benefit)',
      'Provision for (benefit from) income taxes',
      'Provision (benefit) for income taxes',
      'Income tax expense/(credit)',
      'Taxation charge/(credit)',
    ])('where costs print positive, reads "%s (210) 40" as a benefit of 210 and an expense of 40, and the net income adds up', (label) => {
      const { result, tax } = read(statement(positive, label, '(210)', '40'));
      expect(tax).toEqual([-210, 40]);
      expect(
        results(result)
          .filter((check) => check.id.endsWith('net-income'))
          .map((check) => check.passed),
      ).toEqual([true, true]);
    });

    it('where costs print positive, reads a line worded only as an expense printed in parentheses as a benefit, and does not foot it', () => {
      const { result, tax } = read(statement(positive, 'Income taxes', '(210)', '40'));
      expect(tax).toEqual([-210, 40]);
      // "Income taxes (210)": a cost printed negative, or a credit? The wording does not say, so no check rather than a guess.
      expect(
        results(result)
          .filter((check) => check.id.endsWith('net-income'))
          .map((check) => check.id.split(':')[1]),
      ).toEqual(['2023-12-31/12m']);
    });

    it.each(['Income tax expense', 'Income tax (expense) benefit', 'Income tax benefit (expense)', 'Provision for (benefit from) income taxes'])(
      'where costs print negative, reads "%s 210 (40)" as its effect on profit: a benefit of 210 and an expense of 40',
      (label) => {
        const { result, value, tax } = read(statement(negative, label, '210', '(40)'));
        expect(tax).toEqual([-210, 40]);
        expect(value('OperatingExpenses', '2023-12-31')).toBe(250);
        expect(results(result).every((check) => check.passed)).toBe(true);
      },
    );

    it('does not let a line worded as a benefit vote on how the statement prints its costs: it prints the same either way', () => {
      const pages = layoutFromText([
        ['Statement of Operations', '\t2024\t2023', 'Revenue\t1,000\t900', 'Cost of revenue\t(600)\t(500)', 'Income tax benefit\t210\t20'].join('\n'),
      ]);
      const { value, tax } = read(pages);
      expect(value('CostOfRevenue', '2024-12-31')).toBe(600);
      expect(tax).toEqual([-210, -20]);
    });
  });

  it('reports a balance sheet that does not balance', () => {
    const result = readStatements('doc-6', layoutFromText(['Balance Sheet\n\t2024\nTotal assets\t500\nTotal liabilities\t300\nTotal equity\t150']));
    expect(result.checks.map((check) => check.passed)).toEqual([false]);
  });
});
