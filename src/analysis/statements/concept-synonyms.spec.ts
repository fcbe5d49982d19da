import { describe, expect, it } from '@jest/globals';
import { conceptFor, directionInParentheses, lineNature, printsCostsNegative } from './concept-synonyms.js';

describe('conceptFor', () => {
  it.each([
    ['Net sales', 'income_statement', 'Revenues'],
    ['Turnover', 'income_statement', 'Revenues'],
    ['Revenue from contracts with customers', 'income_statement', 'Revenues'],
    ['Cost of sales', 'income_statement', 'CostOfRevenue'],
    ['Profit for the year', 'income_statement', 'NetIncomeLoss'],
    ['Finance costs', 'income_statement', 'InterestExpense'],
    ["Total shareholders' equity", 'balance_sheet', 'StockholdersEquity'],
    ['Total stockholders’ equity', 'balance_sheet', 'StockholdersEquity'],
    ['Borrowings, current', 'balance_sheet', 'LongTermDebtCurrent'],
    ['Long-term debt, net of current portion', 'balance_sheet', 'LongTermDebtNoncurrent'],
    ['Total equity and liabilities', 'balance_sheet', 'LiabilitiesAndStockholdersEquity'],
    ['Trade and other receivables (Note 12)', 'balance_sheet', 'AccountsReceivableNetCurrent'],
    ['Net cash provided by (used in) operating activities', 'cash_flow_statement', 'NetCashProvidedByUsedInOperatingActivities'],
    ['Net sales from goods and services', 'income_statement', 'Revenues'],
    ['Interest expenses', 'income_statement', 'InterestExpense'],
    ['Cash and bank deposits', 'balance_sheet', 'CashAndCashEquivalentsAtCarryingValue'],
    ['Cash and temporary cash investments', 'balance_sheet', 'CashAndCashEquivalentsAtCarryingValue'],
    ['Receivables, net of allowances of $95 and $103, respectively', 'balance_sheet', 'AccountsReceivableNetCurrent'],
    ['Current portion of long-term bank loans', 'balance_sheet', 'LongTermDebtCurrent'],
    ['First-year instalments on long-term debt', 'balance_sheet', 'LongTermDebtCurrent'],
    ['Interest-bearing long-term debt', 'balance_sheet', 'LongTermDebtNoncurrent'],
    ['Purchase of tangible fixed assets', 'cash_flow_statement', 'PaymentsToAcquirePropertyPlantAndEquipment'],
    ['Payments for property, plant and equipment', 'cash_flow_statement', 'PaymentsToAcquirePropertyPlantAndEquipment'],
    ['Payments on long-term debt including obligations under finance leases', 'cash_flow_statement', 'RepaymentsOfDebt'],
    ['1300 · Supply Inventory', 'balance_sheet', 'InventoryNet'],
    ['Purchases of property, plant and equipment', 'cash_flow_statement', 'PaymentsToAcquirePropertyPlantAndEquipment'],
    ['Depreciation and amortisation', 'cash_flow_statement', 'DepreciationDepletionAndAmortization'],
  ] as const)('maps "%s" in a %s to %s', (label, statement, concept) => {
    expect(conceptFor(label, statement, null)?.concept).toBe(concept);
  });

  it.each([
    'Income tax benefit',
    'Benefit for income taxes',
    '(Provision) benefit for income taxes',
    '(Benefit) provision for income taxes',
    'Benefit from (provision for) income taxes',
    'Income tax (benefit) expense',
    'Income tax provision',
    'Income tax credit',
    'Income tax (expense)/credit',
    'Taxation (charge)/credit',
    'Tax credit/(charge)',
    'Tax charge',
  ])('maps the tax wording "%s" to IncomeTaxExpenseBenefit', (label) => {
    expect(conceptFor(label, 'income_statement', null)?.concept).toBe('IncomeTaxExpenseBenefit');
  });

  it('leaves tax lines that are not the income tax of the period unmapped', () => {
    for (const label of ['Taxes', 'Payroll taxes', 'Deferred income tax benefit', 'Taxes other than income taxes', 'Income before income taxes'])
      expect(conceptFor(label, 'income_statement', null)?.concept).not.toBe('IncomeTaxExpenseBenefit');
  });

  it('maps a label whose spaces OCR dropped or added, and still no other label', () => {
    expect(conceptFor("Total liabilitiesand stockholders' equity", 'balance_sheet', null)?.concept).toBe('LiabilitiesAndStockholdersEquity');
    expect(conceptFor('Depreciation and amorti sation', 'cash_flow_statement', null)?.concept).toBe('DepreciationDepletionAndAmortization');
    expect(conceptFor('Totalassets', 'balance_sheet', null)?.concept).toBe('Assets');
    expect(conceptFor('Total assetsheld for sale', 'balance_sheet', null)).toBeNull();
  });

  it('maps a bare "Borrowings" by the balance-sheet section it stands in', () => {
    expect(conceptFor('Borrowings', 'balance_sheet', 'current')?.concept).toBe('LongTermDebtCurrent');
    expect(conceptFor('Borrowings', 'balance_sheet', 'noncurrent')?.concept).toBe('LongTermDebtNoncurrent');
    expect(conceptFor('Borrowings', 'balance_sheet', null)).toBeNull();
  });

  it("leaves components and other statements' lines unmapped", () => {
    expect(conceptFor('Product revenue', 'income_statement', null)).toBeNull();
    expect(conceptFor('Net income', 'cash_flow_statement', null)).toBeNull();
    expect(conceptFor('Accounts receivable', 'cash_flow_statement', null)).toBeNull();
    expect(conceptFor('Total costs and expenses', 'income_statement', null)).toBeNull();
  });

  it('reads a bare "Equity" or "Liabilities" as the total on a numbered line only ("C. Liabilities"), never the end of a wrapped label', () => {
    expect(conceptFor('C. Liabilities', 'balance_sheet', null)?.concept).toBe('Liabilities');
    expect(conceptFor('A. Equity', 'balance_sheet', null)?.concept).toBe('StockholdersEquity');
    expect(conceptFor('LIABILITIES', 'balance_sheet', null)).toBeNull();
    expect(conceptFor('Equity', 'balance_sheet', null)).toBeNull();
  });

  it('reads an apostrophe OCR doubled ("SHAREHOLDER\'’S FUNDS")', () => {
    expect(conceptFor("SHAREHOLDER'’S FUNDS", 'balance_sheet', null)?.concept).toBe('StockholdersEquity');
  });

  it('ranks a total above a line of the same name', () => {
    expect(conceptFor('Total revenue', 'income_statement', null)!.priority).toBeGreaterThan(conceptFor('Revenue', 'income_statement', null)!.priority);
  });
});

describe('lineNature', () => {
  it.each([
    ['Net sales', 'income'],
    ['Sales and marketing', 'cost'],
    ['Cost of sales', 'cost'],
    ['Selling, general and administrative', 'cost'],
    ['Employee benefits expense', 'cost'],
    ['Other income (expense), net', 'income'],
    ['Other expense (income), net', 'cost'],
    ['Other gains and losses', 'income'],
    ['Loss (gain) on disposal of assets', 'cost'],
    ['Interest expense, net of interest income', 'cost'],
    ['Finance income', 'income'],
    ['Provision for income taxes', 'cost'],
    ['Income taxes', 'cost'],
    ['Income tax benefit', 'income'],
    ['Income tax (expense) benefit', 'income'],
    ['Provision for (benefit from) income taxes', 'cost'],
    ['Benefit from income taxes', 'income'],
    ['(Provision) benefit for income taxes', 'income'],
    ['Benefit from (provision for) income taxes', 'income'],
    ['Income tax (expense)/credit', 'income'],
    ['Tax credit/(charge)', 'income'],
    ['Income tax expense (benefit)', 'cost'],
    ['Taxation charge/(credit)', 'cost'],
    ['Income tax provision', 'cost'],
    ['Equity in earnings of affiliates, net of tax', 'income'],
  ] as const)('reads "%s" as %s', (label, nature) => {
    expect(lineNature(label)).toBe(nature);
  });

  it.each([
    ['Income tax expense (benefit)', 'income'],
    ['Provision for (benefit from) income taxes', 'income'],
    ['(Provision) benefit for income taxes', 'cost'],
    ['Income tax (expense)/credit', 'cost'],
    ['Other income (expense), net', 'cost'],
    ['Loss (gain) on disposal of assets', 'income'],
    ['Income taxes', null],
  ] as const)('reads the direction "%s" names in parentheses as %s', (label, nature) => {
    expect(directionInParentheses(label)).toBe(nature);
  });

  it('tells nothing from a wording that names no direction', () => {
    expect(lineNature('Other, net')).toBeNull();
    expect(lineNature('Product')).toBeNull();
  });

  it('takes a statement to print its costs negative when most of its nonzero cost figures are negative', () => {
    expect(printsCostsNegative([-100, -20, 5, 0, 0])).toBe(true);
    expect(printsCostsNegative([100, 20, -5])).toBe(false);
  });
});
