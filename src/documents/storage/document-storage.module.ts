import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { DocumentStorage } from './document-storage.js';
import { LocalDiskStorage } from './local-disk.storage.js';
import { S3Storage } from './s3.storage.js';

/** The one choice of where document bytes live: S3 when S3_BUCKET is set, else local disk. */
@Module({
  providers: [
    {
      provide: DocumentStorage,
      inject: [AppConfig],
      useFactory: ({ documents }: AppConfig) => (documents.s3 ? new S3Storage(documents.s3) : new LocalDiskStorage(documents.storageDirectory)),
    },
  ],
  exports: [DocumentStorage],
})
export class DocumentStorageModule {}
