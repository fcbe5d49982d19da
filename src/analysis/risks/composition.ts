/**
 * A way a sentence can state a risk: either one term that states it alone ("material weakness",
 * "consent order"), or a composition of terms that must stand together in one clause, a few words
 * apart: a topic ("covenant", "auditor", "lawsuit") and what is said of it ("breached", "resigned",
 * "pending against"). The words between them are free, so "the Company tripped its minimum EBITDA
 * covenant" and "the leverage covenant was breached" are one composition, not two phrases.
 */
export interface Composition {
  /** Each part is a term (or one of several terms); every part must occur, without overlapping. */
  parts: (RegExp | RegExp[])[];
  /** The most words between the parts, all gaps together (the parts' own words do not count). */
  within: number;
  /** Whether the parts must occur in the order given (default: any order). */
  ordered?: boolean;
}

export type Pattern = RegExp | Composition;

/** Where one part stands in the sentence. */
export interface Span {
  start: number;
  end: number;
}

/** One occurrence of a pattern: its parts in sentence order, and the text from the first to the last. */
export interface Phrase extends Span {
  parts: Span[];
}

/**
 * Words that end a clause between two parts: a semicolon, or a conjunction that opens a clause of its
 * own ("in compliance with the leverage covenant, but breached ..."), so a topic in one clause is
 * never paired with an assertion in another.
 */
const CLAUSE_BREAK = /;|\b(?:but|whereas|while|although|though|however|except)\b/i;

/** Every occurrence of a pattern in the sentence, the tightest first. */
export function phrasesOf(sentence: string, pattern: Pattern): Phrase[] {
  if (pattern instanceof RegExp) return occurrences(sentence, pattern).map((span) => ({ ...span, parts: [span] }));
  const candidates: Span[][] = [];
  // Most sentences lack some part: stop at the first one missing.
  for (const part of pattern.parts) {
    const spans = (Array.isArray(part) ? part : [part]).flatMap((regex) => occurrences(sentence, regex));
    if (spans.length === 0) return [];
    candidates.push(spans);
  }
  const phrases: Phrase[] = [];
  const choose = (index: number, chosen: Span[]): void => {
    if (index === candidates.length) {
      const phrase = phraseOf(sentence, chosen, pattern);
      if (phrase) phrases.push(phrase);
      return;
    }
    for (const span of candidates[index]) {
      if (chosen.some((other) => span.start < other.end && other.start < span.end)) continue;
      choose(index + 1, [...chosen, span]);
    }
  };
  choose(0, []);
  return phrases.sort((a, b) => a.end - a.start - (b.end - b.start) || a.start - b.start);
}

function phraseOf(sentence: string, chosen: Span[], pattern: Composition): Phrase | null {
  if (pattern.ordered && chosen.some((span, index) => index > 0 && span.start < chosen[index - 1].end)) return null;
  const parts = [...chosen].sort((a, b) => a.start - b.start);
  let gapWords = 0;
  for (let index = 1; index < parts.length; index++) {
    const gap = sentence.slice(parts[index - 1].end, parts[index].start);
    if (CLAUSE_BREAK.test(gap)) return null;
    // An aside between commas ("current liabilities, including the term loan now classified as current, were greater") does not part them.
    gapWords += wordCount(gap.replace(/,[^,;]{1,100},/g, ' '));
  }
  if (gapWords > pattern.within) return null;
  return { start: parts[0].start, end: parts[parts.length - 1].end, parts };
}

function occurrences(sentence: string, regex: RegExp): Span[] {
  const global = regex.global ? regex : new RegExp(regex.source, `${regex.flags}g`);
  return [...sentence.matchAll(global)].filter((match) => match[0] !== '').map((match) => ({ start: match.index, end: match.index + match[0].length }));
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}
