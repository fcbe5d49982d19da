/**
 * Whether a sentence asserts what a risk phrase says, denies it, or only contemplates it. A
 * negation ("no material weakness was identified", "there is no substantial doubt") or a
 * hypothesis ("if we fail to comply with our covenants", "we may become subject to litigation")
 * is not a finding; docs/DECISIONS.md "Risk discovery and claims" lists the cues.
 */
export type Reading = 'asserted' | 'negated' | 'hypothetical';

/** Cues that deny what follows them in the same clause. */
const NEGATION = /\b(?:no|not|never|none|neither|nor|without|absence of|free (?:of|from)|nothing)\b|n['’]t\b/i;
/** Cues that make the clause a possibility, a condition or a standard responsibility, not an event ("May 2024" is a month). */
const HYPOTHESIS =
  /\b(?:may(?! \d)|might|could|would|should|if|whether|unless|upon|in the event|potential(?:ly)?|possible|possibility|cannot|can ?not|assurance|any future|from time to time|required to (?:evaluate|assess|consider|conclude)|responsib(?:le|ility) (?:for|to))\b/i;
/** A denial right after the phrase: "Material weaknesses: none", "litigation was not identified". */
const NEGATION_AFTER =
  /^[\s:–—-]*(?:none|nil|n\/a|not applicable)\b|^\s*(?:(?:was|were|is|are|has|have|had)(?: been)? (?:not|never)|(?:was|were) (?:none|nil))\b/i;

/** How many words before the phrase a cue may stand and still govern it. */
const WINDOW_WORDS = 10;

/** The words before `index` in the same clause: back to `;`, `:`, a sentence start or a comma that is not a short parenthetical. */
export function clauseBefore(sentence: string, index: number): string {
  // ", to date," and ", considered in the aggregate," do not end a clause: drop parentheticals of up to four words first.
  const before = sentence.slice(0, index).replace(/,(?:\s+[^\s,;:]+){1,4}\s*,/g, ' ');
  const start = Math.max(before.lastIndexOf(';'), before.lastIndexOf(':'), before.lastIndexOf(','));
  const clause = before.slice(start + 1).trim();
  return clause.split(/\s+/).slice(-WINDOW_WORDS).join(' ');
}

/** Reported speech states a decided fact: "notified the firm that it would be dismissed". */
const REPORTED = /\b(?:notified|informed|advised|announced|decided|confirmed)\b[^.]*\bthat\b[^.]*\bwould\b/i;
/** A risk named as a noun and followed by a modal is a risk factor: "failure to comply with these covenants could result in ...". */
const NOMINAL = /^(?:failure|breach|violation|default|non-?compliance|any (?:breach|violation|default))\b/i;
const MODAL_AFTER = /^[^.;]{0,100}?\b(?:could|may|might|would|will)\b/i;

export function readingOf(sentence: string, index: number, length: number): Reading {
  const before = clauseBefore(sentence, index);
  const hypothesis = HYPOTHESIS.exec(before);
  if (hypothesis && !(hypothesis[0].toLowerCase() === 'would' && REPORTED.test(before))) return 'hypothetical';
  // The clause's subject is the risk as a noun ("Failure to comply with these covenants could ..."), the phrase inside or after it.
  const clause = `${before} ${sentence.slice(index)}`.trim();
  if (NOMINAL.test(clause) && MODAL_AFTER.test(clause)) return 'hypothetical';
  if (NEGATION.test(before)) return 'negated';
  const after = sentence.slice(index + length);
  if (NEGATION_AFTER.test(after)) return 'negated';
  return 'asserted';
}
