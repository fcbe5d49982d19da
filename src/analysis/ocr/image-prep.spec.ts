import { describe, expect, it } from '@jest/globals';
import { despeckle, estimateSkew, flattenBackground, type GreyImage, histogramOf, isBilevel, otsuThreshold } from './image-prep.js';

/**
 * A synthetic page: rows of dark "words" (bars 14 px high, gaps between them) every 40 px, turned by
 * `degrees` about the page centre (positive: lines run down to the right), on paper of `paper`.
 */
function page(degrees: number, { width = 1200, height = 1000, paper = 255, ink = 20 } = {}): GreyImage {
  const data = new Uint8Array(width * height).fill(paper);
  const angle = (degrees * Math.PI) / 180;
  const [cx, cy] = [width / 2, height / 2];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      // The unturned point this pixel shows.
      const ux = cx + (x - cx) * Math.cos(angle) + (y - cy) * Math.sin(angle);
      const uy = cy - (x - cx) * Math.sin(angle) + (y - cy) * Math.cos(angle);
      const inRow = uy > 60 && uy < height - 60 && uy % 40 < 14;
      const inWord = ux > 80 && ux < width - 80 && ux % 90 < 70;
      if (inRow && inWord) data[y * width + x] = ink;
    }
  return { data, width, height };
}

describe('estimateSkew', () => {
  it.each([0.4, 0.9, -1.3, 2.2])('finds a page turned by %p° to within 0.1°', (degrees) => {
    expect(Math.abs((estimateSkew(page(degrees)) * 180) / Math.PI - degrees)).toBeLessThan(0.1);
  });

  it('leaves a level page, and a blank one, alone', () => {
    expect(estimateSkew(page(0))).toBe(0);
    expect(estimateSkew({ data: new Uint8Array(500 * 500).fill(250), width: 500, height: 500 })).toBe(0);
  });
});

describe('otsuThreshold', () => {
  it('falls between the ink and the paper of a grey page', () => {
    const histogram = new Array<number>(256).fill(0);
    histogram[40] = 1000; // ink
    histogram[45] = 500;
    histogram[200] = 8000; // off-white paper
    histogram[210] = 4000;
    const threshold = otsuThreshold(histogram);
    expect(threshold).toBeGreaterThanOrEqual(45);
    expect(threshold).toBeLessThan(200);
  });
});

describe('flattenBackground', () => {
  it('turns unevenly lit grey paper white and keeps the ink dark', () => {
    const width = 512;
    const height = 256;
    const data = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = x % 50 < 4 && y % 30 < 10 ? 30 : Math.round(150 + (80 * x) / width); // paper from 150 to 230
    const flat = flattenBackground({ data, width, height });
    const paperLeft = flat.data[20 * width + 20];
    const paperRight = flat.data[20 * width + 490];
    expect(paperLeft).toBeGreaterThanOrEqual(240);
    expect(paperRight).toBeGreaterThanOrEqual(240);
    expect(flat.data[5 * width + 2]).toBeLessThan(80); // ink on the dark side stays ink
    // A global threshold now separates ink from all the paper.
    expect(otsuThreshold(histogramOf(flat))).toBeLessThan(paperLeft);
  });
});

describe('despeckle', () => {
  it('removes isolated black and white pixels of a bilevel page and keeps strokes, even a comma tip', () => {
    const width = 20;
    const height = 20;
    const data = new Uint8Array(width * height).fill(255);
    for (let y = 5; y < 15; y++) for (let x = 5; x < 8; x++) data[y * width + x] = 0; // a stroke
    data[15 * width + 8] = 0; // a tip touching it diagonally
    data[2 * width + 15] = 0; // a speck on the paper
    data[10 * width + 6] = 255; // a hole inside the stroke
    const image = { data, width, height };
    expect(isBilevel(histogramOf(image))).toBe(true);
    const clean = despeckle(image);
    expect(clean.data[2 * width + 15]).toBe(255);
    expect(clean.data[10 * width + 6]).toBe(0);
    expect(clean.data[15 * width + 8]).toBe(0);
    expect(clean.data[5 * width + 5]).toBe(0);
  });
});

describe('isBilevel', () => {
  it('calls a mostly white page with grey glyph edges grey, however little ink it has', () => {
    const width = 100;
    const height = 100;
    const data = new Uint8Array(width * height).fill(255);
    for (let x = 10; x < 30; x++) {
      data[50 * width + x] = 0; // the stroke
      data[49 * width + x] = 128; // its anti-aliased edges
      data[51 * width + x] = 200;
    }
    expect(isBilevel(histogramOf({ data, width, height }))).toBe(false);
  });
});
