import type { WorkPool } from '../work-pool/work-pool.service.js';
import type { WorkTask } from '../work-pool/work-task.js';
import type { AnalysisDocument, AnalysisEngine, RiskDiscoveryInput } from './analysis-engine.port.js';
import { analysisFailure, AnalysisWork } from './analysis-work.js';
import { BUILTIN_ENGINE, type ClassificationResult, type EngineInfo, type ExtractionResult, type RiskDiscoveryResult } from './analysis.types.js';

/**
 * The built-in engine behind the AnalysisEngine port (ANALYSIS_ENGINE=builtin, the default): the
 * pure, offline, deterministic functions of this folder over a document's stored page layouts, run
 * in the WorkPool's threads (a 2-million-character document takes seconds to read, which the event
 * loop must not spend). The same pages give the same result; it never reads the file again.
 */
export class BuiltinAnalysisEngine implements AnalysisEngine {
  readonly info: EngineInfo = { ...BUILTIN_ENGINE };

  constructor(private readonly work: WorkPool) {}

  classify(document: AnalysisDocument): Promise<ClassificationResult> {
    return this.run(AnalysisWork.classify, withoutFile(document), `document ${document.documentId}`);
  }

  extract(document: AnalysisDocument): Promise<ExtractionResult> {
    return this.run(AnalysisWork.extract, withoutFile(document), `document ${document.documentId}`);
  }

  discoverRisks(input: RiskDiscoveryInput): Promise<RiskDiscoveryResult> {
    const subject = input.documents.length === 1 ? `document ${input.documents[0].documentId}` : `${input.documents.length} documents`;
    return this.run(AnalysisWork.discoverRisks, { ...input, documents: input.documents.map(withoutFile) }, subject);
  }

  private async run<Args, Result>(task: WorkTask<Args, Result>, args: Args, subject: string): Promise<Result> {
    try {
      return await this.work.run(task, args);
    } catch (error) {
      throw analysisFailure(error, subject);
    }
  }
}

/** The engine reads pages, never the file: the bytes are not copied to the thread. */
function withoutFile({ bytes: _bytes, ...document }: AnalysisDocument): AnalysisDocument {
  return document;
}
