import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { WorkPool } from '../work-pool/work-pool.service.js';
import { WorkPoolModule } from '../work-pool/work-pool.module.js';
import { analysisEngineFor } from './analysis-engine.factory.js';
import { ANALYSIS_ENGINE } from './analysis-engine.port.js';
import { AnalysisService } from './analysis.service.js';

/**
 * The analysis engine: the configured adapter behind the AnalysisEngine port (ANALYSIS_ENGINE,
 * chosen in analysis-engine.factory.ts) and what every adapter shares (AnalysisService: metrics
 * over facts, fraud checks). It knows no document store and no tool: it reads pages it is given.
 */
@Module({
  imports: [WorkPoolModule],
  providers: [{ provide: ANALYSIS_ENGINE, useFactory: analysisEngineFor, inject: [AppConfig, WorkPool] }, AnalysisService],
  exports: [ANALYSIS_ENGINE, AnalysisService],
})
export class AnalysisModule {}
