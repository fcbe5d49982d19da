import type { LayoutCell, LayoutLine, PageLayout } from '../analysis.types.js';
import { isCurrencyMark, parseAmount } from './amounts.js';

/** Rows that must start a second label column at one x for a page to be read as two statements side by side. */
const MIN_SIDE_ROWS = 4;
/** How far apart the second label column's starts may be on those rows (points). */
const SIDE_ALIGNMENT = 12;

const isFigure = (cell: LayoutCell) => parseAmount(cell.text) !== null || isCurrencyMark(cell.text);
const isWords = (cell: LayoutCell) => !isFigure(cell) && /[a-z]{3}/i.test(cell.text);

/** Where a row starts a second label after its figures ("… 18.652 17.503  A. Equity 13.541 12.404"), or null. */
function secondLabelAt(line: LayoutLine): number | null {
  const firstFigure = line.cells.findIndex(isFigure);
  if (firstFigure <= 0) return null;
  const second = line.cells.findIndex((cell, index) => index > firstFigure && isWords(cell));
  if (second < 0 || !line.cells.slice(second + 1).some(isFigure)) return null;
  return line.cells[second].x0;
}

function lineOf(line: LayoutLine, cells: LayoutCell[]): LayoutLine {
  return { ...line, cells, text: cells.map((cell) => cell.text).join(' ') };
}

/**
 * Balance sheets printed as two statements side by side (HGB and other continental formats, some
 * Japanese and Nordic reports: assets on the left, equity and liabilities on the right) come out of
 * the page as lines that run across both halves. A page where several rows start a second label
 * column at one x past their figures is read as its left half, then its right half, each line
 * cut at that x: the right half's own heading (its period columns) comes first in it, as on paper.
 * Every half-line is a run of its line's cells, so its text still stands on the page.
 */
export function withSideBySideHalves(pages: PageLayout[]): PageLayout[] {
  return pages.map((page) => {
    const starts = page.lines.map(secondLabelAt).filter((x): x is number => x !== null && x > page.width * 0.3);
    if (starts.length < MIN_SIDE_ROWS) return page;
    const sorted = [...starts].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    const aligned = starts.filter((x) => Math.abs(x - median) <= SIDE_ALIGNMENT);
    if (aligned.length < MIN_SIDE_ROWS) return page;
    const cut = Math.min(...aligned) - 2;
    // Lines above the first row that spans both halves (entity, title, scale) stay whole, at the top.
    const firstSplit = page.lines.findIndex((line) => line.cells.some((cell) => cell.x0 >= cut) && line.cells.some((cell) => cell.x1 <= cut));
    const head = page.lines.slice(0, Math.max(0, firstSplit));
    const body = page.lines.slice(head.length);
    const left = body
      .map((line) =>
        lineOf(
          line,
          line.cells.filter((cell) => cell.x0 < cut),
        ),
      )
      .filter((line) => line.cells.length > 0);
    const right = body
      .map((line) =>
        lineOf(
          line,
          line.cells.filter((cell) => cell.x0 >= cut),
        ),
      )
      .filter((line) => line.cells.length > 0);
    return { ...page, lines: [...head, ...left, ...right] };
  });
}
