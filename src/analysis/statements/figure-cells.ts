import type { LayoutCell, LayoutLine, PageLayout } from '../analysis.types.js';
import { decimalMarkOf, parseAmount, withDecimalPoint } from './amounts.js';
import type { PeriodColumn } from './period-columns.js';

/**
 * Figure cells as printed, made into figure cells as read: one decimal mark, thousands grouped by
 * spaces joined into one figure, note references told apart from figures. Only cells change: every
 * quote is still the line as printed.
 */

/** Figures that look numeric: what the decimal mark is read from and rewritten in. */
const NUMERIC_CELL = /^[\s(\-−–]*(?:[$€£¥₹]|[A-Z]{3})?\s*\d[\d.,\s'’]*\)?\s*[-−]?$/;

function mapCells(pages: PageLayout[], change: (cells: LayoutCell[], fontSize: number) => LayoutCell[]): PageLayout[] {
  return pages.map((page) => ({ ...page, lines: page.lines.map((line): LayoutLine => ({ ...line, cells: change(line.cells, line.fontSize) })) }));
}

/**
 * A document that writes `1.234,5` is read with its figures rewritten as `1234.5`; `42.779` in such
 * a document is forty-two thousand.
 */
export function withDecimalPoints(pages: PageLayout[]): PageLayout[] {
  const cells = pages.flatMap((page) => page.lines.flatMap((line) => line.cells.map((cell) => cell.text))).filter((text) => NUMERIC_CELL.test(text));
  if (decimalMarkOf(cells) === 'point') return pages;
  return mapCells(pages, (line) => line.map((cell) => (NUMERIC_CELL.test(cell.text) ? { ...cell, text: withDecimalPoint(cell.text) } : cell)));
}

/** A figure whose every separator is followed by exactly three digits: all of them group thousands. */
const GROUPED_ONLY = /^([(\-−–]?[$€£¥₹]?\s?[1-9]\d{0,2})((?:[.,]\d{3})+)(\)?[-−]?)$/;

/**
 * OCR reads a comma as a point at 150–200 dpi ("1.482,300", "(612.450)"). On a scanned page a
 * figure whose separators each stand before three digits groups thousands with all of them, in
 * either convention, so they are written as commas: the value is the same whichever mark the
 * document uses, and a misread comma no longer makes a figure a thousand times too small.
 * Figures with decimals ("1.234,56", "12.5") are left alone.
 */
export function withScannedThousands(pages: PageLayout[]): PageLayout[] {
  return pages.map((page) =>
    page.ocr
      ? {
          ...page,
          lines: page.lines.map((line) => ({
            ...line,
            cells: line.cells.map((cell) => {
              const grouped = GROUPED_ONLY.exec(cell.text.trim());
              return grouped && grouped[2].includes('.') ? { ...cell, text: `${grouped[1]}${grouped[2].replace(/\./g, ',')}${grouped[3]}` } : cell;
            }),
          })),
        }
      : page,
  );
}

/** The first group of a space-grouped figure ("-1", "(12", "845") and each group after it ("230", "440)", "114-", "230,5"). */
const LEADING_GROUP = /^[(\-−–]?\d{1,3}$/;
const NEXT_GROUP = /^\d{3}(?:[.,]\d{1,2})?\)?[-−]?$/;

/**
 * Thousands separated by a space ("1 845 230", Nordic and French statements) come out of the page
 * as one cell per group, since the gap between groups is a space: groups set no more than about a
 * space apart are one figure; the gap between two columns is many characters wide.
 */
export function withSpaceGroupedFigures(pages: PageLayout[]): PageLayout[] {
  return mapCells(pages, (cells, fontSize) => {
    const joined: LayoutCell[] = [];
    for (const cell of cells) {
      const previous = joined[joined.length - 1];
      const text = cell.text.trim();
      if (
        previous &&
        NEXT_GROUP.test(text) &&
        /(?:^|[\s(\-−–])\d{1,3}(?: \d{3})*$/.test(previous.text) &&
        LEADING_GROUP.test(previous.text.trim().split(' ')[0])
      ) {
        // Only cells as wide as their glyphs tell a space from a column gap (a text layout's cells span their column).
        const perChar = (cell.x1 - cell.x0) / Math.max(1, text.length);
        if (perChar <= fontSize * 0.75 && cell.x0 - previous.x1 <= perChar * 1.6) {
          joined[joined.length - 1] = { ...previous, text: `${previous.text} ${text}`, x1: cell.x1 };
          continue;
        }
      }
      joined.push(cell);
    }
    return joined;
  });
}

/** Note references in a Notes column: "6", "11", "4.2", "12a", "4, 5", "4,". */
const NOTE_CELL = /^\d{1,2}(?:\.\d{1,2})?[a-z]?(?:[,;]\s*(?:\d{1,2}(?:\.\d{1,2})?[a-z]?)?)*$/;

/** A row's cells without the note references standing in the heading's notes column: neither label nor figure. */
export function withoutNoteCells(cells: LayoutCell[], columns: PeriodColumn[]): LayoutCell[] {
  const notes = columns.find((column) => column.skipped === 'notes');
  if (!notes) return cells;
  const inNotes = (cell: LayoutCell) => Math.min(cell.x1, notes.x1 + 6) - Math.max(cell.x0, notes.x0 - 6) > 0;
  return cells.filter((cell) => !(NOTE_CELL.test(cell.text.trim()) && inNotes(cell)));
}

/**
 * A note reference and a figure run together into one cell ("5 259 964" across the Notes column
 * and the first period): the reference is the word standing over the notes column.
 */
export function separateNoteReferences(figures: LayoutCell[], columns: PeriodColumn[]): LayoutCell[] {
  const notes = columns.find((column) => column.skipped === 'notes');
  if (!notes) return figures;
  return figures.flatMap((figure) => {
    const split = /^(\d{1,2}(?:\.\d{1,2})?[a-z]?)\s+(.+)$/.exec(figure.text);
    if (!split || figure.x0 > notes.x1 || figure.x1 <= notes.x1 + 4 || parseAmount(split[2]) === null) return [figure];
    const perChar = (figure.x1 - figure.x0) / figure.text.length;
    const restFrom = figure.x1 - split[2].length * perChar;
    return [
      { text: split[1], x0: figure.x0, x1: figure.x0 + split[1].length * perChar },
      { text: split[2], x0: restFrom, x1: figure.x1 },
    ];
  });
}

/** A note reference as printed beside a label: "6", "11", "4.2", "12a". */
const NOTE_REFERENCE = /^\d{1,2}(?:\.\d{1,2})?[a-z]?$/;

/**
 * A note reference left of every column when the heading names no notes column ("Inventory  6
 * 72,405  70,228" under "31 Dec 2022  31 Dec 2021"): it stands clear of the figure columns while the
 * figure after it stands in the first, so it is no period's figure.
 */
export function withoutStrayNoteReferences(figures: LayoutCell[], columns: PeriodColumn[]): LayoutCell[] {
  if (figures.length < 2 || columns.some((column) => column.skipped === 'notes')) return figures;
  const [first, second] = figures;
  const firstColumn = Math.min(...columns.map((column) => column.x0));
  const clear = first.x1 < firstColumn && first.x1 < second.x0 - 4;
  return NOTE_REFERENCE.test(first.text.trim()) && clear && second.x1 > firstColumn ? figures.slice(1) : figures;
}
