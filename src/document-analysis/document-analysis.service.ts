import { Inject, Injectable } from '@nestjs/common';
import { ANALYSIS_ENGINE, type AnalysisDocument, type AnalysisEngine } from '../analysis/analysis-engine.port.js';
import { AnalysisService, type FraudDetectionResult, type QuantitativeAnalysis } from '../analysis/analysis.service.js';
import type { Claim, ClassificationResult, ExtractionResult, Fact, RiskDiscoveryResult } from '../analysis/analysis.types.js';
import { InvalidInputException, ResourceNotFoundException } from '../common/errors/app.exception.js';
import { DocumentsService } from '../documents/documents.service.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';

/** Where the data_extraction_agent stores its results in a workspace (its tool name, the default task type). */
export const EXTRACTION_TASK_TYPE = 'data_extraction_agent';

export type FraudReport = Omit<FraudDetectionResult, 'transactionFingerprints'>;
export type QuantitativeReport = QuantitativeAnalysis & { documentIds: string[] };
export type RiskReport = RiskDiscoveryResult & { documentIds: string[] };

/** What a workspace-wide analysis reads: its documents, their facts and claims, and facts stored there from other sources. */
interface Evidence {
  documents: AnalysisDocument[];
  facts: Fact[];
  claims: Claim[];
  warnings: string[];
}

/**
 * The analysis tools' work: each reads a processed document's stored page layouts (never the
 * file again, except a PDF's bytes for its structure checks and for engines that send the file),
 * asks the configured engine, and returns DOMAIN.md 3's shape. A document still being processed
 * answers RATE_LIMITED after a short wait (DocumentsService.analysisDocument); nothing half-read is
 * analysed.
 */
@Injectable()
export class DocumentAnalysisService {
  constructor(
    @Inject(ANALYSIS_ENGINE) private readonly engine: AnalysisEngine,
    private readonly documents: DocumentsService,
    private readonly workspaces: WorkspacesService,
    private readonly shared: AnalysisService,
  ) {}

  /** document_intelligence_agent: the document's type among the nine, per-page kinds and the signals behind them. */
  async classify(accountId: string, documentId: string): Promise<ClassificationResult> {
    return this.engine.classify(await this.documents.analysisDocument(accountId, documentId));
  }

  /** data_extraction_agent: facts for every period column, claims, and the statements' checks. */
  async extract(accountId: string, documentId: string, blueprintId?: string): Promise<ExtractionResult> {
    // Custom extraction blueprints arrive with the blueprint tools; until then no id names one.
    if (blueprintId !== undefined) throw new ResourceNotFoundException(`Blueprint ${blueprintId} was not found.`);
    return this.engine.extract(await this.documents.analysisDocument(accountId, documentId));
  }

  /** quantitative_analysis_agent over one document's facts, or every fact of a workspace (its access checked by the caller). */
  async quantify(accountId: string, scope: { documentId?: string; workspaceId?: string }): Promise<QuantitativeReport> {
    if (scope.documentId !== undefined) {
      const extraction = await this.engine.extract(await this.documents.analysisDocument(accountId, scope.documentId));
      return this.report(extraction.facts, [extraction.documentId], extraction.warnings);
    }
    if (scope.workspaceId === undefined) throw new InvalidInputException('Name documentId (one document) or workspaceId (every fact in the workspace).');
    const evidence = await this.workspaceEvidence(accountId, scope.workspaceId);
    return this.report(
      evidence.facts,
      evidence.documents.map((document) => document.documentId),
      evidence.warnings,
    );
  }

  /**
   * risk_discovery_agent: the rules over one document, or over every document of a workspace with
   * the facts and claims they state (consistency between a deck's claims and the statements). With
   * both, the document and the rest of its workspace are read together.
   */
  async discoverRisks(accountId: string, scope: { documentId?: string; workspaceId?: string }): Promise<RiskReport> {
    let evidence: Evidence = { documents: [], facts: [], claims: [], warnings: [] };
    if (scope.workspaceId !== undefined) evidence = await this.workspaceEvidence(accountId, scope.workspaceId);
    if (scope.documentId !== undefined && !evidence.documents.some((document) => document.documentId === scope.documentId)) {
      const document = await this.documents.analysisDocument(accountId, scope.documentId);
      const extraction = await this.engine.extract(document);
      evidence = {
        documents: [document, ...evidence.documents],
        facts: [...extraction.facts, ...evidence.facts],
        claims: [...extraction.claims, ...evidence.claims],
        warnings: evidence.warnings,
      };
    }
    if (evidence.documents.length === 0) throw new InvalidInputException('Name documentId (one document) or workspaceId (every document in it).');
    const result = await this.engine.discoverRisks({ documents: evidence.documents, facts: evidence.facts, claims: evidence.claims });
    return {
      ...result,
      warnings: [...new Set([...evidence.warnings, ...result.warnings])],
      documentIds: evidence.documents.map((document) => document.documentId),
    };
  }

  /**
   * Every READY document filed in the workspace (newest first, once processed) with the facts and
   * claims their extractions state, and facts stored in the workspace from other sources (filings,
   * providers). An extraction already stored there (newest first) by the same engine is reused: an
   * LLM engine's extraction costs a model call.
   */
  private async workspaceEvidence(accountId: string, workspaceId: string): Promise<Evidence> {
    const workspace = await this.workspaces.withOutputs(accountId, workspaceId);
    const stored = (workspace.outputs[EXTRACTION_TASK_TYPE] ?? []).map((entry) => entry.output as ExtractionResult);
    const evidence: Evidence = { documents: [], facts: [], claims: [], warnings: [] };
    for (const document of await this.documents.analysisDocumentsInWorkspace(workspaceId)) {
      const extraction =
        stored.find((output) => output.documentId === document.documentId && output.engine?.name === this.engine.info.name) ??
        (await this.engine.extract(document));
      evidence.documents.push(document);
      evidence.facts.push(...extraction.facts);
      evidence.claims.push(...(extraction.claims ?? []));
    }
    // Facts from documents come from the documents themselves; facts stored from other sources count too.
    for (const [taskType, entries] of Object.entries(workspace.outputs)) {
      if (taskType === EXTRACTION_TASK_TYPE) continue;
      const output = entries[0]?.output as { facts?: unknown } | undefined;
      if (Array.isArray(output?.facts)) evidence.facts.push(...(output.facts as Fact[]).filter((fact) => (fact.source as string) !== 'document'));
    }
    if (evidence.documents.length === 0 && evidence.facts.length === 0) evidence.warnings.push('the workspace holds no documents and no stored facts');
    return evidence;
  }

  /** fraud_detection: structure, metadata, arithmetic, statistics and duplicates against the account's other documents. */
  async detectFraud(accountId: string, documentId: string): Promise<FraudReport> {
    const document = await this.documents.analysisDocument(accountId, documentId);
    const extraction = await this.engine.extract(document);
    const { transactionFingerprints: _recordedAtProcessing, ...result } = await this.shared.detectFraud({
      documentId,
      pdfBytes: document.bytes,
      pages: document.pages,
      extraction,
      documentType: extraction.documentType,
      others: await this.documents.otherDocumentsOf(accountId, documentId),
    });
    return result;
  }

  private report(facts: Fact[], documentIds: string[], warnings: string[]): QuantitativeReport {
    const analysis = this.shared.quantify(facts);
    return { ...analysis, warnings: [...new Set([...warnings, ...analysis.warnings])], engine: this.engine.info, documentIds };
  }
}
