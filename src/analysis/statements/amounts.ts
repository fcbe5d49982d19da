/** Reading the numbers of a financial statement: signs, separators, dashes, currencies and scale words. */

const CURRENCY_SYMBOLS: [RegExp, string][] = [
  [/US\$|U\.S\.\s?\$/, 'USD'],
  [/C\$|CA\$/, 'CAD'],
  [/A\$|AU\$/, 'AUD'],
  [/€/, 'EUR'],
  [/£/, 'GBP'],
  [/¥/, 'JPY'],
  [/₹/, 'INR'],
  [/\$/, 'USD'],
];
const CURRENCY_CODES = ['USD', 'EUR', 'GBP', 'CHF', 'CAD', 'AUD', 'JPY', 'SEK', 'NOK', 'DKK', 'INR', 'SGD', 'HKD', 'NZD', 'ZAR', 'BRL', 'MXN', 'PLN', 'CNY'];
const CURRENCY_WORDS: [RegExp, string][] = [
  [/\b(?:us )?dollars\b/i, 'USD'],
  [/\beuros?\b/i, 'EUR'],
  [/\bpounds sterling\b|\bsterling\b/i, 'GBP'],
  [/\bswiss francs\b/i, 'CHF'],
];

/** The currency a piece of text names (symbol, ISO code or word), or null. */
export function currencyIn(text: string): string | null {
  const code = new RegExp(`\\b(${CURRENCY_CODES.join('|')})\\b`).exec(text);
  if (code) return code[1];
  for (const [pattern, currency] of CURRENCY_SYMBOLS) if (pattern.test(text)) return currency;
  for (const [pattern, currency] of CURRENCY_WORDS) if (pattern.test(text)) return currency;
  return null;
}

const CURRENCY_MARK = new RegExp(`(?:US\\$|U\\.S\\.\\s?\\$|C\\$|CA\\$|A\\$|AU\\$|[$€£¥₹]|\\b(?:${CURRENCY_CODES.join('|')})\\b)`, 'g');
const DASHES = /^[-–—−]+$/;
const CURRENCY_ONLY = new RegExp(`^(?:${CURRENCY_MARK.source})$`);

/** A cell that is only a currency symbol or code: US filings print "$" as its own cell before a figure. */
export function isCurrencyMark(cell: string): boolean {
  return CURRENCY_ONLY.test(cell.trim());
}

export interface Amount {
  /** As printed, with its sign, before scaling. */
  value: number;
  /** The number had a decimal part (tells a per-share or ratio line from an amount). */
  decimals: number;
}

/**
 * Parses one cell as an amount: thousands separators (`1,234`, `1.234.567`, `1 234`, `1'234`),
 * negatives in parentheses, leading or trailing minus, a dash alone as zero, currency symbols and
 * codes around the number. Percentages, dates and words are not amounts (null).
 */
export function parseAmount(cell: string): Amount | null {
  let text = cell.trim().replace(CURRENCY_MARK, '').replace(/\s+/g, ' ').trim();
  if (text === '') return null;
  if (DASHES.test(text) || /^\(\s*[-–—]\s*\)$/.test(text)) return { value: 0, decimals: 0 };
  let negative = false;
  // "2,306,151)": a scan whose opening parenthesis OCR lost is still a negative.
  const parenthesised = /^\((.*)\)$/.exec(text) ?? /^(\d[\d,.]*\d)\)$/.exec(text);
  if (parenthesised) {
    negative = true;
    text = parenthesised[1].trim();
  }
  const leading = /^[-−–](.*)$/.exec(text);
  if (leading) {
    negative = !negative;
    text = leading[1].trim();
  }
  const trailing = /^(.*\d)\s?[-−]$/.exec(text);
  if (trailing) {
    negative = !negative;
    text = trailing[1];
  }
  text = text.replace(CURRENCY_MARK, '').trim();
  const digits = plainNumber(text);
  if (digits === null) return null;
  const value = Number(digits);
  if (!Number.isFinite(value)) return null;
  const decimals = digits.includes('.') ? digits.length - digits.indexOf('.') - 1 : 0;
  return { value: negative && value !== 0 ? -value : value, decimals };
}

/** `1,234.5` → `1234.5`; European `1.234.567,89` → `1234567.89`; null for anything else. */
function plainNumber(text: string): string | null {
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text) || /^\d+(\.\d+)?$/.test(text)) return text.replace(/,/g, '');
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(text) && (text.split('.').length > 2 || text.includes(','))) return text.replace(/\./g, '').replace(',', '.');
  if (/^\d{1,3}([ '’\u00a0\u202f]\d{3})+([.,]\d+)?$/.test(text)) return text.replace(/[ '’\u00a0\u202f]/g, '').replace(',', '.');
  if (/^\d+,\d{1,2}$/.test(text)) return text.replace(',', '.');
  return null;
}

/** Whether a cell reads as an amount (the test that tells a row's label from its figures). */
export function isAmount(cell: string): boolean {
  return parseAmount(cell) !== null;
}

const MONEY = `(?:[$€£]|\\b(?:${CURRENCY_CODES.join('|')}))`;
const SCALE_PATTERNS: [RegExp, number][] = [
  [new RegExp(`\\bin (?:\\S+ )?billions?\\b|\\bbillions of\\b|${MONEY}\\s?(?:bn|billions?)\\b|\\(\\s*bn\\s*\\)`, 'i'), 1e9],
  [
    new RegExp(`\\bin (?:\\S+ )?millions?\\b|\\bmillions of\\b|${MONEY}\\s?(?:mm|mn|m|millions?)\\b|\\(\\s*(?:mm|mn|m|millions)\\s*\\)|\\$\\s?000,000`, 'i'),
    1e6,
  ],
  [new RegExp(`\\bin (?:\\S+ )?thousands?\\b|\\bthousands of\\b|${MONEY}\\s?'?000s?\\b|\\('?000s?\\)|${MONEY}\\s?(?:k|thousands?)\\b|\\bk${MONEY}`, 'i'), 1e3],
];

/**
 * The multiplier a statement heading announces ("in thousands", "$000", "(in millions)", "€m"),
 * or null when the text states none. Only headings are searched: a narrative "millions of
 * customers" deep in a page is not a scale word for its table.
 */
export function scaleIn(text: string): number | null {
  for (const [pattern, scale] of SCALE_PATTERNS) if (pattern.test(text)) return scale;
  return null;
}
