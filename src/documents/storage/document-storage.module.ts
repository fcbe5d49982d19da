import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { DocumentStorage } from './document-storage.js';
import { LocalDiskStorage } from './local-disk.storage.js';

/** The one choice of where document bytes live. */
@Module({
  providers: [{ provide: DocumentStorage, inject: [AppConfig], useFactory: (config: AppConfig) => new LocalDiskStorage(config.documents.storageDirectory) }],
  exports: [DocumentStorage],
})
export class DocumentStorageModule {}
