import type { Block } from 'tesseract.js';
import type { PositionedText } from '../layout/line-builder.js';

/**
 * Tesseract's words as the positioned runs the line builder groups (layout/line-builder.ts), in the
 * units of the page: pixel coordinates divided by `pixelsPerUnit` (the raster scale for a PDF page,
 * so positions are PDF points as in the text layer; 1 for an image).
 *
 * Each word is a run on its line's baseline (interpolated at the word's middle, so a slightly
 * skewed scan keeps one baseline per line), and the font size is the line's row height, which
 * Tesseract estimates from the whole line rather than from the glyphs of one word (a row of figures
 * has no descenders). The line builder, not Tesseract's block order, decides lines and cells: a
 * statement's label and its figures often land in different Tesseract blocks, but share a baseline.
 */
export function runsFromBlocks(blocks: Block[] | null, pixelsPerUnit: number): PositionedText[] {
  const runs: PositionedText[] = [];
  for (const block of blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const rowHeight = line.rowAttributes?.rowHeight || line.bbox.y1 - line.bbox.y0;
        for (const word of line.words) {
          const text = word.text.trim();
          if (!text) continue;
          runs.push({
            text,
            x: word.bbox.x0 / pixelsPerUnit,
            y: baselineAt(line, (word.bbox.x0 + word.bbox.x1) / 2) / pixelsPerUnit,
            width: (word.bbox.x1 - word.bbox.x0) / pixelsPerUnit,
            fontSize: rowHeight / pixelsPerUnit,
          });
        }
      }
    }
  }
  return runs;
}

function baselineAt(line: Block['paragraphs'][number]['lines'][number], x: number): number {
  const { x0, y0, x1, y1 } = line.baseline ?? { x0: 0, y0: line.bbox.y1, x1: 0, y1: line.bbox.y1 };
  return x1 > x0 ? y0 + ((y1 - y0) * (x - x0)) / (x1 - x0) : Math.max(y0, y1);
}
