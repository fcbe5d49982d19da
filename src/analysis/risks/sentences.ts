import type { LayoutLine, PageLayout } from '../analysis.types.js';
import { isAmount } from '../statements/amounts.js';

/** A sentence (or a heading, a bullet, a form line) of one page; its text is verbatim on the page. */
export interface Sentence {
  page: number;
  text: string;
}

const BULLET = /^[•●▪◦‣∙*–-]\s/;
const TERMINAL = /[.!?;:]["”)]?$/;
/** Words whose final dot does not end a sentence ("Acme Inc. reported", "No. 5", "U.S. GAAP"). */
const ABBREVIATIONS = new Set(
  'inc ltd co corp llc plc no nos mr mrs ms dr st vs e.g i.e u.s approx jan feb mar apr jun jul aug sep sept oct nov dec n.a fig sec'.split(' '),
);

/**
 * The page's sentences. Lines are grouped into blocks (a vertical gap wider than a paragraph's
 * line spacing, a bullet, or a short line without final punctuation such as a heading ends a
 * block), each block's lines are joined by one space and split at sentence ends. Joining by a
 * space is what collapsing the page text's line breaks gives, so every sentence is verbatim on
 * the page (DOMAIN.md 4).
 */
export function sentencesOf(page: PageLayout): Sentence[] {
  const blocks: string[][] = [];
  let block: string[] = [];
  let previous: PageLayout['lines'][number] | undefined;
  for (const line of page.lines) {
    const text = line.text.trim();
    if (text === '') continue;
    // A row of a table (a label and its figures) is a line of a statement, not prose: the rules over
    // facts read it; the text rules would read "Issuance of loans to affiliated companies (1) (5)" as a loan.
    if (isTableRow(line)) {
      if (block.length > 0) blocks.push(block);
      block = [];
      previous = undefined;
      continue;
    }
    const gap = previous ? line.y - previous.y : 0;
    const startsBlock =
      previous === undefined ||
      BULLET.test(text) ||
      gap > 1.6 * Math.max(previous.fontSize, line.fontSize) ||
      gap < 0 ||
      isHeading(previous.text.trim()) ||
      (TERMINAL.test(previous.text.trim()) && words(previous.text) <= 8);
    if (startsBlock && block.length > 0) {
      blocks.push(block);
      block = [];
    }
    block.push(text);
    previous = line;
  }
  if (block.length > 0) blocks.push(block);
  return blocks.flatMap((lines) => splitSentences(lines.join(' ').replace(/\s+/g, ' ')).map((text) => ({ page: page.page, text })));
}

/** A label followed only by figures (amounts, dashes, currency cells), at least one of them a number. */
export function isTableRow(line: LayoutLine): boolean {
  const [label, ...rest] = line.cells.map((cell) => cell.text.trim()).filter((text) => text !== '');
  if (label === undefined || rest.length === 0) return false;
  const figures = rest.filter((text) => !/^(?:[$€£¥]|[A-Z]{3})$/.test(text));
  return figures.length > 0 && figures.every((text) => isAmount(text) || /^\(?\d{1,3}(?:\.\d+)?\s?%\)?$/.test(text)) && figures.some((text) => /\d/.test(text));
}

/** Words a title leaves in lower case ("Substantial Doubt about the Company's Ability to Continue as a Going Concern"). */
const MINOR_WORDS = new Set('a an the and or nor of for to in on at by with about as from over into under upon between its their our'.split(' '));

/**
 * A line without final punctuation that is short (a heading, a label or a bullet of a slide), or a
 * longer title in title case: "Auditor's Responsibilities for the Audit of the Financial Statements".
 */
function isHeading(text: string): boolean {
  if (TERMINAL.test(text) || /[,(]$/.test(text)) return false;
  const count = words(text);
  return count <= 8 || (count <= 16 && isTitleCase(text));
}

function isTitleCase(text: string): boolean {
  return text
    .split(/\s+/)
    .filter((word) => /\p{L}/u.test(word) && !MINOR_WORDS.has(word.toLowerCase()))
    .every((word) => /^\W*[\p{Lu}\d]/u.test(word));
}

function words(text: string): number {
  return text.trim().split(/\s+/).length;
}

/** Splits at `.`, `!` or `?` followed by a space and a capital, a digit or a quote, except after an abbreviation. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(/[.!?]["”)]?\s+(?=["“(]?[A-Z0-9$€£])/g)) {
    const end = match.index + match[0].trimEnd().length;
    const word = /([A-Za-z.]+)\.$/.exec(text.slice(start, match.index + 1))?.[1]?.toLowerCase();
    if (text[match.index] === '.' && word !== undefined && (ABBREVIATIONS.has(word) || /^[a-z]$/.test(word))) continue;
    sentences.push(text.slice(start, end).trim());
    start = match.index + match[0].length;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences.filter((sentence) => sentence !== '');
}
