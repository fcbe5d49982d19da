import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { DocumentsModule } from '../documents/documents.module.js';
import { WorkPool } from '../work-pool/work-pool.service.js';
import { WorkPoolModule } from '../work-pool/work-pool.module.js';
import { WorkspacesModule } from '../workspaces/workspaces.module.js';
import { analysisEngineFor } from './analysis-engine.factory.js';
import { ANALYSIS_ENGINE } from './analysis-engine.port.js';
import { AnalysisTools } from './analysis.tools.js';
import { DocumentAnalysisService } from './document-analysis.service.js';

/**
 * Document analysis: the configured engine (ANALYSIS_ENGINE, chosen in analysis-engine.factory.ts)
 * behind the AnalysisEngine port, and the analysis tools over the documents' stored page layouts.
 */
@Module({
  imports: [DocumentsModule, WorkspacesModule, WorkPoolModule],
  providers: [{ provide: ANALYSIS_ENGINE, useFactory: analysisEngineFor, inject: [AppConfig, WorkPool] }, DocumentAnalysisService, AnalysisTools],
  exports: [ANALYSIS_ENGINE],
})
export class AnalysisModule {}
