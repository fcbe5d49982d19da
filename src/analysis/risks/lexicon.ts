/**
 * Building blocks for the text rules' vocabularies: a word in the forms filings inflect it in, and
 * alternations of such words. A rule names "breach" once and reads "breaches", "breached" and
 * "breaching" too, instead of listing the phrases it was first written against.
 */

/** `(?:a|b|c)`: one of the alternatives (regular-expression sources). */
export function oneOf(...alternatives: string[]): string {
  return `(?:${alternatives.join('|')})`;
}

/**
 * A regular verb in every form: base, third person, past and participle, gerund. `breach` →
 * breach|breaches|breached|breaching; `waive` → waive|waives|waived|waiving; `rely` → rely|relies|
 * relied|relying; `trip` with `doubled` → trip|trips|tripped|tripping. Irregular forms are added by
 * the caller ("lent", "brought").
 */
export function verb(base: string, { doubled = false }: { doubled?: boolean } = {}): string {
  if (base.endsWith('e')) return `${base.slice(0, -1)}(?:e|es|ed|ing)`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}(?:y|ies|ied|ying)`;
  if (/(?:s|sh|ch|x|z)$/.test(base)) return `${base}(?:|es|ed|ing)`;
  if (doubled) return `${base}(?:|s|${base.slice(-1)}ed|${base.slice(-1)}ing)`;
  return `${base}(?:|s|ed|ing)`;
}

/** A noun, singular or plural: `inquiry` → inquir(?:y|ies); `lawsuit` → lawsuits?; `loss` → loss(?:es)?. */
export function noun(singular: string): string {
  if (/[^aeiou]y$/.test(singular)) return `${singular.slice(0, -1)}(?:y|ies)`;
  if (/(?:s|sh|ch|x|z)$/.test(singular)) return `${singular}(?:es)?`;
  return `${singular}s?`;
}

/** A term as a whole-word pattern, case-insensitive unless `caseSensitive` (acronyms: "SEC" is not "sec."). */
export function term(source: string, { caseSensitive = false }: { caseSensitive?: boolean } = {}): RegExp {
  return new RegExp(String.raw`(?<![\w-])(?:${source})(?![\w-])`, caseSensitive ? 'g' : 'gi');
}
