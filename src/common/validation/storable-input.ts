/**
 * One rule for every piece of client input, applied at the edge before any DTO, tool or query
 * sees it: text must be storable by PostgreSQL (no U+0000, no unpaired UTF-16 surrogates, which
 * `text` and `jsonb` both refuse), and structures are nested at most MAX_INPUT_DEPTH levels (no
 * input of this API needs more, and the validators and schema checks that walk it recurse).
 */
export const MAX_INPUT_DEPTH = 32;

const NUL = '\u0000';

/** Why `text` cannot be stored, or undefined when it can. */
export function unstorableTextReason(text: string): string | undefined {
  if (text.includes(NUL)) return 'contains U+0000 (NUL), which cannot be stored';
  if (!text.isWellFormed()) return 'contains an unpaired UTF-16 surrogate, which cannot be stored';
  return undefined;
}

/**
 * The first problem in `value` as `path: reason`, or undefined. Walks iteratively, so that the
 * depth check itself cannot overflow the stack on hostile input; object keys are checked as text too.
 */
export function findUnstorableInput(value: unknown, rootPath: string): string | undefined {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: rootPath, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, path, depth } = pending.pop()!;
    if (typeof current === 'string') {
      const reason = unstorableTextReason(current);
      if (reason) return `${path || 'body'}: ${reason}`;
      continue;
    }
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    if (depth >= MAX_INPUT_DEPTH) return `${path || 'body'}: nested deeper than ${MAX_INPUT_DEPTH} levels`;
    const entries: [string, unknown][] = Array.isArray(current) ? current.map((item, index) => [String(index), item]) : Object.entries(current);
    for (const [key, child] of entries) {
      const keyReason = unstorableTextReason(key);
      if (keyReason) return `${path || 'body'}: a property name ${keyReason}`;
      pending.push({ value: child, path: Array.isArray(current) ? `${path}[${key}]` : path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return undefined;
}
