import { randomUUID } from 'node:crypto';

/**
 * A UUID version 7 (RFC 9562, 5.7): 48 bits of Unix milliseconds, then random bits. Ids written in
 * the order they are made land at the end of a B-tree index instead of on a random page. The
 * random bits and the variant come from Node's randomUUID (pooled, a fraction of the cost of a
 * getRandomValues call per id, as the `uuid` package makes); the version nibble becomes 7.
 */
export function timeOrderedUuid(now = Date.now()): string {
  const milliseconds = now.toString(16).padStart(12, '0');
  const random = randomUUID();
  return `${milliseconds.slice(0, 8)}-${milliseconds.slice(8, 12)}-7${random.slice(15)}`;
}

/**
 * The smallest UUID version 7 of the millisecond `instant`: its 48-bit timestamp, the version and
 * the variant, every random bit zero. It sorts (as text, and as PostgreSQL's byte-wise uuid order)
 * after every timeOrderedUuid of the milliseconds before and not after any of `instant` or later,
 * so `id < timeOrderedUuidLowerBound(t)` selects the ids made before `t` (a range of an index).
 */
export function timeOrderedUuidLowerBound(instant: number): string {
  const milliseconds = Math.floor(instant).toString(16).padStart(12, '0');
  return `${milliseconds.slice(0, 8)}-${milliseconds.slice(8, 12)}-7000-8000-000000000000`;
}
