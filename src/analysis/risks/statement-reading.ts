import type { Phrase } from './composition.js';

/**
 * Whether a sentence asserts what a risk phrase says, denies it, or only contemplates it. A
 * negation ("no material weakness was identified", "there is no substantial doubt") or a
 * hypothesis ("if we fail to comply with our covenants", "we may become subject to litigation")
 * is not a finding; docs/DECISIONS.md "Risk discovery and claims" lists the cues.
 */
export type Reading = 'asserted' | 'negated' | 'hypothetical';

/** Cues that deny what follows them in the same clause ("No. 3" is a number, not a denial). */
const NEGATION = new RegExp(
  String.raw`(?:\b(?:no(?!\.? ?\d)|not(?! only)|never|none|neither|nor|without(?! merit)|absence of|free (?:of|from)|nothing|unaware)\b|n['’]t\b)${
    // A denied resolution asserts the matter: "did not alleviate the doubt", "has not yet remediated the weakness".
    String.raw`(?! (?:yet |been |fully |successfully |able to |to )*(?:alleviat|mitigat|resolv|eliminat|remov|cur(?:e|ed|ing)\b|remedia|overc[oa]m|waive|forgiv))`
  }`,
  'i',
);
/**
 * Cues that make the clause a possibility, a condition, an obligation, a capability or a standing
 * exposure rather than an event: modals (may, could, would, should, shall, must), conditions (if,
 * unless, upon, in the event, to the extent, assuming), "the right to", "subject to" without a
 * determiner ("subject to investigations" is exposure; "subject to a consent order" is an order),
 * "any future", "from time to time", an auditor's or a board's standing responsibilities, and
 * what was avoided or prevented ("May 2024" is a month).
 */
const HYPOTHESIS_CUES = [
  'may(?! \\d)',
  'might',
  'could',
  'would',
  'should',
  'shall',
  'must',
  'if',
  'whether',
  'unless',
  'upon',
  'in the event',
  'in case',
  'to the extent',
  'assuming',
  'potential(?:ly)?',
  'possible',
  'possibility',
  'unlikely',
  'remote',
  'cannot',
  'can ?not',
  'assurance',
  'any future',
  'from time to time',
  'risks? (?:that|of)',
  '(?:the )?(?:right|authority|power|discretion) to',
  '(?:subject|exposed|susceptible|vulnerable) to(?! (?:a|an|the|this|that|these|those|two|three|four|several|certain)\\b)',
  'required to (?:evaluate|assess|consider|conclude|report|communicate|draw)',
  'responsib(?:le|ility|ilities) (?:for|to|include)',
  'avoid(?:s|ed|ing)?',
  // Habits and generalities, not events: "class actions have often been brought against companies ...".
  'often',
  'frequently',
  'typically',
  'commonly',
  'routinely',
  'prevent(?:s|ed|ing)?',
];
const cueList = (cues: string[]) => new RegExp(String.raw`\b(?:${cues.join('|')})\b`, 'i');
const HYPOTHESIS = cueList(HYPOTHESIS_CUES);
/** Between the parts of a composition, "whether" is the object of a doubt ("doubt about whether we can continue"), not a condition. */
const GAP_HYPOTHESIS = cueList(HYPOTHESIS_CUES.filter((cue) => cue !== 'whether'));
/** A denial right after the phrase: "Material weaknesses: none", "litigation was not identified". */
const NEGATION_AFTER =
  /^[\s:–—-]*(?:none|nil|n\/a|not applicable)\b|^\s*(?:(?:was|were|is|are|has|have|had)(?: been)? (?:not|never)|(?:was|were) (?:none|nil))\b/i;

/** How many words before the phrase a cue may stand and still govern it. */
const WINDOW_WORDS = 10;
/** How many words before a later part of a composition a negation may stand and still deny it ("the covenant was not breached"). */
const GAP_NEGATION_WORDS = 4;

/**
 * Parentheticals of up to four words (", to date,", ", considered in the aggregate,") do not end or
 * start a clause; a short stretch between commas that denies ("there are no actions, suits, ...")
 * is a clause of its own, not an aside.
 */
function withoutParentheticals(text: string): string {
  return text.replace(/,(?:\s+[^\s,;:]+){1,4}\s*,/g, (aside) => (NEGATION.test(aside) ? aside : ' '));
}

/** A list item: the words of a comma segment in a list ("actions, suits, proceedings or investigations"). */
const LIST_ITEM_WORDS = 4;

/** The words before `index` in the same clause: back to `;`, `:`, a sentence start or a comma that is not a short parenthetical. */
export function clauseBefore(sentence: string, index: number): string {
  const before = withoutParentheticals(sentence.slice(0, index));
  const hard = Math.max(before.lastIndexOf(';'), before.lastIndexOf(':'));
  const segments = before.slice(hard + 1).split(',');
  // A phrase in a list ("no actions, suits, proceedings ... pending") belongs to the clause that opened the list.
  let clause = segments.pop() ?? '';
  while (segments.length > 0 && words(clause) <= 3 && words(segments[segments.length - 1]) <= LIST_ITEM_WORDS) {
    clause = `${segments.pop()},${clause}`;
  }
  return clause.trim().split(/\s+/).slice(-WINDOW_WORDS).join(' ');
}

function words(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}

/** Reported speech states a decided fact: "notified the firm that it would be dismissed". */
const REPORTED = /\b(?:notified|informed|advised|announced|decided|confirmed)\b.*\bthat\b.*\bwould\b/i;
/** A risk named as a noun and followed by a modal is a risk factor: "failure to comply with these covenants could result in ...". */
const NOMINAL = /^(?:failure|breach|violation|default|non-?compliance|inability|any (?:breach|violation|default|failure))\b/i;
const MODAL_AFTER = /^[^;]{0,100}?\b(?:could|may|might|would|will)\b/i;
/** A modal verb of consequence earlier in the sentence governs what follows it, across the commas of a list. */
const CONSEQUENCE =
  /\b(?:could|may|might|would|will|can)\b (?:\w+ ){0,3}?(?:result in|lead to|cause|trigger|give rise to|subject (?:us|it|the company) to|expose (?:us|it|the company) to|include)\b[^;.]*$/i;
/** A contract's list of conditions: "Each of the following shall constitute an Event of Default: (a) ... (b) fails to observe any covenant". */
const CONDITIONS_LIST = /\b(?:shall|will|would|may|could|must|might)\b[^:;.]{0,80}:|\b(?:each|any|either) of the following\b/i;
/** A modal as the first verb after the phrase: no finite verb ("occurred", "was") before it. */
const MODAL_VERB_AFTER = /^(?:(?!\b(?:is|are|was|were|has|have|had|occurred|arose|exists?|existed)\b)[^;.]){0,80}?\b(?:could|may|might|would|will|should)\b/i;

/** Text after a phrase that continues a list: ", regulatory investigations and claims". */
const LIST_CONTINUES = /^\s*(?:,|and\b|or\b)/i;

/**
 * The clause that opened a list, for a phrase that is a later item of it: in "We may become subject
 * to litigation, regulatory investigations and claims", "regulatory investigations" stands right
 * after a comma with the list going on after it, and is governed by "may" in the first item.
 */
function listOpener(sentence: string, index: number, length: number): string {
  if (clauseBefore(sentence, index) !== '' || !LIST_CONTINUES.test(sentence.slice(index + length))) return '';
  const before = withoutParentheticals(sentence.slice(0, index)).replace(/,\s*$/, '');
  return clauseBefore(before, before.length);
}

export function readingOf(sentence: string, index: number, length: number): Reading {
  const before = clauseBefore(sentence, index) || listOpener(sentence, index, length);
  const hypothesis = HYPOTHESIS.exec(before);
  if (hypothesis && !(hypothesis[0].toLowerCase() === 'would' && REPORTED.test(before))) return 'hypothetical';
  // The clause's subject is the risk as a noun ("Failure to comply with these covenants could ..."), the phrase inside or after it.
  const clause = `${before} ${sentence.slice(index)}`.trim();
  if (NOMINAL.test(clause) && MODAL_AFTER.test(clause)) return 'hypothetical';
  // What a modal's consequence lists: "could result in fines, penalties or the suspension of our licenses".
  if (CONSEQUENCE.test(sentence.slice(0, index)) || CONDITIONS_LIST.test(sentence.slice(0, index))) return 'hypothetical';
  // The phrase as the subject of a modal ("A material weakness would arise if ...", "a class action could be filed").
  if (/^(?:(?:and|but|or|while)\s+)?(?:(?:such\s+an?|a|an|any|such)\s*)?$/i.test(before) && MODAL_VERB_AFTER.test(sentence.slice(index + length)))
    return 'hypothetical';
  if (NEGATION.test(before)) return 'negated';
  const after = sentence.slice(index + length);
  if (NEGATION_AFTER.test(after)) return 'negated';
  return 'asserted';
}

/**
 * The reading of a composition: the clause before its first part and the words after its last, as
 * for a single phrase, and the words between its parts: a modal there ("the leverage ratio could
 * exceed the maximum") makes it hypothetical, a negation just before a part ("the going concern
 * assumption is appropriate and no significant doubt exists") denies it. Cues inside a part belong
 * to it ("not in compliance", "no successor").
 */
export function readingOfPhrase(sentence: string, phrase: Phrase): Reading {
  const reading = readingOf(sentence, phrase.start, phrase.end - phrase.start);
  if (reading !== 'asserted') return reading;
  for (let index = 1; index < phrase.parts.length; index++) {
    const gap = withoutParentheticals(sentence.slice(phrase.parts[index - 1].end, phrase.parts[index].start));
    const hypothesis = GAP_HYPOTHESIS.exec(gap);
    if (hypothesis && !(hypothesis[0].toLowerCase() === 'would' && REPORTED.test(sentence.slice(0, phrase.parts[index].start)))) return 'hypothetical';
    if (NEGATION.test(gap.trim().split(/\s+/).slice(-GAP_NEGATION_WORDS).join(' '))) return 'negated';
  }
  return 'asserted';
}
