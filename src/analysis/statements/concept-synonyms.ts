import type { Concept, StatementKind } from '../analysis.types.js';

/**
 * How a concept's figure becomes a fact: `cost` amounts are positive expenses (DOMAIN.md 4), read
 * against the statement's own convention; `outflow` amounts (capex, repayments) are positive
 * whatever the print; `signed` results keep their sign.
 */
export type SignRule = 'cost' | 'outflow' | 'signed';

interface Synonym {
  concept: Concept;
  statement: StatementKind;
  /** A second statement that states the same figure (D&A is added back in the cash flow statement). */
  alsoIn?: StatementKind;
  sign: SignRule;
  /** Whole-label patterns over the normalised label (lower case, no notes, no punctuation at the ends). */
  labels: RegExp[];
  /** Where the balance sheet's current / non-current heading decides the concept. */
  section?: 'current' | 'noncurrent';
  /** One of several lines that together make the concept (see ConceptMatch.part). */
  part?: boolean;
  /** A wording that names the concept only when no other line does ("Total income" beside "Revenue from operations"). */
  fallback?: boolean;
  /** A line that is the parent's share by its wording alone ("Owners of the Company" under the profit for the year). */
  parentShare?: boolean;
  /** A wording that names the concept only on a numbered line ("C. Liabilities" in an HGB balance sheet; a bare "LIABILITIES" may end a wrapped label). */
  enumerated?: boolean;
}

const EQUITY_HOLDERS = "(?:stockholders|shareholders|shareowners|members|partners|owners|stockholder's|shareholder's)'? ?";
/** The words that say which way a tax line runs, and what may stand between the words of such a label. */
const TAX_DIRECTION = '(?:provision|benefit|credit|expense|charge)s?';
const TAX_SEPARATOR = '[\\s()/]+';
/** Nordic and German wording for bank debt: "Liabilities to credit institutions", "Amounts owed to credit institutions". */
const CREDIT_INSTITUTIONS = /^(?:(?:current|non-?current) )?(?:liabilities|amounts owed|debts?|borrowings) (?:to|from) credit institutions$/;

const SYNONYMS: Synonym[] = [
  {
    concept: 'Revenues',
    statement: 'income_statement',
    sign: 'signed',
    labels: [
      /^(?:total )?(?:net )?(?:revenues?|sales|turnover|operating revenues?|sales revenues?)(?:, net)?$/,
      /^(?:total )?revenues? from contracts? with customers$/,
      /^(?:total )?revenues? from operations$/,
      /^(?:net )?(?:sales|revenues?) (?:from|of) (?:goods|products|services|goods and services|products and services)$/,
      // Non-profits: "Total revenue and support", "Total support and revenue".
      /^(?:total )?(?:revenues?|income),? (?:and|&) (?:other )?support$/,
      /^(?:total )?support and (?:revenues?|income)$/,
      /^(?:total )?net sales and revenues?$/,
      /^total net revenues?$/,
      /^revenues?, net$/,
    ],
  },
  {
    // Bookkeeping exports total their income accounts as "Total Income"; Indian statements add other
    // income to revenue from operations as "Total income". Revenue only when no line names revenue.
    concept: 'Revenues',
    statement: 'income_statement',
    sign: 'signed',
    fallback: true,
    labels: [/^total (?:trading |operating )?income$/],
  },
  {
    concept: 'CostOfRevenue',
    statement: 'income_statement',
    sign: 'cost',
    labels: [
      /^(?:total )?costs? of (?:net )?(?:revenues?|sales|goods sold|products sold)$/,
      /^cost of goods and services sold$/,
      /^cogs$/,
      /^(?:less )?cost of sales$/,
      /^merchandise costs?$/,
      /^cost of (?:merchandise|products|goods) sold$/,
    ],
  },
  {
    // One kind of cost of revenue among others ("Cost of products", "Cost of services"): the cost of
    // revenue only when the statement prints no other (statement-reader's settle).
    concept: 'CostOfRevenue',
    statement: 'income_statement',
    sign: 'cost',
    part: true,
    labels: [/^costs? of (?:services|products|product (?:sales|revenues?)|service (?:sales|revenues?)|[a-z]+ equipment|equipment(?: sales)?|goods)$/],
  },
  {
    concept: 'GrossProfit',
    statement: 'income_statement',
    sign: 'signed',
    labels: [/^gross (?:profit|margin|income)(?: \(loss\))?$/, /^gross (?:loss|profit \/ \(loss\))$/],
  },
  {
    concept: 'OperatingExpenses',
    statement: 'income_statement',
    sign: 'cost',
    labels: [/^total operating (?:expenses|costs)$/, /^operating expenses,? total$/, /^total opex$/, /^(?:total )?operating expenses$/, /^total expenses?$/],
  },
  {
    concept: 'OperatingIncomeLoss',
    statement: 'income_statement',
    sign: 'signed',
    labels: [
      /^(?:total )?operating (?:income|profit|loss|result)(?: \((?:loss|profit)\))?$/,
      /^(?:income|profit|loss|earnings)(?: \((?:loss|profit)\))? from operations$/,
      /^ebit$/,
      /^(?:earnings|profit|income|result) before (?:net )?(?:interest|finance costs|financial items|financial result) and (?:income )?tax(?:es|ation)?$/,
      /^results? from operating activities$/,
      /^operating (?:profit|income) \/ \(loss\)$/,
    ],
  },
  {
    concept: 'DepreciationDepletionAndAmortization',
    statement: 'income_statement',
    alsoIn: 'cash_flow_statement',
    sign: 'cost',
    labels: [
      /^depreciation(?:, depletion)?(?:,)? (?:and|&) amorti[sz]ation(?: expense)?$/,
      /^d&a$/,
      // Public-sector statements amortise their tangible capital assets.
      /^amorti[sz]ation of tangible capital assets$/,
    ],
  },
  {
    // Depreciation alone stands for D&A when the statement prints no line with both.
    concept: 'DepreciationDepletionAndAmortization',
    statement: 'income_statement',
    alsoIn: 'cash_flow_statement',
    sign: 'cost',
    fallback: true,
    labels: [
      /^depreciation(?: expense| charge)?$/,
      /^depreciation (?:of|on) (?:property,? plant and equipment|property and equipment|plant and equipment|tangible (?:fixed )?assets|fixed assets)$/,
    ],
  },
  { concept: 'EBITDA', statement: 'income_statement', sign: 'signed', labels: [/^ebitda$/] },
  {
    concept: 'InterestExpense',
    statement: 'income_statement',
    sign: 'cost',
    labels: [
      /^interest expenses?(?:, net)?$/,
      /^finance (?:costs|expense|expenses)$/,
      /^interest and finance (?:costs|charges)$/,
      /^interest (?:charges|costs)$/,
      /^interest and (?:debt|financing) (?:expense|costs?)$/,
      // UK GAAP (Companies Act formats): "Interest payable and similar charges".
      /^interest payable(?: and similar (?:charges|expenses))?$/,
    ],
  },
  {
    concept: 'IncomeTaxExpenseBenefit',
    statement: 'income_statement',
    sign: 'cost',
    labels: [
      /^(?:provision for |benefit from |\(?provision\)? for )?income taxes$/,
      /^income tax(?:es)?(?: expense| \(?expense\)?)?(?: \(?benefit\)?)?$/,
      /^(?:income )?tax (?:expense|charge)(?: \(benefit\))?$/,
      /^taxation$/,
      /^(?:provision for |benefit from )?taxes on (?:income|profits?)$/,
      // UK GAAP: "Tax on profit on ordinary activities", "Taxation on (loss)/profit".
      /^tax(?:ation)? (?:on|credit on|charge on) (?:the )?(?:profit|loss|profit or loss|loss\/profit|profit\/loss)(?: on ordinary activities)?(?: for the (?:year|period|financial year|financial period))?$/,
      /^provision for \(benefit from\) income taxes$/,
      /^income tax (?:\(expense\) benefit|expense \(benefit\)|benefit \(expense\))$/,
      // Tax wordings naming either direction or both, in any order, the negative one in parentheses
      // or after a slash: "(Provision) benefit for income taxes", "Benefit from (provision for) income
      // taxes", "Income tax (expense)/credit", "Tax credit/(charge)", "Income tax provision".
      // A bare "Taxes" says neither "income" nor a direction: left unmatched (payroll or sales taxes in a small company's P&L).
      new RegExp(
        `^(?=.*\\b(?:income|${TAX_DIRECTION})\\b)\\(?(?:${TAX_DIRECTION}${TAX_SEPARATOR}(?:(?:for|from)${TAX_SEPARATOR})?)*(?:income${TAX_SEPARATOR})?tax(?:es|ation)?(?:${TAX_SEPARATOR}${TAX_DIRECTION})*\\)?$`,
      ),
    ],
  },
  {
    concept: 'NetIncomeLoss',
    statement: 'income_statement',
    sign: 'signed',
    labels: [
      /^net (?:income|loss|earnings|profit)(?: \((?:loss|profit)\))?$/,
      /^(?:profit|loss|\(loss\) profit|profit \(loss\)|profit \/ \(loss\)|\(loss\)\/profit|profit\/\(loss\)) for the (?:year|period|financial year|financial period)$/,
      /^net (?:income|loss|profit) for the (?:year|period)$/,
      /^net (?:income|profit) \/ \(loss\)$/,
      /^net result(?: for the (?:year|period))?$/,
      // What is left of "Profit attributable to owners of the parent" once the owner is taken off.
      /^(?:net )?(?:profit|earnings)$/,
    ],
  },
  {
    // IFRS statements split the profit for the year under it: "Owners of the Company", "thereof
    // attributable to shareholders of X AG", "Equity holders of the parent"; the parent's share.
    concept: 'NetIncomeLoss',
    statement: 'income_statement',
    sign: 'signed',
    parentShare: true,
    labels: [/^(?:thereof |of which )?(?:attributable to )?(?:the )?(?:owners|shareholders|equity holders|stockholders)(?: of (?:the )?[\w.&' -]+)?$/],
  },
  {
    concept: 'CashAndCashEquivalentsAtCarryingValue',
    statement: 'balance_sheet',
    sign: 'signed',
    labels: [
      /^cash(?:,)? (?:and|&) (?:cash )?equivalents$/,
      /^cash$/,
      /^cash and bank (?:balances|deposits)$/,
      /^cash at bank(?: and in hand)?$/,
      /^cash and (?:temporary cash|short-term) investments$/,
      // Bookkeeping exports total their bank accounts: "Total Checking/Savings", "Total Bank".
      /^total (?:checking\/savings|bank(?: accounts)?)$/,
    ],
  },
  {
    concept: 'AccountsReceivableNetCurrent',
    statement: 'balance_sheet',
    sign: 'signed',
    labels: [
      /^(?:trade )?(?:accounts|trade|notes and accounts|accounts and notes) receivables?(?:, net)?(?: of allowances?.*)?$/,
      /^trade and other receivables$/,
      /^receivables?, net$/,
      // "Receivables, net of allowances of $95 and $103" once its qualifier is off.
      /^receivables$/,
      /^accounts receivable, less allowance.*$/,
      /^debtors$/,
    ],
  },
  {
    concept: 'InventoryNet',
    statement: 'balance_sheet',
    sign: 'signed',
    labels: [/^inventor(?:y|ies)(?:, net)?$/, /^stocks?$/, /^merchandise inventor(?:y|ies)$/],
  },
  // A row with figures named "Current assets" is their total: a heading carries none.
  {
    // One kind of inventory named as the only one ("Supply Inventory" in a small practice's books).
    concept: 'InventoryNet',
    statement: 'balance_sheet',
    sign: 'signed',
    fallback: true,
    labels: [/^(?:supply|supplies|parts|spare parts|product|food|fuel|goods) inventor(?:y|ies)$/],
  },
  {
    // HGB balance sheets number their totals: "A. Equity", "C. Liabilities".
    concept: 'StockholdersEquity',
    statement: 'balance_sheet',
    sign: 'signed',
    enumerated: true,
    labels: [/^equity$/],
  },
  { concept: 'Liabilities', statement: 'balance_sheet', sign: 'signed', enumerated: true, labels: [/^liabilities$/] },
  { concept: 'AssetsCurrent', statement: 'balance_sheet', sign: 'signed', labels: [/^total current assets$/, /^current assets,? total$/, /^current assets$/] },
  { concept: 'Assets', statement: 'balance_sheet', sign: 'signed', labels: [/^total assets$/] },
  {
    concept: 'AccountsPayableCurrent',
    statement: 'balance_sheet',
    sign: 'signed',
    labels: [/^(?:trade )?(?:accounts|trade) payables?$/, /^accounts and [a-z]+ payables?$/, /^trade and other payables$/, /^creditors$/],
  },
  {
    concept: 'LiabilitiesCurrent',
    statement: 'balance_sheet',
    sign: 'signed',
    // UK formats: "Creditors: amounts falling due within one year" is the current liabilities' total.
    labels: [/^total current liabilities$/, /^current liabilities,? total$/, /^current liabilities$/, /^creditors:? amounts falling due within one year$/],
  },
  {
    concept: 'Liabilities',
    statement: 'balance_sheet',
    sign: 'signed',
    // Public-sector statements of financial position: financial assets less financial liabilities, then non-financial assets.
    labels: [/^total liabilities$/, /^total financial liabilities$/],
  },
  {
    concept: 'LongTermDebtCurrent',
    statement: 'balance_sheet',
    sign: 'signed',
    labels: [
      /^current (?:portion|maturities|instalments|installments) of (?:long-term |long term )?(?:bank )?(?:debt|borrowings|loans|notes payable|term loans?)$/,
      /^first[- ]year (?:instalments|installments|maturities) (?:on|of) (?:long-term |long term )?(?:debt|borrowings|loans)$/,
      /^(?:borrowings|loans and borrowings|interest-bearing (?:loans and )?borrowings|bank loans), current$/,
      /^current borrowings$/,
      /^short-term portion of long-term debt$/,
    ],
  },
  {
    concept: 'LongTermDebtCurrent',
    statement: 'balance_sheet',
    sign: 'signed',
    section: 'current',
    labels: [
      /^(?:borrowings|loans and borrowings|interest-bearing (?:loans and )?borrowings|bank loans|term loans?|term debt|long-term debt)$/,
      CREDIT_INSTITUTIONS,
    ],
  },
  {
    concept: 'LongTermDebtNoncurrent',
    statement: 'balance_sheet',
    sign: 'signed',
    labels: [
      /^long-term (?:bank )?(?:debt|borrowings|loans)(?: obligations)?(?:, (?:net of|less|excluding) current (?:portion|maturities))?(?:, net)?$/,
      /^interest-bearing long-term (?:debt|borrowings|loans)$/,
      /^long term (?:debt|borrowings|loans)(?:, (?:net of|less) current (?:portion|maturities))?$/,
      /^(?:borrowings|loans and borrowings|interest-bearing (?:loans and )?borrowings|bank loans), non-?current$/,
      /^non-?current borrowings$/,
      /^notes payable, (?:non-?current|less current portion)$/,
    ],
  },
  {
    concept: 'LongTermDebtNoncurrent',
    statement: 'balance_sheet',
    sign: 'signed',
    section: 'noncurrent',
    labels: [/^(?:borrowings|loans and borrowings|interest-bearing (?:loans and )?borrowings|bank loans|term loans?|term debt)$/, CREDIT_INSTITUTIONS],
  },
  {
    concept: 'StockholdersEquity',
    statement: 'balance_sheet',
    sign: 'signed',
    labels: [
      new RegExp(`^total ${EQUITY_HOLDERS}(?:equity|deficit|equity \\(deficit\\))$`),
      /^total (?:equity|net worth)$/,
      new RegExp(`^(?:total )?${EQUITY_HOLDERS}funds$`),
      /^(?:total )?net worth$/,
      /^(?:total )?equity attributable to (?:the )?(?:owners|equity holders|shareholders|stockholders)(?: of (?:the )?[\w.&' -]+)?$/,
      // "Total common shareholders' equity", "Total Amcor plc shareholders' equity": the parent's equity.
      new RegExp(`^total (?!.*liabilities)(?!equity)[\\w.&' -]+ ${EQUITY_HOLDERS}(?:equity|deficit)$`),
    ],
  },
  {
    concept: 'LiabilitiesAndStockholdersEquity',
    statement: 'balance_sheet',
    sign: 'signed',
    labels: [
      new RegExp(`^total liabilities(?:,)? (?:and|&) ${EQUITY_HOLDERS}(?:equity|deficit|equity \\(deficit\\))$`),
      /^total liabilities (?:and|&) (?:total )?equity$/,
      /^total equity and liabilities$/,
      // Non-profits and funds: "Total liabilities and net assets", "Total liabilities and fund balances".
      /^total liabilities and (?:net assets|fund balances?)$/,
      /^total capitali[sz]ation and liabilities$/,
      // "Total liabilities, redeemable noncontrolling interests and stockholders' equity"
      new RegExp(`^total liabilities, .+ and (?:total )?${EQUITY_HOLDERS}(?:equity|deficit)$`),
    ],
  },
  {
    concept: 'NetCashProvidedByUsedInOperatingActivities',
    statement: 'cash_flow_statement',
    sign: 'signed',
    labels: [
      /^net cash (?:provided by|used in|from|generated (?:from|by)|\(used in\) provided by|provided by \(used in\)|inflow from|flows? from)(?: \(used in\))? operating activities$/,
      /^net cash (?:flows? )?(?:provided by|from|used in|generated from) operations$/,
      /^net cash (?:used for|used by|provided by \(used for\)) operating activities$/,
      // Public-sector statements: "Net change in cash from operating activities (transactions)".
      /^net (?:change in )?cash (?:from|provided by|generated from|used in) operating (?:activities|transactions)$/,
      /^cash flows? from operating activities, net$/,
      // Nordic and German statements: "Cash flow from operating activities" is the section's total.
      /^(?:net )?cash flows? (?:from|generated from|provided by|used in) (?:\(used in\) )?operating activities$/,
      /^cash (?:generated|provided) (?:by|from) (?:\(used in\) )?operating activities$/,
    ],
  },
  {
    concept: 'PaymentsToAcquirePropertyPlantAndEquipment',
    statement: 'cash_flow_statement',
    sign: 'outflow',
    labels: [
      /^(?:purchases?|acquisitions?|payments for(?: the)? (?:purchase|acquisition) of|payments to acquire) (?:of )?property(?:,)? plant(?:,)? (?:and|&) equipment(?:,? and (?:other )?(?:intangible assets|software))?$/,
      /^(?:purchases?|acquisitions?|payments for) (?:of )?property and equipment$/,
      /^capital expenditures?$/,
      /^additions to property(?:,)? (?:plant )?and equipment$/,
      /^capex$/,
      /^capital spending$/,
      /^(?:cash used to acquire|acquisitions? of|purchases? of) tangible capital assets$/,
      /^purchases? of (?:tangible )?fixed assets$/,
      /^payments for property,? plant (?:and|&) equipment$/,
      /^purchases? of land, buildings(?:,)? and equipment$/,
      /^investments? in (?:property,? plant and equipment|property and equipment|tangible (?:fixed )?assets|fixed assets)$/,
    ],
  },
  {
    concept: 'RepaymentsOfDebt',
    statement: 'cash_flow_statement',
    sign: 'outflow',
    labels: [
      /^repayments? of (?:long-term |long term |bank )?(?:debt|borrowings|loans|term loans?|notes payable)(?: and (?:capital |finance )?lease obligations)?$/,
      /^principal (?:payments|repayments) (?:on|of) (?:long-term )?(?:debt|borrowings|loans)$/,
      /^repayment of (?:interest-bearing )?(?:loans and )?borrowings$/,
      /^(?:debt|loan|borrowing) repayments?$/,
      /^(?:debt|loan) principal repayments?$/,
      /^payments? (?:of|on) (?:long-term )?(?:debt|borrowings|loans)$/,
      /^repayments? of term debt$/,
      // Nordic statements "amortise" a loan: repay its principal.
      /^amorti[sz]ation of (?:loans|debt|borrowings|bank loans)$/,
    ],
  },
];

/** Currency symbols and codes standing alone among a label's words: "Net sales $", "Revenue EUR". */
const CURRENCY_TOKEN = /(?:^|\s)(?:us\$|c\$|a\$|[$€£¥₹]|usd|eur|gbp|chf|cad|aud|jpy)(?=\s|$)/g;
/**
 * What numbers a line before its words: "(a)", "(1)", "a)", "1.", roman "I" to "XIV" (Ind AS
 * statements), an account code ("4000 Sales", "6400 · Interest Expense"), a dash.
 */
const LEADING_ENUMERATOR =
  /^(?:\((?:[ivx]{1,4}|[a-h]|\d{1,2})\)|(?:[ivx]{1,4}|[a-h]|\d{1,2})[.)]|[ivx]{1,4}(?= [a-z])|\d{3,6}(?: ?[·:-])?(?= [a-z])|[-–•·]+)\s*/;
/** Footnote marks after a label: "(a)", "(1)", "¹", "*", "†". */
const FOOTNOTE_MARKS = /(?:\s*(?:\([a-z]\)|\(\d{1,2}\)|[*†‡§¹²³⁴⁵⁶⁷⁸⁹⁰]+))+$/;

/**
 * The normal form of a row label: lower case, typographic quotes and dashes made plain, currency
 * cells, footnote marks, note references ("(Note 4)", trailing "4"), leading "Less:" and trailing
 * colons dropped.
 */
export function normaliseLabel(label: string): string {
  return (
    label
      .toLowerCase()
      .replace(/[’‘`]/g, "'")
      // OCR doubles an apostrophe ("SHAREHOLDER'’S").
      .replace(/'{2,}/g, "'")
      .replace(/[–—]/g, '-')
      .replace(/\s+/g, ' ')
      .replace(CURRENCY_TOKEN, ' ')
      .replace(/\((?:note|notes) [\d., ]+\)|\bnotes? \d+(?:\.\d+)?$/g, '')
      .replace(/^(?:less|add|plus)[:\s]+/, '')
      .replace(LEADING_ENUMERATOR, '')
      .replace(/[\s:.*†‡]+$/g, '')
      .replace(FOOTNOTE_MARKS, '')
      .replace(/\s\d{1,2}$/, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** "attributable to <owner>", unless the owner is the noncontrolling interests (not the parent's figure). */
const ATTRIBUTABLE_TO_PARENT = /\s+(?:attributable|applicable|available) to (?!.*\b(?:non-?controlling|minority)\b).*$/;
/** Qualifiers after the head phrase: ", net of allowances of $95 and $103", ", less current portion", ", including ...". */
const QUALIFIER = /,\s*(?:net of|less|including|excluding|after|before|at cost|at fair value|as restated)\b.*$|,\s*net$|\s+(?:including|excluding) .*$/;

/**
 * The forms a label is matched in, most literal first: as printed (normalised); without its
 * parentheticals ("(PP&E)", "(deficit)", "(net of allowances ...)"); without "attributable to the
 * parent" and trailing qualifiers; without a leading "Total" ("Total inventories"). The patterns
 * match whole labels, so a shorter form is tried only when the longer one names nothing.
 */
export function labelForms(label: string): string[] {
  const normal = normaliseLabel(label);
  const forms = [normal];
  const add = (form: string) => {
    const tidy = form
      .replace(/\s+/g, ' ')
      .replace(/[\s,:;-]+$/, '')
      .trim();
    if (tidy && !forms.includes(tidy)) forms.push(tidy);
  };
  // "Net cash provided/(used) by", "Provision/(benefit) for": the parenthesised alternative goes with its slash.
  const bare = normal.replace(/\s*\/?\s*\([^)]*\)\s*\/?/g, ' ');
  add(bare);
  const head = bare.replace(ATTRIBUTABLE_TO_PARENT, '').replace(QUALIFIER, '');
  add(head);
  if (/^total\s/.test(head)) add(head.replace(/^total\s+/, ''));
  return forms;
}

export interface ConceptMatch {
  concept: Concept;
  sign: SignRule;
  statement: StatementKind;
  /** Higher wins when several rows give the same concept and period: totals beat components. */
  priority: number;
  /** The line is one part of the concept ("Cost of services"): the concept only when no other part is printed. */
  part?: boolean;
}

/**
 * The concept a row label names (DOMAIN.md 2), in the statement it stands in (null when unknown:
 * then any statement's concepts may match) and the balance-sheet section it sits under.
 */
export function conceptFor(label: string, statement: StatementKind | null, section: 'current' | 'noncurrent' | null): ConceptMatch | null {
  const forms = labelForms(label);
  const total = forms[0].startsWith('total');
  // The parent's share beats the consolidated figure it is part of (DOMAIN.md: net income and equity are the parent's).
  const parents =
    ATTRIBUTABLE_TO_PARENT.test(forms[0]) ||
    /^total (?!equity\b)(?!.*liabilities)[\w.&' -]+ (?:stockholders|shareholders|shareowners)'? (?:equity|deficit)/.test(forms[0]);
  for (const normal of forms) {
    // Spaced as printed first; then without spaces, since OCR drops and adds them ("Total liabilitiesand
    // stockholders' equity"). The patterns match whole labels, so ignoring spaces confuses no two labels.
    for (const [text, patternsOf] of [
      [normal, (synonym: Synonym) => synonym.labels],
      [normal.replace(/ /g, ''), compactLabels],
    ] as const) {
      for (const synonym of SYNONYMS) {
        if (statement && synonym.statement !== statement && synonym.alsoIn !== statement) continue;
        if (synonym.section && synonym.section !== section) continue;
        if (synonym.enumerated && !LEADING_ENUMERATOR.test(label.trim().toLowerCase())) continue;
        if (patternsOf(synonym).some((pattern) => pattern.test(text))) {
          if (synonym.part) return { concept: synonym.concept, sign: synonym.sign, statement: statement ?? synonym.statement, priority: 0, part: true };
          if (synonym.fallback) return { concept: synonym.concept, sign: synonym.sign, statement: statement ?? synonym.statement, priority: 0 };
          // "Accounts receivable, net" beats the gross "Accounts receivable" printed above it.
          const net = /,\s*net$|\bnet of\b|\bless allowance/.test(forms[0]) ? 1 : 0;
          return {
            concept: synonym.concept,
            sign: synonym.sign,
            statement: statement ?? synonym.statement,
            priority: (total ? 2 : 1) + (parents || synonym.parentShare ? 2 : 0) + net,
          };
        }
      }
    }
  }
  return null;
}

const compacted = new WeakMap<Synonym, RegExp[]>();

/** A synonym's patterns with their spaces (and optional spaces) taken out, for labels compared without spaces. */
function compactLabels(synonym: Synonym): RegExp[] {
  let patterns = compacted.get(synonym);
  if (!patterns) {
    patterns = synonym.labels.map((pattern) => new RegExp(pattern.source.replace(/ \?/g, '').replace(/ /g, ''), pattern.flags));
    compacted.set(synonym, patterns);
  }
  return patterns;
}

/**
 * Which way an income-statement line moves profit, read from its wording: `cost` lines (expenses,
 * costs, charges, losses, taxes) reduce it, `income` lines (revenue, sales, income, gains) add to it.
 * A signed line names its positive direction first ("Other income (expense), net" is income when
 * positive, "Loss (gain) on disposal" a cost), so the words in parentheses are dropped and the first
 * nature word decides; a longer phrase beats a shorter one at the same place ("Sales and marketing"
 * is a cost, "Net sales" income). Null when the wording does not say ("Other, net", "Product").
 */
export type LineNature = 'cost' | 'income';

const COST_WORDS: RegExp[] = [
  /\bcosts?\b/,
  /\bexpenses?\b/,
  /\bexpenditures?\b/,
  /\bcharges?\b/,
  /\bloss(?:es)?\b/,
  /\bdepreciation\b/,
  /\bamorti[sz]ation\b/,
  /\bimpairments?\b/,
  /\bwrite-?(?:downs?|offs?)\b/,
  /\brestructuring\b/,
  /\bresearch and development\b/,
  /\bsales and marketing\b/,
  /\bsales commissions?\b/,
  /\bselling\b/,
  /\bmarketing\b/,
  /\badvertising\b/,
  /\badministrative\b/,
  /\bdistribution\b/,
  /\bfulfil?lment\b/,
  /\bsalaries\b/,
  /\bwages\b/,
  /\bpayroll\b/,
  /\bcompensation\b/,
  /\brent\b/,
  /\boccupancy\b/,
  /\butilities\b/,
  /\bprovisions?\b/,
  /\bpurchases\b/,
  /\bconsumables\b/,
];
const INCOME_WORDS: RegExp[] = [/\brevenues?\b/, /\bsales\b/, /\bturnover\b/, /\bincome\b/, /\bgains?\b/, /\bprofits?\b/, /\bearnings\b/, /\bdividends?\b/];
/** A tax line: a charge unless it names a benefit or credit before any expense, provision or charge. */
const TAX_LINE = /^(?:(?:provision|benefit|credit)s? (?:for|from) )?(?:(?:current|deferred|total) )?(?:income )?tax(?:es|ation)?\b|^taxation\b/;

/** Words with their parenthesised parts taken out: the direction a signed line names first. */
function outsideParentheses(normal: string): string {
  return normal
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function isTaxLine(words: string): boolean {
  return TAX_LINE.test(words) || /^(?:benefit|credit) from (?:income )?tax/.test(words);
}

/** The direction tax wording names first: a benefit or credit (income), an expense, provision or charge (cost), or neither. */
function taxDirection(words: string): LineNature | null {
  const benefit = words.search(/\b(?:benefit|credit)s?\b/);
  const charge = words.search(/\b(?:expense|provision|charge)s?\b/);
  if (benefit < 0 && charge < 0) return null;
  return benefit >= 0 && (charge < 0 || benefit < charge) ? 'income' : 'cost';
}

export function lineNature(label: string): LineNature | null {
  const normal = outsideParentheses(normaliseLabel(label));
  if (isTaxLine(normal)) return taxDirection(normal) ?? 'cost';
  let best: { at: number; length: number; nature: LineNature } | null = null;
  for (const [nature, words] of [
    ['cost', COST_WORDS],
    ['income', INCOME_WORDS],
  ] as [LineNature, RegExp[]][]) {
    for (const word of words) {
      const match = word.exec(normal);
      if (match && (!best || match.index < best.at || (match.index === best.at && match[0].length > best.length))) {
        best = { at: match.index, length: match[0].length, nature };
      }
    }
  }
  return best?.nature ?? null;
}

/**
 * The direction a signed line names in parentheses, its negative one: "Other income (expense), net"
 * names a cost, "Provision for (benefit from) income taxes" and "Income tax (expense)/credit" name
 * what the tax line's own words do not. Null when the line has no parentheses or they do not say.
 */
export function directionInParentheses(label: string): LineNature | null {
  const normal = normaliseLabel(label);
  const inParentheses = [...normal.matchAll(/\(([^)]*)\)/g)].map((match) => match[1]).join(' ');
  if (!inParentheses) return null;
  return isTaxLine(outsideParentheses(normal)) ? taxDirection(inParentheses) : lineNature(inParentheses);
}

/**
 * Whether a statement prints its costs negative: most of its nonzero cost figures are. The one
 * reading of the convention, for facts (costs made positive) and footings (costs added as printed).
 */
export function printsCostsNegative(printedCosts: number[]): boolean {
  const nonzero = printedCosts.filter((value) => value !== 0);
  return nonzero.filter((value) => value < 0).length > nonzero.length / 2;
}
