import type { LayoutCell, LayoutLine, PageLayout } from '../analysis.types.js';
import { pageOf } from './line-builder.js';

/** Width given to one character of a text document, so that x positions compare like points. */
const CHARACTER_WIDTH = 5;
const COLUMN_WIDTH = 40 * CHARACTER_WIDTH;

/**
 * Lays out text that has no positions (DOCX, CSV, XLSX sheets and plain text as the document reader
 * stores them): cells are separated by tabs or by two spaces or more, and x is the character
 * offset, so aligned columns in fixed-width text keep their columns.
 */
export function layoutFromText(pages: string[]): PageLayout[] {
  return pages.map((pageText, index) => {
    const lines: LayoutLine[] = [];
    for (const raw of pageText.split(/\r?\n/)) {
      const cells: LayoutCell[] = [];
      if (raw.includes('\t')) {
        // Tab-separated rows (CSV, sheets) align by column index, not by characters.
        raw.split('\t').forEach((part, column) => {
          const text = part.trim().replace(/\s+/g, ' ');
          if (text) cells.push({ text, x0: column * COLUMN_WIDTH, x1: (column + 1) * COLUMN_WIDTH - CHARACTER_WIDTH * 2 });
        });
      } else {
        for (const match of raw.matchAll(/\S+(?: \S+)*/g)) {
          const x0 = match.index * CHARACTER_WIDTH;
          cells.push({ text: match[0], x0, x1: x0 + match[0].length * CHARACTER_WIDTH });
        }
      }
      if (cells.length > 0) lines.push({ text: cells.map((cell) => cell.text).join(' '), cells, y: lines.length * 12, fontSize: 10 });
    }
    return pageOf(index + 1, 612, Math.max(792, lines.length * 12), lines);
  });
}
