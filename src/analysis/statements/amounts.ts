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
/** Dollars other than the US dollar, as documents name them: their "$" is that dollar. */
const OTHER_DOLLARS: [RegExp, string][] = [
  [/\bcanadian dollars?\b|\bC\$|\bCA\$|\bCAD\b/i, 'CAD'],
  [/\baustralian dollars?\b|\bA\$|\bAU\$|\bAUD\b/i, 'AUD'],
  [/\bnew zealand dollars?\b|\bNZ\$|\bNZD\b/i, 'NZD'],
  [/\bsingapore dollars?\b|\bS\$|\bSGD\b/i, 'SGD'],
  [/\bhong kong dollars?\b|\bHK\$|\bHKD\b/i, 'HKD'],
];

/**
 * The dollar a document's bare "$" means: the one other dollar it names ("expressed in thousands of
 * Canadian dollars", "A$", "NZD"), else the US dollar. A document naming two other dollars, or the
 * US dollar as well, keeps "$" as US dollars rather than guess.
 */
export function dollarOf(text: string): string {
  const named = OTHER_DOLLARS.filter(([pattern]) => pattern.test(text)).map(([, currency]) => currency);
  const us = /\bU\.?S\.? dollars?\b|\bUS\$|\bUSD\b|\bunited states dollars?\b/i.test(text);
  return named.length === 1 && !us ? named[0] : 'USD';
}

const CURRENCY_CODES = ['USD', 'EUR', 'GBP', 'CHF', 'CAD', 'AUD', 'JPY', 'SEK', 'NOK', 'DKK', 'INR', 'SGD', 'HKD', 'NZD', 'ZAR', 'BRL', 'MXN', 'PLN', 'CNY'];
const CURRENCY_WORDS: [RegExp, string][] = [
  [/\b(?:us )?dollars\b/i, 'USD'],
  [/\beuros?\b/i, 'EUR'],
  [/\bpounds sterling\b|\bsterling\b/i, 'GBP'],
  [/\bswiss francs\b/i, 'CHF'],
];

/**
 * The currency a piece of text names (symbol, ISO code or word), or null. A bare "$" is the
 * document's own dollar (`bareDollar`, see dollarOf): US dollars unless the document says otherwise.
 */
export function currencyIn(text: string, bareDollar = 'USD'): string | null {
  const code = new RegExp(`(?:\\b|(?<=\\b[kT]))(${CURRENCY_CODES.join('|')})\\b`).exec(text);
  if (code) return code[1];
  for (const [pattern, currency] of CURRENCY_SYMBOLS)
    if (pattern.test(text)) return currency === 'USD' && !/US\$|U\.S\.\s?\$/.test(text) ? bareDollar : currency;
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
 * Parses one cell as an amount: thousands separators (`1,234`, `1.234.567`, `1 234`, `1'234`,
 * Indian `1,86,423`),
 * negatives in parentheses, leading or trailing minus, a dash alone as zero, currency symbols and
 * codes around the number. Percentages, dates and words are not amounts (null).
 */
export function parseAmount(cell: string): Amount | null {
  let text = cell
    .trim()
    .replace(CURRENCY_MARK, '')
    .replace(/\s+/g, ' ')
    // Footnote marks after a figure: "1,234(a)", "1,234*", "1,234¹".
    .replace(/(\d\)?)\s?(?:\([a-z]\)|[*†‡¹²³⁴⁵⁶⁷⁸⁹])$/, '$1')
    .trim();
  if (text === '') return null;
  // Accounting exports print credits as "1,234 CR" (a negative) and debits as "1,234 DR".
  const credit = /^(.*\d\)?)\s?(CR|DR|Cr|Dr)\.?$/.exec(text);
  if (credit) {
    const amount = parseAmount(credit[1]);
    return amount && credit[2].toUpperCase() === 'CR' ? { ...amount, value: -Math.abs(amount.value) || 0 } : amount;
  }
  if (DASHES.test(text) || /^\(\s*[-–—]\s*\)$/.test(text) || /^nil$/i.test(text)) return { value: 0, decimals: 0 };
  let negative = false;
  // "2,306,151)": a scan whose opening parenthesis OCR lost is still a negative.
  const parenthesised = /^\((.*)\)$/.exec(text) ?? /^(\d[\d,.]*\d)\)$/.exec(text);
  if (parenthesised) {
    negative = true;
    text = parenthesised[1].trim();
  }
  // Japanese statements print a negative with a triangle ("△1,234", "▲1,234").
  const leading = /^[-−–△▲](.*)$/.exec(text);
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
  // "000" under "CHF" or "£" is a column's scale ("CHF 000", "£'000"), not a figure.
  if (/^0\d+$/.test(text)) return null;
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text) || /^\d+(\.\d+)?$/.test(text)) return text.replace(/,/g, '');
  // Indian grouping: thousands, then lakhs and crores in pairs ("1,86,423.70", "12,34,56,789").
  if (/^\d{1,2}(,\d{2})+,\d{3}(\.\d+)?$/.test(text)) return text.replace(/,/g, '');
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(text) && (text.split('.').length > 2 || text.includes(','))) return text.replace(/\./g, '').replace(',', '.');
  if (/^\d{1,3}([ '’\u00a0\u202f]\d{3})+([.,]\d+)?$/.test(text)) return text.replace(/[ '’\u00a0\u202f]/g, '').replace(',', '.');
  if (/^\d+,\d{1,2}$/.test(text)) return text.replace(',', '.');
  return null;
}

/** How a document writes its decimals: `1,234.5` (point) or `1.234,5` (comma). */
export type DecimalMark = 'point' | 'comma';

const COMMA_DECIMALS = [/^\(?[-−–]?\d{1,3}(?:\.\d{3})+,\d+\)?[-−]?$/, /^\(?[-−–]?\d+,\d{1,2}\)?[-−]?$/, /^\(?[-−–]?\d{1,3}(?:\.\d{3}){2,}\)?[-−]?$/];
const POINT_DECIMALS = [/^\(?[-−–]?\d{1,3}(?:,\d{3})+\.\d+\)?$/, /^\(?[-−–]?\d{1,3}(?:,\d{3}){2,}\)?$/, /^\(?[-−–]?\d+\.\d{1,2}\)?$/];

/**
 * The decimal mark a document's figures use, from the figures that can only be read one way
 * (`1.234,5`, `0,75`, `1.234.567` against `1,234.5`, `0.75`, `1,234,567`): `42.779` and `1,234`
 * are read by the majority. When no figure tells, a document whose figures group thousands with a
 * dot (`12.909`, `2.500`: whole thousands, as HGB statements in TEUR print) writes decimal commas.
 * Point when nothing tells.
 */
export function decimalMarkOf(cells: string[]): DecimalMark {
  let comma = 0;
  let point = 0;
  // `12.909` and `12,909` read either way; when nothing else tells, the mark most figures group with is the thousands separator.
  let dotGroups = 0;
  let commaGroups = 0;
  for (const cell of cells) {
    const text = cell.trim().replace(CURRENCY_MARK, '').trim();
    if (COMMA_DECIMALS.some((pattern) => pattern.test(text))) comma++;
    else if (POINT_DECIMALS.some((pattern) => pattern.test(text))) point++;
    else if (/^\(?[-−–]?[1-9]\d{0,2}\.\d{3}\)?[-−]?$/.test(text)) dotGroups++;
    else if (/^\(?[-−–]?[1-9]\d{0,2},\d{3}\)?[-−]?$/.test(text)) commaGroups++;
  }
  if (comma === 0 && point === 0) return dotGroups >= 3 && dotGroups > commaGroups ? 'comma' : 'point';
  return comma > point ? 'comma' : 'point';
}

/** A cell of a decimal-comma document written with a decimal point: `42.779` → `42779`, `1.234,5` → `1234.5`. */
export function withDecimalPoint(cell: string): string {
  return cell.replace(/\d{1,3}(?:\.\d{3})+(?:,\d+)?(?![\d.])|\d+,\d+(?![\d,])/g, (number) => number.replace(/\./g, '').replace(',', '.'));
}

/** Whether a cell reads as an amount (the test that tells a row's label from its figures). */
export function isAmount(cell: string): boolean {
  return parseAmount(cell) !== null;
}

const MONEY = `(?:[$€£]|\\b(?:${CURRENCY_CODES.join('|')}))`;
const SCALE_PATTERNS: [RegExp, number][] = [
  [new RegExp(`\\bin (?:\\S+ )?billions?\\b|\\bbillions of\\b|${MONEY}\\s?(?:bn|billions?)\\b|\\(\\s*bn\\s*\\)`, 'i'), 1e9],
  [
    new RegExp(
      `\\bin (?:\\S+ )?millions?\\b|\\bmillions of\\b|\\bM(?:${CURRENCY_CODES.join('|')})\\b|${MONEY}\\s?(?:mm|mn|m|millions?)\\b|\\(\\s*(?:mm|mn|m|millions)\\s*(?:\\)|,\\s*except\\b)|\\$\\s?000,000`,
      'i',
    ),
    1e6,
  ],
  [
    new RegExp(
      `\\bin (?:\\S+ )?thousands?\\b|\\bthousands of\\b|${MONEY}\\s?'?000s?\\b|\\('?000s?\\)|\\(\\s*thousands\\s*,\\s*except\\b|${MONEY}\\s?(?:k|thousands?)\\b|\\bk${MONEY}|\\b[kT](?:${CURRENCY_CODES.join('|')})\\b|${MONEY}\\s?1[ ,.'’]?000\\b|\\b(?:in )?1[ ,.'’]?000 ${MONEY}`,
      'i',
    ),
    1e3,
  ],
  // South Asian scales: a crore is ten million, a lakh a hundred thousand.
  [/\bcrores?\b|\bcr\.?\s*(?:₹|rs)|\b(?:₹|rs\.?|inr)\s?(?:in\s)?(?:crores?|cr)\b/i, 1e7],
  [/\blakhs?\b|\blacs?\b/i, 1e5],
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
