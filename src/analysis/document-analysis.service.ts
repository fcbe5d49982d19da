import { Inject, Injectable } from '@nestjs/common';
import { InvalidInputException, ResourceNotFoundException } from '../common/errors/app.exception.js';
import type { Document } from '../documents/document.entity.js';
import { DocumentsService, type ProcessedDocument } from '../documents/documents.service.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { DocumentReadingEngine } from './analysis-engine.factory.js';
import { ANALYSIS_ENGINE, type AnalysisDocument } from './analysis-engine.port.js';
import { DOCUMENT_TYPES, type ClassificationResult, type DocumentType, type ExtractionResult, type Fact } from './analysis.types.js';
import { analyseFinancials, detectFraud, type FraudDetectionResult, type QuantitativeAnalysis } from './builtin-analysis-engine.js';

/** Where the data_extraction_agent stores its results in a workspace (its tool name, the default task type). */
export const EXTRACTION_TASK_TYPE = 'data_extraction_agent';

export type FraudReport = Omit<FraudDetectionResult, 'transactionFingerprints'>;
export type QuantitativeReport = QuantitativeAnalysis & { documentIds: string[] };

/**
 * The analysis tools' work: each reads a processed document's stored page layouts (never the
 * file again, except a PDF's bytes for its structure checks and for engines that send the file),
 * asks the configured engine, and returns DOMAIN.md 3's shape. A document still being processed
 * answers RATE_LIMITED after a short wait (DocumentsService.requireProcessed); nothing half-read is
 * analysed.
 */
@Injectable()
export class DocumentAnalysisService {
  constructor(
    @Inject(ANALYSIS_ENGINE) private readonly engine: DocumentReadingEngine,
    private readonly documents: DocumentsService,
    private readonly workspaces: WorkspacesService,
  ) {}

  /** document_intelligence_agent: the document's type among the nine, per-page kinds and the signals behind them. */
  async classify(accountId: string, documentId: string): Promise<ClassificationResult> {
    const processed = await this.documents.requireProcessed(accountId, documentId);
    return this.engine.classify(await this.analysisDocument(processed));
  }

  /** data_extraction_agent: facts for every period column, claims, and the statements' checks. */
  async extract(accountId: string, documentId: string, blueprintId?: string): Promise<ExtractionResult> {
    // Custom extraction blueprints arrive with the blueprint tools; until then no id names one.
    if (blueprintId !== undefined) throw new ResourceNotFoundException(`Blueprint ${blueprintId} was not found.`);
    const processed = await this.documents.requireProcessed(accountId, documentId);
    return this.engine.extract(await this.analysisDocument(processed));
  }

  /** quantitative_analysis_agent over one document's facts, or every fact of a workspace (its access checked by the caller). */
  async quantify(accountId: string, scope: { documentId?: string; workspaceId?: string }): Promise<QuantitativeReport> {
    if (scope.documentId !== undefined) {
      const processed = await this.documents.requireProcessed(accountId, scope.documentId);
      const extraction = await this.engine.extract(await this.analysisDocument(processed));
      return this.report(extraction.facts, [processed.document.id], extraction.warnings);
    }
    if (scope.workspaceId === undefined) throw new InvalidInputException('Name documentId (one document) or workspaceId (every fact in the workspace).');
    const workspace = await this.workspaces.withOutputs(accountId, scope.workspaceId);
    const stored = (workspace.outputs[EXTRACTION_TASK_TYPE] ?? []).map((entry) => entry.output as ExtractionResult);
    const facts: Fact[] = [];
    const warnings: string[] = [];
    const documents = await this.documents.processedInWorkspace(scope.workspaceId);
    for (const processed of documents) {
      // An extraction already stored in the workspace (newest first) is reused: the same engine gave
      // it, and an LLM engine's extraction costs a model call.
      const extraction =
        stored.find((output) => output.documentId === processed.document.id && output.engine?.name === this.engine.info.name) ??
        (await this.engine.extract(await this.analysisDocument(processed)));
      facts.push(...extraction.facts);
    }
    // Facts stored from other sources (public filings, providers) count too; facts from documents come from the documents themselves.
    for (const [taskType, entries] of Object.entries(workspace.outputs)) {
      if (taskType === EXTRACTION_TASK_TYPE) continue;
      const output = entries[0]?.output as { facts?: unknown } | undefined;
      if (Array.isArray(output?.facts)) facts.push(...(output.facts as Fact[]).filter((fact) => (fact.source as string) !== 'document'));
    }
    if (documents.length === 0 && facts.length === 0) warnings.push('the workspace holds no documents and no stored facts');
    return this.report(
      facts,
      documents.map((processed) => processed.document.id),
      warnings,
    );
  }

  /** fraud_detection: structure, metadata, arithmetic, statistics and duplicates against the account's other documents. */
  async detectFraud(accountId: string, documentId: string): Promise<FraudReport> {
    const processed = await this.documents.requireProcessed(accountId, documentId);
    const document = await this.analysisDocument(processed);
    const extraction = await this.engine.extract(document);
    const { transactionFingerprints: _recordedAtProcessing, ...result } = detectFraud({
      documentId,
      pdfBytes: document.bytes,
      pages: document.pages,
      extraction,
      others: await this.documents.otherDocumentsOf(accountId, documentId),
    });
    return result;
  }

  private report(facts: Fact[], documentIds: string[], warnings: string[]): QuantitativeReport {
    const analysis = analyseFinancials(facts);
    return { ...analysis, warnings: [...new Set([...warnings, ...analysis.warnings])], engine: this.engine.info, documentIds };
  }

  /** The document as engines read it: its stored layouts, and the PDF's bytes (structure checks, engines that send the file). */
  private async analysisDocument({ document, pages }: ProcessedDocument): Promise<AnalysisDocument> {
    return {
      documentId: document.id,
      fileName: document.fileName ?? '',
      mimeType: document.mimeType ?? 'application/octet-stream',
      pages,
      ...(document.mimeType === 'application/pdf' && { bytes: new Uint8Array(await this.documents.bytesOf(document)) }),
      ...(declaredType(document) && { declaredType: declaredType(document) }),
    };
  }
}

/** submit_documents' documentType (e.g. `financial-statement`) as one of the nine kinds, when it names one. */
function declaredType(document: Document): DocumentType | undefined {
  const type = document.documentType?.replaceAll('-', '_');
  return DOCUMENT_TYPES.find((kind) => kind === type);
}
