import { Inject, Injectable, Optional } from '@nestjs/common';
import { OCR_PORT } from '../analysis/analysis-engine.port.js';
import {
  pageKind,
  pdfPageLayouts,
  readImageLayout,
  textPageLayout,
  transactionFingerprintsOf,
  type OcrPort,
  type PageKind,
  type PageLayout,
} from '../analysis/page-layout.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentStorage } from './storage/document-storage.js';

/** The durable queue of the document pipeline's first step; analysis steps join it. */
export const DOCUMENT_PROCESSING_QUEUE = 'document-processing';

export interface DocumentProcessingJob {
  documentId: string;
}

/** Documents that are one picture: OCR reads them whole. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg']);

/** One processing job per document, however often it is asked for. */
export function documentProcessingKey(documentId: string): string {
  return `documents.process:${documentId}`;
}

/**
 * The `document-processing` job's work on a READY document: each page laid out (lines and cells
 * with positions, from the PDF's text layer, or from OCR when a page has none and an OCR engine is
 * configured; from the stored text for other formats), given its kind, and recorded once, so that a
 * retry after a crash resumes at the first page not yet recorded; then the document is `processed`.
 * The analysis tools read these stored layouts and never parse the file again.
 */
@Injectable()
export class DocumentProcessingService {
  constructor(
    private readonly documents: DocumentsRepository,
    private readonly storage: DocumentStorage,
    // Optional: a process without OCR still lays out text pages; scans stay `image_only`.
    @Optional() @Inject(OCR_PORT) private readonly ocr?: OcrPort | null,
  ) {}

  async process(documentId: string): Promise<void> {
    const document = await this.documents.startProcessing(documentId);
    if (!document) return; // gone, or processed by an earlier run
    const left = await this.documents.pagesWithoutLayout(documentId);
    if (document.mimeType === 'application/pdf') {
      if (left.length > 0) {
        const wanted = new Set(left.map((page) => page.pageNumber));
        const bytes = await this.storage.get(document.storageKey!);
        for await (const layout of pdfPageLayouts(bytes, { ocr: this.ocr, skip: (page) => !wanted.has(page) })) await this.record(documentId, layout);
      }
    } else if (IMAGE_TYPES.has(document.mimeType ?? '')) {
      // An image is one page, read by OCR here, in the job, never on the request path.
      if (left.length > 0)
        for (const layout of await readImageLayout(await this.storage.get(document.storageKey!), { ocr: this.ocr })) await this.record(documentId, layout);
    } else {
      // A page of a text format (DOCX, PPTX, XLSX, CSV, text) is never a scan, however little it says.
      for (const page of left) await this.record(documentId, textPageLayout(page.pageNumber, page.text), 'text');
    }
    await this.documents.finishProcessing(documentId, transactionFingerprintsOf(await this.documents.layoutsOf(documentId)));
  }

  failed(documentId: string, reason: string): Promise<void> {
    return this.documents.failProcessing(documentId, reason);
  }

  private record(documentId: string, layout: PageLayout, withoutTextLayer: PageKind = 'image_only'): Promise<void> {
    const kind = pageKind(layout);
    return this.documents.recordPageLayout(documentId, layout, kind === 'image_only' ? withoutTextLayer : kind);
  }
}
