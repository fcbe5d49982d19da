import type { LayoutCell, LayoutLine, PageLayout } from '../analysis.types.js';
import { parseAmount } from '../statements/amounts.js';

export interface Transaction {
  page: number;
  line: LayoutLine;
  date: string;
  description: string;
  /** Credits positive, debits negative. */
  amount: number;
  balance: number;
}

export interface BalanceLine {
  page: number;
  line: LayoutLine;
  value: number;
}

export interface TransactionListing {
  opening: BalanceLine | null;
  closing: BalanceLine | null;
  transactions: Transaction[];
}

const DATE =
  /^(\d{4}-\d{2}-\d{2}|\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?|\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*(?: \d{4})?|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}(?:, \d{4})?)\b/i;
const OPENING = /\b(?:opening|beginning|previous|starting) balance\b|\bbalance brought forward\b/i;
const CLOSING = /\b(?:closing|ending|new) balance\b/i;
const DEBIT_HEADING = /^(?:withdrawals?|debits?|money out|paid out|payments)$/i;
const CREDIT_HEADING = /^(?:deposits?|credits?|money in|paid in|receipts)$/i;

/**
 * The transaction lines of a bank statement: a line that starts with a date and ends with two or
 * more amounts (the last is the running balance). Whether an amount is a debit or a credit comes
 * from the column it stands under (the debit and credit headings); without such headings, from the
 * direction the balance moved.
 */
export function readTransactions(pages: PageLayout[]): TransactionListing {
  let opening: BalanceLine | null = null;
  let closing: BalanceLine | null = null;
  let columns: { debit: LayoutCell; credit: LayoutCell } | null = null;
  const transactions: Transaction[] = [];
  for (const page of pages) {
    for (const line of page.lines) {
      const debit = line.cells.find((cell) => DEBIT_HEADING.test(cell.text));
      const credit = line.cells.find((cell) => CREDIT_HEADING.test(cell.text));
      if (debit && credit && /\bbalance\b/i.test(line.text)) {
        columns = { debit, credit };
        continue;
      }
      const last = parseAmount(lastWord(line));
      if (OPENING.test(line.text) && last && !opening && transactions.length === 0) opening = { page: page.page, line, value: last.value };
      else if (CLOSING.test(line.text) && last) closing = { page: page.page, line, value: last.value };
      const date = DATE.exec(line.text);
      if (!date) continue;
      const figures: LayoutCell[] = [];
      for (let index = line.cells.length - 1; index > 0 && parseAmount(line.cells[index].text); index--) figures.unshift(line.cells[index]);
      if (figures.length < 2) continue;
      const balance = parseAmount(figures[figures.length - 1].text)!.value;
      const amounts = figures.slice(0, -1);
      const previous = transactions.at(-1)?.balance ?? opening?.value;
      const amount = amounts.reduce((sum, cell) => sum + signed(cell, columns, balance, previous), 0);
      const text = line.cells
        .slice(0, line.cells.length - figures.length)
        .map((cell) => cell.text)
        .join(' ');
      transactions.push({ page: page.page, line, date: date[1], description: text.slice(date[0].length).trim(), amount, balance });
    }
  }
  return { opening, closing, transactions };
}

function lastWord(line: LayoutLine): string {
  return line.cells.at(-1)?.text.split(' ').at(-1) ?? '';
}

function signed(cell: LayoutCell, columns: { debit: LayoutCell; credit: LayoutCell } | null, balance: number, previous: number | undefined): number {
  const value = Math.abs(parseAmount(cell.text)!.value);
  if (columns) {
    const distance = (heading: LayoutCell) => Math.min(Math.abs(heading.x1 - cell.x1), Math.abs((heading.x0 + heading.x1) / 2 - (cell.x0 + cell.x1) / 2));
    return distance(columns.debit) < distance(columns.credit) ? -value : value;
  }
  if (previous === undefined) return value;
  return Math.abs(previous - value - balance) < Math.abs(previous + value - balance) ? -value : value;
}

/** What identifies a transaction across documents: date, signed amount and description as printed. */
export function transactionFingerprint(transaction: Transaction): string {
  return `${transaction.date}|${transaction.amount.toFixed(2)}|${transaction.description.toUpperCase().replace(/\s+/g, ' ')}`;
}
