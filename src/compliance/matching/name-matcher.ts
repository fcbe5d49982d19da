import { jaroWinkler } from '@skyra/jaro-winkler';
import { ABJAD_SCRIPTS, type NameToken, type NormalisedName, type PartyKind } from './name-normaliser.js';

/** One reason behind a score, as DOMAIN.md's `explanation: [feature: value]`. */
export interface MatchFeature {
  feature: string;
  value: number | string | boolean;
}

/** What the caller knows about the party beyond its name; each present field can raise or lower a score. */
export interface PartyEvidence {
  kind: PartyKind;
  /** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  birthDate?: string;
  /** ISO 3166-1 alpha-2, lower case. */
  countries?: readonly string[];
}

/** A list entry's facts the evidence is compared with. */
export interface CandidateFacts {
  kind: PartyKind;
  /** As the list writes them, normalised to `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  birthDates: readonly string[];
  /** ISO 3166-1 alpha-2, lower case. */
  countries: readonly string[];
}

export interface NameComparison {
  /** 0 to 1. */
  similarity: number;
  features: MatchFeature[];
}

export interface ScoredCandidate {
  /** 0 to 100: the name similarity plus the evidence adjustments, bounded. */
  score: number;
  nameSimilarity: number;
  features: MatchFeature[];
}

/** Token pairs less alike than this are not pairs: two different names share letters by chance. */
const TOKEN_FLOOR = 0.8;
/** A list name's extra tokens (a middle name, a patronymic) count less against a match than the query's unexplained tokens. */
const EXTRA_LIST_TOKEN_WEIGHT = 0.35;

/** Points the evidence adds or takes away (documented in docs/DECISIONS.md "Entity screening"). */
export const EVIDENCE_POINTS = {
  birthDateExact: 10,
  birthYearSame: 5,
  birthDateConflict: -20,
  countrySame: 5,
  countryConflict: -10,
  kindConflict: -25,
} as const;

interface TokenPair {
  query: number;
  candidate: number;
  similarity: number;
  how: string;
}

function tokenWeight(token: NameToken): number {
  return token.text.length <= 2 ? 0.5 : 1;
}

function phoneticallyEqual(a: NameToken, b: NameToken): boolean {
  const [a1, a2] = a.phonetic;
  const [b1, b2] = b.phonetic;
  if (!a1 || !b1) return false;
  const same = a1 === b1 || (a2 !== '' && a2 === b1) || (b2 !== '' && a1 === b2) || (a2 !== '' && a2 === b2);
  // A key of one or two sounds is shared by too many unrelated names ("Lee" and "Lau").
  return same && Math.max(a1.length, b1.length) >= 3 && a.text[0] === b.text[0];
}

/** Equal consonant skeletons, a final t or h aside (the feminine ending ة is written either way: "Hamza" / "hmzt"). */
function sameSkeleton(a: string, b: string): boolean {
  if (a === b) return true;
  const trimmed = (value: string) => value.replace(/[th]$/, '');
  return a.length > 2 && b.length > 2 && (trimmed(a) === b || trimmed(b) === a);
}

const EXACT = { similarity: 1, how: 'exact' };
/** Token pairs already compared: names repeat the same few thousand tokens, so most pairs come back. */
const compared = new Map<string, { similarity: number; how: string }>();

/** How alike two tokens are, and by which test. */
export function compareTokens(a: NameToken, b: NameToken, abjad: boolean): { similarity: number; how: string } {
  if (a.text === b.text) return EXACT;
  const key = `${abjad ? 1 : 0}${a.text} ${b.text}`;
  let result = compared.get(key);
  if (!result) {
    result = compareDistinctTokens(a, b, abjad);
    if (compared.size >= 500_000) compared.clear();
    compared.set(key, result);
  }
  return result;
}

function compareDistinctTokens(a: NameToken, b: NameToken, abjad: boolean): { similarity: number; how: string } {
  const raw = jaroWinkler(a.text, b.text);
  let similarity = raw;
  let how = 'jaro_winkler';
  // Jaro-Winkler rewards a shared beginning, so a name and a longer word built on it ("Aleksandr" and
  // the patronymic "Aleksandrovich") look alike: tokens of very different lengths are marked down.
  const lengthRatio = Math.min(a.text.length, b.text.length) / Math.max(a.text.length, b.text.length);
  if (lengthRatio < 0.8) similarity *= lengthRatio / 0.8;
  // Below 0.9, Jaro-Winkler mostly measures letters two different names share ("Walid" and "Khalid"
  // 0.82): the similarity falls twice as fast there, so such pairs drop under the pairing floor.
  if (similarity < 0.9) similarity = Math.max(0, 2 * similarity - 0.9);
  if (similarity < 0.92 && phoneticallyEqual(a, b) && raw >= 0.75) {
    similarity = 0.92;
    how = 'double_metaphone';
  }
  if (abjad && similarity < 0.9 && a.skeleton.length >= 1 && sameSkeleton(a.skeleton, b.skeleton)) {
    similarity = 0.9;
    how = 'consonant_skeleton';
  }
  if (similarity < 0.85 && (a.text.length === 1 || b.text.length === 1) && a.text[0] === b.text[0]) {
    similarity = 0.85;
    how = 'initial';
  }
  return { similarity, how };
}

/**
 * Best-pair token similarity, order-free ("Putin Vladimir" = "Vladimir Putin"): every query token
 * is paired with at most one list token, the most alike pairs first; the similarity is the weighted
 * share of the query explained by its pairs, with the list name's unpaired tokens counting a third.
 * A compact comparison (the tokens run together) catches names split or joined differently
 * ("Abdul Rahman" / "Abdulrahman", "Xi Jin Ping" / "Xi Jinping").
 */
export function compareNames(query: NormalisedName, candidate: NormalisedName, explain = true): NameComparison {
  const q = query.tokens;
  const c = candidate.tokens;
  if (q.length === 0 || c.length === 0) return { similarity: 0, features: [] };
  const abjad = [...query.scripts, ...candidate.scripts].some((script) => ABJAD_SCRIPTS.has(script));
  const pairs: TokenPair[] = [];
  for (let i = 0; i < q.length; i++) {
    for (let j = 0; j < c.length; j++) {
      const { similarity, how } = compareTokens(q[i], c[j], abjad);
      if (similarity >= TOKEN_FLOOR) pairs.push({ query: i, candidate: j, similarity, how });
    }
  }
  pairs.sort((x, y) => y.similarity - x.similarity);
  const usedQuery = new Set<number>();
  const usedCandidate = new Set<number>();
  const chosen: TokenPair[] = [];
  for (const pair of pairs) {
    if (usedQuery.has(pair.query) || usedCandidate.has(pair.candidate)) continue;
    usedQuery.add(pair.query);
    usedCandidate.add(pair.candidate);
    chosen.push(pair);
  }
  const explained = chosen.reduce((sum, pair) => sum + pair.similarity * tokenWeight(q[pair.query]), 0);
  const queryWeight = q.reduce((sum, token) => sum + tokenWeight(token), 0);
  const extraWeight = c.reduce((sum, token, index) => sum + (usedCandidate.has(index) ? 0 : tokenWeight(token)), 0);
  const tokenSimilarity = explained / (queryWeight + EXTRA_LIST_TOKEN_WEIGHT * extraWeight);

  const compact = compactSimilarity(q, c);
  const features: MatchFeature[] = [];
  let similarity = tokenSimilarity;
  if (!explain) return { similarity: Math.max(compact, tokenSimilarity), features };
  if (compact > tokenSimilarity) {
    similarity = compact;
    features.push({ feature: 'compact_name', value: round(compact) });
  } else {
    for (const pair of [...chosen].sort((x, y) => x.query - y.query)) {
      features.push({ feature: `token:${q[pair.query].text}~${c[pair.candidate].text}`, value: `${pair.how} ${round(pair.similarity)}` });
    }
    const unmatchedQuery = q.filter((_, index) => !usedQuery.has(index)).map((token) => token.text);
    const unmatchedCandidate = c.filter((_, index) => !usedCandidate.has(index)).map((token) => token.text);
    if (unmatchedQuery.length > 0) features.push({ feature: 'unmatched_query_tokens', value: unmatchedQuery.join(' ') });
    if (unmatchedCandidate.length > 0) features.push({ feature: 'unmatched_list_tokens', value: unmatchedCandidate.join(' ') });
    const order = [...chosen].sort((x, y) => x.query - y.query).map((pair) => pair.candidate);
    if (order.some((value, index) => index > 0 && value < order[index - 1])) features.push({ feature: 'tokens_reordered', value: true });
  }
  features.unshift({ feature: 'name_similarity', value: round(similarity) });
  return { similarity, features };
}

function compactSimilarity(q: NameToken[], c: NameToken[]): number {
  // Only for names split differently; with as many tokens on each side, token pairs say more.
  if (q.length === c.length) return 0;
  const forms = (tokens: NameToken[]) => [tokens.map((t) => t.text).join(''), [...tokens.map((t) => t.text)].sort().join('')];
  const [qOrdered, qSorted] = forms(q);
  const [cOrdered, cSorted] = forms(c);
  const lengthRatio = Math.min(qOrdered.length, cOrdered.length) / Math.max(qOrdered.length, cOrdered.length);
  // Jaro-Winkler rewards a shared beginning: "josegarcia" is not "josegarcialopez".
  if (lengthRatio < 0.9) return 0;
  const best = Math.max(jaroWinkler(qOrdered, cOrdered), jaroWinkler(qSorted, cSorted));
  return best >= 0.93 ? best * lengthRatio : 0;
}

/** The evidence beside the name: date of birth, country and kind of party, each raising or lowering the score. */
export function evidenceAdjustments(evidence: PartyEvidence, facts: CandidateFacts): MatchFeature[] {
  const features: MatchFeature[] = [];
  if (evidence.kind !== 'unknown' && facts.kind !== 'unknown' && evidence.kind !== facts.kind) {
    features.push({ feature: `entity_type_conflict:${evidence.kind}/${facts.kind}`, value: EVIDENCE_POINTS.kindConflict });
  }
  if (evidence.birthDate && facts.birthDates.length > 0) {
    const wanted = evidence.birthDate;
    const year = wanted.slice(0, 4);
    if (wanted.length === 10 && facts.birthDates.includes(wanted)) {
      features.push({ feature: 'birth_date_same', value: EVIDENCE_POINTS.birthDateExact });
    } else if (facts.birthDates.some((date) => date.slice(0, 4) === year)) {
      features.push({ feature: 'birth_year_same', value: EVIDENCE_POINTS.birthYearSame });
    } else if (!facts.birthDates.some((date) => Math.abs(Number(date.slice(0, 4)) - Number(year)) <= 1)) {
      features.push({ feature: 'birth_date_conflict', value: EVIDENCE_POINTS.birthDateConflict });
    }
  }
  if (evidence.countries && evidence.countries.length > 0 && facts.countries.length > 0) {
    const same = evidence.countries.some((country) => facts.countries.includes(country));
    features.push(
      same ? { feature: 'country_same', value: EVIDENCE_POINTS.countrySame } : { feature: 'country_conflict', value: EVIDENCE_POINTS.countryConflict },
    );
  }
  return features;
}

/**
 * A candidate's score: 100 × name similarity, plus the evidence points, bounded to 0–100. The
 * features are written only for a score of at least `explainFrom` (most candidates of a search are
 * discarded, and writing their explanations would cost more than scoring them).
 */
export function scoreCandidate(
  query: NormalisedName,
  evidence: PartyEvidence,
  candidate: NormalisedName,
  facts: CandidateFacts,
  explainFrom = 0,
): ScoredCandidate {
  let name = compareNames(query, candidate, false);
  const adjustments = evidenceAdjustments(evidence, facts);
  const points = adjustments.reduce((sum, feature) => sum + (feature.value as number), 0);
  const score = Math.max(0, Math.min(100, Math.round(name.similarity * 100 + points)));
  if (score < explainFrom) return { score, nameSimilarity: name.similarity, features: [] };
  name = compareNames(query, candidate, true);
  const features = [...name.features, ...adjustments];
  if (query.scripts.length > 0) features.push({ feature: 'transliterated_from', value: query.scripts.join(' ') });
  if (query.removed.length > 0) features.push({ feature: 'ignored_words', value: query.removed.join(' ') });
  return { score, nameSimilarity: name.similarity, features };
}

export type ScreeningStatus = 'CLEAR' | 'REVIEW' | 'MATCH';

export interface ScreeningThresholds {
  /** A best score at or above it is a possible match (REVIEW). */
  review: number;
  /** A best score at or above it is a match (MATCH). */
  match: number;
}

export function statusFor(score: number | undefined, thresholds: ScreeningThresholds): ScreeningStatus {
  if (score === undefined || score < thresholds.review) return 'CLEAR';
  return score >= thresholds.match ? 'MATCH' : 'REVIEW';
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
