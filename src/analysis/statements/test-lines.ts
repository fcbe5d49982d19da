import type { LayoutLine } from '../analysis.types.js';

/** A layout line from cells given as [text, x0, x1]: the shape the PDF layout reader produces. */
export function line(y: number, ...cells: [string, number, number][]): LayoutLine {
  return { y, fontSize: 9, text: cells.map(([text]) => text).join(' '), cells: cells.map(([text, x0, x1]) => ({ text, x0, x1 })) };
}
