import type { Evidence, PageLayout } from '../analysis.types.js';
import { parseAmount } from '../statements/amounts.js';
import { transactionFingerprint, type TransactionListing } from './bank-transactions.js';
import { check, type FraudCheck } from './fraud-checks.js';

type Skipped = { id: string; reason: string }[];

/** Rounding of a printed cent, with room for binary floating point. */
const CENT_TOLERANCE = 0.011;
/** Breaks of the running balance a failed check spells out; the others are counted. */
const DESCRIBED_BREAKS = 5;

/** Opening balance + credits − debits = each line's balance, line by line, and the last one = the closing balance. */
export function runningBalanceChecks(documentId: string, listing: TransactionListing, skipped: Skipped): FraudCheck[] {
  const { transactions, opening, closing } = listing;
  if (transactions.length < 2) {
    skipped.push({ id: 'bank_running_balance', reason: 'fewer than two transaction lines with a balance column' });
    return [];
  }
  const evidence = (page: number, text: string): Evidence => ({ documentId, page, quote: text });
  // Only the first breaks are described: formatting every one of a 100,000-line listing took seconds.
  const described: string[] = [];
  let breaks = 0;
  let firstBreak: Evidence | null = null;
  let previous = opening?.value ?? null;
  for (const transaction of transactions) {
    if (previous !== null && Math.abs(previous + transaction.amount - transaction.balance) > CENT_TOLERANCE) {
      if (++breaks <= DESCRIBED_BREAKS)
        described.push(
          `${transaction.date}: ${money(previous)} ${transaction.amount >= 0 ? '+' : '−'} ${money(Math.abs(transaction.amount))} = ${money(previous + transaction.amount)}, printed ${money(transaction.balance)}`,
        );
      firstBreak ??= evidence(transaction.page, transaction.line.text);
    }
    previous = transaction.balance;
  }
  const start = opening ? `from the opening balance ${money(opening.value)}` : 'from the first line (no opening balance found)';
  const checks = [
    check(
      'bank_running_balance',
      'arithmetic',
      'high',
      breaks === 0,
      breaks === 0
        ? `${transactions.length} transaction lines: every balance equals the previous one plus credits minus debits, ${start}`
        : `${breaks} of ${transactions.length} lines break the running balance ${start}: ${described.join('; ')}`,
      firstBreak ?? (opening ? evidence(opening.page, opening.line.text) : evidence(transactions[0].page, transactions[0].line.text)),
    ),
  ];
  if (closing) {
    const last = transactions[transactions.length - 1].balance;
    const passed = Math.abs(last - closing.value) <= CENT_TOLERANCE;
    checks.push(
      check(
        'bank_closing_balance',
        'arithmetic',
        'high',
        passed,
        `closing balance ${money(closing.value)} against the last line's balance ${money(last)}`,
        evidence(closing.page, closing.line.text),
      ),
    );
  } else skipped.push({ id: 'bank_closing_balance', reason: 'no closing balance line found' });
  return checks;
}

/** A printed amount: what the statistics read, from its printed digits. */
interface PrintedAmount {
  value: number;
  round: boolean;
}

/** Benford's law needs enough amounts to mean anything (Nigrini's rule of thumb). */
export const BENFORD_MIN_AMOUNTS = 100;
/** Nigrini's first-digit MAD cut-off above which a set "does not conform". */
export const BENFORD_MAX_MAD = 0.015;
export const ROUND_MIN_AMOUNTS = 20;
/** Share of amounts of 1,000 or more printed with 000 before the decimals, above which the amounts look made up. */
export const ROUND_MAX_SHARE = 0.25;

/**
 * Every amount printed on the pages (cells that read as amounts and are not years or small
 * counters): figures with a separator or decimals, or of three digits or more.
 */
export function printedAmounts(pages: PageLayout[]): PrintedAmount[] {
  const amounts: PrintedAmount[] = [];
  for (const page of pages) {
    for (const line of page.lines) {
      for (const cell of line.cells) {
        const amount = parseAmount(cell.text);
        if (!amount || amount.value === 0) continue;
        const printed = cell.text.replace(/[^\d.,]/g, '');
        const hasSeparator = /[.,]/.test(printed);
        const isYear = !hasSeparator && Number.isInteger(amount.value) && amount.value >= 1900 && amount.value <= 2100;
        if (isYear || (!hasSeparator && Math.abs(amount.value) < 100)) continue;
        const integer = printed.replace(/[.,]\d{1,2}$/, '').replace(/[.,]/g, '');
        const cents = /[.,](\d{1,2})$/.exec(printed)?.[1] ?? '';
        amounts.push({ value: Math.abs(amount.value), round: /[1-9]\d*000$/.test(integer) && /^0*$/.test(cents) });
      }
    }
  }
  return amounts;
}

const BENFORD = Array.from({ length: 9 }, (_, index) => Math.log10(1 + 1 / (index + 1)));

/**
 * Benford's test reads transaction amounts only: a statement's figures are few, correlated (totals,
 * comparative columns) and of one magnitude, which the law does not describe. The round-amount
 * share reads every printed amount.
 */
export function statisticalChecks(amounts: PrintedAmount[], transactionAmounts: number[], skipped: Skipped): FraudCheck[] {
  const checks: FraudCheck[] = [];
  const leading = transactionAmounts.map((amount) => Number(/[1-9]/.exec(Math.abs(amount).toFixed(2))?.[0] ?? 0)).filter((digit) => digit > 0);
  if (leading.length >= BENFORD_MIN_AMOUNTS) {
    const observed = BENFORD.map((_, index) => leading.filter((digit) => digit === index + 1).length / leading.length);
    const mad = observed.reduce((sum, share, index) => sum + Math.abs(share - BENFORD[index]), 0) / 9;
    checks.push(
      check(
        'benford_first_digit',
        'statistical',
        'low',
        mad <= BENFORD_MAX_MAD,
        `first-digit mean absolute deviation from Benford's law ${mad.toFixed(4)} over ${leading.length} transaction amounts (non-conformity above ${BENFORD_MAX_MAD}); ` +
          'amounts people make up rarely follow it, but some genuine sets (fixed fees, prices) do not either',
      ),
    );
  } else skipped.push({ id: 'benford_first_digit', reason: `${leading.length} transaction amounts, fewer than ${BENFORD_MIN_AMOUNTS}` });
  const large = amounts.filter((amount) => amount.value >= 1000);
  if (large.length >= ROUND_MIN_AMOUNTS) {
    const share = large.filter((amount) => amount.round).length / large.length;
    checks.push(
      check(
        'round_amounts',
        'statistical',
        'low',
        share <= ROUND_MAX_SHARE,
        `${(share * 100).toFixed(1)} % of ${large.length} amounts of 1,000 or more end in 000 (flagged above ${ROUND_MAX_SHARE * 100} %): invented figures tend to be round`,
      ),
    );
  } else skipped.push({ id: 'round_amounts', reason: `${large.length} amounts of 1,000 or more, fewer than ${ROUND_MIN_AMOUNTS}` });
  return checks;
}

/** Another document of the account, as the caller found it: its digest and its transactions' fingerprints. */
export interface KnownDocument {
  documentId: string;
  sha256: string;
  transactionFingerprints: string[];
}

/** Shared transactions that make two statements the same statement (all of them when there are fewer). */
export const DUPLICATE_MIN_TRANSACTIONS = 3;

export function duplicateChecks(documentId: string, sha256: string | null, listing: TransactionListing, others: KnownDocument[]): FraudCheck[] {
  const checks: FraudCheck[] = [];
  const candidates = others.filter((other) => other.documentId !== documentId);
  if (sha256) {
    const same = candidates.filter((other) => other.sha256 === sha256).map((other) => other.documentId);
    checks.push(
      check(
        'duplicate_bytes',
        'duplicate',
        'critical',
        same.length === 0,
        same.length ? `the same bytes (sha256 ${sha256}) were uploaded as ${same.join(', ')}` : `no other document of the account has sha256 ${sha256}`,
      ),
    );
  }
  if (listing.transactions.length > 0) {
    const needed = Math.min(DUPLICATE_MIN_TRANSACTIONS, listing.transactions.length);
    const findings = candidates
      .map((other) => {
        const known = new Set(other.transactionFingerprints);
        return { other, shared: listing.transactions.filter((transaction) => known.has(transactionFingerprint(transaction))) };
      })
      .filter((finding) => finding.shared.length >= needed);
    const first = findings[0]?.shared[0];
    checks.push(
      check(
        'duplicate_transactions',
        'duplicate',
        'high',
        findings.length === 0,
        findings.length
          ? findings
              .map(
                (finding) =>
                  `${finding.shared.length} of ${listing.transactions.length} transactions (date, amount, description) also in ${finding.other.documentId}`,
              )
              .join('; ')
          : `none of ${listing.transactions.length} transactions appears ${needed} times or more in another document of the account`,
        first ? { documentId, page: first.page, quote: first.line.text } : null,
      ),
    );
  }
  return checks;
}

// One formatter: toLocaleString with options builds a new one per call.
const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function money(value: number): string {
  return MONEY.format(value);
}
