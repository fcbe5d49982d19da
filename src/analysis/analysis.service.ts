import { Injectable } from '@nestjs/common';
import { WorkPool } from '../work-pool/work-pool.service.js';
import { analysisFailure, AnalysisWork } from './analysis-work.js';
import type { Fact } from './analysis.types.js';
import { analyseFinancials, type FraudDetectionInput, type FraudDetectionResult, type QuantitativeAnalysis } from './builtin-engine.js';

export type { FraudDetectionInput, FraudDetectionResult, QuantitativeAnalysis };

/**
 * What every engine shares, because it is arithmetic over verified facts and a file's bytes, not a
 * reading (analysis-engine.port.ts): the metrics of quantitative analysis and the fraud checks.
 */
@Injectable()
export class AnalysisService {
  constructor(private readonly work: WorkPool) {}

  /** Ratios, trends and their bands over facts (quantitative_analysis_agent); cheap enough for the event loop. */
  quantify(facts: Fact[]): QuantitativeAnalysis {
    return analyseFinancials(facts);
  }

  /**
   * The fraud checks over one document. They parse the PDF's structure and read every page, so they
   * run in a worker thread as reading does; the PDF's bytes are moved there, not copied.
   */
  async detectFraud(input: FraudDetectionInput): Promise<FraudDetectionResult> {
    try {
      return await this.work.run(AnalysisWork.detectFraud, input, { transfer: input.pdfBytes ? [input.pdfBytes.buffer as ArrayBuffer] : [] });
    } catch (error) {
      throw analysisFailure(error, `document ${input.documentId}`);
    }
  }
}
