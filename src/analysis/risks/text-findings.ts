import type { PageLayout } from '../analysis.types.js';
import type { Finding } from './findings.js';
import { sentencesOf, type Sentence } from './sentences.js';
import { readingOf } from './statement-reading.js';
import { TEXT_RULES, type TextRule } from './text-rules.js';

/** Longest quote kept whole; a longer sentence is cut to a window around the phrase (still verbatim). */
const MAX_QUOTE = 320;

/** Sentences that answer a heading with a denial: "Related party transactions" followed by "None." */
const DENIAL = /^(?:none|nil|not applicable|n\/a|there (?:were|was|are|is|have been|has been) no(?:ne)?)\b/i;

/** Every text rule over every sentence of a document's pages: one finding per sentence that asserts a risk. */
export function textFindings(documentId: string, pages: PageLayout[], rules: TextRule[] = TEXT_RULES): Finding[] {
  const findings: Finding[] = [];
  for (const page of pages) {
    const sentences = sentencesOf(page);
    sentences.forEach((sentence, index) => {
      // A question ("Is the applicant party to any lawsuit?") asks; it does not state.
      if (sentence.text.endsWith('?')) return;
      for (const rule of rules) {
        const finding = ruleFinding(rule, documentId, sentence, sentences[index + 1]);
        if (finding) findings.push(finding);
      }
    });
  }
  return findings;
}

function ruleFinding(rule: TextRule, documentId: string, sentence: Sentence, next: Sentence | undefined): Finding | null {
  if (rule.boilerplate?.some((pattern) => pattern.test(sentence.text))) return null;
  for (const trigger of rule.triggers) {
    const match = trigger.exec(sentence.text);
    if (!match) continue;
    const reading = readingOf(sentence.text, match.index, match[0].length);
    if (reading === 'negated' || (reading === 'hypothetical' && !rule.hypotheticalCounts)) continue;
    // A heading answered by "None." in the next sentence is a denial too.
    if (!/[.!;]$/.test(sentence.text) && next && DENIAL.test(next.text)) return null;
    const severity = rule.grade(sentence.text);
    if (severity === null) return null;
    return {
      id: rule.id,
      category: rule.category,
      title: rule.title,
      severity,
      detail: `page ${sentence.page}: "${match[0]}"`,
      evidence: [{ documentId, page: sentence.page, quote: quoteAround(sentence.text, match.index, match[0].length) }],
      facts: [],
      claims: [],
    };
  }
  return null;
}

/** The sentence, or a window of whole words around the phrase when the sentence is long. */
export function quoteAround(text: string, index: number, length: number): string {
  if (text.length <= MAX_QUOTE) return text;
  const room = Math.max(0, Math.floor((MAX_QUOTE - length) / 2));
  let start = Math.max(0, index - room);
  let end = Math.min(text.length, index + length + room);
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  if (end < text.length) end = Math.max(index + length, text.lastIndexOf(' ', end));
  return text.slice(start, end).trim();
}
