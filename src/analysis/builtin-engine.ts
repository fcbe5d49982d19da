import { BUILTIN_ENGINE, type ClassificationResult, type DocumentType, type ExtractionResult, type PageLayout } from './analysis.types.js';
import { classifyDocument } from './classification/document-classifier.js';
import { detectFraud, type FraudDetectionInput, type FraudDetectionResult } from './fraud/fraud-detection.js';
import { readImageLayout, readPdfLayout, type OcrPort } from './layout/pdf-layout.js';
import { layoutFromText } from './layout/text-layout.js';
import { analyseFinancials, type QuantitativeAnalysis } from './metrics/quantitative-analysis.js';
import { extractClaims } from './risks/claims.js';
import { discoverRisks } from './risks/risk-discovery.js';
import { readStatements } from './statements/statement-reader.js';
import { keepVerified } from './verbatim.js';

/**
 * The built-in, offline, deterministic analysis engine (DOMAIN.md 1.3): pure functions over a
 * document's pages. The service reads the bytes (PDF, images) or stored text (other formats) into pages,
 * then asks for a classification or an extraction; the same pages give the same result.
 */
export async function layoutDocument(
  input: { bytes?: Uint8Array; mimeType: string; pages?: string[] },
  options: { ocr?: OcrPort | null } = {},
): Promise<PageLayout[]> {
  if (input.mimeType === 'application/pdf' && input.bytes) return readPdfLayout(input.bytes, options);
  if ((input.mimeType === 'image/png' || input.mimeType === 'image/jpeg') && input.bytes) return readImageLayout(input.bytes, options);
  return layoutFromText(input.pages ?? []);
}

export { classifyDocument };

/** Documents whose company metrics are claims (DOMAIN.md 2): decks and applications. */
const CLAIMING_TYPES: ReadonlySet<DocumentType> = new Set<DocumentType>(['pitch_deck', 'loan_application']);

/**
 * Facts, periods and checks from the statements in a document, and claims when it is a deck or an
 * application. Every fact and claim passes the verbatim gate against the pages it cites; one that
 * does not is dropped and counted in `warnings`.
 */
export function extractFinancialData(documentId: string, pages: PageLayout[], documentType?: DocumentType): ExtractionResult {
  const type = documentType ?? classifyDocument(documentId, pages).documentType;
  const reading = readStatements(documentId, pages);
  const verified = keepVerified(reading.facts, pages, 'facts');
  const claimed = CLAIMING_TYPES.has(type) ? extractClaims(documentId, pages) : { claims: [], warnings: [] };
  const warnings = [...reading.warnings, ...verified.warnings, ...claimed.warnings];
  if (verified.kept.length === 0) warnings.push('no evidence found: no statement rows with period columns were recognised');
  if (verified.kept.some((fact) => fact.currency === null)) warnings.push('the statements state no currency; facts carry currency null');
  return {
    documentId,
    documentType: type,
    currency: reading.currency,
    periods: reading.periods.filter((period) => verified.kept.some((fact) => fact.period.end === period.end)),
    facts: verified.kept,
    claims: claimed.claims,
    fields: [],
    checks: reading.checks,
    warnings,
    engine: { ...BUILTIN_ENGINE },
  };
}

/**
 * quantitative_analysis_agent: metrics over the facts of a document or a workspace (analyseFinancials);
 * fraud_detection: the checks over one document's bytes, pages and facts (detectFraud).
 */
export { analyseFinancials, detectFraud };

/** risk_discovery_agent: the rule library, the rules over facts and the consistency of claims with facts (risks/). */
export { discoverRisks, extractClaims };

export type { ClassificationResult, ExtractionResult, FraudDetectionInput, FraudDetectionResult, QuantitativeAnalysis };
