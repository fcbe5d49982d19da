import type { LayoutCell, LayoutLine, PageLayout } from '../analysis.types.js';

/** A positioned run of text as a PDF (or OCR) gives it: top-down baseline, left edge, width, font size. */
export interface PositionedText {
  text: string;
  x: number;
  /** Baseline from the top of the page. */
  y: number;
  width: number;
  fontSize: number;
}

interface Word {
  text: string;
  x0: number;
  x1: number;
  /** Whether a space separated this word from the previous one in the source. */
  spaced: boolean;
}

const NUMERIC_TOKEN = /^[(\-−–—]?[$€£¥]?\(?\d[\d,.']*\)?-?%?$|^[—–-]$/;

/**
 * Groups positioned runs into lines (same baseline within a tolerance) and each line into cells (runs
 * separated by a gap wider than about one character), keeping x positions so that a statement's
 * period columns survive. Two numbers side by side are always two cells: pdf.js merges runs that
 * are close, and statement columns can be close.
 */
export function buildLines(runs: PositionedText[]): LayoutLine[] {
  const visible = runs.filter((run) => run.text.trim() !== '').sort((a, b) => a.y - b.y || a.x - b.x);
  const groups: PositionedText[][] = [];
  for (const run of visible) {
    const last = groups[groups.length - 1];
    const tolerance = Math.max(2, 0.4 * Math.min(run.fontSize, last?.[0].fontSize ?? run.fontSize));
    if (last && Math.abs(run.y - last[0].y) <= tolerance) last.push(run);
    else groups.push([run]);
  }
  return groups.map((group) => lineOf(group));
}

function lineOf(group: PositionedText[]): LayoutLine {
  group.sort((a, b) => a.x - b.x);
  const fontSize = Math.max(...group.map((run) => run.fontSize));
  const words: Word[] = [];
  let previousEnd = -Infinity;
  for (const run of group) {
    const touching = run.x - previousEnd < 0.15 * run.fontSize;
    words.push(...wordsOf(run, !touching));
    previousEnd = run.x + run.width;
  }
  const cells: LayoutCell[] = [];
  let current: Word[] = [];
  const flush = () => {
    if (current.length === 0) return;
    const text = current.map((word, index) => (index > 0 && word.spaced ? ' ' : '') + word.text).join('');
    cells.push({ text, x0: round(current[0].x0), x1: round(current[current.length - 1].x1) });
    current = [];
  };
  for (const word of words) {
    const previous = current[current.length - 1];
    const gap = previous ? word.x0 - previous.x1 : 0;
    const bothNumeric = previous && NUMERIC_TOKEN.test(previous.text) && NUMERIC_TOKEN.test(word.text);
    if (previous && word.spaced && (gap > 0.9 * fontSize || bothNumeric)) flush();
    current.push(word);
  }
  flush();
  return { text: cells.map((cell) => cell.text).join(' '), cells, y: round(group[0].y), fontSize: round(fontSize) };
}

/** Splits a run at its spaces, estimating each word's extent in proportion to its characters. */
function wordsOf(run: PositionedText, spacedBefore: boolean): Word[] {
  const perChar = run.text.length > 0 ? run.width / run.text.length : 0;
  const words: Word[] = [];
  for (const match of run.text.matchAll(/\S+/g)) {
    const start = match.index;
    words.push({
      text: match[0],
      x0: run.x + start * perChar,
      x1: run.x + (start + match[0].length) * perChar,
      spaced: words.length > 0 || spacedBefore,
    });
  }
  return words;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A page from its lines: the page text is the lines joined by line breaks, so every line is verbatim in it. */
export function pageOf(page: number, width: number, height: number, lines: LayoutLine[], ocr = false): PageLayout {
  const text = lines.map((line) => line.text).join('\n');
  return { page, width, height, lines, text, chars: text.replace(/\s/g, '').length, ocr };
}
