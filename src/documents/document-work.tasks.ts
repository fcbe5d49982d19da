/**
 * The document work that runs in the WorkPool's threads (never on the event loop): reading a file
 * (type, pages, text) and laying out its pages, with OCR for scans. Arguments and results are plain
 * data; a refusal is thrown as the reader's InvalidInputException or a WorkRefusal and reaches the
 * caller as WorkFailure `refused`.
 */
import { getDocumentProxy } from 'unpdf';
import type { PDFDocumentProxy } from 'unpdf/pdfjs';
import {
  needsOcr,
  ocrLayout,
  readImageLayout,
  TesseractOcr,
  textLayerLayout,
  textPageLayout,
  transactionFingerprintsOf,
  type OcrSettings,
  type PageLayout,
} from '../analysis/page-layout.js';
import type { DocumentLimits } from '../config/document-limits.js';
import { readDocument, type ReadDocument } from './document-reader.js';

export interface ReadArgs {
  /** The file, in a SharedArrayBuffer that the layout tasks read too. */
  bytes: Uint8Array;
  fileName: string;
  declaredMimeType?: string;
  limits: DocumentLimits;
}

export function read({ bytes, fileName, declaredMimeType, limits }: ReadArgs): Promise<ReadDocument> {
  // A copy of its own, in this thread: the readers (TextDecoder among them) refuse shared memory.
  return readDocument(Buffer.from(bytes), { fileName, mimeType: declaredMimeType }, limits);
}

export interface PdfPageArgs {
  /** The file, in a SharedArrayBuffer so that every page's task shares one copy. */
  bytes: Uint8Array;
  /** Names the file (its storage key): the open document is kept for the next page of the same file. */
  fileKey: string;
  page: number;
  /** OCR for a page without a text layer; null when OCR is off or the document's OCR budget is spent. */
  ocr: OcrSettings | null;
}

/** The PDF this thread opened last: the pages of one document come one after another. */
let open: { fileKey: string; pdf: Promise<PDFDocumentProxy> } | undefined;
let ocrEngine: { settings: string; engine: TesseractOcr } | undefined;

export async function layoutPdfPage({ bytes, fileKey, page, ocr }: PdfPageArgs): Promise<PageLayout> {
  if (open?.fileKey !== fileKey) {
    const previous = open;
    open = { fileKey, pdf: getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 }) };
    void previous?.pdf.then((pdf) => pdf.destroy()).catch(() => undefined);
  }
  const layout = await textLayerLayout(await open.pdf, page);
  return ocr && needsOcr(layout) ? ocrLayout(bytes, layout, ocrFor(ocr)) : layout;
}

export function layoutImage({ bytes, ocr }: { bytes: Uint8Array; ocr: OcrSettings | null }): Promise<PageLayout[]> {
  return readImageLayout(bytes, { ocr: ocr && ocrFor(ocr) });
}

export function layoutText({ page, text }: { page: number; text: string }): PageLayout {
  return textPageLayout(page, text);
}

export function transactionFingerprints({ pages }: { pages: PageLayout[] }): string[] {
  return transactionFingerprintsOf(pages);
}

/** One Tesseract worker per thread, made on the first scan the thread meets and kept while the thread lives. */
function ocrFor(settings: OcrSettings): TesseractOcr {
  const key = JSON.stringify(settings);
  if (ocrEngine?.settings !== key) {
    void ocrEngine?.engine.onModuleDestroy();
    ocrEngine = { settings: key, engine: new TesseractOcr(settings) };
  }
  return ocrEngine.engine;
}
