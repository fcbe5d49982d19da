import { createCanvas, loadImage } from '@napi-rs/canvas';
import { despeckle, estimateSkew, flattenBackground, greyFromRgba, histogramOf, isBilevel, pgmOf, rgbaFromGrey } from './image-prep.js';

/**
 * The resolution OCR reads a scanned page at (pixels per PDF point; 300 dpi): Tesseract is trained
 * on type of about that size, and below it a 200-dpi fax or a 150-dpi scan loses commas and points
 * to single pixels. Coarser rasters are resampled up to it (smoothly, so that a 1-bit page gets grey
 * edges again).
 */
export const OCR_SCALE = 300 / 72;

/** The least skew worth turning a page for (radians; 0.2°: a 2,000-pixel line drifts 7 pixels, less than a line's height). */
const MIN_SKEW = (0.2 * Math.PI) / 180;

export interface PreparedPage {
  /** The prepared page as a grey PGM (encoding a PNG of a 300-dpi page takes seconds; Tesseract reads PGM as it is). */
  image: Uint8Array;
  /** Pixels per PDF point of the prepared image. */
  scale: number;
  /** Skew removed (degrees, positive when the lines ran down to the right). */
  skewDegrees: number;
  bilevel: boolean;
}

/**
 * A scanned page made ready for OCR: specks of a bilevel (fax) page removed, the page turned level
 * (image-prep.ts estimateSkew), resampled up to OCR_SCALE when coarser, and the paper evened out to
 * white (flattenBackground) so that Tesseract's own global threshold separates ink from grey,
 * yellowed or unevenly lit paper. `scale` is the raster's pixels per point.
 */
export async function prepareForOcr(png: Uint8Array, scale: number, options: { targetScale?: number } = {}): Promise<PreparedPage> {
  const image = await loadImage(Buffer.from(png));
  const { width, height } = image;
  const source = createCanvas(width, height);
  const sourceContext = source.getContext('2d');
  sourceContext.drawImage(image, 0, 0);
  const pixels = sourceContext.getImageData(0, 0, width, height);
  let grey = greyFromRgba(pixels.data, width, height);
  const bilevel = isBilevel(histogramOf(grey));
  if (bilevel) grey = despeckle(grey);
  // A level page measures a few hundredths of a degree; turning it by that only resamples (blurs) every
  // glyph, and a comma's tail is then read as a point. Below MIN_SKEW the page is left as it is.
  const measured = estimateSkew(grey);
  const skew = Math.abs(measured) < MIN_SKEW ? 0 : measured;
  const factor = Math.max(1, (options.targetScale ?? OCR_SCALE) / scale);
  // Level and fine enough already: no canvas round trip.
  if (factor === 1 && skew === 0) return { image: pgmOf(flattenBackground(grey)), scale, skewDegrees: 0, bilevel };
  if (bilevel || skew !== 0) {
    rgbaFromGrey(grey, pixels.data);
    sourceContext.putImageData(pixels, 0, 0);
  }
  const outWidth = Math.round(width * factor);
  const outHeight = Math.round(height * factor);
  const target = createCanvas(outWidth, outHeight);
  const context = target.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, outWidth, outHeight);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  if (skew !== 0) {
    context.translate(outWidth / 2, outHeight / 2);
    context.rotate(-skew);
    context.scale(factor, factor);
    context.drawImage(source, -width / 2, -height / 2);
  } else {
    // Pixel-aligned: no half-pixel shift to blur the page when it is not turned.
    context.scale(factor, factor);
    context.drawImage(source, 0, 0);
  }
  const out = context.getImageData(0, 0, outWidth, outHeight);
  const prepared = flattenBackground(greyFromRgba(out.data, outWidth, outHeight), Math.round(64 * Math.max(1, (scale * factor) / OCR_SCALE)));
  return { image: pgmOf(prepared), scale: scale * factor, skewDegrees: (skew * 180) / Math.PI, bilevel };
}
