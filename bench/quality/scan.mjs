import { createCanvas, loadImage } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';

const { renderPdfPage } = await import('../../dist/src/analysis/ocr/page-raster.js');

/**
 * A scanned version of a generated PDF, as an office scanner makes it: every page rasterised at
 * `dpi`, turned by a small random skew (a sheet is never fed perfectly straight), stored as a JPEG
 * (what scanners put in a PDF) and placed full-page in a PDF with no text layer. The labels do not
 * change: the figures on the paper are the same.
 */
export async function scannedVersion(bytes, random, { dpi = 200, maxSkewDegrees = 0.4, quality = 80 } = {}) {
  const source = await PDFDocument.load(bytes);
  const scan = await PDFDocument.create();
  scan.setProducer('Scanner (bench/quality/scan.mjs)');
  for (const [index, page] of source.getPages().entries()) {
    const { width, height } = page.getSize();
    const { png } = await renderPdfPage(new Uint8Array(bytes), index + 1, dpi / 72);
    const image = await loadImage(Buffer.from(png));
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, image.width, image.height);
    const skew = ((random.next() * 2 - 1) * maxSkewDegrees * Math.PI) / 180;
    context.translate(image.width / 2, image.height / 2);
    context.rotate(skew);
    context.drawImage(image, -image.width / 2, -image.height / 2);
    const jpeg = await canvas.encode('jpeg', quality);
    scan.addPage([width, height]).drawImage(await scan.embedJpg(jpeg), { x: 0, y: 0, width, height });
  }
  return new Uint8Array(await scan.save());
}
