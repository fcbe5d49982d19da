/**
 * Reading a provider's JSON without trusting it: every field may be missing, null or of another
 * type than documented. Each reader answers the documented type or null (or an empty list), so a
 * surprising value becomes "unknown" in our result, never a crash or a wrong type.
 */
export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** A finite number, or a numeric string ("1000", "-12.5") as some APIs send amounts. */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

export function integerOf(value: unknown): number | null {
  const number = numberOf(value);
  return number !== null && Number.isInteger(number) ? number : null;
}

export function textsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.map(textOf).filter((item): item is string => item !== null) : [];
}

export function integersOf(value: unknown): number[] {
  return Array.isArray(value) ? value.map(integerOf).filter((item): item is number => item !== null) : [];
}

export function recordsOf(value: unknown): JsonRecord[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** An ISO 8601 date or date-time as the provider wrote it, when it parses. */
export function dateOf(value: unknown): string | null {
  const text = textOf(value);
  return text !== null && !Number.isNaN(Date.parse(text)) ? text : null;
}
