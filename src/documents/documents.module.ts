import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WorkspacesModule } from '../workspaces/workspaces.module.js';
import { DocumentPage } from './document-page.entity.js';
import { Document } from './document.entity.js';
import { DocumentTools } from './document.tools.js';
import { DocumentsService } from './documents.service.js';
import { DocumentStorageModule } from './storage/document-storage.module.js';

/** Documents: submission, upload URLs, storage of bytes and extracted text. */
@Module({
  imports: [TypeOrmModule.forFeature([Document, DocumentPage]), DocumentStorageModule, WorkspacesModule],
  providers: [DocumentsService, DocumentTools],
  exports: [DocumentsService],
})
export class DocumentsModule {}
