import { getDocumentProxy, getResolvedPDFJS, renderPageAsImage } from 'unpdf';
import type { PDFPageProxy } from 'unpdf/pdfjs';

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
  /** Pixels per PDF point actually used. */
  scale: number;
}

/**
 * Renders one page of a PDF (1-based) to a PNG (pdf.js through unpdf, drawn by @napi-rs/canvas).
 * A scanned page is a picture: it is rendered at the picture's own resolution, since fewer pixels
 * lose strokes OCR needs and more add none, but never above `maxPictureScale` pixels per point
 * (time and memory grow with the square; `maxScale` unless given) nor above MAX_RASTER_PIXELS. A
 * page without a picture is drawn at `maxScale`.
 */
export async function renderPdfPage(pdfBytes: Uint8Array, page: number, maxScale: number, maxPictureScale = maxScale): Promise<PageRaster> {
  const pdf = await getDocumentProxy(new Uint8Array(pdfBytes), { verbosity: 0 });
  try {
    const proxy = await pdf.getPage(page);
    const { width, height } = proxy.getViewport({ scale: 1 });
    const pictureScale = await largestPictureScale(proxy, Math.max(width, height));
    const wanted = pictureScale && pictureScale >= 1 ? Math.min(maxPictureScale, pictureScale) : maxScale;
    const scale = Math.min(wanted, Math.sqrt(MAX_RASTER_PIXELS / Math.max(1, width * height)));
    const png = await renderPageAsImage(pdf, page, { canvasImport: () => import('@napi-rs/canvas'), scale });
    return { png: new Uint8Array(png), scale };
  } finally {
    await pdf.destroy();
  }
}

/** Pixels per point of the largest picture on the page, taken as spanning the page (a scan does). */
async function largestPictureScale(page: PDFPageProxy, pageSide: number): Promise<number | undefined> {
  const { OPS } = await getResolvedPDFJS();
  const operators = await page.getOperatorList();
  let side = 0;
  operators.fnArray.forEach((operator, index) => {
    const args = operators.argsArray[index] as unknown[];
    if (operator !== OPS.paintImageXObject && operator !== OPS.paintImageMaskXObject && operator !== OPS.paintInlineImageXObject) return;
    // An XObject comes as [id, width, height]; an inline image or a mask as the image data itself.
    const image = (typeof args[0] === 'object' ? args[0] : undefined) as { width?: number; height?: number } | undefined;
    side = Math.max(side, Number(args[1]) || 0, Number(args[2]) || 0, image?.width ?? 0, image?.height ?? 0);
  });
  return side > 0 ? side / pageSide : undefined;
}
