import type { Block } from 'tesseract.js';
import type { PositionedText } from '../layout/line-builder.js';

export interface OcrWord {
  text: string;
  x0: number;
  x1: number;
  /** Baseline at the word's middle, in pixels. */
  y: number;
  rowHeight: number;
}

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
 * Figures are repaired first (repairFigures).
 */
export function runsFromBlocks(blocks: Block[] | null, pixelsPerUnit: number): PositionedText[] {
  const lines: OcrWord[][] = [];
  for (const block of blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const rowHeight = line.rowAttributes?.rowHeight || line.bbox.y1 - line.bbox.y0;
        const words = line.words
          .map((word) => ({ text: word.text.trim(), x0: word.bbox.x0, x1: word.bbox.x1, y: baselineAt(line, (word.bbox.x0 + word.bbox.x1) / 2), rowHeight }))
          .filter((word) => word.text !== '');
        lines.push(words);
      }
    }
  }
  return repairFigures(straightened(lines))
    .flat()
    .map((word) => ({
      text: word.text,
      x: word.x0 / pixelsPerUnit,
      y: word.y / pixelsPerUnit,
      width: (word.x1 - word.x0) / pixelsPerUnit,
      fontSize: word.rowHeight / pixelsPerUnit,
    }));
}

/**
 * The page's lines turned level: every word's position rotated by the page's skew (the median
 * slope of Tesseract's baselines over lines long enough to tell, see pageSlope), about the origin.
 * A turned scan puts a statement's label and its figures, often separate Tesseract lines, at
 * baselines that drift apart across the page (1° is 17 pixels over 1,000); straightened, they
 * share one again, and a column's figures keep one x down the page.
 */
export function straightened(lines: OcrWord[][]): OcrWord[][] {
  const slope = pageSlope(lines);
  if (slope === 0) return lines;
  const cos = 1 / Math.sqrt(1 + slope * slope);
  const sin = slope * cos;
  return lines.map((words) =>
    words.map((word) => {
      const middle = (word.x0 + word.x1) / 2;
      const shift = middle * cos + word.y * sin - middle;
      return { ...word, x0: word.x0 + shift, x1: word.x1 + shift, y: word.y * cos - middle * sin };
    }),
  );
}

/**
 * The slope (dy/dx) of the page's text lines: the median over lines spanning at least five row
 * heights, from their words' baselines (first word to last), when at least three lines say so.
 */
export function pageSlope(lines: OcrWord[][]): number {
  const slopes: number[] = [];
  for (const words of lines) {
    if (words.length < 2) continue;
    const first = words[0];
    const last = words[words.length - 1];
    const run = (last.x0 + last.x1) / 2 - (first.x0 + first.x1) / 2;
    if (run < 5 * first.rowHeight) continue;
    slopes.push((last.y - first.y) / run);
  }
  if (slopes.length < 3) return 0;
  slopes.sort((a, b) => a - b);
  const median = slopes[Math.floor(slopes.length / 2)];
  return Math.abs(median) > 0.1 ? 0 : median;
}

function baselineAt(line: Block['paragraphs'][number]['lines'][number], x: number): number {
  const { x0, y0, x1, y1 } = line.baseline ?? { x0: 0, y0: line.bbox.y1, x1: 0, y1: line.bbox.y1 };
  return x1 > x0 ? y0 + ((y1 - y0) * (x - x0)) / (x1 - x0) : Math.max(y0, y1);
}

/** A thousands group that continues a figure: "664," or "439" or "439)" after "17,". */
const GROUP_CONTINUATION = /^\d{3}(?:[,.]\d{3})*[,.]?\)?%?$/;
/** What may stand before a figure on its own once Tesseract splits it off: a sign, a bracket, a currency symbol. */
const FIGURE_PREFIX = /^[(\-−–—$€£¥]+$/;
/** A figure whose groups are separated by one kind of mark: "1,234", "(12.345.678)". */
const GROUPED_FIGURE = /^([(\-−–—$€£¥]*)([1-9]\d{0,2})((?:[,.]\d{3})+)(\)?%?)$/;

/**
 * Two repairs of what Tesseract does to printed figures, both confined to figures so that words
 * are left as read:
 * - It splits a figure at a thin gap: "17, 664, 439" or "- 47,434". A thousands group right after a
 *   figure ending in a separator (closer than the row height: a figure never ends in a separator,
 *   and monospaced type leaves a wide gap after a comma), or a figure right after a lone sign,
 *   bracket or currency symbol (closer than half the row height), is joined back to it.
 * - It reads a thousands comma as a point, or the reverse ("7.530" among "1,234"s). A page prints
 *   its figures with one grouping mark, so when one mark groups at least three times as many
 *   figures as the other (and at least five), figures grouped with the other mark get the page's.
 *   A group is exactly three digits and a grouped figure never starts with 0, so decimals such as
 *   "0.125" or "1.25" are left alone; a genuine "7.530" on a comma page would be changed, which is
 *   what a person reading the scan would assume too.
 */
export function repairFigures(lines: OcrWord[][]): OcrWord[][] {
  const joined = lines.map((words) => {
    const out: OcrWord[] = [];
    for (const word of words) {
      const previous = out[out.length - 1];
      const gap = previous ? word.x0 - previous.x1 : Infinity;
      const continuesGroup = previous && /\d[,.]$/.test(previous.text) && GROUP_CONTINUATION.test(word.text) && gap < word.rowHeight;
      const afterPrefix = previous && FIGURE_PREFIX.test(previous.text) && /^[$€£¥]?\d/.test(word.text) && gap < 0.5 * word.rowHeight;
      if (continuesGroup || afterPrefix) out[out.length - 1] = { ...previous, text: previous.text + word.text, x1: word.x1 };
      else out.push({ ...word });
    }
    return out;
  });
  const marks = { ',': 0, '.': 0 };
  for (const word of joined.flat()) {
    const grouped = GROUPED_FIGURE.exec(word.text);
    const separators = grouped ? new Set(grouped[3].replace(/\d/g, '')) : new Set<string>();
    if (separators.size === 1) marks[[...separators][0] as ',' | '.']++;
  }
  const [page, other] = marks[','] >= marks['.'] ? [',', '.'] : ['.', ','];
  if (marks[page as ',' | '.'] < 5 || marks[page as ',' | '.'] < 3 * marks[other as ',' | '.']) return joined;
  return joined.map((words) =>
    words.map((word) => {
      const grouped = GROUPED_FIGURE.exec(word.text);
      if (!grouped || !grouped[3].includes(other)) return word;
      return { ...word, text: `${grouped[1]}${grouped[2]}${grouped[3].replaceAll(other, page)}${grouped[4]}` };
    }),
  );
}
