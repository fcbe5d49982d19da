import { Injectable } from '@nestjs/common';
import { DocumentsRepository } from './documents.repository.js';
import { describePage } from './page-description.js';

/** The durable queue of the document pipeline's first step; analysis steps join it. */
export const DOCUMENT_PROCESSING_QUEUE = 'document-processing';

export interface DocumentProcessingJob {
  documentId: string;
}

/** One processing job per document, however often it is asked for. */
export function documentProcessingKey(documentId: string): string {
  return `documents.process:${documentId}`;
}

/**
 * The `document-processing` job's work on a READY document: each page described (character count,
 * text layer or image only) and recorded once, so that a retry after a crash resumes at the first
 * page not yet described; then the document is `processed`.
 */
@Injectable()
export class DocumentProcessingService {
  constructor(private readonly documents: DocumentsRepository) {}

  async process(documentId: string): Promise<void> {
    if (!(await this.documents.startProcessing(documentId))) return; // gone, or processed by an earlier run
    for (const page of await this.documents.undescribedPages(documentId)) {
      await this.documents.describePage(documentId, page.pageNumber, describePage(page.text));
    }
    await this.documents.finishProcessing(documentId);
  }

  failed(documentId: string, reason: string): Promise<void> {
    return this.documents.failProcessing(documentId, reason);
  }
}
