import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JobsModule } from '../jobs/jobs.module.js';
import { WorkPoolModule } from '../work-pool/work-pool.module.js';
import { WorkspacesModule } from '../workspaces/workspaces.module.js';
import { DocumentOrWorkspacePageCounter, DocumentPageCounter } from './document-page.counter.js';
import { DocumentPage } from './document-page.entity.js';
import { Document } from './document.entity.js';
import { DocumentTools } from './document.tools.js';
import { DocumentProcessingProcessor } from './document-processing.processor.js';
import { DOCUMENT_PROCESSING_QUEUE, DocumentProcessingService } from './document-processing.service.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';
import { DocumentStorageModule } from './storage/document-storage.module.js';
import { UploadFormController } from './upload-form.controller.js';
import { UploadForm } from './upload-form.entity.js';
import { UploadFormTools } from './upload-form.tools.js';
import { UploadFormsService } from './upload-forms.service.js';

/**
 * Documents: submission, upload URLs, the hosted upload page (and its MCP App), storage of bytes and
 * text, and the `document-processing` job that describes each page of a READY document.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Document, DocumentPage, UploadForm]),
    JobsModule.registerQueue({ name: DOCUMENT_PROCESSING_QUEUE }),
    DocumentStorageModule,
    WorkPoolModule,
    WorkspacesModule,
  ],
  controllers: [UploadFormController],
  providers: [
    DocumentsService,
    DocumentsRepository,
    DocumentProcessingService,
    DocumentProcessingProcessor,
    DocumentTools,
    DocumentPageCounter,
    DocumentOrWorkspacePageCounter,
    UploadFormsService,
    UploadFormTools,
  ],
  exports: [DocumentsService, UploadFormsService],
})
export class DocumentsModule {}
