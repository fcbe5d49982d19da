import { InvalidInputException } from '../../common/errors/app.exception.js';
import { ProviderResourceNotFoundException } from '../../providers/http/provider.exceptions.js';

export interface NamedRecord<Id> {
  id: Id;
  name: string;
  /** Other spellings that count as an exact match (domains, slugs). */
  aliases: string[];
}

/**
 * The record a name means, among a provider's search results: one whose name (or an alias) equals
 * it ignoring case; else the only result. None is NOT_FOUND; several without an exact match are
 * for the caller to choose from, so the error lists them (a wrong company is worse than a question).
 */
export function pickByName<Id>(records: NamedRecord<Id>[], wanted: string, displayName: string, noun: string): NamedRecord<Id> {
  const key = wanted.trim().toLowerCase();
  const exact =
    records.find((record) => record.name.toLowerCase() === key) ?? records.find((record) => record.aliases.some((alias) => alias.toLowerCase() === key));
  if (exact) return exact;
  if (records.length === 1) return records[0];
  if (records.length === 0) throw new ProviderResourceNotFoundException(displayName, `${noun} matching "${wanted}"`);
  const names = records.slice(0, 10).map((record) => `"${record.name}"`);
  throw new InvalidInputException(
    `${displayName} has ${records.length} ${noun}s matching "${wanted}" and none named exactly so: ${names.join(', ')}. Call again with one of these names as companyName.`,
  );
}
