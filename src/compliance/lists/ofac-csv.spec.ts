import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { countryCode } from './countries.js';
import { ListFormatException, ofacDates, ofacRemarkFacts, readOfacCsv } from './ofac-csv.js';

const fixture = (name: string) => readFileSync(`test/fixtures/sanctions/${name}`, 'utf8');

describe('readOfacCsv', () => {
  const entries = readOfacCsv('OFAC SDN', { primary: fixture('sdn.csv'), aliases: fixture('alt.csv'), addresses: fixture('add.csv') });
  const byId = (id: string) => entries.find((entry) => entry.entityId === id);

  it('reads every entry of sdn.csv, the end-of-file mark included', () => expect(entries).toHaveLength(12));

  it('reads a person with dates of birth, nationality, programme and aliases', () => {
    expect(byId('35096')).toEqual({
      list: 'OFAC SDN',
      entityId: '35096',
      name: 'PUTIN, Vladimir Vladimirovich',
      aliases: ['PUTIN, Vladimir'],
      kind: 'person',
      birthDates: ['1952-10-07'],
      countries: ['ru'],
      programs: ['RUSSIA-EO14024'],
    });
  });

  it('reads an entity (no SDN type) as a company, with several programmes and countries from add.csv', () => {
    expect(byId('15256')).toMatchObject({ kind: 'company', programs: ['UKRAINE-EO13661', 'RUSSIA-EO14024'], countries: ['ru'] });
  });

  it('reads a vessel with its flag as its country', () => expect(byId('12346')).toMatchObject({ kind: 'vessel', countries: ['kp'] }));

  it('refuses a file with no readable entry', () => {
    expect(() => readOfacCsv('OFAC SDN', { primary: '<html>Not here</html>' })).toThrow(ListFormatException);
  });
});

describe('OFAC remarks', () => {
  it('reads full, month, year, circa and ranged dates', () => {
    expect(ofacDates('07 Oct 1952')).toEqual(['1952-10-07']);
    expect(ofacDates('Oct 1952')).toEqual(['1952-10']);
    expect(ofacDates('circa 1970')).toEqual(['1970']);
    expect(ofacDates('1958 to 1960')).toEqual(['1958', '1959', '1960']);
  });

  it('reads alternative dates of birth and nationality in list spelling', () => {
    expect(ofacRemarkFacts('DOB 14 Apr 1965; alt. DOB 01 Mar 1964; nationality Korea, North; citizen Pakistan.')).toEqual({
      birthDates: ['1965-04-14', '1964-03-01'],
      countries: ['kp', 'pk'],
    });
  });
});

describe('countryCode', () => {
  it('reads codes and English names', () => {
    expect(countryCode('RU')).toBe('ru');
    expect(countryCode('Russia')).toBe('ru');
    expect(countryCode('Burma')).toBe('mm');
    expect(countryCode('Russian Federation')).toBe('ru');
    expect(countryCode('Atlantis')).toBeUndefined();
  });
});
