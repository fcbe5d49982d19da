import { describe, expect, it } from '@jest/globals';
import { layoutFromText } from '../layout/text-layout.js';
import { foldSubtotals } from './footings.js';
import { readStatements } from './statement-reader.js';

const subtotalChecks = (text: string) =>
  readStatements('doc', layoutFromText([text]))
    .checks.filter((check) => check.id.startsWith('subtotal_adds_up'))
    .map((check) => [check.id, check.passed]);

const BALANCE_SHEET = (accountsReceivable: string) =>
  [
    'Consolidated Balance Sheets',
    '(in thousands)\tDecember 31, 2024\tDecember 31, 2023',
    'ASSETS',
    'Current assets:',
    `Cash and cash equivalents\t1,200\t900`,
    `Accounts receivable, net\t${accountsReceivable}\t610`,
    'Inventories\t300\t280',
    'Total current assets\t2,150\t1,790',
    'Property and equipment\t1,000\t950',
    'Less: accumulated depreciation\t400\t350',
    'Property and equipment, net\t600\t600',
    'Goodwill\t250\t250',
    'Total assets\t3,000\t2,640',
    "LIABILITIES AND STOCKHOLDERS' EQUITY",
    'Current liabilities:',
    'Accounts payable\t400\t380',
    'Accrued expenses\t(100)\t(90)',
    'Total current liabilities\t300\t290',
    'Long-term debt\t700\t650',
    'Total liabilities\t1,000\t940',
    "Stockholders' equity:",
    'Common stock\t10\t10',
    'Retained earnings\t1,990\t1,690',
    "Total stockholders' equity\t2,000\t1,700",
    "Total liabilities and stockholders' equity\t3,000\t2,640",
  ].join('\n');

describe('statement footings', () => {
  it('foots every total that closes a named heading, per period, with "Less:" lines subtracted and net lines folded', () => {
    expect(subtotalChecks(BALANCE_SHEET('650'))).toEqual([
      ['subtotal_adds_up:2024-12-31:page-1:total-current-assets', true],
      ['subtotal_adds_up:2023-12-31:page-1:total-current-assets', true],
      ['subtotal_adds_up:2024-12-31:page-1:total-assets', true],
      ['subtotal_adds_up:2023-12-31:page-1:total-assets', true],
      ['subtotal_adds_up:2024-12-31:page-1:total-current-liabilities', true],
      ['subtotal_adds_up:2023-12-31:page-1:total-current-liabilities', true],
      ['subtotal_adds_up:2024-12-31:page-1:total-liabilities', true],
      ['subtotal_adds_up:2023-12-31:page-1:total-liabilities', true],
      ['subtotal_adds_up:2024-12-31:page-1:total-stockholders-equity', true],
      ['subtotal_adds_up:2023-12-31:page-1:total-stockholders-equity', true],
    ]);
  });

  it('fails the total just above an edited line, in the edited period only (the total above it foots with the printed subtotal)', () => {
    const failed = subtotalChecks(BALANCE_SHEET('690')).filter(([, passed]) => !passed);
    expect(failed).toEqual([['subtotal_adds_up:2024-12-31:page-1:total-current-assets', false]]);
  });

  it('foots a cash-flow section to its "Net cash" line across nested headings', () => {
    const text = [
      'Statements of Cash Flows',
      '\tYear ended December 31,',
      '\t2024\t2023',
      'Cash flows from operating activities:',
      'Net income\t500\t400',
      'Adjustments to reconcile net income to net cash provided by operating activities:',
      'Depreciation and amortization\t120\t110',
      'Changes in operating assets and liabilities:',
      'Accounts receivable\t(60)\t(20)',
      'Accounts payable\t40\t—',
      'Net cash provided by operating activities\t600\t490',
      'Cash flows from investing activities:',
      'Purchases of property and equipment\t(200)\t(150)',
      'Net cash used in investing activities\t(200)\t(150)',
    ].join('\n');
    expect(subtotalChecks(text)).toEqual([
      ['subtotal_adds_up:2024-12-31/12m:page-1:net-cash-provided-by-operating-activities', true],
      ['subtotal_adds_up:2023-12-31/12m:page-1:net-cash-provided-by-operating-activities', true],
    ]);
  });

  it('checks nothing where a total names no open heading (costs listed straight after gross profit)', () => {
    const text = [
      'Statements of Operations',
      '\t2024',
      'Revenue\t1,000',
      'Cost of revenue\t600',
      'Gross profit\t400',
      'Research and development\t100',
      'Selling, general and administrative\t150',
      'Total operating expenses\t250',
    ].join('\n');
    expect(subtotalChecks(text)).toEqual([]);
  });

  it('folds a line that equals the lines just above it, and only such a line', () => {
    expect(foldSubtotals([1000, -400, 600, 250], 1)).toBe(850);
    expect(foldSubtotals([10, 20, 35], 1)).toBe(65);
    expect(foldSubtotals([5, 0, 5], 1)).toBe(5);
  });

  it('folds a net line that is the line two above less the line above, a contra line printed positive, and only a net line', () => {
    expect(foldSubtotals([200, 1000, 50, 950], 1, [false, false, false, true])).toBe(1150);
    expect(foldSubtotals([200, 1000, 50, 950], 1)).toBe(2200);
  });

  it('foots total current assets over an allowance printed positive above the net receivables', () => {
    const text = [
      'Balance Sheets',
      '\t2024',
      'Current assets:',
      'Cash\t300',
      'Accounts receivable\t1,000',
      'Allowance for doubtful accounts\t50',
      'Accounts receivable, net\t950',
      'Total current assets\t1,250',
    ].join('\n');
    expect(subtotalChecks(text)).toEqual([['subtotal_adds_up:2024-12-31:page-1:total-current-assets', true]]);
  });
});
