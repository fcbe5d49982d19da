import { getDocumentProxy } from 'unpdf';
import type { PDFDocumentProxy } from 'unpdf/pdfjs';
import type { PageLayout } from '../analysis.types.js';
import { buildLines, pageOf, type PositionedText } from './line-builder.js';

/** What OCR read on one page: positioned words, and the engine's mean confidence (0–1). */
export interface OcrReading {
  runs: PositionedText[];
  confidence: number;
}

/**
 * The seam for scanned pages and images: an OCR engine that returns positioned runs. The layout
 * reader calls it for PDF pages with (almost) no text layer, and for image documents; without one
 * such pages stay empty and are classified `image_only`.
 */
export interface OcrPort {
  /** Most pages of one document that OCR reads; later scanned pages stay empty (the cost of a 1,000-page scan is bounded). */
  readonly maxPagesPerDocument: number;
  /** Reads page `page` (1-based) of a PDF; positions in PDF points (the page's viewport at scale 1, top-down). */
  recognizePdfPage(pdfBytes: Uint8Array, page: number): Promise<OcrReading>;
  /** Reads a PNG or JPEG image; positions in the image's pixels, with its size. */
  recognizeImage(image: Uint8Array): Promise<OcrReading & { width: number; height: number }>;
}

/** Pages with fewer visible characters than this are treated as scans. */
export const SCANNED_PAGE_MAX_CHARS = 20;

interface TextItem {
  str?: string;
  transform: number[];
  width: number;
}

/**
 * Reads a PDF's text layer with positions, page by page (pdf.js via unpdf, as the document reader
 * does), and lays it out as lines and cells. Scanned pages go to OCR, up to its page budget.
 */
export async function readPdfLayout(bytes: Uint8Array, options: { ocr?: OcrPort | null } = {}): Promise<PageLayout[]> {
  const pages: PageLayout[] = [];
  for await (const page of pdfPageLayouts(bytes, options)) pages.push(page);
  return pages;
}

/**
 * The same reading, one page at a time, for a caller that stores each page as it comes (the
 * document-processing job): `skip` names pages already stored, which are neither read nor OCR'd
 * again, so a run resumed after a crash does only the work that is left.
 */
export async function* pdfPageLayouts(bytes: Uint8Array, options: { ocr?: OcrPort | null; skip?: (page: number) => boolean } = {}): AsyncGenerator<PageLayout> {
  // pdf.js may detach the buffer it is given; the OCR seam needs the bytes afterwards.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  try {
    let ocrPages = 0;
    for (let number = 1; number <= pdf.numPages; number++) {
      if (options.skip?.(number)) continue;
      let layout = await textLayerLayout(pdf, number);
      if (needsOcr(layout) && options.ocr && ocrPages < options.ocr.maxPagesPerDocument) {
        ocrPages++;
        layout = await ocrLayout(bytes, layout, options.ocr);
      }
      yield layout;
    }
  } finally {
    await pdf.destroy();
  }
}

/** One page (1-based) of an open PDF laid out from its text layer alone. */
export async function textLayerLayout(pdf: PDFDocumentProxy, number: number): Promise<PageLayout> {
  const page = await pdf.getPage(number);
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const runs: PositionedText[] = [];
  for (const item of content.items as TextItem[]) {
    if (!item.str) continue;
    const [a, b, c, d, e, f] = item.transform;
    const [x, y] = viewport.convertToViewportPoint(e, f) as [number, number];
    runs.push({ text: item.str, x, y, width: item.width, fontSize: Math.hypot(c, d) || Math.hypot(a, b) });
  }
  const layout = pageOf(number, viewport.width, viewport.height, buildLines(runs));
  page.cleanup();
  return layout;
}

/** A page whose text layer holds (almost) nothing: a scan, for OCR. */
export function needsOcr(layout: PageLayout): boolean {
  return layout.chars < SCANNED_PAGE_MAX_CHARS;
}

/** The page read again by OCR, in place of its (empty) text-layer layout. */
export async function ocrLayout(bytes: Uint8Array, textLayer: PageLayout, ocr: OcrPort): Promise<PageLayout> {
  const reading = await ocr.recognizePdfPage(bytes, textLayer.page);
  return { ...pageOf(textLayer.page, textLayer.width, textLayer.height, buildLines(reading.runs), true), ocrConfidence: reading.confidence };
}

/** An image document (PNG, JPEG) as one page read by OCR; without OCR, one empty page. */
export async function readImageLayout(bytes: Uint8Array, options: { ocr?: OcrPort | null } = {}): Promise<PageLayout[]> {
  // Without OCR the image's size is not read: a letter-sized empty page, as text documents get.
  if (!options.ocr || options.ocr.maxPagesPerDocument < 1) return [pageOf(1, 612, 792, [])];
  const reading = await options.ocr.recognizeImage(bytes);
  return [{ ...pageOf(1, reading.width, reading.height, buildLines(reading.runs), true), ocrConfidence: reading.confidence }];
}
