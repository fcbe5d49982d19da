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
