import { createHash } from 'node:crypto';
import { BUILTIN_ENGINE, type Check, type DocumentType, type EngineInfo, type Fact, type PageLayout } from '../analysis.types.js';
import { pageKind } from '../classification/document-classifier.js';
import { keepVerified } from '../verbatim.js';
import { readPageContents } from './content-layer.js';
import { invoiceArithmetic, looksLikeInvoice } from './invoice-arithmetic.js';
import { readTransactions, transactionFingerprint, type TransactionListing } from './bank-transactions.js';
import { duplicateChecks, printedAmounts, runningBalanceChecks, statisticalChecks, type KnownDocument } from './content-checks.js';
import { scoreOf, type FraudCheck, type Weighing } from './fraud-checks.js';
import { readPdfStructure } from './pdf-structure.js';
import { fontOutlierChecks, overlayChecks } from './rendering-checks.js';
import { compareRevisions, revisionChecks, revisionEnds } from './revisions.js';
import { statementArithmetic } from './statement-arithmetic.js';
import { structureChecks } from './structure-checks.js';

export interface FraudDetectionInput {
  documentId: string;
  /** The stored file, when it is a PDF: structure, metadata and revision checks read it. */
  pdfBytes?: Uint8Array;
  pages: PageLayout[];
  /** The extraction's facts and statement checks, when the document holds statements (its documentType is used when `documentType` is not given). */
  extraction?: { facts: Fact[]; checks: Check[]; documentType?: DocumentType };
  /**
   * What the document was classified as: checks run only on the types they belong to (running
   * balances on bank statements, statement arithmetic on financial statements). Unknown, they run
   * where the pages look like it (a transactions page for the running balance).
   */
  documentType?: DocumentType;
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

/** Types whose printed amounts the round-amount statistic describes (amounts of accounts, not prices or terms). */
const ACCOUNT_TYPES: ReadonlySet<DocumentType> = new Set(['financial_statement', 'bank_statement']);

/**
 * The built-in fraud checks over one document: the PDF's structure, metadata and revisions from its
 * bytes, arithmetic (statement checks, bank running balances), statistics over the printed amounts,
 * and duplicates against the account's other documents. Every check that ran is listed, passed or
 * not; a check that does not belong to the document's type is listed in `skipped` with why.
 */
export async function detectFraud(input: FraudDetectionInput): Promise<FraudDetectionResult> {
  const skipped: { id: string; reason: string }[] = [];
  const checks: FraudCheck[] = [];
  const weighing = new Map<FraudCheck, Weighing>();
  const documentType = input.documentType ?? input.extraction?.documentType;
  const typeNamed = documentType ? `${/^[aeiou]/.test(documentType) ? 'an' : 'a'} ${documentType.replace(/_/g, ' ')}` : '';
  const sha256 = input.pdfBytes ? createHash('sha256').update(input.pdfBytes).digest('hex') : null;
  if (input.pdfBytes) {
    // Unclassified, a document whose pages list dated transactions is read as the bank statement it looks like.
    const lookedLike = documentType ?? (input.pages.some((page) => pageKind(page) === 'transactions') ? 'bank_statement' : undefined);
    const structure = structureChecks(readPdfStructure(input.pdfBytes), lookedLike);
    if (structure.checks.some((fraudCheck) => fraudCheck.id === 'pdf_incremental_updates') && revisionEnds(input.pdfBytes).length > 0) {
      const revisions = revisionChecks(input.documentId, await compareRevisions(input.pdfBytes, input.pages.length));
      const at = structure.checks.findIndex((fraudCheck) => fraudCheck.id === 'pdf_incremental_updates');
      structure.checks.splice(at, 1, ...revisions);
    }
    checks.push(...structure.checks);
    skipped.push(...structure.skipped);
    const contents = structure.checks.some((fraudCheck) => fraudCheck.id === 'pdf_header' && fraudCheck.passed) ? await readPageContents(input.pdfBytes) : null;
    if (contents && contents.some((page) => page.runs.length > 0))
      checks.push(...overlayChecks(input.documentId, contents, input.pages), ...fontOutlierChecks(input.documentId, contents, input.pages));
    else
      skipped.push({
        id: 'content_rendering',
        reason: contents ? 'no page has a text layer (a scan): overlays and fonts are read from text' : 'the page contents could not be read',
      });
  } else skipped.push({ id: 'pdf_structure', reason: 'not a PDF: no bytes to read' });
  if (documentType !== 'financial_statement' && documentType !== 'bank_statement' && looksLikeInvoice(input.pages))
    checks.push(...invoiceArithmetic(input.documentId, input.pages, skipped));
  else
    skipped.push({
      id: 'invoice_arithmetic',
      reason: documentType && documentType !== 'other' ? `${typeNamed}, not an invoice` : 'the document is not titled as an invoice',
    });
  if (input.extraction && (!documentType || documentType === 'financial_statement')) {
    const arithmetic = statementArithmetic(input.extraction, input.pages, skipped);
    checks.push(...arithmetic.checks);
    for (const [fraudCheck, weight] of arithmetic.weighing) weighing.set(fraudCheck, weight);
  } else if (input.extraction?.checks.length)
    skipped.push({ id: 'statement_arithmetic', reason: `${typeNamed}, not a financial statement: its tables are not statements that foot` });
  const bank = documentType ? documentType === 'bank_statement' : input.pages.some((page) => pageKind(page) === 'transactions');
  const listing: TransactionListing = bank ? readTransactions(input.pages) : { opening: null, closing: null, transactions: [] };
  if (bank) checks.push(...runningBalanceChecks(input.documentId, listing, skipped));
  else {
    const reason = documentType ? `${typeNamed}, not a bank statement` : 'no page lists dated transactions';
    skipped.push({ id: 'bank_running_balance', reason }, { id: 'bank_closing_balance', reason });
  }
  const statistics = statisticalChecks(
    printedAmounts(input.pages),
    listing.transactions.map((transaction) => transaction.amount),
    skipped,
  );
  if (documentType && !ACCOUNT_TYPES.has(documentType)) {
    skipped.push(...statistics.map((fraudCheck) => ({ id: fraudCheck.id, reason: `${typeNamed}: its amounts (prices, terms, limits) are round by nature` })));
  } else checks.push(...statistics);
  if (input.others) checks.push(...duplicateChecks(input.documentId, sha256, listing, input.others));
  else skipped.push({ id: 'duplicate', reason: "the account's other documents were not given" });
  // Quotes come from the layout lines themselves; the gate still runs so no check leaves with an unverified quote.
  const verified = keepVerified(checks, input.pages, 'check quotes');
  const kept = new Set(verified.kept);
  const gated = checks.map((fraudCheck) => (kept.has(fraudCheck) ? fraudCheck : { ...fraudCheck, evidence: null }));
  const weights = new Map(checks.map((fraudCheck, index) => [gated[index], weighing.get(fraudCheck)]));
  return {
    documentId: input.documentId,
    ...scoreOf(gated, (fraudCheck) => weights.get(fraudCheck) ?? { credibility: 1, group: fraudCheck.id }),
    checks: gated,
    skipped,
    sha256,
    transactionFingerprints: listing.transactions.map(transactionFingerprint),
    warnings: verified.warnings,
    engine: { ...BUILTIN_ENGINE },
  };
}
