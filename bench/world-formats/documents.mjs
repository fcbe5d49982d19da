// Statements in the world's formats, written by the team as development documents (not a blind set):
// European decimal commas and space-separated thousands, Indian crore with roman-numbered lines,
// monthly management accounts with account codes, a non-profit's restriction columns, yen with a
// convenience translation into dollars, a Swiss apostrophe grouping with scale in the column heads.
// Every total is computed from its parts, so each statement foots by construction.
import { numberFormat } from './formats.mjs';

const sum = (...rows) => rows[0].map((_, index) => rows.reduce((total, row) => total + row[index], 0));
const neg = (row) => row.map((value) => -value);
const round = (row, decimals) => row.map((value) => Math.round(value * 10 ** decimals) / 10 ** decimals);

/**
 * A row: its label, printed values per column (signed as printed; null leaves the cell blank), the
 * concept it states (facts) or, for a mixed line, the concept it is `neutral` for, how its printed
 * sign relates to the XBRL sign (`nature`: cost and outflow lines are positive in XBRL whatever the
 * print), `alt` values that are also right (the total including NCI), and its look.
 */
const row = (label, values, concept = null, options = {}) => ({ label, values, concept, ...options });

/** German-style IFRS statements in English: EUR million with a decimal comma, "." thousands, "−" for costs, a Notes column. */
function hallmarkDe() {
  const revenue = [12483.6, 11902.1];
  const cost = round(neg([8911.2, 8640.7]), 1);
  const gross = round(sum(revenue, cost), 1);
  const selling = neg([1204.3, 1150.9]);
  const admin = neg([688.1, 655.4]);
  const other = [42.7, -18.2];
  const ebit = round(sum(gross, selling, admin, other), 1);
  const finance = neg([231.5, 198.0]);
  const pretax = round(sum(ebit, finance), 1);
  const tax = round(neg(pretax.map((value) => value * 0.29)), 1);
  const net = round(sum(pretax, tax), 1);
  const nci = [31.2, 27.5];
  const parent = round(sum(net, neg(nci)), 1);
  const cash = [1422.9, 1187.4];
  const receivables = [2310.6, 2205.3];
  const inventories = [1876.2, 1790.5];
  const otherCurrent = [402.4, 377.9];
  const currentAssets = round(sum(cash, receivables, inventories, otherCurrent), 1);
  const ppe = [5980.7, 5712.8];
  const intangibles = [1234.5, 1250.2];
  const assets = round(sum(currentAssets, ppe, intangibles), 1);
  const payables = [1911.3, 1842.6];
  const currentDebt = [402.0, 380.0];
  const otherCurrentLiabilities = [877.8, 840.2];
  const currentLiabilities = round(sum(payables, currentDebt, otherCurrentLiabilities), 1);
  const longDebt = [3120.0, 3050.0];
  const provisions = [612.4, 598.1];
  const liabilities = round(sum(currentLiabilities, longDebt, provisions), 1);
  const nciEquity = [214.6, 190.3];
  const equity = round(sum(assets, neg(liabilities)), 1);
  const parentEquity = round(sum(equity, neg(nciEquity)), 1);
  const format = numberFormat({ thousands: '.', decimal: ',', decimals: 1, negative: 'minus', zero: '–' });
  const columns = [
    { head: ['2025'], period: { end: '2025-12-31', months: 12 } },
    { head: ['2024'], period: { end: '2024-12-31', months: 12 } },
  ];
  const balanceColumns = [
    { head: ['31 Dec. 2025'], period: { end: '2025-12-31' } },
    { head: ['31 Dec. 2024'], period: { end: '2024-12-31' } },
  ];
  return {
    id: 'hallmark-de-ifrs',
    currency: 'EUR',
    scale: 1e6,
    style: 'font-family: "DejaVu Sans", sans-serif; font-size: 10px;',
    format,
    notes: true,
    pages: [
      [
        { text: 'Hallmark Antriebstechnik AG', className: 'entity' },
        {
          title: 'Consolidated income statement',
          subtitle: ['for the financial year 2025', 'in € million'],
          columns,
          rows: [
            row('Revenue', revenue, 'Revenues', { note: '5' }),
            row('Cost of sales', cost, 'CostOfRevenue', { note: '6', nature: 'cost' }),
            row('Gross profit', gross, 'GrossProfit', { bold: true }),
            row('Selling expenses', selling, null, { nature: 'cost' }),
            row('General administrative expenses', admin, null, { nature: 'cost' }),
            row('Other operating income and expenses', other),
            row('Earnings before interest and taxes (EBIT)', ebit, 'OperatingIncomeLoss', { bold: true }),
            row('Finance costs', finance, 'InterestExpense', { note: '8', nature: 'cost' }),
            row('Earnings before taxes', pretax, null, { bold: true }),
            row('Income taxes', tax, 'IncomeTaxExpenseBenefit', { note: '9', nature: 'cost' }),
            row('Net profit for the year', net, null, { bold: true }),
            row('thereof attributable to non-controlling interests', nci, null, { indent: 1 }),
            row('thereof attributable to shareholders of Hallmark Antriebstechnik AG', parent, 'NetIncomeLoss', { indent: 1, alt: net }),
          ],
        },
      ],
      [
        { text: 'Hallmark Antriebstechnik AG', className: 'entity' },
        {
          title: 'Consolidated statement of financial position',
          subtitle: ['in € million'],
          columns: balanceColumns,
          rows: [
            row('Assets', null, null, { bold: true }),
            row('Property, plant and equipment', ppe, null, { note: '12' }),
            row('Intangible assets', intangibles, null, { note: '13' }),
            row('Inventories', inventories, 'InventoryNet', { note: '14' }),
            row('Trade receivables', receivables, 'AccountsReceivableNetCurrent', { note: '15' }),
            row('Other current assets', otherCurrent),
            row('Cash and cash equivalents', cash, 'CashAndCashEquivalentsAtCarryingValue', { note: '16' }),
            row('Current assets', currentAssets, 'AssetsCurrent', { bold: true }),
            row('Total assets', assets, 'Assets', { bold: true }),
            row('Equity and liabilities', null, null, { bold: true }),
            row('Equity attributable to shareholders', parentEquity, 'StockholdersEquity', { alt: equity }),
            row('Non-controlling interests', nciEquity),
            row('Total equity', equity, null, { bold: true }),
            row('Non-current financial liabilities', longDebt, null, { note: '18', neutral: 'LongTermDebtNoncurrent' }),
            row('Provisions', provisions),
            row('Trade payables', payables, 'AccountsPayableCurrent'),
            row('Current financial liabilities', currentDebt),
            row('Other current liabilities', otherCurrentLiabilities),
            row('Current liabilities', currentLiabilities, 'LiabilitiesCurrent', { bold: true }),
            row('Total equity and liabilities', round(sum(equity, liabilities), 1), 'LiabilitiesAndStockholdersEquity', { bold: true }),
          ],
        },
      ],
    ],
  };
}

/** A Swedish annual report in English: SEK thousand, space-separated thousands, hyphen negatives, en dash for nil, notes "4, 5". */
function fjordSe() {
  const revenue = [1845230, 1702114];
  const goods = neg([1012455, 948210]);
  const external = neg([214880, 198440]);
  const staff = neg([356120, 331905]);
  const depreciation = neg([61240, 58310]);
  const operating = sum(revenue, goods, external, staff, depreciation);
  const financeIncome = [2150, 0];
  const financeCost = neg([18420, 16990]);
  const afterFinancial = sum(operating, financeIncome, financeCost);
  const tax = afterFinancial.map((value) => -Math.round(value * 0.206));
  const profit = sum(afterFinancial, tax);
  const cash = [98455, 74120];
  const receivables = [233610, 219870];
  const inventories = [187420, 176005];
  const prepaid = [21340, 19980];
  const current = sum(cash, receivables, inventories, prepaid);
  const fixed = [512880, 498770];
  const assets = sum(current, fixed);
  const payables = [141230, 133450];
  const shortDebt = [40000, 40000];
  const accrued = [62115, 58440];
  const currentLiabilities = sum(payables, shortDebt, accrued);
  const longDebt = [210000, 250000];
  const deferredTax = [28760, 26110];
  const equity = sum(assets, neg(currentLiabilities), neg(longDebt), neg(deferredTax));
  const adjustments = [61240 + 3120, 58310 - 2050];
  const workingCapital = [-24555, 11870];
  const taxPaid = [-81000, -69400];
  const operatingCash = sum(afterFinancial, adjustments, workingCapital, taxPaid);
  const capex = neg([75350, 66120]);
  const repayments = neg([40000, 40000]);
  const dividends = neg([operatingCash[0] + capex[0] + repayments[0] - (cash[0] - cash[1]), 30000]);
  const change = sum(operatingCash, capex, repayments, dividends);
  const format = numberFormat({ thousands: ' ', decimals: 0, negative: 'hyphen', zero: '–' });
  const years = [
    { head: ['2025'], period: { end: '2025-12-31', months: 12 } },
    { head: ['2024'], period: { end: '2024-12-31', months: 12 } },
  ];
  const dates = [
    { head: ['31 Dec 2025'], period: { end: '2025-12-31' } },
    { head: ['31 Dec 2024'], period: { end: '2024-12-31' } },
  ];
  return {
    id: 'fjordvik-se-annual',
    currency: 'SEK',
    scale: 1000,
    style: 'font-family: "DejaVu Serif", serif; font-size: 10px;',
    format,
    notes: true,
    pages: [
      [
        { text: 'Fjordvik Byggvaror AB (publ)', className: 'entity' },
        { text: 'Annual report 2025', className: 'cover' },
        {
          text: 'The Board of Directors and the CEO hereby submit the annual report for the financial year 1 January – 31 December 2025. Net sales rose 8.4 per cent to SEK 1 845 million and the operating margin reached 10.9 per cent. Amounts are in SEK thousand unless otherwise stated.',
        },
      ],
      [
        {
          title: 'Income statement',
          subtitle: ['SEK thousand'],
          columns: years,
          rows: [
            row('Net sales', revenue, 'Revenues', { note: '3' }),
            row('Raw materials and consumables', goods, null, { nature: 'cost' }),
            row('Other external expenses', external, null, { note: '4, 5', nature: 'cost' }),
            row('Personnel expenses', staff, null, { note: '6', nature: 'cost' }),
            row('Depreciation of property, plant and equipment', depreciation, 'DepreciationDepletionAndAmortization', { note: '10', nature: 'cost' }),
            row('Operating profit', operating, 'OperatingIncomeLoss', { bold: true }),
            row('Financial income', financeIncome),
            row('Financial expenses', financeCost, null, { nature: 'cost' }),
            row('Profit after financial items', afterFinancial, null, { bold: true }),
            row('Tax on profit for the year', tax, 'IncomeTaxExpenseBenefit', { note: '8', nature: 'cost' }),
            row('Profit for the year', profit, 'NetIncomeLoss', { bold: true }),
          ],
        },
      ],
      [
        {
          title: 'Balance sheet',
          subtitle: ['SEK thousand'],
          columns: dates,
          rows: [
            row('ASSETS', null, null, { bold: true }),
            row('Property, plant and equipment', fixed, null, { note: '10' }),
            row('Inventories', inventories, 'InventoryNet', { note: '11' }),
            row('Trade receivables', receivables, 'AccountsReceivableNetCurrent'),
            row('Prepaid expenses and accrued income', prepaid),
            row('Cash and bank balances', cash, 'CashAndCashEquivalentsAtCarryingValue'),
            row('Total current assets', current, 'AssetsCurrent', { bold: true }),
            row('TOTAL ASSETS', assets, 'Assets', { bold: true }),
            row('EQUITY AND LIABILITIES', null, null, { bold: true }),
            row('Total equity', equity, 'StockholdersEquity', { bold: true }),
            row('Non-current liabilities', null, null, { bold: true }),
            row('Deferred tax liability', deferredTax),
            row('Liabilities to credit institutions', longDebt, 'LongTermDebtNoncurrent', { note: '13' }),
            row('Current liabilities', null, null, { bold: true }),
            row('Trade payables', payables, 'AccountsPayableCurrent'),
            row('Current liabilities to credit institutions', shortDebt, null, { note: '13', neutral: 'LongTermDebtCurrent' }),
            row('Accrued expenses and deferred income', accrued),
            row('Total current liabilities', currentLiabilities, 'LiabilitiesCurrent', { bold: true }),
            row('TOTAL EQUITY AND LIABILITIES', sum(equity, deferredTax, longDebt, currentLiabilities), 'LiabilitiesAndStockholdersEquity', { bold: true }),
          ],
        },
        {
          title: 'Cash flow statement',
          subtitle: ['SEK thousand'],
          columns: years,
          rows: [
            row('Profit after financial items', afterFinancial),
            row('Adjustments for non-cash items', adjustments, null, { note: '20' }),
            row('Change in working capital', workingCapital),
            row('Income tax paid', taxPaid),
            row('Cash flow from operating activities', operatingCash, 'NetCashProvidedByUsedInOperatingActivities', { bold: true }),
            row('Investments in property, plant and equipment', capex, 'PaymentsToAcquirePropertyPlantAndEquipment', { nature: 'outflow' }),
            row('Amortisation of loans', repayments, 'RepaymentsOfDebt', { nature: 'outflow' }),
            row('Dividend paid', dividends),
            row('Cash flow for the year', change, null, { bold: true }),
          ],
        },
      ],
    ],
  };
}

/** An Indian Ind AS standalone balance sheet and statement of profit and loss: ₹ crore, two decimals, roman-numbered lines, "Note No." */
function vindhyaIn() {
  const operations = [4826.45, 4411.3];
  const otherIncome = [62.18, 55.02];
  const totalIncome = round(sum(operations, otherIncome), 2);
  const materials = [2911.72, 2688.4];
  const employee = [402.15, 371.9];
  const finance = [88.64, 95.21];
  const depreciation = [141.37, 133.05];
  const otherExpenses = [512.88, 470.16];
  const expenses = round(sum(materials, employee, finance, depreciation, otherExpenses), 2);
  const pretax = round(sum(totalIncome, neg(expenses)), 2);
  const currentTax = [198.3, 172.44];
  const deferredTax = [-6.1, 3.25];
  const tax = round(sum(currentTax, deferredTax), 2);
  const profit = round(sum(pretax, neg(tax)), 2);
  const ppe = [1988.4, 1902.77];
  const cwip = [214.55, 160.3];
  const nonCurrentOther = [96.2, 88.15];
  const nonCurrent = round(sum(ppe, cwip, nonCurrentOther), 2);
  const inventories = [871.9, 802.44];
  const receivables = [932.18, 877.6];
  const cash = [148.62, 121.05];
  const otherCurrent = [77.31, 70.88];
  const current = round(sum(inventories, receivables, cash, otherCurrent), 2);
  const assets = round(sum(nonCurrent, current), 2);
  const shareCapital = [120.0, 120.0];
  const borrowingsLong = [410.0, 520.0];
  const borrowingsShort = [150.0, 130.0];
  const payablesMse = [48.21, 41.9];
  const payablesOthers = [688.35, 640.17];
  const otherCurrentLiabilities = [91.44, 84.3];
  const currentLiabilities = round(sum(borrowingsShort, payablesMse, payablesOthers, otherCurrentLiabilities), 2);
  const otherNonCurrentLiabilities = [36.2, 32.0];
  const nonCurrentLiabilities = round(sum(borrowingsLong, otherNonCurrentLiabilities), 2);
  const equity = round(sum(assets, neg(currentLiabilities), neg(nonCurrentLiabilities)), 2);
  const otherEquity = round(sum(equity, neg(shareCapital)), 2);
  const format = numberFormat({ decimals: 2, negative: 'parentheses', zero: '-', sizes: [3, 2] });
  const asAt = [
    { head: ['As at', '31 March 2026'], period: { end: '2026-03-31' } },
    { head: ['As at', '31 March 2025'], period: { end: '2025-03-31' } },
  ];
  const yearEnded = [
    { head: ['Year ended', '31 March 2026'], period: { end: '2026-03-31', months: 12 } },
    { head: ['Year ended', '31 March 2025'], period: { end: '2025-03-31', months: 12 } },
  ];
  return {
    id: 'vindhya-in-indas',
    currency: 'INR',
    scale: 1e7,
    style: 'font-family: "Liberation Serif", serif; font-size: 10px;',
    format,
    notes: 'Note No.',
    pages: [
      [
        { text: 'VINDHYA POLYMERS LIMITED', className: 'entity' },
        {
          title: 'Standalone Balance Sheet as at 31 March 2026',
          subtitle: ['(All amounts in ₹ crore, unless otherwise stated)'],
          columns: asAt,
          rows: [
            row('ASSETS', null, null, { bold: true }),
            row('(1) Non-current assets', null, null, { bold: true }),
            row('(a) Property, plant and equipment', ppe, null, { note: '3', indent: 1 }),
            row('(b) Capital work-in-progress', cwip, null, { note: '3', indent: 1 }),
            row('(c) Other non-current assets', nonCurrentOther, null, { note: '4', indent: 1 }),
            row('Total non-current assets', nonCurrent, null, { bold: true }),
            row('(2) Current assets', null, null, { bold: true }),
            row('(a) Inventories', inventories, 'InventoryNet', { note: '5', indent: 1 }),
            row('(b) Trade receivables', receivables, 'AccountsReceivableNetCurrent', { note: '6', indent: 1 }),
            row('(c) Cash and cash equivalents', cash, 'CashAndCashEquivalentsAtCarryingValue', { note: '7', indent: 1 }),
            row('(d) Other current assets', otherCurrent, null, { note: '8', indent: 1 }),
            row('Total current assets', current, 'AssetsCurrent', { bold: true }),
            row('TOTAL ASSETS', assets, 'Assets', { bold: true }),
            row('EQUITY AND LIABILITIES', null, null, { bold: true }),
            row('(a) Equity share capital', shareCapital, null, { note: '9', indent: 1 }),
            row('(b) Other equity', otherEquity, null, { note: '10', indent: 1 }),
            row('Total equity', equity, 'StockholdersEquity', { bold: true }),
            row('LIABILITIES', null, null, { bold: true }),
            row('(1) Non-current liabilities', null, null, { bold: true }),
            row('(a) Borrowings', borrowingsLong, 'LongTermDebtNoncurrent', { note: '11', indent: 1 }),
            row('(b) Other non-current liabilities', otherNonCurrentLiabilities, null, { indent: 1 }),
            row('Total non-current liabilities', nonCurrentLiabilities, null, { bold: true }),
            row('(2) Current liabilities', null, null, { bold: true }),
            row('(a) Borrowings', borrowingsShort, null, { note: '12', indent: 1, neutral: 'LongTermDebtCurrent' }),
            row('(b) Trade payables', null, null, { note: '13', indent: 1 }),
            row('- total outstanding dues of micro and small enterprises', payablesMse, null, { indent: 2 }),
            row('- total outstanding dues of creditors other than micro and small enterprises', payablesOthers, null, { indent: 2 }),
            row('(c) Other current liabilities', otherCurrentLiabilities, null, { indent: 1 }),
            row('Total current liabilities', currentLiabilities, 'LiabilitiesCurrent', { bold: true }),
            row('TOTAL EQUITY AND LIABILITIES', round(sum(equity, nonCurrentLiabilities, currentLiabilities), 2), 'LiabilitiesAndStockholdersEquity', {
              bold: true,
            }),
          ],
        },
      ],
      [
        { text: 'VINDHYA POLYMERS LIMITED', className: 'entity' },
        {
          title: 'Standalone Statement of Profit and Loss for the year ended 31 March 2026',
          subtitle: ['(All amounts in ₹ crore, unless otherwise stated)'],
          columns: yearEnded,
          rows: [
            row('I Revenue from operations', operations, 'Revenues', { note: '14' }),
            row('II Other income', otherIncome, null, { note: '15' }),
            row('III Total income (I + II)', totalIncome, null, { bold: true }),
            row('IV Expenses', null, null, { bold: true }),
            row('Cost of materials consumed', materials, null, { note: '16', indent: 1 }),
            row('Employee benefits expense', employee, null, { note: '17', indent: 1 }),
            row('Finance costs', finance, 'InterestExpense', { note: '18', indent: 1, nature: 'cost' }),
            row('Depreciation and amortisation expense', depreciation, 'DepreciationDepletionAndAmortization', { note: '3', indent: 1, nature: 'cost' }),
            row('Other expenses', otherExpenses, null, { note: '19', indent: 1 }),
            row('Total expenses (IV)', expenses, null, { bold: true, neutral: 'OperatingExpenses' }),
            row('V Profit before tax (III - IV)', pretax, null, { bold: true }),
            row('VI Tax expense', null, null, { bold: true }),
            row('(1) Current tax', currentTax, null, { indent: 1 }),
            row('(2) Deferred tax', deferredTax, null, { indent: 1 }),
            row('Total tax expense', tax, 'IncomeTaxExpenseBenefit', { nature: 'cost' }),
            row('VII Profit for the year (V - VI)', profit, 'NetIncomeLoss', { bold: true }),
          ],
        },
      ],
    ],
  };
}

/** Management accounts from bookkeeping software: account codes in labels, months as columns plus a quarter's total. */
function lantern() {
  const months = ['Jan 2026', 'Feb 2026', 'Mar 2026'];
  const sales = [48210.55, 51344.1, 57902.4];
  const services = [6120.0, 5890.0, 7215.5];
  const income = round(sum(sales, services), 2);
  const cogs = [26110.2, 27904.35, 31377.9];
  const gross = round(sum(income, neg(cogs)), 2);
  const rent = [4500.0, 4500.0, 4500.0];
  const wages = [12840.6, 12902.15, 13410.0];
  const software = [412.99, 412.99, 455.0];
  const interest = [388.1, 381.45, 374.8];
  const expenses = round(sum(rent, wages, software, interest), 2);
  const net = round(sum(gross, neg(expenses)), 2);
  const withTotal = (values) => [...values, round([values.reduce((a, b) => a + b, 0)], 2)[0]];
  const format = numberFormat({ decimals: 2, negative: 'hyphen', zero: '0.00' });
  const dollars = (value) => `$${format(value)}`;
  const columns = [
    ...months.map((head, index) => ({ head: [head], period: { end: ['2026-01-31', '2026-02-28', '2026-03-31'][index], months: 1 } })),
    { head: ['Total'], period: { end: '2026-03-31', months: 3 } },
  ];
  return {
    id: 'lantern-mgmt-pl',
    currency: 'USD',
    scale: 1,
    style: 'font-family: "Liberation Sans", sans-serif; font-size: 9px;',
    format,
    notes: false,
    pages: [
      [
        { text: 'Lantern Street Coffee Roasters LLC', className: 'entity' },
        {
          title: 'Profit and Loss',
          subtitle: ['January - March, 2026', 'Accrual Basis'],
          columns,
          rows: [
            row('Income', null, null, { bold: true }),
            row('4000 Sales - Wholesale Coffee', withTotal(sales), null, { indent: 1 }),
            row('4100 Service Revenue', withTotal(services), null, { indent: 1 }),
            row('Total Income', withTotal(income), 'Revenues', { bold: true, print: dollars }),
            row('Cost of Goods Sold', null, null, { bold: true }),
            row('5000 Cost of Goods Sold', withTotal(cogs), 'CostOfRevenue', { indent: 1, nature: 'cost' }),
            row('Total Cost of Goods Sold', withTotal(cogs), null, { bold: true, print: dollars }),
            row('Gross Profit', withTotal(gross), 'GrossProfit', { bold: true, print: dollars }),
            row('Expenses', null, null, { bold: true }),
            row('6100 Rent & Lease', withTotal(rent), null, { indent: 1 }),
            row('6200 Wages & Salaries', withTotal(wages), null, { indent: 1 }),
            row('6300 Software & Subscriptions', withTotal(software), null, { indent: 1 }),
            row('6400 Interest Expense', withTotal(interest), 'InterestExpense', { indent: 1, nature: 'cost' }),
            row('Total Expenses', withTotal(expenses), null, { bold: true, print: dollars, neutral: 'OperatingExpenses' }),
            row('Net Operating Income', withTotal(net), null, { bold: true, print: dollars }),
            row('Net Income', withTotal(net), 'NetIncomeLoss', { bold: true, print: dollars }),
          ],
        },
        { text: 'Monday, April 6, 2026 09:14 AM GMT-07:00', className: 'footer' },
      ],
    ],
  };
}

/** A US non-profit's statement of activities: restriction columns that are not periods, then the year's and last year's totals. */
function harborNpo() {
  const contributionsWithout = 1184220;
  const contributionsWith = 402500;
  const grants = [655000, 210000];
  const program = 41200;
  const released = 318400;
  const revenueWithout = contributionsWithout + grants[0] + program + released;
  const revenueWith = contributionsWith + grants[1] - released;
  const programs = 1602330;
  const management = 201450;
  const fundraising = 118760;
  const expenses = programs + management + fundraising;
  const changeWithout = revenueWithout - expenses;
  const changeWith = revenueWith;
  const prior = { revenue: 2176300, expenses: 1849200 };
  const format = numberFormat({ decimals: 0, negative: 'parentheses', zero: '-' });
  const dollars = (value) => (value === null ? '' : `$ ${format(value)}`);
  const columns = [
    { head: ['Without Donor', 'Restrictions'], period: null },
    { head: ['With Donor', 'Restrictions'], period: null },
    { head: ['2026', 'Total'], period: { end: '2026-06-30', months: 12 } },
    { head: ['2025', 'Total'], period: { end: '2025-06-30', months: 12 } },
  ];
  const cash = [612400, 540110];
  const pledges = [288000, 241500];
  const investments = [1502300, 1410800];
  const equipment = [201900, 188400];
  const assets = sum(cash, pledges, investments, equipment);
  const payables = [84210, 90115];
  const deferred = [42000, 38500];
  const liabilities = sum(payables, deferred);
  return {
    id: 'harbor-literacy-npo',
    currency: 'USD',
    scale: 1,
    style: 'font-family: "Liberation Serif", serif; font-size: 10px;',
    format,
    notes: false,
    pages: [
      [
        { text: 'HARBOR LIGHT LITERACY ALLIANCE', className: 'entity' },
        {
          title: 'STATEMENT OF ACTIVITIES',
          subtitle: ['Year Ended June 30, 2026', '(With Comparative Totals for the Year Ended June 30, 2025)'],
          columns,
          rows: [
            row('REVENUE AND SUPPORT', null, null, { bold: true }),
            row('Contributions', [contributionsWithout, contributionsWith, contributionsWithout + contributionsWith, 1320400], null, {
              print: dollars,
              indent: 1,
            }),
            row('Government grants', [grants[0], grants[1], grants[0] + grants[1], 790100], null, { indent: 1 }),
            row('Program service fees', [program, null, program, 65800], null, { indent: 1 }),
            row('Net assets released from restrictions', [released, -released, 0, 0], null, { indent: 1 }),
            row('Total revenue and support', [revenueWithout, revenueWith, revenueWithout + revenueWith, prior.revenue], 'Revenues', { bold: true }),
            row('EXPENSES', null, null, { bold: true }),
            row('Program services', [programs, null, programs, 1482300], null, { indent: 1 }),
            row('Management and general', [management, null, management, 230100], null, { indent: 1 }),
            row('Fundraising', [fundraising, null, fundraising, 136800], null, { indent: 1 }),
            row('Total expenses', [expenses, null, expenses, prior.expenses], 'OperatingExpenses', { bold: true, nature: 'cost' }),
            row('CHANGE IN NET ASSETS', [changeWithout, changeWith, changeWithout + changeWith, prior.revenue - prior.expenses], null, {
              bold: true,
              print: dollars,
            }),
          ],
        },
      ],
      [
        { text: 'HARBOR LIGHT LITERACY ALLIANCE', className: 'entity' },
        {
          title: 'STATEMENTS OF FINANCIAL POSITION',
          subtitle: ['June 30, 2026 and 2025'],
          columns: [
            { head: ['2026'], period: { end: '2026-06-30' } },
            { head: ['2025'], period: { end: '2025-06-30' } },
          ],
          rows: [
            row('ASSETS', null, null, { bold: true }),
            row('Cash and cash equivalents', cash, 'CashAndCashEquivalentsAtCarryingValue', { print: dollars }),
            row('Pledges receivable, net', pledges),
            row('Investments', investments),
            row('Property and equipment, net', equipment),
            row('Total assets', assets, 'Assets', { bold: true, print: dollars }),
            row('LIABILITIES AND NET ASSETS', null, null, { bold: true }),
            row('Accounts payable', payables, 'AccountsPayableCurrent'),
            row('Deferred revenue', deferred),
            row('Total liabilities', liabilities, 'Liabilities', { bold: true }),
            row(
              'Net assets without donor restrictions',
              sum(assets, neg(liabilities)).map((value) => value - 702300),
            ),
            row('Net assets with donor restrictions', [702300, 702300], null),
            row('Total liabilities and net assets', assets, 'LiabilitiesAndStockholdersEquity', { bold: true, print: dollars }),
          ],
        },
      ],
    ],
  };
}

/** A Japanese company's statements in English: millions of yen, and a convenience translation into dollars that is no second period. */
function kisoJp() {
  const sales = [482115, 455830];
  const cost = [352880, 336120];
  const gross = sum(sales, neg(cost));
  const sga = [88410, 84990];
  const operating = sum(gross, neg(sga));
  const interest = [2115, 2380];
  const otherNet = [1530, -740];
  const pretax = sum(operating, neg(interest), otherNet);
  const taxes = pretax.map((value) => Math.round(value * 0.31));
  const profit = sum(pretax, neg(taxes));
  const rate = 150;
  const usd = (values) => Math.round((values[0] * 1000) / rate);
  const format = numberFormat({ decimals: 0, negative: 'parentheses' });
  const columns = [
    { head: ['Millions of yen', '2026'], period: { end: '2026-03-31', months: 12 } },
    { head: ['', '2025'], period: { end: '2025-03-31', months: 12 } },
    { head: ['Thousands of', 'U.S. dollars (Note 1)', '2026'], period: null },
  ];
  const withUsd = (values) => [...values, usd(values)];
  return {
    id: 'kiso-jp-annual',
    currency: 'JPY',
    scale: 1e6,
    style: 'font-family: "DejaVu Sans Condensed", "DejaVu Sans", sans-serif; font-size: 10px;',
    format,
    notes: false,
    pages: [
      [
        { text: 'Kiso Precision Instruments Co., Ltd. and Consolidated Subsidiaries', className: 'entity' },
        {
          title: 'Consolidated Statements of Income',
          subtitle: ['Years ended March 31, 2026 and 2025'],
          columns,
          rows: [
            row('Net sales', withUsd(sales), 'Revenues'),
            row('Cost of sales', withUsd(cost), 'CostOfRevenue', { nature: 'cost' }),
            row('Gross profit', withUsd(gross), 'GrossProfit', { bold: true }),
            row('Selling, general and administrative expenses', withUsd(sga), null, { nature: 'cost' }),
            row('Operating income', withUsd(operating), 'OperatingIncomeLoss', { bold: true }),
            row('Interest expense', withUsd(interest), 'InterestExpense', { nature: 'cost' }),
            row('Other, net', withUsd(otherNet)),
            row('Profit before income taxes', withUsd(pretax), null, { bold: true }),
            row('Income taxes', withUsd(taxes), 'IncomeTaxExpenseBenefit', { nature: 'cost' }),
            row('Profit attributable to owners of parent', withUsd(profit), 'NetIncomeLoss', { bold: true }),
          ],
        },
        {
          text: 'See notes to consolidated financial statements. U.S. dollar amounts are translated at ¥150 = US$1 for convenience only.',
          className: 'footer',
        },
      ],
    ],
  };
}

/** A Swiss group's statements: apostrophe grouping, the scale only in the column heads ("CHF 000"), a restated prior year. */
function alpenCh() {
  const revenue = [318422, 301877];
  const material = neg([142330, 137905]);
  const personnel = neg([98215, 93120]);
  const otherOpex = neg([31240, 29870]);
  const ebitda = sum(revenue, material, personnel, otherOpex);
  const depreciation = neg([14880, 14110]);
  const ebit = sum(ebitda, depreciation);
  const financial = neg([3115, 3390]);
  const pretax = sum(ebit, financial);
  const tax = pretax.map((value) => -Math.round(value * 0.18));
  const net = sum(pretax, tax);
  const format = numberFormat({ thousands: "'", decimals: 0, negative: 'hyphen', zero: '–' });
  return {
    id: 'alpenwerk-ch-group',
    currency: 'CHF',
    scale: 1000,
    style: 'font-family: "Liberation Sans Narrow", "Liberation Sans", sans-serif; font-size: 10px;',
    format,
    notes: true,
    pages: [
      [
        { text: 'Alpenwerk Group', className: 'entity' },
        {
          title: 'Consolidated income statement',
          subtitle: [],
          columns: [
            { head: ['2025', 'CHF 000'], period: { end: '2025-12-31', months: 12 } },
            { head: ['2024 restated¹', 'CHF 000'], period: { end: '2024-12-31', months: 12 } },
          ],
          rows: [
            row('Net revenue', revenue, 'Revenues', { note: '4' }),
            row('Material expenses', material, null, { nature: 'cost' }),
            row('Personnel expenses', personnel, null, { note: '5', nature: 'cost' }),
            row('Other operating expenses', otherOpex, null, { nature: 'cost' }),
            row('Operating result before depreciation (EBITDA)', ebitda, null, { bold: true }),
            row('Depreciation and amortisation', depreciation, 'DepreciationDepletionAndAmortization', { note: '11', nature: 'cost' }),
            row('Operating result (EBIT)', ebit, 'OperatingIncomeLoss', { bold: true }),
            row('Financial result', financial),
            row('Result before taxes', pretax, null, { bold: true }),
            row('Income taxes', tax, 'IncomeTaxExpenseBenefit', { note: '7', nature: 'cost' }),
            row('Net result', net, 'NetIncomeLoss', { bold: true }),
          ],
        },
        { text: '¹ Restated for the change in accounting policy described in note 2.', className: 'footer' },
      ],
    ],
  };
}

/** A German GmbH's balance sheet as HGB prints it: landscape, assets on the left and equity and liabilities on the right, TEUR. */
function nordhafenDe() {
  const intangible = [412, 388];
  const ppe = [18240, 17115];
  const fixed = sum(intangible, ppe);
  const inventories = [6120, 5870];
  const receivables = [4485, 4210];
  const cash = [2304, 1977];
  const current = sum(inventories, receivables, cash);
  const prepaid = [118, 102];
  const assets = sum(fixed, current, prepaid);
  const subscribed = [2500, 2500];
  const reserves = [1200, 1200];
  const retained = [9841, 8704];
  const equity = sum(subscribed, reserves, retained);
  const provisions = [2210, 2045];
  const bank = [7350, 7900];
  const payables = [3110, 2870];
  const otherLiabilities = sum(assets, neg(equity), neg(provisions), neg(bank), neg(payables));
  const liabilities = sum(bank, payables, otherLiabilities);
  const format = numberFormat({ thousands: '.', decimals: 0, negative: 'minus', zero: '–' });
  const columns = [
    { head: ['31.12.2025'], period: { end: '2025-12-31' } },
    { head: ['31.12.2024'], period: { end: '2024-12-31' } },
  ];
  return {
    id: 'nordhafen-de-hgb',
    currency: 'EUR',
    scale: 1000,
    style: 'font-family: "Liberation Sans", sans-serif; font-size: 9px;',
    landscape: true,
    format,
    notes: false,
    pages: [
      [
        { text: 'Nordhafen Logistik GmbH, Bremen', className: 'entity' },
        {
          title: 'Balance sheet as at 31 December 2025',
          subtitle: ['TEUR'],
          columns,
          beside: true,
          rows: [
            row('A. Fixed assets', fixed, null, { bold: true }),
            row('I. Intangible assets', intangible, null, { indent: 1 }),
            row('II. Property, plant and equipment', ppe, null, { indent: 1 }),
            row('B. Current assets', current, 'AssetsCurrent', { bold: true }),
            row('I. Inventories', inventories, 'InventoryNet', { indent: 1 }),
            row('II. Trade receivables', receivables, 'AccountsReceivableNetCurrent', { indent: 1 }),
            row('III. Cash at bank and in hand', cash, 'CashAndCashEquivalentsAtCarryingValue', { indent: 1 }),
            row('C. Prepaid expenses', prepaid, null, { bold: true }),
            row('Total assets', assets, 'Assets', { bold: true }),
          ],
          besideRows: [
            row('A. Equity', equity, 'StockholdersEquity', { bold: true }),
            row('I. Subscribed capital', subscribed, null, { indent: 1 }),
            row('II. Capital reserves', reserves, null, { indent: 1 }),
            row('III. Retained earnings', retained, null, { indent: 1 }),
            row('B. Provisions', provisions, null, { bold: true }),
            row('C. Liabilities', liabilities, 'Liabilities', { bold: true }),
            row('1. Liabilities to banks', bank, null, { indent: 1, neutral: 'LongTermDebtNoncurrent' }),
            row('2. Trade payables', payables, 'AccountsPayableCurrent', { indent: 1 }),
            row('3. Other liabilities', otherLiabilities, null, { indent: 1 }),
            row('Total equity and liabilities', assets, 'LiabilitiesAndStockholdersEquity', { bold: true }),
          ],
        },
      ],
    ],
  };
}

export const DOCUMENTS = [hallmarkDe, fjordSe, vindhyaIn, lantern, harborNpo, kisoJp, alpenCh, nordhafenDe];
