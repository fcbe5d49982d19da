import { AppException, InvalidInputException } from '../common/errors/app.exception.js';
import { WorkFailure } from '../work-pool/work-failure.js';
import { workTask } from '../work-pool/work-task.js';
import type { AnalysisDocument, RiskDiscoveryInput } from './analysis-engine.port.js';
import type { ClassificationResult, ExtractionResult, RiskDiscoveryResult } from './analysis.types.js';
import type { FraudDetectionInput, FraudDetectionResult } from './builtin-engine.js';

/** The built-in analysis the WorkPool runs in its threads (analysis-work.tasks.ts). */
const TASKS = new URL('./analysis-work.tasks.js', import.meta.url);

export const AnalysisWork = {
  classify: workTask<AnalysisDocument, ClassificationResult>(TASKS, 'classify'),
  extract: workTask<AnalysisDocument, ExtractionResult>(TASKS, 'extract'),
  discoverRisks: workTask<RiskDiscoveryInput, RiskDiscoveryResult>(TASKS, 'discoverRisks'),
  detectFraud: workTask<FraudDetectionInput, FraudDetectionResult>(TASKS, 'detectFraud'),
};

/**
 * An analysis in a thread that ended without a result, as the tool's error: past the thread's time
 * or memory limit it is the document's size (INVALID_INPUT, naming the limit); stopped, the service
 * is shutting down (503, call again).
 */
export function analysisFailure(error: unknown, subject: string): unknown {
  if (!(error instanceof WorkFailure)) return error;
  if (!error.permanent) return new AppException({ status: 503, detail: `The analysis of ${subject} was interrupted: the service is restarting. Call again.` });
  return new InvalidInputException(`The analysis of ${subject} ${error.reason}; submit a smaller document (for example the statements alone).`);
}
