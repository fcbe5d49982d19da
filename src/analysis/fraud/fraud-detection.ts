import { createHash } from 'node:crypto';
import { BUILTIN_ENGINE, type Check, type EngineInfo, type Fact, type PageLayout } from '../analysis.types.js';
import { keepVerified } from '../verbatim.js';
import { readTransactions, transactionFingerprint } from './bank-transactions.js';
import { duplicateChecks, printedAmounts, runningBalanceChecks, statementArithmetic, statisticalChecks, type KnownDocument } from './content-checks.js';
import { scoreOf, type FraudCheck } from './fraud-checks.js';
import { readPdfStructure } from './pdf-structure.js';
import { structureChecks } from './structure-checks.js';

export interface FraudDetectionInput {
  documentId: string;
  /** The stored file, when it is a PDF: structure and metadata checks read it. */
  pdfBytes?: Uint8Array;
  pages: PageLayout[];
  /** The extraction's facts and statement checks, when the document holds statements. */
  extraction?: { facts: Fact[]; checks: Check[] };
  /** The account's other documents; without it the duplicate checks do not run. */
  others?: KnownDocument[];
}

/** DOMAIN.md 3, fraud_detection, plus what the caller stores to find duplicates later. */
export interface FraudDetectionResult {
  documentId: string;
  fraudScore: number;
  riskLevel: 'low' | 'medium' | 'high';
  checks: FraudCheck[];
  /** Checks that did not run, and why (too few amounts, no metadata, ...). */
  skipped: { id: string; reason: string }[];
  sha256: string | null;
  transactionFingerprints: string[];
  warnings: string[];
  engine: EngineInfo;
}

/**
 * The built-in fraud checks over one document: the PDF's structure and metadata from its bytes,
 * arithmetic (statement checks, bank running balances), statistics over the printed amounts, and
 * duplicates against the account's other documents. Every check that ran is listed, passed or not.
 */
export function detectFraud(input: FraudDetectionInput): FraudDetectionResult {
  const skipped: { id: string; reason: string }[] = [];
  const checks: FraudCheck[] = [];
  const sha256 = input.pdfBytes ? createHash('sha256').update(input.pdfBytes).digest('hex') : null;
  if (input.pdfBytes) {
    const structure = structureChecks(readPdfStructure(input.pdfBytes));
    checks.push(...structure.checks);
    skipped.push(...structure.skipped);
  } else skipped.push({ id: 'pdf_structure', reason: 'not a PDF: no bytes to read' });
  if (input.extraction) checks.push(...statementArithmetic(input.extraction));
  const listing = readTransactions(input.pages);
  checks.push(...runningBalanceChecks(input.documentId, listing, skipped));
  checks.push(
    ...statisticalChecks(
      printedAmounts(input.pages),
      listing.transactions.map((transaction) => transaction.amount),
      skipped,
    ),
  );
  if (input.others) checks.push(...duplicateChecks(input.documentId, sha256, listing, input.others));
  else skipped.push({ id: 'duplicate', reason: "the account's other documents were not given" });
  // Quotes come from the layout lines themselves; the gate still runs so no check leaves with an unverified quote.
  const verified = keepVerified(checks, input.pages, 'check quotes');
  const kept = new Set(verified.kept);
  const gated = checks.map((fraudCheck) => (kept.has(fraudCheck) ? fraudCheck : { ...fraudCheck, evidence: null }));
  return {
    documentId: input.documentId,
    ...scoreOf(gated),
    checks: gated,
    skipped,
    sha256,
    transactionFingerprints: listing.transactions.map(transactionFingerprint),
    warnings: verified.warnings,
    engine: { ...BUILTIN_ENGINE },
  };
}
