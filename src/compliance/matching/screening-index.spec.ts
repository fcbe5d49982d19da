import { describe, expect, it } from '@jest/globals';
import { normaliseName } from './name-normaliser.js';
import { ScreeningIndex, type ListEntry } from './screening-index.js';

const entry = (entityId: string, name: string, extra: Partial<ListEntry> = {}): ListEntry => ({
  list: 'OFAC SDN',
  entityId,
  name,
  aliases: [],
  kind: 'person',
  birthDates: [],
  countries: [],
  programs: [],
  ...extra,
});

const index = ScreeningIndex.build([
  entry('1', 'Vladimir Vladimirovich PUTIN', { birthDates: ['1952-10-07'], countries: ['ru'] }),
  entry('2', 'Ali HASSAN'),
  entry('3', 'BANK ROSSIYA', { kind: 'company', aliases: ['AB ROSSIYA', 'JOINT STOCK COMPANY BANK ROSSIYA'] }),
  entry('4', 'Maria GARCIA LOPEZ'),
]);

const search = (name: string, kind: 'person' | 'company' = 'person') => index.search(normaliseName(name, kind), { kind }, { minScore: 60, limit: 10 });

describe('ScreeningIndex', () => {
  it('finds an entry by a reordered, partial name', () => {
    const [best] = search('Putin Vladimir');
    expect(best.entry.entityId).toBe('1');
    expect(best.score).toBeGreaterThanOrEqual(80);
  });

  it('finds an entry through an alias and names the alias', () => {
    const [best] = search('AB Rossiya', 'company');
    expect(best).toMatchObject({ entry: { entityId: '3' }, matchedAlias: 'AB ROSSIYA', score: 100 });
  });

  it('gives one result per entry, from its best name', () => {
    const results = search('Bank Rossiya', 'company');
    expect(results.filter((result) => result.entry.entityId === '3')).toHaveLength(1);
    expect(results[0].score).toBe(100);
  });

  it('lowers a person match on a company entry', () => {
    const [asPerson] = search('Bank Rossiya', 'person');
    expect(asPerson.score).toBeLessThan(80);
  });

  it('finds nothing for a name sharing no key with the list', () => {
    expect(search('Zhou Xiaoming')).toEqual([]);
  });

  it('lists the features behind each score', () => {
    const [best] = search('Владимир Путин');
    expect(best.features).toEqual(
      expect.arrayContaining([
        { feature: 'token:vladimir~vladimir', value: 'exact 1' },
        { feature: 'token:putin~putin', value: 'exact 1' },
        { feature: 'unmatched_list_tokens', value: 'vladimirovich' },
        { feature: 'transliterated_from', value: 'cyrillic' },
      ]),
    );
  });
});
