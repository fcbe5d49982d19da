import type { Evidence, LayoutLine, PageLayout } from '../analysis.types.js';
import { parseAmount } from '../statements/amounts.js';
import { check, type FraudCheck } from './fraud-checks.js';

type Skipped = { id: string; reason: string }[];

/** An invoice says so in its title, within its first lines. */
const INVOICE_TITLE = /^(?:(?:tax|commercial|sales|vat|pro[\s-]?forma)\s+)?invoice\b/i;
const TITLE_LINES = 15;
/** The head of the line-item table: a quantity column and an amount column. */
const ITEM_HEADER_QUANTITY = /\b(?:qty|quantity|units?|hours|hrs)\b/i;
const ITEM_HEADER_AMOUNT = /\b(?:amount|total|price|rate|cost)\b/i;
/** Columns between price and amount that make "quantity × price = amount" untestable from three figures. */
const ITEM_HEADER_OTHER = /\b(?:tax|vat|gst|disc(?:ount)?|%)\b/i;
const SUBTOTAL = /^sub[\s-]?total\b/i;
const TOTAL = /^(?:invoice\s+|grand\s+)?total(?!\s+(?:tax|vat|gst|discount))\b|^(?:amount|balance)\s+(?:due|payable)\b/i;
/** Lines between the subtotal and the total that change it, and those among them that are taken off. */
const ADJUSTMENT = /\b(?:tax|vat|gst|hst|pst|shipping|freight|delivery|postage|handling|discount|fees?|surcharge|less|credit|deposit|rounding)\b/i;
const DEDUCTION = /\b(?:discount|less|credit|deposit)\b/i;
/** A printed cent, rounding of each term included. */
const CENT = 0.011;

interface Row {
  page: number;
  line: LayoutLine;
  label: string;
  amounts: number[];
}

/** True when the document's first page is titled as an invoice (or a tax, commercial or pro-forma invoice). */
export function looksLikeInvoice(pages: PageLayout[]): boolean {
  const first = pages.find((page) => page.lines.length > 0);
  return Boolean(first?.lines.slice(0, TITLE_LINES).some((line) => line.cells.some((cell) => INVOICE_TITLE.test(cell.text.trim()))));
}

/**
 * The arithmetic an invoice carries (issue 24, "Fraud"): each line item's quantity × unit price =
 * its amount, the amounts add up to the subtotal, and the subtotal with tax, shipping and
 * discounts comes to the total. A figure changed on an invoice breaks one of them unless the
 * editor changed every figure it feeds. What the layout does not let us read whole (no item
 * table, an unknown line between the subtotal and the total) is skipped with why, not failed.
 */
export function invoiceArithmetic(documentId: string, pages: PageLayout[], skipped: Skipped): FraudCheck[] {
  const rows: Row[] = pages.flatMap((page) =>
    page.lines.map((line) => {
      const amounts: number[] = [];
      for (const cell of [...line.cells.slice(1)].reverse()) {
        const amount = cell.text.includes('%') ? null : parseAmount(cell.text);
        if (!amount) break;
        amounts.unshift(amount.value);
      }
      return { page: page.page, line, label: line.cells[0]?.text.trim() ?? '', amounts };
    }),
  );
  const header = rows.findIndex((row) => ITEM_HEADER_QUANTITY.test(row.line.text) && ITEM_HEADER_AMOUNT.test(row.line.text) && row.amounts.length === 0);
  if (header < 0) {
    skipped.push({ id: 'invoice_arithmetic', reason: 'no line-item table (a head with quantity and amount columns) was found' });
    return [];
  }
  const subtotalAt = rows.findIndex((row, index) => index > header && SUBTOTAL.test(row.label) && row.amounts.length > 0);
  const totalAt = rows.findIndex((row, index) => index > Math.max(header, subtotalAt) && TOTAL.test(row.label) && row.amounts.length > 0);
  const itemsEnd = subtotalAt >= 0 ? subtotalAt : totalAt >= 0 ? totalAt : rows.length;
  const items: Row[] = [];
  const adjustments: Row[] = [];
  for (const row of rows.slice(header + 1, itemsEnd)) {
    if (row.amounts.length === 0 || parseAmount(row.label)) continue;
    (subtotalAt < 0 && ADJUSTMENT.test(row.label) && row.amounts.length === 1 ? adjustments : items).push(row);
  }
  if (items.length === 0) {
    skipped.push({ id: 'invoice_arithmetic', reason: 'the line-item table holds no line with an amount' });
    return [];
  }
  const evidence = (row: Row): Evidence => ({ documentId, page: row.page, quote: row.line.text });
  const checks: FraudCheck[] = [];
  const productTestable = !ITEM_HEADER_OTHER.test(rows[header].line.text);
  const priced = items.filter((row) => row.amounts.length === 3);
  if (productTestable && priced.length > 0) {
    const broken: Row[] = [];
    for (const row of priced) {
      const [quantity, price, amount] = row.amounts;
      if (Math.abs(quantity * price - amount) > CENT + Math.abs(quantity) * 0.005) broken.push(row);
    }
    checks.push(
      check(
        'invoice_line_amounts',
        'arithmetic',
        'high',
        broken.length === 0,
        broken.length === 0
          ? `${priced.length} line item(s): each amount is its quantity × unit price`
          : `${broken.length} of ${priced.length} line item(s) are not quantity × unit price: ${broken
              .slice(0, 3)
              .map((row) => `"${row.line.text}" (${money(row.amounts[0])} × ${money(row.amounts[1])} = ${money(row.amounts[0] * row.amounts[1])})`)
              .join('; ')}`,
        evidence(broken[0] ?? priced[0]),
      ),
    );
  } else
    skipped.push({
      id: 'invoice_line_amounts',
      reason: productTestable ? 'no line item prints quantity, unit price and amount' : 'the item table has tax or discount columns',
    });
  const itemsSum = items.reduce((sum, row) => sum + row.amounts[row.amounts.length - 1], 0);
  const tolerance = CENT * (items.length + 1);
  let base = itemsSum;
  let baseNamed = `the ${items.length} line amount(s) (${money(itemsSum)})`;
  if (subtotalAt >= 0) {
    const subtotal = rows[subtotalAt];
    const printed = subtotal.amounts[subtotal.amounts.length - 1];
    checks.push(
      check(
        'invoice_subtotal',
        'arithmetic',
        'high',
        Math.abs(printed - itemsSum) <= tolerance,
        `subtotal ${money(printed)} against the ${items.length} line amount(s), which add up to ${money(itemsSum)}`,
        evidence(subtotal),
      ),
    );
    base = printed;
    baseNamed = `the subtotal (${money(printed)})`;
  }
  if (totalAt < 0) {
    skipped.push({ id: 'invoice_total', reason: 'no total line after the line items' });
    return checks;
  }
  const between = subtotalAt >= 0 ? rows.slice(subtotalAt + 1, totalAt).filter((row) => row.amounts.length > 0) : adjustments;
  const unknown = between.filter((row) => !ADJUSTMENT.test(row.label));
  if (unknown.length > 0) {
    skipped.push({
      id: 'invoice_total',
      reason: `could not verify: "${unknown[0].line.text}" stands between the subtotal and the total and is not a tax, fee or discount`,
    });
    return checks;
  }
  const adjusted = between.reduce((sum, row) => {
    const value = row.amounts[row.amounts.length - 1];
    return sum + (DEDUCTION.test(row.label) && value > 0 ? -value : value);
  }, base);
  const total = rows[totalAt];
  const printedTotal = total.amounts[total.amounts.length - 1];
  checks.push(
    check(
      'invoice_total',
      'arithmetic',
      'high',
      Math.abs(printedTotal - adjusted) <= tolerance,
      `total ${money(printedTotal)} against ${baseNamed}${between.map((row) => ` ${DEDUCTION.test(row.label) ? '−' : '+'} ${row.label} ${money(Math.abs(row.amounts[row.amounts.length - 1]))}`).join('')} = ${money(adjusted)}`,
      evidence(total),
    ),
  );
  return checks;
}

function money(value: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
