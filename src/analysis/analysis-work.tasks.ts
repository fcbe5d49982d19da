/**
 * The built-in analysis as it runs in the WorkPool's threads: the same pure functions the engine
 * is made of, over plain data, so that a large document's analysis never holds the event loop.
 */
import type { AnalysisDocument, RiskDiscoveryInput } from './analysis-engine.port.js';
import type { ClassificationResult, ExtractionResult, RiskDiscoveryResult } from './analysis.types.js';
import {
  classifyDocument,
  detectFraud as runFraudChecks,
  extractFinancialData,
  type FraudDetectionInput,
  type FraudDetectionResult,
} from './builtin-engine.js';
import { discoverRisks as runRiskRules } from './risks/risk-discovery.js';

export function classify(document: AnalysisDocument): ClassificationResult {
  return classifyDocument(document.documentId, document.pages);
}

export function extract(document: AnalysisDocument): ExtractionResult {
  return extractFinancialData(document.documentId, document.pages);
}

export function discoverRisks(input: RiskDiscoveryInput): RiskDiscoveryResult {
  return runRiskRules(input);
}

export function detectFraud(input: FraudDetectionInput): Promise<FraudDetectionResult> {
  return runFraudChecks(input);
}
