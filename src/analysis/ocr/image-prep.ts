/**
 * Pure pixel work on a grey page (one byte a pixel, 0 black, 255 white) before OCR: how far the
 * page is turned, where ink ends and paper begins, uneven paper, and the specks a fax line or a
 * dirty glass leaves. Nothing here knows about documents; tesseract-ocr.ts applies it to a raster.
 */
export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** RGBA (canvas ImageData) to grey, by luma. */
export function greyFromRgba(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): GreyImage {
  const data = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < data.length; i++, j += 4) data[i] = (rgba[j] * 77 + rgba[j + 1] * 150 + rgba[j + 2] * 29) >> 8;
  return { data, width, height };
}

/** Grey back to RGBA (opaque), into `target` when given. */
export function rgbaFromGrey(
  image: GreyImage,
  target: Uint8ClampedArray<ArrayBufferLike> = new Uint8ClampedArray(image.width * image.height * 4),
): Uint8ClampedArray<ArrayBufferLike> {
  const { data } = image;
  for (let i = 0, j = 0; i < data.length; i++, j += 4) {
    target[j] = target[j + 1] = target[j + 2] = data[i];
    target[j + 3] = 255;
  }
  return target;
}

/** Otsu's threshold of a 256-bin histogram: the level that best separates two classes (ink at or below it). */
export function otsuThreshold(histogram: ArrayLike<number>): number {
  let total = 0;
  let sum = 0;
  for (let level = 0; level < 256; level++) {
    total += histogram[level];
    sum += level * histogram[level];
  }
  let below = 0;
  let sumBelow = 0;
  let best = 0;
  let threshold = 127;
  for (let level = 0; level < 256; level++) {
    below += histogram[level];
    if (below === 0) continue;
    const above = total - below;
    if (above === 0) break;
    sumBelow += level * histogram[level];
    const meanBelow = sumBelow / below;
    const meanAbove = (sum - sumBelow) / above;
    const between = below * above * (meanBelow - meanAbove) ** 2;
    if (between > best) {
      best = between;
      threshold = level;
    }
  }
  return threshold;
}

export function histogramOf(image: GreyImage): Uint32Array {
  const histogram = new Uint32Array(256);
  const { data } = image;
  for (let i = 0; i < data.length; i++) histogram[data[i]]++;
  return histogram;
}

/** The image shrunk by `factor` keeping the darkest pixel of each block, so that thin strokes survive. */
function shrinkDark(image: GreyImage, factor: number): GreyImage {
  if (factor <= 1) return image;
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const data = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < height * factor; y++) {
    const row = Math.floor(y / factor) * width;
    for (let x = 0; x < width * factor; x++) {
      const value = image.data[y * image.width + x];
      const index = row + Math.floor(x / factor);
      if (value < data[index]) data[index] = value;
    }
  }
  return { data, width, height };
}

/**
 * The angle (radians) by which the page's lines of text are turned, positive when a line runs
 * down to the right (the page turned clockwise on screen, as canvas `rotate` turns it); rotating
 * the image by its negative straightens the lines. Projection profiles: the ink is sheared by
 * each candidate angle and counted per row; at the right angle the lines fall into few rows, so
 * the sum of squared row counts is largest. Searched within ±`maxDegrees`, coarsely then finely,
 * on a copy about 1,000 pixels wide; 0 when the page has too little ink to tell.
 */
export function estimateSkew(image: GreyImage, maxDegrees = 3): number {
  const small = shrinkDark(image, Math.max(1, Math.floor(image.width / 1000)));
  const threshold = otsuThreshold(histogramOf(small));
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < small.height; y++)
    for (let x = 0; x < small.width; x++)
      if (small.data[y * small.width + x] <= threshold) {
        xs.push(x - small.width / 2);
        ys.push(y);
      }
  // Little ink, or ink everywhere (a photograph, a black page): no lines to straighten.
  if (xs.length < 200 || xs.length > 0.5 * small.width * small.height) return 0;
  const margin = Math.ceil((small.width / 2) * Math.tan((maxDegrees * Math.PI) / 180)) + 1;
  const rows = new Float64Array(small.height + 2 * margin);
  const score = (degrees: number): number => {
    const slope = Math.tan((degrees * Math.PI) / 180);
    rows.fill(0);
    for (let i = 0; i < xs.length; i++) rows[Math.round(ys[i] - xs[i] * slope) + margin]++;
    let total = 0;
    for (const count of rows) total += count * count;
    return total;
  };
  const search = (from: number, to: number, step: number): number => {
    let best = 0;
    let bestScore = -1;
    for (let degrees = from; degrees <= to + 1e-9; degrees += step) {
      const value = score(degrees);
      if (value > bestScore) {
        bestScore = value;
        best = degrees;
      }
    }
    return best;
  };
  const coarse = search(-maxDegrees, maxDegrees, 0.2);
  const fine = search(coarse - 0.2, coarse + 0.2, 0.02);
  // An unturned page scores the same as a nearly unturned one: leave it alone rather than resample it for nothing.
  return Math.abs(fine) < 0.05 ? 0 : (fine * Math.PI) / 180;
}

/**
 * Evens out the paper: each pixel divided by the paper's brightness around it (a high percentile of
 * 64-pixel tiles, interpolated between tile centres), so that grey, yellowed or unevenly lit paper
 * becomes white and the ink keeps its contrast. In place.
 */
export function flattenBackground(image: GreyImage, tile = 64): GreyImage {
  const { data, width, height } = image;
  const columns = Math.max(1, Math.ceil(width / tile));
  const rowsOfTiles = Math.max(1, Math.ceil(height / tile));
  const paper = new Float32Array(columns * rowsOfTiles);
  const histogram = new Uint32Array(256);
  for (let ty = 0; ty < rowsOfTiles; ty++)
    for (let tx = 0; tx < columns; tx++) {
      histogram.fill(0);
      let count = 0;
      for (let y = ty * tile; y < Math.min(height, (ty + 1) * tile); y++)
        for (let x = tx * tile; x < Math.min(width, (tx + 1) * tile); x++) {
          histogram[data[y * width + x]]++;
          count++;
        }
      // The 90th percentile: above the ink of a text tile, below the brightest noise.
      let seen = 0;
      let level = 255;
      for (let value = 0; value < 256; value++) {
        seen += histogram[value];
        if (seen >= 0.9 * count) {
          level = value;
          break;
        }
      }
      paper[ty * columns + tx] = Math.max(level, 64);
    }
  for (let y = 0; y < height; y++) {
    const fy = Math.min(Math.max((y + 0.5) / tile - 0.5, 0), rowsOfTiles - 1);
    const y0 = Math.floor(fy);
    const y1 = Math.min(y0 + 1, rowsOfTiles - 1);
    const wy = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(Math.max((x + 0.5) / tile - 0.5, 0), columns - 1);
      const x0 = Math.floor(fx);
      const x1 = Math.min(x0 + 1, columns - 1);
      const wx = fx - x0;
      const top = paper[y0 * columns + x0] * (1 - wx) + paper[y0 * columns + x1] * wx;
      const bottom = paper[y1 * columns + x0] * (1 - wx) + paper[y1 * columns + x1] * wx;
      const local = top * (1 - wy) + bottom * wy;
      const i = y * width + x;
      data[i] = Math.min(255, Math.round((255 * data[i]) / local));
    }
  }
  return image;
}

/**
 * Whether the page is bilevel (a fax or a thresholded scan): almost every pixel that is not paper is
 * pure black. Counted over the ink only: a grey page is mostly white paper too, but the edges of its
 * glyphs are grey.
 */
export function isBilevel(histogram: ArrayLike<number>): boolean {
  let ink = 0;
  for (let level = 0; level < 255; level++) ink += histogram[level];
  return ink > 0 && histogram[0] >= 0.95 * ink;
}

/**
 * Removes isolated specks: a dark pixel with no dark neighbour of eight becomes paper, a light pixel
 * with no light neighbour becomes ink (impulse noise of a fax line). Every pixel of a stroke of
 * text, even the tip of a comma, touches another, so text keeps its pixels. Returns a copy.
 */
export function despeckle(image: GreyImage, threshold = 128): GreyImage {
  const { data, width, height } = image;
  const out = new Uint8Array(data);
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const dark = data[i] < threshold;
      let same = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if ((dx || dy) && data[i + dy * width + dx] < threshold === dark) same++;
      if (same === 0) out[i] = dark ? 255 : 0;
    }
  return { data: out, width, height };
}

/** The image as a binary PGM (P5): what Tesseract's image reader takes without the cost of encoding a PNG. */
export function pgmOf(image: GreyImage): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${image.width} ${image.height}\n255\n`);
  const out = new Uint8Array(header.length + image.data.length);
  out.set(header);
  out.set(image.data, header.length);
  return out;
}
