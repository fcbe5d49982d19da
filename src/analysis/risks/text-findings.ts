import type { PageLayout } from '../analysis.types.js';
import { phrasesOf, type Phrase } from './composition.js';
import type { Finding } from './findings.js';
import { sentencesOf, type Sentence } from './sentences.js';
import { standardSentences } from './standard-paragraphs.js';
import { readingOfPhrase } from './statement-reading.js';
import { DEFINITION, TEXT_RULES, type TextRule } from './text-rules.js';

/** Longest quote kept whole; a longer sentence is cut to a window around the phrase (still verbatim). */
const MAX_QUOTE = 320;

/** How many sentences after a heading may answer it. */
const HEADING_REACH = 3;

/** Sentences that answer a heading with a denial: "Related party transactions" followed by "None." */
const DENIAL = /^(?:none|nil|not applicable|n\/a|there (?:were|was|are|is|have been|has been) no(?:ne)?)\b/i;

/**
 * Every text rule over every sentence of a document's pages: one finding per sentence that asserts a
 * risk. Sentences of the standard paragraphs that every audit report, certification and code of
 * ethics prints (standard-paragraphs.ts) are skipped: they name risks without stating them.
 */
export function textFindings(documentId: string, pages: PageLayout[], rules: TextRule[] = TEXT_RULES): Finding[] {
  const findings: Finding[] = [];
  // In reading order across pages: a certification or an auditor's report may run onto the next page.
  const sentences = pages.flatMap((page) => sentencesOf(page));
  const standard = standardSentences(sentences);
  sentences.forEach((sentence, index) => {
    // A question ("Is the applicant party to any lawsuit?") asks; it does not state.
    if (sentence.text.endsWith('?') || standard.has(index)) return;
    const following = sentences.slice(index + 1, index + 1 + HEADING_REACH).filter((next) => next.page === sentence.page);
    for (const rule of rules) {
      const finding = ruleFinding(rule, documentId, sentence, following);
      if (finding) findings.push(finding);
    }
  });
  return findings;
}

/** What one rule reads in one sentence: the first phrase it asserts, and whether a phrase of the rule was denied. */
export interface RuleReading {
  asserted: Phrase | null;
  denied: boolean;
}

export function readRule(rule: TextRule, text: string): RuleReading {
  const none = { asserted: null, denied: false };
  if (DEFINITION.test(text) || rule.boilerplate?.some((pattern) => pattern.test(text))) return none;
  let denied = false;
  for (const pattern of rule.statements) {
    for (const phrase of phrasesOf(text, pattern)) {
      const reading = readingOfPhrase(text, phrase);
      if (reading === 'negated') denied = true;
      if (reading === 'negated' || (reading === 'hypothetical' && !hypothesisCounts(rule, text.slice(phrase.start, phrase.end)))) continue;
      if (rule.resolved?.some((pattern) => pattern.test(clauseOf(text, phrase, CONTRAST)))) continue;
      if (rule.excluded?.some((pattern) => new RegExp(pattern.source, pattern.flags.replace('g', '')).test(clauseOf(text, phrase, CLAUSE_END)))) continue;
      return { asserted: phrase, denied };
    }
  }
  return { asserted: null, denied };
}

function hypothesisCounts(rule: TextRule, phrase: string): boolean {
  return typeof rule.hypotheticalCounts === 'function' ? rule.hypotheticalCounts(phrase) : rule.hypotheticalCounts === true;
}

function ruleFinding(rule: TextRule, documentId: string, sentence: Sentence, following: Sentence[]): Finding | null {
  const { asserted: phrase } = readRule(rule, sentence.text);
  if (!phrase) return null;
  if (!/[.!;]$/.test(sentence.text) && answeredByDenial(rule, following)) return null;
  const text = sentence.text.slice(phrase.start, phrase.end);
  const severity = rule.grade(sentence.text, text);
  if (severity === null) return null;
  return {
    id: rule.id,
    category: rule.category,
    title: rule.title,
    severity,
    detail: `page ${sentence.page}: "${text}"`,
    evidence: [{ documentId, page: sentence.page, quote: quoteAround(sentence.text, phrase.start, phrase.end - phrase.start) }],
    facts: [],
    claims: [],
  };
}

/**
 * A heading ("Related party transactions", "Going concern") is answered by the first of the next
 * sentences that speaks of its rule: a denial there ("None.", "There were no related party
 * transactions") makes the heading a denial too; a policy sentence in between says nothing either way.
 */
function answeredByDenial(rule: TextRule, following: Sentence[]): boolean {
  for (const next of following) {
    if (DENIAL.test(next.text)) return true;
    const reading = readRule(rule, next.text);
    if (reading.asserted) return false;
    if (reading.denied) return true;
  }
  return false;
}

/**
 * Where the part of a sentence that speaks of one matter ends. A contrast ("the claim was dismissed,
 * but two others are pending") separates matters; "and" may continue one ("a suit was filed in 2022
 * and dismissed in 2023") or join another ("a class action is pending, and the SEC opened an
 * inquiry"), so a resolution is read up to a contrast, and another rule's topic only up to "and".
 */
const CONTRAST = /;|,? (?:but|whereas|while|although|though|however)\b/gi;
const CLAUSE_END = /;|,? (?:and|but|whereas|while|although|though|however)\b/gi;

/** The clause holding the phrase: from the last boundary before it to the first after it. */
function clauseOf(text: string, phrase: Phrase, boundaries: RegExp): string {
  let start = 0;
  let end = text.length;
  for (const match of text.matchAll(boundaries)) {
    if (match.index + match[0].length <= phrase.start) start = match.index + match[0].length;
    else if (match.index >= phrase.end) {
      end = match.index;
      break;
    }
  }
  return text.slice(start, end);
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
