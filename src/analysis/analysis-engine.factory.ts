import type { AppConfig } from '../config/app-config.js';
import type { WorkPool } from '../work-pool/work-pool.service.js';
import type { AnalysisEngine } from './analysis-engine.port.js';
import { BuiltinAnalysisEngine } from './builtin-analysis-engine.js';
import { createLlmAnalysisEngine } from './llm/llm-analysis-engine.js';

/**
 * The one place an analysis engine is chosen: ANALYSIS_ENGINE names a row of this table; an adapter
 * joins by adding its row.
 */
const ENGINES: Partial<Record<AppConfig['analysis']['engine'], (config: AppConfig, work: WorkPool) => AnalysisEngine>> = {
  builtin: (_config, work) => new BuiltinAnalysisEngine(work),
  llm: (config) => createLlmAnalysisEngine(config),
};

/** The configured engine; a name without an adapter in this build stops the start, saying which names there are. */
export function analysisEngineFor(config: AppConfig, work: WorkPool): AnalysisEngine {
  const make = ENGINES[config.analysis.engine];
  if (!make)
    throw new Error(
      `ANALYSIS_ENGINE=${config.analysis.engine}: no analysis engine of that name in this build (available: ${Object.keys(ENGINES).join(', ')}).`,
    );
  return make(config, work);
}
