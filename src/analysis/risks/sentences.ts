import type { PageLayout } from '../analysis.types.js';

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

/** A short line without final punctuation: a heading, a label or a bullet of a slide. */
function isHeading(text: string): boolean {
  return !TERMINAL.test(text) && !/[,(]$/.test(text) && words(text) <= 8;
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
