import { describe, expect, it } from '@jest/globals';
import { layoutFromText } from '../layout/text-layout.js';
import { isResultLine } from './result-lines.js';
import { readStatements } from './statement-reader.js';

const checksOf = (prefix: string, lines: string[]) =>
  readStatements('doc', layoutFromText([lines.join('\n')]))
    .checks.filter((check) => check.id.startsWith(prefix))
    .map((check) => [check.id, check.passed]);
const resultChecks = (lines: string[]) => checksOf('result_adds_up', lines);
const failed = (checks: (string | boolean)[][]) => checks.filter(([, passed]) => !passed).map(([id]) => id);

/** A US GAAP statement of operations: costs printed positive, "Other income (expense), net" signed. */
const US_GAAP = (incomeBeforeTaxes: string) => [
  'Consolidated Statements of Operations',
  '(in thousands)\tYear ended December 31,',
  '\t2024\t2023',
  'Revenues\t32,935\t25,596',
  'Cost of revenues\t15,260\t17,664',
  'Gross profit\t17,675\t7,932',
  'Selling, general and administrative\t4,754\t2,061',
  'Research and development\t2,358\t1,050',
  'Depreciation and amortization\t1,006\t1,100',
  'Total operating expenses\t8,118\t4,211',
  'Income from operations\t9,557\t3,721',
  'Interest expense, net\t587\t613',
  'Other income (expense), net\t(98)\t88',
  `Income before income taxes\t${incomeBeforeTaxes}\t3,196`,
  'Provision for income taxes\t1,533\t852',
  'Net income\t7,339\t2,344',
  'Basic earnings per share\t0.73\t0.23',
];

describe('income statement results', () => {
  it('foots each result of a US GAAP statement printing costs positive, with other income negative in one year and positive in the other', () => {
    expect(resultChecks(US_GAAP('8,872'))).toEqual([
      ['result_adds_up:2024-12-31/12m:page-1:gross-profit', true],
      ['result_adds_up:2023-12-31/12m:page-1:gross-profit', true],
      ['result_adds_up:2024-12-31/12m:page-1:income-from-operations', true],
      ['result_adds_up:2023-12-31/12m:page-1:income-from-operations', true],
      ['result_adds_up:2024-12-31/12m:page-1:income-before-income-taxes', true],
      ['result_adds_up:2023-12-31/12m:page-1:income-before-income-taxes', true],
      ['result_adds_up:2024-12-31/12m:page-1:net-income', true],
      ['result_adds_up:2023-12-31/12m:page-1:net-income', true],
    ]);
  });

  it('fails an edited income before taxes against the lines above it and the net income below it, in the edited year only', () => {
    expect(failed(resultChecks(US_GAAP('9,872')))).toEqual([
      'result_adds_up:2024-12-31/12m:page-1:income-before-income-taxes',
      'result_adds_up:2024-12-31/12m:page-1:net-income',
    ]);
  });

  it('fails the operating result when an expense line no longer adds up to its unheaded total', () => {
    const edited = US_GAAP('8,872').map((line) => line.replace('Research and development\t2,358', 'Research and development\t3,358'));
    expect(failed(resultChecks(edited))).toEqual(['result_adds_up:2024-12-31/12m:page-1:income-from-operations']);
  });

  it('foots an IFRS statement that prints its costs in parentheses as plain addition, finance income and a tax charge included', () => {
    const lines = [
      'Consolidated Statement of Profit or Loss',
      "(€'000)\t2024\t2023",
      'Revenue from contracts with customers\t774,380\t631,717',
      'Cost of sales\t(345,160)\t(425,348)',
      'Gross profit\t429,220\t206,369',
      'Distribution costs\t(65,196)\t(47,942)',
      'Administrative expenses\t(34,705)\t(6,613)',
      'Other operating income\t1,250\t—',
      'Operating profit / (loss)\t330,569\t151,814',
      'Finance income\t512\t430',
      'Finance costs\t(16,334)\t(16,648)',
      'Other gains and losses\t(1,926)\t2,234',
      'Profit before tax\t312,821\t137,830',
      'Income tax expense\t(65,692)\t(28,944)',
      'Profit for the year\t247,129\t108,886',
    ];
    const checks = resultChecks(lines);
    expect(checks).toHaveLength(8);
    expect(failed(checks)).toEqual([]);
    const edited = lines.map((line) => line.replace('(16,334)', '(26,334)'));
    expect(failed(resultChecks(edited))).toEqual(['result_adds_up:2024-12-31/12m:page-1:profit-before-tax']);
  });

  it('adds a tax benefit printed positive, and a benefit printed in parentheses under "Provision for (benefit from)", to a pre-tax loss', () => {
    const statement = (taxLine: string) => [
      'Statements of Operations',
      '\t2024',
      'Revenue\t1,000',
      'Cost of revenue\t700',
      'Operating expenses\t1,300',
      'Loss from operations\t(1,000)',
      'Interest expense\t50',
      'Loss before income taxes\t(1,050)',
      taxLine,
      'Net loss\t(840)',
    ];
    expect(resultChecks(statement('Income tax benefit\t210'))).toEqual([
      ['result_adds_up:2024-12-31/12m:page-1:loss-from-operations', true],
      ['result_adds_up:2024-12-31/12m:page-1:loss-before-income-taxes', true],
      ['result_adds_up:2024-12-31/12m:page-1:net-loss', true],
    ]);
    expect(failed(resultChecks(statement('Provision for (benefit from) income taxes\t(210)')))).toEqual([]);
    expect(failed(resultChecks(statement('Provision for income taxes\t210')))).toEqual(['result_adds_up:2024-12-31/12m:page-1:net-loss']);
  });

  it('reads the lines of an "Other income (expense):" section in its direction: interest expense in parentheses subtracts', () => {
    const lines = [
      'Consolidated Statements of Income',
      '(in millions)\t2024\t2023',
      'Net sales\t5,000\t4,600',
      'Costs and expenses:',
      'Cost of sales\t3,000\t2,800',
      'Selling, general and administrative\t900\t850',
      'Total costs and expenses\t3,900\t3,650',
      'Operating income\t1,100\t950',
      'Other income (expense):',
      'Interest income\t20\t15',
      'Interest expense\t(120)\t(110)',
      'Other, net\t(5)\t3',
      'Total other income (expense)\t(105)\t(92)',
      'Income before income taxes\t995\t858',
      'Income tax expense\t209\t180',
      'Net income\t786\t678',
    ];
    const checks = resultChecks(lines);
    expect(checks).toHaveLength(6);
    expect(failed(checks)).toEqual([]);
  });

  it('gives no check for a block holding a line whose direction the wording does not tell, in a statement printing costs positive', () => {
    const lines = [
      'Statements of Income',
      '\t2024',
      'Revenue\t1,000',
      'Cost of revenue\t600',
      'Gross profit\t400',
      'Selling, general and administrative\t150',
      'Operating income\t250',
      'Other, net\t30',
      'Income before income taxes\t220',
      'Income taxes\t50',
      'Net income\t170',
    ];
    expect(resultChecks(lines)).toEqual([
      ['result_adds_up:2024-12-31/12m:page-1:gross-profit', true],
      ['result_adds_up:2024-12-31/12m:page-1:operating-income', true],
      ['result_adds_up:2024-12-31/12m:page-1:net-income', true],
    ]);
  });

  it('gives no check across an EBITDA reconciliation line, which restates rather than adds', () => {
    const lines = [
      'Income Statement',
      '\t2024',
      'Revenue\t1,000',
      'Operating expenses\t700',
      'Operating income\t300',
      'Add: depreciation and amortization\t80',
      'EBITDA\t380',
      'Interest expense\t40',
      'Income before income taxes\t260',
    ];
    expect(resultChecks(lines)).toEqual([['result_adds_up:2024-12-31/12m:page-1:operating-income', true]]);
  });

  it('folds a subtotal such as income from continuing operations into the lines it stands for', () => {
    const lines = (discontinued: string) => [
      'Statements of Operations',
      '\t2024',
      'Income before income taxes\t500',
      'Provision for income taxes\t100',
      'Income from continuing operations\t400',
      `${discontinued}\t(60)`,
      'Net income\t340',
    ];
    expect(resultChecks(lines('Income (loss) from discontinued operations, net of tax'))).toEqual([['result_adds_up:2024-12-31/12m:page-1:net-income', true]]);
    // A loss printed negative may be a negative result or a negative cost: not read, no check.
    expect(resultChecks(lines('Loss from discontinued operations, net of tax'))).toEqual([]);
  });

  it("foots Apple's fiscal 2023 statement of operations (10-K), its sales and costs split under headings, on every result in all three years", () => {
    const lines = [
      'CONSOLIDATED STATEMENTS OF OPERATIONS',
      '(In millions)\tSeptember 30, 2023\tSeptember 24, 2022\tSeptember 25, 2021',
      'Net sales:',
      'Products\t$ 298,085\t$ 316,199\t$ 297,392',
      'Services\t85,200\t78,129\t68,425',
      'Total net sales\t383,285\t394,328\t365,817',
      'Cost of sales:',
      'Products\t189,282\t201,471\t192,266',
      'Services\t24,855\t22,075\t20,715',
      'Total cost of sales\t214,137\t223,546\t212,981',
      'Gross margin\t169,148\t170,782\t152,836',
      'Operating expenses:',
      'Research and development\t29,915\t26,251\t21,914',
      'Selling, general and administrative\t24,932\t25,094\t21,973',
      'Total operating expenses\t54,847\t51,345\t43,887',
      'Operating income\t114,301\t119,437\t108,949',
      'Other income/(expense), net\t(565)\t(334)\t258',
      'Income before provision for income taxes\t113,736\t119,103\t109,207',
      'Provision for income taxes\t16,741\t19,300\t14,527',
      'Net income\t$ 96,995\t$ 99,803\t$ 94,680',
    ];
    const checks = resultChecks(lines);
    expect(checks).toHaveLength(12);
    expect(failed(checks)).toEqual([]);
    const edited = lines.map((line) => line.replace('24,855', '25,855'));
    expect(failed(resultChecks(edited))).toEqual(['result_adds_up:2023-09-30:page-1:gross-margin']);
  });

  it('foots Microsoft\'s fiscal 2023 income statement (10-K): unlabelled "Service and other" lines read by their headings', () => {
    const lines = [
      'INCOME STATEMENTS',
      '(In millions)\tJune 30, 2023\tJune 30, 2022',
      'Revenue:',
      'Product\t$ 64,699\t$ 72,732',
      'Service and other\t147,216\t125,538',
      'Total revenue\t211,915\t198,270',
      'Cost of revenue:',
      'Product\t17,804\t19,064',
      'Service and other\t48,059\t43,586',
      'Total cost of revenue\t65,863\t62,650',
      'Gross margin\t146,052\t135,620',
      'Research and development\t27,195\t24,512',
      'Sales and marketing\t22,759\t21,825',
      'General and administrative\t7,575\t5,900',
      'Operating income\t88,523\t83,383',
      'Other income, net\t788\t333',
      'Income before income taxes\t89,311\t83,716',
      'Provision for income taxes\t16,950\t10,978',
      'Net income\t$ 72,361\t$ 72,738',
    ];
    const checks = resultChecks(lines);
    expect(checks).toHaveLength(8);
    expect(failed(checks)).toEqual([]);
    const edited = lines.map((line) => line.replace('Sales and marketing\t22,759', 'Sales and marketing\t22,859'));
    expect(failed(resultChecks(edited))).toEqual(['result_adds_up:2023-06-30:page-1:operating-income']);
  });

  it('gives no check where a cost outside any section is printed negative without saying why (Amazon 2023: "Interest expense (3,182)")', () => {
    const lines = [
      'CONSOLIDATED STATEMENTS OF OPERATIONS',
      '(in millions)\tDecember 31, 2023',
      'Total net sales\t574,785',
      'Operating expenses:',
      'Cost of sales\t304,739',
      'Fulfillment\t90,619',
      'Technology and infrastructure\t85,622',
      'Sales and marketing\t44,370',
      'General and administrative\t11,816',
      'Other operating expense (income), net\t767',
      'Total operating expenses\t537,933',
      'Operating income\t36,852',
      'Interest income\t2,949',
      'Interest expense\t(3,182)',
      'Other income (expense), net\t938',
      'Total non-operating income (expense)\t705',
      'Income (loss) before income taxes\t37,557',
      'Benefit (provision) for income taxes\t(7,120)',
      'Equity-method investment activity, net of tax\t(12)',
      'Net income (loss)\t30,425',
    ];
    expect(resultChecks(lines)).toEqual([['result_adds_up:2023-12-31:page-1:operating-income', true]]);
  });

  it('names the results: gross profit, operating, pre-tax and net results in US and IFRS wording, and no other line', () => {
    for (const label of [
      'Gross margin',
      'Operating profit / (loss)',
      'Income (loss) before income taxes',
      'Profit before taxation',
      'Loss before tax',
      'Net earnings',
      'Profit for the year',
    ]) {
      expect(isResultLine(label)).toBe(true);
    }
    for (const label of ['Total revenue', 'Income taxes', 'Net income attributable to noncontrolling interests', 'Total comprehensive income', 'EBITDA']) {
      expect(isResultLine(label)).toBe(false);
    }
  });
});

describe('"Total assets" with no assets heading', () => {
  const BALANCE_SHEET = (ppe: string) => [
    'Statement of Financial Position',
    '\t31 Dec 2024\t31 Dec 2023',
    'Current assets:',
    'Cash and cash equivalents\t10,032\t9,100',
    'Trade receivables\t11,050\t10,400',
    'Total current assets\t21,082\t19,500',
    `Property, plant and equipment, net\t${ppe}\t28,000`,
    'Goodwill\t7,367\t7,367',
    'Total assets\t57,916\t54,867',
    'Equity and liabilities',
    'Share capital\t7,367\t7,367',
    'Retained earnings\t30,549\t28,500',
    'Total equity\t37,916\t35,867',
    'Borrowings\t20,000\t19,000',
    'Total equity and liabilities\t57,916\t54,867',
  ];
  const totalAssets = (lines: string[]) => checksOf('subtotal_adds_up', lines).filter(([id]) => String(id).endsWith('total-assets'));

  it('foots it against every line of the balance sheet above it, the current assets standing as their total', () => {
    expect(totalAssets(BALANCE_SHEET('29,467'))).toEqual([
      ['subtotal_adds_up:2024-12-31:page-1:total-assets', true],
      ['subtotal_adds_up:2023-12-31:page-1:total-assets', true],
    ]);
    expect(totalAssets(BALANCE_SHEET('39,467'))).toEqual([
      ['subtotal_adds_up:2024-12-31:page-1:total-assets', false],
      ['subtotal_adds_up:2023-12-31:page-1:total-assets', true],
    ]);
  });

  it('does not foot it when equity or liabilities lines stand above it', () => {
    const equityFirst = [
      'Statement of Financial Position',
      '\t2024',
      'Share capital\t100',
      'Retained earnings\t400',
      'Total equity\t500',
      'Cash\t300',
      'Property, plant and equipment\t900',
      'Total assets\t1,200',
    ];
    expect(totalAssets(equityFirst)).toEqual([]);
  });
});
