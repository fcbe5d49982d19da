import { OnQueueFailed, Process, Processor } from '@nestjs/bull';
import type { DurableJob } from '../jobs/durable-queue.js';
import { DOCUMENT_PROCESSING_QUEUE, DocumentProcessingService, type DocumentProcessingJob } from './document-processing.service.js';

/** Runs `document-processing` jobs in the processes that run jobs (ROLE worker or all). */
@Processor(DOCUMENT_PROCESSING_QUEUE)
export class DocumentProcessingProcessor {
  constructor(private readonly processing: DocumentProcessingService) {}

  @Process({ concurrency: 2 })
  process(job: DurableJob<DocumentProcessingJob>): Promise<void> {
    return this.processing.process(job.data.documentId, job.signal);
  }

  @OnQueueFailed()
  failed(job: DurableJob<DocumentProcessingJob>, error: Error): Promise<void> {
    return this.processing.failed(job.data.documentId, error.message);
  }
}
