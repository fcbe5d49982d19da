import { getDocumentProxy, renderPageAsImage } from 'unpdf';

/**
 * pdf.js 5 (inside unpdf 1.7) calls ArrayBuffer.prototype.transferToFixedLength (Node 21+) when it
 * draws text with a font; on Node 20 the call throws, pdf.js swallows the error and the page is
 * rendered blank. A scanned page usually has no font, but one with a stamp, a page number or an
 * invisible text layer does, so the method is supplied where it is missing. It copies instead of
 * detaching the source, which pdf.js does not rely on.
 */
function supplyTransferToFixedLength(): void {
  const prototype = ArrayBuffer.prototype as ArrayBuffer & { transferToFixedLength?: (length?: number) => ArrayBuffer };
  if (typeof prototype.transferToFixedLength === 'function') return;
  Object.defineProperty(prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, length = this.byteLength): ArrayBuffer {
      const copy = new ArrayBuffer(length);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return copy;
    },
  });
}
supplyTransferToFixedLength();

/** Largest raster OCR is given (pixels): a poster-sized page at the configured scale would take gigabytes. */
export const MAX_RASTER_PIXELS = 40_000_000;

export interface PageRaster {
  png: Uint8Array;
  /** Pixels per PDF point actually used (the configured scale, lowered for very large pages). */
  scale: number;
}

/** Renders one page of a PDF (1-based) to a PNG at `scale` pixels per point (pdf.js through unpdf, drawn by @napi-rs/canvas). */
export async function renderPdfPage(pdfBytes: Uint8Array, page: number, scale: number): Promise<PageRaster> {
  const pdf = await getDocumentProxy(new Uint8Array(pdfBytes), { verbosity: 0 });
  try {
    const { width, height } = (await pdf.getPage(page)).getViewport({ scale: 1 });
    const used = Math.min(scale, Math.sqrt(MAX_RASTER_PIXELS / Math.max(1, width * height)));
    const png = await renderPageAsImage(pdf, page, { canvasImport: () => import('@napi-rs/canvas'), scale: used });
    return { png: new Uint8Array(png), scale: used };
  } finally {
    await pdf.destroy();
  }
}
