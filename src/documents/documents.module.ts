import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WorkspacesModule } from '../workspaces/workspaces.module.js';
import { DocumentPageCounter } from './document-page.counter.js';
import { DocumentPage } from './document-page.entity.js';
import { Document } from './document.entity.js';
import { DocumentTools } from './document.tools.js';
import { DocumentsService } from './documents.service.js';
import { DocumentStorageModule } from './storage/document-storage.module.js';
import { UploadFormController } from './upload-form.controller.js';
import { UploadForm } from './upload-form.entity.js';
import { UploadFormTools } from './upload-form.tools.js';
import { UploadFormsService } from './upload-forms.service.js';

/** Documents: submission, upload URLs, the hosted upload page (and its MCP App), storage of bytes and text. */
@Module({
  imports: [TypeOrmModule.forFeature([Document, DocumentPage, UploadForm]), DocumentStorageModule, WorkspacesModule],
  controllers: [UploadFormController],
  providers: [DocumentsService, DocumentTools, DocumentPageCounter, UploadFormsService, UploadFormTools],
  exports: [DocumentsService, UploadFormsService],
})
export class DocumentsModule {}
