import { scoreCandidate, type MatchFeature, type PartyEvidence } from './name-matcher.js';
import { normaliseName, type NameToken, type NormalisedName, type PartyKind } from './name-normaliser.js';

/** One party on a sanctions list, as the list readers give it. */
export interface ListEntry {
  /** The list's name as results show it ("OFAC SDN"). */
  list: string;
  /** The list's own identifier (for OFAC the `ent_num`). */
  entityId: string;
  /** The primary name as the list writes it. */
  name: string;
  aliases: string[];
  kind: PartyKind;
  /** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  birthDates: string[];
  /** ISO 3166-1 alpha-2, lower case. */
  countries: string[];
  /** The sanctions programmes the entry is listed under. */
  programs: string[];
}

export interface IndexMatch {
  entry: ListEntry;
  score: number;
  /** The alias that matched best, when it was not the primary name. */
  matchedAlias?: string;
  features: MatchFeature[];
}

interface Variant {
  entry: number;
  alias?: string;
  name: NormalisedName;
}

/**
 * Sanctions entries held in memory with a blocking index: each name variant (primary name and
 * aliases) is filed under keys of its tokens (Double Metaphone codes, first three letters, first
 * three consonants), so a query scores only the variants sharing keys with two of its tokens
 * rather than the whole list.
 */
export class ScreeningIndex {
  private readonly variants: Variant[] = [];
  private readonly blocks = new Map<string, number[]>();
  /** Per variant: the search that last counted it, and how many query tokens share a key with it. */
  private readonly countedBy: Int32Array;
  private readonly hits: Int32Array;
  /** Per variant: the query token that last reached it (a token reaching it by two keys counts once). */
  private readonly reachedBy: Int32Array;
  private searches = 0;
  private tokensSeen = 0;

  private constructor(readonly entries: readonly ListEntry[]) {
    entries.forEach((entry, index) => {
      const names: Array<{ text: string; alias?: string }> = [{ text: entry.name }, ...entry.aliases.map((alias) => ({ text: alias, alias }))];
      for (const { text, alias } of names) {
        const name = normaliseName(text, entry.kind);
        if (name.tokens.length === 0) continue;
        const variant = this.variants.push({ entry: index, alias, name }) - 1;
        for (const key of new Set(name.tokens.flatMap(blockingKeys))) {
          let block = this.blocks.get(key);
          if (!block) this.blocks.set(key, (block = []));
          block.push(variant);
        }
      }
    });
    this.countedBy = new Int32Array(this.variants.length);
    this.hits = new Int32Array(this.variants.length);
    this.reachedBy = new Int32Array(this.variants.length);
  }

  static build(entries: readonly ListEntry[]): ScreeningIndex {
    return new ScreeningIndex(entries);
  }

  get size(): number {
    return this.entries.length;
  }

  /** The entries scoring at least `minScore`, best first, one result per entry (its best-scoring name). */
  search(query: NormalisedName, evidence: PartyEvidence, options: { minScore: number; limit: number }): IndexMatch[] {
    const best = new Map<number, IndexMatch>();
    for (const variantIndex of this.candidates(query)) {
      const variant = this.variants[variantIndex];
      const entry = this.entries[variant.entry];
      const scored = scoreCandidate(query, evidence, variant.name, entry, options.minScore);
      if (scored.score < options.minScore) continue;
      const previous = best.get(variant.entry);
      if (previous && previous.score >= scored.score) continue;
      best.set(variant.entry, { entry, score: scored.score, matchedAlias: variant.alias, features: scored.features });
    }
    return [...best.values()].sort((a, b) => b.score - a.score || a.entry.entityId.localeCompare(b.entry.entityId)).slice(0, options.limit);
  }

  /**
   * The variants sharing a blocking key with at least two of the query's tokens (one, when either
   * name has a single token): a name that shares one common word with the query ("Mohammed") is
   * not a candidate, which keeps the scored set small on a large list.
   */
  private candidates(query: NormalisedName): number[] {
    const search = ++this.searches;
    const touched: number[] = [];
    for (const token of query.tokens) {
      const reach = ++this.tokensSeen;
      for (const key of blockingKeys(token)) {
        for (const variant of this.blocks.get(key) ?? []) {
          if (this.reachedBy[variant] === reach) continue;
          this.reachedBy[variant] = reach;
          if (this.countedBy[variant] !== search) {
            this.countedBy[variant] = search;
            this.hits[variant] = 0;
            touched.push(variant);
          }
          this.hits[variant]++;
        }
      }
    }
    return touched.filter((variant) => this.hits[variant] >= Math.min(2, query.tokens.length, this.variants[variant].name.tokens.length));
  }
}

function blockingKeys(token: NameToken): string[] {
  const keys = [`t:${token.text.slice(0, 3)}`];
  const [primary, secondary] = token.phonetic;
  if (primary) keys.push(`p:${primary}`);
  if (secondary && secondary !== primary) keys.push(`p:${secondary}`);
  if (token.skeleton.length >= 2) keys.push(`s:${token.skeleton.slice(0, 3)}`);
  return keys;
}
