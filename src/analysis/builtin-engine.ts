import type { AnalysisDocument, AnalysisEngine, RiskDiscoveryInput } from './analysis-engine.port.js';
import { BUILTIN_ENGINE, type ClassificationResult, type EngineInfo, type ExtractionResult, type RiskDiscoveryResult } from './analysis.types.js';
import { classifyDocument, extractFinancialData } from './builtin-analysis-engine.js';
import { discoverRisks } from './risks/risk-discovery.js';

/**
 * The built-in engine behind the AnalysisEngine port (ANALYSIS_ENGINE=builtin, the default): the
 * pure, offline, deterministic functions of this folder over a document's stored page layouts.
 * The same pages give the same result; it never reads the file again.
 */
export class BuiltinAnalysisEngine implements AnalysisEngine {
  readonly info: EngineInfo = { ...BUILTIN_ENGINE };

  classify(document: AnalysisDocument): Promise<ClassificationResult> {
    return Promise.resolve(classifyDocument(document.documentId, document.pages));
  }

  extract(document: AnalysisDocument): Promise<ExtractionResult> {
    return Promise.resolve(extractFinancialData(document.documentId, document.pages));
  }

  discoverRisks(input: RiskDiscoveryInput): Promise<RiskDiscoveryResult> {
    return Promise.resolve(discoverRisks(input));
  }
}
