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
 * three consonants), so a query scores only the variants sharing a key with it rather than the
 * whole list. Keys that would bring in a large share of the list (a very common given name) are
 * skipped while rarer keys of the query exist.
 */
export class ScreeningIndex {
  private readonly variants: Variant[] = [];
  private readonly blocks = new Map<string, number[]>();
  private readonly crowdedBlock: number;

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
    this.crowdedBlock = Math.max(500, Math.floor(this.variants.length * 0.05));
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
      const scored = scoreCandidate(query, evidence, variant.name, entry);
      if (scored.score < options.minScore) continue;
      const previous = best.get(variant.entry);
      if (previous && previous.score >= scored.score) continue;
      best.set(variant.entry, { entry, score: scored.score, matchedAlias: variant.alias, features: scored.features });
    }
    return [...best.values()].sort((a, b) => b.score - a.score || a.entry.entityId.localeCompare(b.entry.entityId)).slice(0, options.limit);
  }

  private candidates(query: NormalisedName): Set<number> {
    const blocks = [...new Set(query.tokens.flatMap(blockingKeys))]
      .map((key) => this.blocks.get(key))
      .filter((block): block is number[] => block !== undefined)
      .sort((a, b) => a.length - b.length);
    const chosen = blocks.filter((block) => block.length <= this.crowdedBlock);
    if (chosen.length === 0 && blocks.length > 0) chosen.push(blocks[0]);
    const candidates = new Set<number>();
    for (const block of chosen) for (const variant of block) candidates.add(variant);
    return candidates;
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
