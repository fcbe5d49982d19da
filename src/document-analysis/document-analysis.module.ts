import { Module } from '@nestjs/common';
import { AnalysisModule } from '../analysis/analysis.module.js';
import { DocumentsModule } from '../documents/documents.module.js';
import { WorkspacesModule } from '../workspaces/workspaces.module.js';
import { DocumentAnalysisService } from './document-analysis.service.js';
import { DocumentAnalysisTools } from './document-analysis.tools.js';

/**
 * The five document analysis tools (DOMAIN.md 3): a stored document's pages, from documents, read
 * by the configured engine, from analysis; results stored in the caller's workspace.
 */
@Module({
  imports: [AnalysisModule, DocumentsModule, WorkspacesModule],
  providers: [DocumentAnalysisService, DocumentAnalysisTools],
})
export class DocumentAnalysisModule {}
