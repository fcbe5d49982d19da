import type { ClassificationResult, Claim, DocumentType, EngineInfo, ExtractionResult, Fact, PageLayout, RiskDiscoveryResult } from './analysis.types.js';

/** One processed document as the engines read it: its pages with layout, and the file for adapters that send it. */
export interface AnalysisDocument {
  documentId: string;
  fileName: string;
  mimeType: string;
  pages: PageLayout[];
  /** The stored bytes, when the engine may want the file itself (the LLM adapter sends PDFs to models that accept files). */
  bytes?: Uint8Array;
  /** The type the submitter declared, if any: a hint, never trusted over the content. */
  declaredType?: DocumentType;
}

/** What risk discovery reads: the documents in scope, and the facts and claims already extracted from them (or a workspace). */
export interface RiskDiscoveryInput {
  documents: AnalysisDocument[];
  facts: Fact[];
  claims: Claim[];
}

/**
 * The analysis port (DECISIONS.md "Analysis engine"): the built-in engine is the default; the LLM
 * adapter is chosen by ANALYSIS_ENGINE=llm. Every adapter's answer passes the same verbatim gate
 * (verbatim.ts) before it leaves: quotes on their page, figures in their quote, else dropped and
 * counted in `warnings`. Ratios (analyseFinancials) and fraud checks (detectFraud) are arithmetic
 * over verified facts and bytes, so they are not part of the port: every engine shares them.
 */
export interface AnalysisEngine {
  readonly info: EngineInfo;
  classify(document: AnalysisDocument): Promise<ClassificationResult>;
  extract(document: AnalysisDocument): Promise<ExtractionResult>;
  discoverRisks(input: RiskDiscoveryInput): Promise<RiskDiscoveryResult>;
}

/** The Nest injection token of the configured engine. */
export const ANALYSIS_ENGINE = Symbol('AnalysisEngine');
