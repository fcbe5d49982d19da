import { createCanvas } from './canvas.mjs';

const COMPANIES = [
  'Acme Industrial Holdings, Inc.',
  'Northwind Logistics Ltd',
  'Bluefield Analytics Corp.',
  'Harbor & Vale Foods plc',
  'Quantum Ridge Software, Inc.',
  'Sierra Components GmbH',
  'Maple Street Retail LLC',
  'Oakline Medical Devices S.A.',
  'Pioneer Freight Co.',
  'Copperleaf Energy Partners',
];
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT = MONTH_NAMES.map((month) => month.slice(0, 3));

function lastDay(year, month) {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
function iso(year, month) {
  return `${year}-${String(month).padStart(2, '0')}-${String(lastDay(year, month)).padStart(2, '0')}`;
}

/** The periods of a statement and how its heading names them; the labels' period ends come from here. */
function periodPlan(random, kind) {
  const count = random.pick([1, 2, 2, 2, 3]);
  const quarterly = kind !== 'balance_sheet' && random.chance(0.2);
  const endMonth = quarterly ? random.pick([3, 6, 9]) : random.pick([12, 12, 12, 6, 3]);
  const latest = random.int(2019, 2025);
  const years = Array.from({ length: count }, (_, index) => latest - index);
  const ends = years.map((year) => iso(year, endMonth));
  const style = random.int(0, 4);
  const monthWord = MONTH_NAMES[endMonth - 1];
  const day = lastDay(latest, endMonth);
  let spanning = null;
  let columns;
  if (kind === 'balance_sheet') {
    if (style <= 1) {
      spanning = random.pick([`As of ${monthWord} ${day},`, `At ${monthWord} ${day},`, `As at ${day} ${monthWord}`]);
      columns = years.map(String);
    } else if (style === 2) columns = years.map((year) => `${day} ${SHORT[endMonth - 1]} ${year}`);
    else if (style === 3) columns = years.map((year) => `${SHORT[endMonth - 1]}. ${lastDay(year, endMonth)}, ${year}`);
    else columns = years.map((year) => `${year}-${String(endMonth).padStart(2, '0')}-${lastDay(year, endMonth)}`);
  } else if (quarterly) {
    const lengthWords = { 3: 'Three months ended', 6: 'Six months ended', 9: 'Nine months ended' }[endMonth];
    if (style <= 2 || endMonth !== 3) {
      spanning = `${lengthWords} ${monthWord} ${day},`;
      columns = years.map(String);
    } else columns = years.map((year) => random.pick([`Q1 ${year}`, `Q1 FY${year}`]));
  } else if (style === 0) {
    spanning = `${random.pick(['Year ended', 'Years ended', 'Twelve months ended', 'For the year ended'])} ${monthWord} ${day},`;
    columns = years.map(String);
  } else if (style === 1 && endMonth === 12) columns = years.map((year) => random.pick([`FY${year}`, `FY ${year}`, `Fiscal ${year}`]));
  else if (style === 2) columns = years.map((year) => `${day} ${SHORT[endMonth - 1]} ${year}`);
  else if (style === 3) columns = years.map((year) => `${monthWord} ${lastDay(year, endMonth)}, ${year}`);
  else {
    spanning = `Year ended ${monthWord} ${day},`;
    columns = years.map(String);
  }
  return { ends, spanning, columns, count };
}

const SCALES = [
  { scale: 1, words: () => null },
  {
    scale: 1e3,
    words: (c) =>
      ({
        USD: ['(in thousands)', '(In thousands of U.S. dollars)', "$'000", '(Amounts in USD thousands)'],
        EUR: ["(in EUR '000)", '(in thousands of euros)', '€000'],
        GBP: ['£000', '(in thousands of pounds sterling)', "(£'000)"],
      })[c],
  },
  {
    scale: 1e6,
    words: (c) =>
      ({
        USD: ['(in millions)', '($ in millions)', '(in millions of US dollars)'],
        EUR: ['€m', '(in millions of euros)', '(EUR m)'],
        GBP: ['£m', '(in £ millions)'],
      })[c],
  },
];

function formatter(random, currency) {
  const negative = random.pick(['parens', 'parens', 'parens', 'trailing', 'leading']);
  const zero = random.pick(['—', '-', '–']);
  const symbolFirstRow = random.chance(0.35) ? { USD: '$', EUR: '€', GBP: '£' }[currency] : '';
  return (value, { first = false } = {}) => {
    if (value === 0) return zero;
    const digits = Math.abs(value).toLocaleString('en-US');
    const symbol = first && symbolFirstRow ? symbolFirstRow : '';
    if (value > 0) return `${symbol}${digits}`;
    if (negative === 'parens') return `(${symbol}${digits})`;
    if (negative === 'trailing') return `${symbol}${digits}-`;
    return `-${symbol}${digits}`;
  };
}

/**
 * The tax line's wording and the direction it names first, as statements word it: an expense-only
 * wording when every year is an expense; with a benefit, a wording naming both directions (the one
 * in parentheses or after the slash is the negative one), or a benefit-only one when every year is a
 * benefit.
 */
function taxWording(random, ifrs, data) {
  const benefit = data.some((d) => d.tax < 0);
  const expense = data.some((d) => d.tax > 0);
  const expenseOnly = ifrs ? ['Income tax expense', 'Taxation', 'Income tax'] : ['Provision for income taxes', 'Income tax expense', 'Income taxes'];
  if (!benefit) return { label: random.pick(expenseOnly), benefitFirst: false };
  const expenseFirst = ifrs
    ? ['Income tax expense/(credit)', 'Taxation charge/(credit)', 'Income tax']
    : ['Income tax expense (benefit)', 'Provision for (benefit from) income taxes', 'Provision (benefit) for income taxes', 'Income taxes'];
  const benefitFirst = ifrs
    ? ['Income tax (expense)/credit', 'Taxation (charge)/credit', 'Tax credit/(charge)', ...(expense ? [] : ['Income tax credit', 'Tax credit'])]
    : [
        'Income tax benefit (expense)',
        '(Provision) benefit for income taxes',
        'Benefit from (provision for) income taxes',
        'Income tax (expense) benefit',
        ...(expense ? [] : ['Income tax benefit', 'Benefit from income taxes']),
      ];
  return random.chance(0.5) ? { label: random.pick(expenseFirst), benefitFirst: false } : { label: random.pick(benefitFirst), benefitFirst: true };
}

/** Income statement rows in printed units (already rounded), with the concept each total names. */
function incomeRows(random, ifrs, periods, unit, costsNegative) {
  const rows = [];
  const base = random.int(2000, 900000) * (unit === 1 ? 100 : 1);
  const data = Array.from({ length: periods }, (_, index) => {
    const revenue = Math.round(base / (1 + random.next() * 0.3) ** index);
    const cost = Math.round(revenue * (0.35 + random.next() * 0.35));
    const opexParts = [
      Math.round(revenue * (0.08 + random.next() * 0.15)),
      Math.round(revenue * (0.03 + random.next() * 0.1)),
      Math.round(revenue * random.next() * 0.05),
    ];
    const da = Math.round(revenue * (0.01 + random.next() * 0.04));
    const interest = Math.round(revenue * random.next() * 0.03);
    const other = Math.round(revenue * (random.next() - 0.5) * 0.02);
    return { revenue, cost, opexParts, da, interest, other };
  });
  const split = random.chance(0.35);
  const sign = (value) => (costsNegative ? -value : value);
  const revenueWord = random.pick(
    ifrs ? ['Revenue', 'Turnover', 'Revenue from contracts with customers'] : ['Net sales', 'Revenue', 'Revenues', 'Net revenues', 'Total revenue'],
  );
  if (split) {
    rows.push({ label: random.pick(['Revenues:', 'Revenue']), values: null });
    rows.push({ label: random.pick(['Product', 'Product revenue', 'Subscription']), values: data.map((d) => Math.round(d.revenue * 0.6)) });
    rows.push({
      label: random.pick(['Services', 'Service revenue', 'Professional services']),
      values: data.map((d) => d.revenue - Math.round(d.revenue * 0.6)),
    });
    rows.push({ label: random.pick(['Total revenue', 'Total revenues', 'Total net revenue']), values: data.map((d) => d.revenue), concept: 'Revenues' });
  } else rows.push({ label: revenueWord, values: data.map((d) => d.revenue), concept: 'Revenues' });
  rows.push({
    label: random.pick(ifrs ? ['Cost of sales', 'Cost of sales'] : ['Cost of revenue', 'Cost of sales', 'Cost of goods sold', 'Cost of revenues']),
    values: data.map((d) => sign(d.cost)),
    concept: 'CostOfRevenue',
    truth: data.map((d) => d.cost),
  });
  rows.push({ label: random.pick(['Gross profit', 'Gross profit', 'Gross margin']), values: data.map((d) => d.revenue - d.cost), concept: 'GrossProfit' });
  const opexLabels = random.shuffle(
    ifrs
      ? ['Distribution costs', 'Administrative expenses', 'Other operating expenses']
      : ['Selling, general and administrative', 'Research and development', 'Sales and marketing'],
  );
  const showDa = random.chance(0.5);
  if (random.chance(0.5)) rows.push({ label: random.pick(['Operating expenses:', 'Operating expenses']), values: null });
  data.forEach((d) => (d.opex = d.opexParts.reduce((a, b) => a + b, 0) + (showDa ? d.da : 0)));
  opexLabels.forEach((label, index) => rows.push({ label, values: data.map((d) => sign(d.opexParts[index])) }));
  if (showDa)
    rows.push({
      label: random.pick(['Depreciation and amortization', 'Depreciation and amortisation', 'Depreciation & amortization']),
      values: data.map((d) => sign(d.da)),
      concept: 'DepreciationDepletionAndAmortization',
      truth: data.map((d) => d.da),
    });
  const totalOpex = !ifrs || random.chance(0.5);
  if (totalOpex)
    rows.push({
      label: random.pick(['Total operating expenses', 'Total operating expenses', 'Total operating costs']),
      values: data.map((d) => sign(d.opex)),
      concept: 'OperatingExpenses',
      truth: data.map((d) => d.opex),
    });
  data.forEach((d) => (d.operating = d.revenue - d.cost - d.opex));
  rows.push({
    label: random.pick(
      ifrs
        ? ['Operating profit', 'Profit from operations', 'Operating profit / (loss)']
        : ['Operating income', 'Income from operations', 'Operating income (loss)', 'Income (loss) from operations'],
    ),
    values: data.map((d) => d.operating),
    concept: 'OperatingIncomeLoss',
  });
  rows.push({
    label: random.pick(ifrs ? ['Finance costs', 'Finance costs'] : ['Interest expense', 'Interest expense, net']),
    values: data.map((d) => sign(d.interest)),
    concept: 'InterestExpense',
    truth: data.map((d) => d.interest),
  });
  rows.push({ label: random.pick(['Other income (expense), net', 'Other income, net', 'Other gains and losses']), values: data.map((d) => d.other) });
  // Some years have a tax benefit: a loss carried back, or a valuation allowance released in a profitable year.
  const allowanceReleased = random.chance(0.3) ? random.int(0, periods - 1) : -1;
  data.forEach((d, index) => {
    d.pretax = d.operating - d.interest + d.other;
    const rate = 0.19 + random.next() * 0.08;
    if (index === allowanceReleased && d.pretax > 0) d.tax = -Math.round(d.pretax * (0.02 + random.next() * 0.1));
    else if (d.pretax > 0) d.tax = Math.round(d.pretax * rate);
    else d.tax = random.chance(0.75) ? -Math.round(-d.pretax * rate) : 0;
    d.net = d.pretax - d.tax;
  });
  rows.push({
    label: random.pick(ifrs ? ['Profit before tax', 'Profit before income tax'] : ['Income before income taxes', 'Income (loss) before income taxes']),
    values: data.map((d) => d.pretax),
  });
  const tax = taxWording(random, ifrs, data);
  rows.push({
    label: tax.label,
    // Printed as the statement prints costs, or, where costs print positive, in the direction the wording names first.
    values: data.map((d) => (costsNegative || tax.benefitFirst ? -d.tax : d.tax)),
    concept: 'IncomeTaxExpenseBenefit',
    // DOMAIN.md 4 (XBRL IncomeTaxExpenseBenefit): an expense is positive, a benefit negative.
    truth: data.map((d) => d.tax),
  });
  rows.push({
    label: random.pick(ifrs ? ['Profit for the year', 'Profit (loss) for the year', 'Net profit'] : ['Net income', 'Net income (loss)', 'Net earnings']),
    values: data.map((d) => d.net),
    concept: 'NetIncomeLoss',
    bold: true,
  });
  if (random.chance(0.4))
    rows.push({
      label: random.pick(['Basic earnings per share', 'Earnings per share - basic']),
      values: data.map(() => null),
      eps: data.map((d) => (d.net / (base / 8)).toFixed(2)),
    });
  return { rows, data };
}

function balanceRows(random, ifrs, periods, unit) {
  const base = random.int(3000, 900000) * (unit === 1 ? 100 : 1);
  const data = Array.from({ length: periods }, (_, index) => {
    const scale = 1 / (1 + random.next() * 0.25) ** index;
    const d = {
      cash: Math.round(base * 0.1 * scale * (0.5 + random.next())),
      receivables: Math.round(base * 0.15 * scale),
      inventory: random.chance(0.85) ? Math.round(base * 0.12 * scale) : 0,
      otherCurrent: Math.round(base * 0.03 * scale),
      ppe: Math.round(base * 0.4 * scale),
      goodwill: Math.round(base * 0.1 * scale),
      payables: Math.round(base * 0.09 * scale),
      accrued: Math.round(base * 0.05 * scale),
      debtCurrent: Math.round(base * 0.04 * scale),
      debtLong: Math.round(base * 0.25 * scale),
      deferredTax: Math.round(base * 0.02 * scale),
      shareCapital: Math.round(base * 0.1),
    };
    d.currentAssets = d.cash + d.receivables + d.inventory + d.otherCurrent;
    d.assets = d.currentAssets + d.ppe + d.goodwill;
    d.currentLiabilities = d.payables + d.accrued + d.debtCurrent;
    d.liabilities = d.currentLiabilities + d.debtLong + d.deferredTax;
    d.retained = d.assets - d.liabilities - d.shareCapital;
    d.equity = d.shareCapital + d.retained;
    return d;
  });
  const col = (key) => data.map((d) => d[key]);
  const assets = [
    { label: random.pick(['Current assets', 'Current assets:']), values: null },
    {
      label: random.pick(ifrs ? ['Cash and cash equivalents', 'Cash and bank balances'] : ['Cash and cash equivalents', 'Cash', 'Cash and equivalents']),
      values: col('cash'),
      concept: 'CashAndCashEquivalentsAtCarryingValue',
    },
    {
      label: random.pick(
        ifrs ? ['Trade and other receivables', 'Trade receivables'] : ['Accounts receivable, net', 'Accounts receivable', 'Trade receivables'],
      ),
      values: col('receivables'),
      concept: 'AccountsReceivableNetCurrent',
    },
    { label: random.pick(['Inventories', 'Inventory']), values: col('inventory'), concept: 'InventoryNet' },
    { label: random.pick(['Prepaid expenses and other current assets', 'Other current assets']), values: col('otherCurrent') },
    { label: 'Total current assets', values: col('currentAssets'), concept: 'AssetsCurrent', bold: true },
    { label: random.pick(['Property, plant and equipment, net', 'Property and equipment, net']), values: col('ppe') },
    { label: random.pick(['Goodwill', 'Goodwill and intangible assets']), values: col('goodwill') },
    { label: 'Total assets', values: col('assets'), concept: 'Assets', bold: true },
  ];
  const liabilities = [
    { label: random.pick(['Current liabilities', 'Current liabilities:']), values: null },
    {
      label: random.pick(ifrs ? ['Trade and other payables', 'Trade payables'] : ['Accounts payable', 'Trade payables']),
      values: col('payables'),
      concept: 'AccountsPayableCurrent',
    },
    { label: random.pick(['Accrued liabilities', 'Accrued expenses', 'Other payables']), values: col('accrued') },
    {
      label: ifrs
        ? random.pick(['Borrowings', 'Loans and borrowings'])
        : random.pick(['Current portion of long-term debt', 'Current maturities of long-term debt']),
      values: col('debtCurrent'),
      concept: 'LongTermDebtCurrent',
    },
    { label: 'Total current liabilities', values: col('currentLiabilities'), concept: 'LiabilitiesCurrent', bold: true },
    ...(ifrs ? [{ label: random.pick(['Non-current liabilities', 'Non-current liabilities:']), values: null }] : []),
    {
      label: ifrs
        ? random.pick(['Borrowings', 'Loans and borrowings'])
        : random.pick(['Long-term debt', 'Long-term debt, net of current portion', 'Long-term debt, less current portion']),
      values: col('debtLong'),
      concept: 'LongTermDebtNoncurrent',
    },
    { label: random.pick(['Deferred tax liabilities', 'Deferred income taxes']), values: col('deferredTax') },
    { label: 'Total liabilities', values: col('liabilities'), concept: 'Liabilities', bold: true },
  ];
  const equityWord = random.pick(ifrs ? ['Total equity'] : ["Total stockholders' equity", "Total shareholders' equity", 'Total stockholders’ equity']);
  const equity = [
    { label: random.pick(ifrs ? ['Equity', 'Capital and reserves'] : ["Stockholders' equity", "Shareholders' equity:"]), values: null },
    { label: random.pick(['Share capital', 'Common stock']), values: col('shareCapital') },
    { label: random.pick(['Retained earnings', 'Retained earnings (accumulated deficit)']), values: col('retained') },
    { label: equityWord, values: col('equity'), concept: 'StockholdersEquity', bold: true },
  ];
  const total = {
    label: ifrs
      ? random.pick(['Total equity and liabilities', 'Total liabilities and equity'])
      : random.pick(["Total liabilities and stockholders' equity", "Total liabilities and shareholders' equity"]),
    values: col('assets'),
    concept: 'LiabilitiesAndStockholdersEquity',
    bold: true,
  };
  const rows = [...assets, { label: random.pick(['Liabilities and equity', "LIABILITIES AND STOCKHOLDERS' EQUITY"]), values: null }];
  if (ifrs && random.chance(0.5)) rows.push(...equity, ...liabilities, total);
  else rows.push(...liabilities, ...equity, total);
  return { rows, data };
}

function cashFlowRows(random, ifrs, periods, unit) {
  const base = random.int(1000, 300000) * (unit === 1 ? 100 : 1);
  const data = Array.from({ length: periods }, () => {
    const d = {
      net: Math.round(base * (random.next() - 0.2)),
      da: Math.round(base * 0.2 * random.next()) + 1,
      wc: Math.round(base * (random.next() - 0.5) * 0.3),
    };
    d.operating = d.net + d.da + d.wc;
    d.capex = Math.round(base * 0.3 * random.next()) + 1;
    d.otherInvesting = Math.round(base * 0.05 * (random.next() - 0.5));
    d.investing = -d.capex + d.otherInvesting;
    d.borrowed = Math.round(base * 0.2 * random.next());
    d.repaid = random.chance(0.85) ? Math.round(base * 0.15 * random.next()) + 1 : 0;
    d.financing = d.borrowed - d.repaid;
    return d;
  });
  const col = (key, factor = 1) => data.map((d) => d[key] * factor);
  const rows = [
    { label: random.pick(['Cash flows from operating activities', 'Operating activities', 'CASH FLOWS FROM OPERATING ACTIVITIES:']), values: null },
    { label: random.pick(ifrs ? ['Profit for the year', 'Profit before tax'] : ['Net income', 'Net income (loss)']), values: col('net') },
    { label: random.pick(['Adjustments to reconcile net income to net cash:', 'Adjustments for:']), values: null },
    {
      label: random.pick(['Depreciation and amortization', 'Depreciation and amortisation']),
      values: col('da'),
      concept: 'DepreciationDepletionAndAmortization',
    },
    {
      label: random.pick(['Changes in working capital', 'Changes in operating assets and liabilities, net', 'Movements in working capital']),
      values: col('wc'),
    },
    {
      label: random.pick(
        ifrs
          ? ['Net cash from operating activities', 'Net cash generated from operating activities']
          : ['Net cash provided by operating activities', 'Net cash provided by (used in) operating activities'],
      ),
      values: col('operating'),
      concept: 'NetCashProvidedByUsedInOperatingActivities',
      bold: true,
    },
    { label: random.pick(['Cash flows from investing activities', 'Investing activities']), values: null },
    {
      label: random.pick(
        ifrs
          ? ['Purchase of property, plant and equipment', 'Acquisition of property, plant and equipment']
          : ['Purchases of property and equipment', 'Capital expenditures', 'Purchases of property, plant and equipment'],
      ),
      values: col('capex', -1),
      concept: 'PaymentsToAcquirePropertyPlantAndEquipment',
      truth: col('capex'),
    },
    { label: random.pick(['Other investing activities', 'Proceeds from sale of equipment']), values: col('otherInvesting') },
    { label: random.pick(['Net cash used in investing activities', 'Net cash from investing activities']), values: col('investing') },
    { label: random.pick(['Cash flows from financing activities', 'Financing activities']), values: null },
    { label: random.pick(['Proceeds from borrowings', 'Proceeds from long-term debt']), values: col('borrowed') },
    {
      label: random.pick(
        ifrs
          ? ['Repayment of borrowings', 'Repayments of borrowings']
          : ['Repayments of long-term debt', 'Principal payments on long-term debt', 'Repayment of term loan'],
      ),
      values: col('repaid', -1),
      concept: 'RepaymentsOfDebt',
      truth: col('repaid'),
    },
    { label: random.pick(['Net cash provided by (used in) financing activities', 'Net cash from financing activities']), values: col('financing') },
  ];
  return { rows, data };
}

const TITLES = {
  income_statement: {
    us: ['Consolidated Statements of Operations', 'Consolidated Statements of Income', 'Income Statement', 'Statement of Operations'],
    ifrs: ['Consolidated Statement of Profit or Loss', 'Consolidated Income Statement', 'Statement of Comprehensive Income', 'Profit and Loss Account'],
  },
  balance_sheet: {
    us: ['Consolidated Balance Sheets', 'Balance Sheet', 'Consolidated Balance Sheet'],
    ifrs: ['Consolidated Statement of Financial Position', 'Statement of Financial Position', 'Balance Sheet'],
  },
  cash_flow_statement: {
    us: ['Consolidated Statements of Cash Flows', 'Statement of Cash Flows'],
    ifrs: ['Consolidated Statement of Cash Flows', 'Cash Flow Statement'],
  },
};

/**
 * A financial-statement PDF and its labels: one to three statements, one to three period columns,
 * US or IFRS wording, scale words, negatives in parentheses / trailing / leading minus, dashes for
 * zero, optional budget-and-variance or note columns, page breaks inside a statement.
 */
export async function financialStatement(random) {
  const canvas = await createCanvas(random);
  const ifrs = random.chance(0.4);
  const currency = ifrs ? random.pick(['EUR', 'GBP', 'USD']) : 'USD';
  const scaleChoice = random.pick(SCALES);
  const unit = scaleChoice.scale;
  const scaleWords = scaleChoice.words(currency);
  const company = random.pick(COMPANIES);
  const kinds = random.pick([
    ['income_statement'],
    ['balance_sheet'],
    ['cash_flow_statement'],
    ['income_statement', 'balance_sheet'],
    ['income_statement', 'balance_sheet', 'cash_flow_statement'],
  ]);
  const format = formatter(random, currency);
  const facts = [];
  const fontSize = random.pick([8, 8.5, 9, 9.5, 10]);
  const leading = fontSize + random.int(3, 7);
  const labelX = random.int(36, 72);
  for (const kind of kinds) {
    const plan = periodPlan(random, kind);
    const costsNegative = ifrs ? random.chance(0.7) : random.chance(0.25);
    const built =
      kind === 'income_statement'
        ? incomeRows(random, ifrs, plan.count, unit, costsNegative)
        : kind === 'balance_sheet'
          ? balanceRows(random, ifrs, plan.count, unit)
          : cashFlowRows(random, ifrs, plan.count, unit);
    const budget = kind === 'income_statement' && plan.count === 1 && random.chance(0.5);
    const notes = ifrs && random.chance(0.4);
    const columnWidth = random.int(62, 95);
    // Figures start right of the longest label, as a typesetter would place them.
    const labelRight = labelX + 14 + Math.max(...built.rows.map((row) => canvas.widthOf(row.label, fontSize, true)));
    const columnsWidth = columnWidth * (plan.count + (budget ? 2 : 0));
    const firstRight = Math.max(
      labelRight + columnWidth * (notes ? 1.2 : 0.9),
      random.int(Math.min(330, canvas.width - 80 - columnsWidth), canvas.width - 60 - columnsWidth + columnWidth),
    );
    const rights = Array.from({ length: plan.count + (budget ? 2 : 0) }, (_, index) => firstRight + index * columnWidth);
    const noteRight = firstRight - columnWidth * 0.75;
    const title = random.pick(ifrs ? TITLES[kind].ifrs : TITLES[kind].us);
    const heading = (continued) => {
      canvas.newPage();
      canvas.line(company, labelX, fontSize + 3, leading + 2, { isBold: true });
      canvas.line(continued ? `${title} (continued)` : title, labelX, fontSize + 2, leading + 2, { isBold: true });
      // The scale is stated on the first statement at least; later ones may rely on it.
      if (scaleWords && (facts.length === 0 || random.chance(0.85))) canvas.line(random.pick(scaleWords), labelX, fontSize, leading);
      canvas.y -= 4;
      if (budget) {
        canvas.text('Actual', rights[0], fontSize, { align: 'right', isBold: true });
        canvas.text('Budget', rights[1], fontSize, { align: 'right', isBold: true });
        canvas.text(random.pick(['Variance', 'Var.', 'Fav/(Unfav)']), rights[2], fontSize, { align: 'right', isBold: true });
        canvas.y -= leading;
      }
      if (plan.spanning) {
        const center = (rights[0] - columnWidth + rights[plan.count - 1]) / 2 + columnWidth * 0.2;
        canvas.text(plan.spanning, center, fontSize, { align: 'center' });
        canvas.y -= leading;
      }
      if (notes) canvas.text('Note', noteRight, fontSize, { align: 'right', isBold: true });
      plan.columns.forEach((text, index) => canvas.text(text, rights[index], fontSize, { align: 'right', isBold: true }));
      if (budget) canvas.text(plan.columns[0].replace(/^(\d{4})$/, 'Budget $1'), rights[1], fontSize, { align: 'right', isBold: true });
      canvas.y -= leading + 2;
    };
    heading(false);
    const breakAt = random.chance(0.25) ? random.int(5, built.rows.length - 3) : -1;
    built.rows.forEach((row, rowIndex) => {
      if (rowIndex === breakAt || canvas.y < 60) heading(true);
      canvas.text(row.label, labelX + (row.values === null || row.bold ? 0 : random.pick([0, 8, 12])), fontSize, {
        isBold: Boolean(row.bold) || row.values === null,
      });
      if (notes && row.concept && random.chance(0.5)) canvas.text(String(random.int(3, 24)), noteRight, fontSize, { align: 'right' });
      if (row.values) {
        row.values.forEach((value, index) =>
          canvas.text(format(value, { first: rowIndex <= 1 }), rights[index], fontSize, { align: 'right', isBold: Boolean(row.bold) }),
        );
        if (budget) {
          const planned = Math.round(row.values[0] * (0.9 + random.next() * 0.2));
          canvas.text(format(planned), rights[1], fontSize, { align: 'right' });
          canvas.text(format(row.values[0] - planned), rights[2], fontSize, { align: 'right' });
        }
      } else if (row.eps) row.eps.forEach((value, index) => canvas.text(value, rights[index], fontSize, { align: 'right' }));
      canvas.y -= leading;
      if (row.concept) {
        const truth = row.truth ?? row.values;
        truth.forEach((value, index) => facts.push({ concept: row.concept, end: plan.ends[index], value: value * unit }));
      }
    });
  }
  // One fact per concept and period: the first statement that states it (D&A can stand in two).
  const unique = [...new Map([...facts].reverse().map((fact) => [`${fact.concept}|${fact.end}`, fact])).values()];
  return { bytes: await canvas.save(), label: { documentType: 'financial_statement', facts: unique } };
}
