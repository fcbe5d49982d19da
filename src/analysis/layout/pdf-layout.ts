import { getDocumentProxy } from 'unpdf';
import type { PageLayout } from '../analysis.types.js';
import { buildLines, pageOf, type PositionedText } from './line-builder.js';

/**
 * The seam for scanned pages: an OCR engine that returns positioned runs for one page. The layout
 * reader calls it for pages with (almost) no text layer; without one such pages stay empty and are
 * classified `image_only`.
 */
export interface OcrPort {
  recognize(pdfBytes: Uint8Array, page: number): Promise<PositionedText[]>;
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
 * does), and lays it out as lines and cells.
 */
export async function readPdfLayout(bytes: Uint8Array, options: { ocr?: OcrPort } = {}): Promise<PageLayout[]> {
  const pages: PageLayout[] = [];
  for await (const page of pdfPageLayouts(bytes, options)) pages.push(page);
  return pages;
}

/**
 * The same reading, one page at a time, for a caller that stores each page as it comes (the
 * document-processing job): `skip` names pages already stored, which are neither read nor OCR'd
 * again, so a run resumed after a crash does only the work that is left.
 */
export async function* pdfPageLayouts(bytes: Uint8Array, options: { ocr?: OcrPort; skip?: (page: number) => boolean } = {}): AsyncGenerator<PageLayout> {
  // pdf.js may detach the buffer it is given; the OCR seam needs the bytes afterwards.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  try {
    for (let number = 1; number <= pdf.numPages; number++) {
      if (options.skip?.(number)) continue;
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
      let layout = pageOf(number, viewport.width, viewport.height, buildLines(runs));
      page.cleanup();
      if (layout.chars < SCANNED_PAGE_MAX_CHARS && options.ocr) {
        layout = pageOf(number, viewport.width, viewport.height, buildLines(await options.ocr.recognize(bytes, number)), true);
      }
      yield layout;
    }
  } finally {
    await pdf.destroy();
  }
}
