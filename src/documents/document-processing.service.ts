import { setImmediate } from 'node:timers/promises';
import { Injectable, Logger } from '@nestjs/common';
import { pageKind, type OcrSettings, type PageKind, type PageLayout } from '../analysis/page-layout.js';
import { AppConfig } from '../config/app-config.js';
import { WorkFailure } from '../work-pool/work-failure.js';
import { WorkPool, type RunOptions } from '../work-pool/work-pool.service.js';
import type { WorkTask } from '../work-pool/work-task.js';
import { DocumentWork } from './document-work.js';
import { DocumentsRepository, type ProcessingDocument } from './documents.repository.js';
import { DocumentStorage } from './storage/document-storage.js';

/** The durable queue of the document pipeline's first step; analysis steps join it. */
export const DOCUMENT_PROCESSING_QUEUE = 'document-processing';

export interface DocumentProcessingJob {
  documentId: string;
}

/** How much of a file is copied into shared memory between two turns of the event loop. */
const COPY_SLICE_BYTES = 1_048_576;

/** Documents that are one picture: OCR reads them whole. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg']);

/** One processing job per stored file, however often it is asked for (an upload link refused once takes another file). */
export function documentProcessingKey(documentId: string, storageKey: string): string {
  return `documents.process:${documentId}:${storageKey}`;
}

/** A document that cannot be read, and why: it fails for good, since reading it again would end the same way. */
class UnreadableDocument extends Error {}

/**
 * The `document-processing` job's work on a READY document, all of it in the WorkPool's threads:
 * the file read (its type from its bytes, its page count and text, refused past the document
 * limits), then each page laid out (lines and cells with positions, from the PDF's text layer, or
 * from OCR when a page has none; from the stored text for other formats), given its kind, and
 * recorded once, so that a retry after a crash resumes at the first page not yet recorded; then
 * the document is `processed`. A file that is refused, or whose reading runs past a thread's time
 * or memory limit, ends `failed` with the reason at once, not retried. The analysis tools read the
 * stored layouts and never parse the file again.
 */
@Injectable()
export class DocumentProcessingService {
  private readonly logger = new Logger(DocumentProcessingService.name);

  constructor(
    private readonly documents: DocumentsRepository,
    private readonly storage: DocumentStorage,
    private readonly work: WorkPool,
    private readonly config: AppConfig,
  ) {}

  /** `signal`: the job's lease was lost; the run stops before it records anything more. */
  async process(documentId: string, signal?: AbortSignal): Promise<void> {
    const document = await this.documents.startProcessing(documentId);
    if (!document) return; // gone, or processed by an earlier run
    // Read from storage once, into shared memory that every task of this run reads without a copy.
    let bytes: Promise<Uint8Array> | undefined;
    const file = () => (bytes ??= this.storage.get(document.storageKey).then(shared));
    try {
      await this.read(document, file, signal);
      await this.layOut(document, file, signal);
      const fingerprints = await this.run(
        document,
        'reading its transactions',
        DocumentWork.transactionFingerprints,
        {
          pages: await this.documents.layoutsOf(documentId),
        },
        { signal },
      );
      signal?.throwIfAborted();
      await this.documents.finishProcessing(documentId, fingerprints);
    } catch (error) {
      if (!(error instanceof UnreadableDocument)) throw error;
      await this.documents.failProcessing(documentId, error.message);
    }
  }

  failed(documentId: string, reason: string): Promise<void> {
    return this.documents.failProcessing(documentId, reason);
  }

  /** The file's type, pages and text, once: a resumed run finds them recorded. */
  private async read(document: ProcessingDocument, file: () => Promise<Uint8Array>, signal?: AbortSignal): Promise<void> {
    if (document.pageCount !== null) return;
    const read = await this.run(
      document,
      'reading it',
      DocumentWork.read,
      { bytes: await file(), fileName: document.fileName, declaredMimeType: document.declaredMimeType ?? undefined, limits: this.config.documents.limits },
      { signal },
    );
    signal?.throwIfAborted();
    await this.documents.recordReading(document.id, read.mimeType, read.pages);
    Object.assign(document, { mimeType: read.mimeType, pageCount: read.pageCount });
  }

  private async layOut(document: ProcessingDocument, file: () => Promise<Uint8Array>, signal?: AbortSignal): Promise<void> {
    const left = await this.documents.pagesWithoutLayout(document.id);
    if (left.length === 0) return;
    const options = { signal };
    if (document.mimeType === 'application/pdf') {
      const bytes = await file();
      let ocrPages = await this.documents.ocrPagesRecorded(document.id);
      for (const { pageNumber } of left) {
        const ocr = ocrPages < this.config.ocr.maxPages ? this.ocrSettings() : null;
        const layout = await this.run(
          document,
          `laying out page ${pageNumber}`,
          DocumentWork.layoutPdfPage,
          { bytes, fileKey: document.storageKey, page: pageNumber, ocr },
          options,
        );
        if (layout.ocr) ocrPages++;
        await this.record(document.id, layout, signal);
      }
    } else if (IMAGE_TYPES.has(document.mimeType ?? '')) {
      for (const layout of await this.run(document, 'reading the image', DocumentWork.layoutImage, { bytes: await file(), ocr: this.ocrSettings() }, options))
        await this.record(document.id, layout, signal);
    } else {
      // A page of a text format (DOCX, PPTX, XLSX, CSV, text) is never a scan, however little it says.
      for (const page of left) {
        const layout = await this.run(
          document,
          `laying out page ${page.pageNumber}`,
          DocumentWork.layoutText,
          { page: page.pageNumber, text: page.text },
          options,
        );
        await this.record(document.id, layout, signal, 'text');
      }
    }
  }

  /** One task in a thread; a failure that says something about the file makes the document unreadable, naming the step. */
  private async run<Args, Result>(document: ProcessingDocument, step: string, task: WorkTask<Args, Result>, args: Args, options: RunOptions): Promise<Result> {
    try {
      return await this.work.run(task, args, options);
    } catch (error) {
      if (!(error instanceof WorkFailure) || !error.permanent) throw error;
      // The reader's refusals already name the file.
      throw new UnreadableDocument(error.kind === 'refused' ? error.reason : `${document.fileName}: ${step} ${error.reason}`);
    }
  }

  private ocrSettings(): OcrSettings | null {
    const { enabled, maxPages, renderScale } = this.config.ocr;
    return enabled ? { maxPages, renderScale } : null;
  }

  private async record(documentId: string, layout: PageLayout, signal: AbortSignal | undefined, withoutTextLayer: PageKind = 'image_only'): Promise<void> {
    signal?.throwIfAborted();
    const kind = pageKind(layout);
    if (await this.documents.recordPageLayout(documentId, layout, kind === 'image_only' ? withoutTextLayer : kind))
      this.logger.debug(`document ${documentId}: page ${layout.page} laid out (${layout.ocr ? 'OCR' : kind})`);
  }
}

/**
 * The bytes in a SharedArrayBuffer: every task reads the same copy instead of a clone of its own
 * (postMessage copies 20 MB in about 70 ms of the event loop). Copied a megabyte at a time with a
 * turn of the event loop between, as an upload's body is joined.
 */
async function shared(bytes: Buffer): Promise<Uint8Array> {
  const copy = new Uint8Array(new SharedArrayBuffer(bytes.length));
  for (let at = 0; at < bytes.length; at += COPY_SLICE_BYTES) {
    copy.set(bytes.subarray(at, at + COPY_SLICE_BYTES), at);
    if (at + COPY_SLICE_BYTES < bytes.length) await setImmediate();
  }
  return copy;
}
