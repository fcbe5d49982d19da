import { describe, expect, it } from '@jest/globals';
import { compareNames, evidenceAdjustments, EVIDENCE_POINTS, scoreCandidate, statusFor } from './name-matcher.js';
import { hasScreenableContent, normaliseName, personNameInReadingOrder } from './name-normaliser.js';

const words = (name: string, kind: Parameters<typeof normaliseName>[1] = 'unknown') => normaliseName(name, kind).tokens.map((token) => token.text);
const similarity = (a: string, b: string, kind: Parameters<typeof normaliseName>[1] = 'person') =>
  compareNames(normaliseName(a, kind), normaliseName(b, kind)).similarity;

describe('normaliseName', () => {
  it('lower-cases, strips accents and splits on punctuation', () => {
    expect(words('José-María  GÓMEZ, Jr.', 'person')).toEqual(['jose', 'maria', 'gomez']);
  });

  it('transliterates Cyrillic to Latin', () => {
    expect(words('Владимир Путин', 'person')).toEqual(['vladimir', 'putin']);
    expect(normaliseName('Владимир Путин', 'person').scripts).toEqual(['cyrillic']);
  });

  it('transliterates Arabic to its consonants', () => {
    expect(words('محمد بن سلمان', 'person')).toEqual(['mhmd', 'bn', 'slmn']);
  });

  it('writes a Chinese personal name as pinyin family name and joined given name', () => {
    expect(words('习近平', 'person')).toEqual(['xi', 'jinping']);
  });

  it('removes honorifics from persons but keeps them when nothing else is left', () => {
    expect(words('Sheikh Dr. Ali Hassan', 'person')).toEqual(['ali', 'hassan']);
    expect(normaliseName('Mr. Ali Hassan', 'person').removed).toEqual(['mr']);
    expect(words('General', 'person')).toEqual(['general']);
  });

  it('removes company forms, dotted or not, and multi-word forms', () => {
    expect(words('Rosneft Oil Company OOO', 'company')).toEqual(['rosneft', 'oil']);
    expect(words('Banco Exemplo S.A.', 'company')).toEqual(['banco', 'exemplo']);
    expect(words('Acme Trading L.L.C.', 'company')).toEqual(['acme', 'trading']);
    expect(words('Public Joint Stock Company Sovcomflot', 'company')).toEqual(['sovcomflot']);
    expect(words('Müller GmbH & Co. KG', 'company')).toEqual(['muller', 'and']);
  });

  it('has nothing to screen in a name of punctuation only', () => {
    expect(hasScreenableContent(normaliseName('!!! ... ---', 'person'))).toBe(false);
    expect(hasScreenableContent(normaliseName('Ali', 'person'))).toBe(true);
  });

  it('reads a list name written family name first', () => {
    expect(personNameInReadingOrder('PUTIN, Vladimir Vladimirovich')).toBe('Vladimir Vladimirovich PUTIN');
    expect(personNameInReadingOrder('BANK ROSSIYA')).toBe('BANK ROSSIYA');
  });
});

describe('compareNames', () => {
  it('scores the same name 1', () => expect(similarity('Vladimir Putin', 'Vladimir Putin')).toBe(1));

  it('ignores the order of tokens and says so', () => {
    const comparison = compareNames(normaliseName('Putin Vladimir', 'person'), normaliseName('Vladimir Putin', 'person'));
    expect(comparison.similarity).toBe(1);
    expect(comparison.features).toContainEqual({ feature: 'tokens_reordered', value: true });
  });

  it('counts an extra list token (a patronymic) less than a missing query token', () => {
    const partial = similarity('Vladimir Putin', 'Vladimir Vladimirovich Putin');
    const extra = similarity('Vladimir Vladimirovich Putin', 'Vladimir Putin');
    expect(partial).toBeGreaterThan(0.8);
    expect(extra).toBeLessThan(partial);
  });

  it('matches a misspelt token through Jaro-Winkler', () => {
    expect(similarity('Vladimir Poutin', 'Vladimir Putin')).toBeGreaterThan(0.9);
  });

  it('matches spellings that sound alike through Double Metaphone', () => {
    const comparison = compareNames(normaliseName('Mohamed Khaled', 'person'), normaliseName('Muhammad Khalid', 'person'));
    expect(comparison.similarity).toBeGreaterThan(0.85);
  });

  it('matches an Arabic-script name to its Latin spelling by consonant skeleton', () => {
    const comparison = compareNames(normaliseName('محمد بن سلمان', 'person'), normaliseName('Mohammed bin Salman', 'person'));
    expect(comparison.similarity).toBeGreaterThan(0.85);
    expect(comparison.features.some((feature) => String(feature.value).startsWith('consonant_skeleton'))).toBe(true);
  });

  it('matches names split or joined differently', () => {
    expect(similarity('Abdul Rahman Yasin', 'Abdulrahman Yasin')).toBeGreaterThan(0.9);
  });

  it('keeps different names apart', () => {
    expect(similarity('John Smith', 'Vladimir Putin')).toBe(0);
    expect(similarity('Maria Garcia', 'Mario Gomez')).toBeLessThan(0.8);
  });
});

describe('evidence', () => {
  const facts = { kind: 'person' as const, birthDates: ['1952-10-07'], countries: ['ru'] };

  it('raises the score for the same date of birth and country', () => {
    expect(evidenceAdjustments({ kind: 'person', birthDate: '1952-10-07', countries: ['ru'] }, facts)).toEqual([
      { feature: 'birth_date_same', value: EVIDENCE_POINTS.birthDateExact },
      { feature: 'country_same', value: EVIDENCE_POINTS.countrySame },
    ]);
  });

  it('raises it less for the same year only', () => {
    expect(evidenceAdjustments({ kind: 'person', birthDate: '1952' }, facts)).toEqual([{ feature: 'birth_year_same', value: EVIDENCE_POINTS.birthYearSame }]);
  });

  it('lowers it for a conflicting date of birth, country or kind of party', () => {
    expect(evidenceAdjustments({ kind: 'company', birthDate: '1980-01-01', countries: ['fr'] }, facts)).toEqual([
      { feature: 'entity_type_conflict:company/person', value: EVIDENCE_POINTS.kindConflict },
      { feature: 'birth_date_conflict', value: EVIDENCE_POINTS.birthDateConflict },
      { feature: 'country_conflict', value: EVIDENCE_POINTS.countryConflict },
    ]);
  });

  it('says nothing when the list has no such fact', () => {
    expect(evidenceAdjustments({ kind: 'person', birthDate: '1980', countries: ['fr'] }, { kind: 'person', birthDates: [], countries: [] })).toEqual([]);
  });

  it('applies the points to the name score, bounded to 0..100', () => {
    const query = normaliseName('Vladimir Putin', 'person');
    const listed = normaliseName('Vladimir Putin', 'person');
    expect(scoreCandidate(query, { kind: 'person', birthDate: '1952-10-07' }, listed, facts).score).toBe(100);
    expect(scoreCandidate(query, { kind: 'person', birthDate: '1990-01-01' }, listed, facts).score).toBe(80);
  });
});

describe('statusFor', () => {
  const thresholds = { review: 80, match: 92 };
  it('is CLEAR without a candidate or below the review threshold', () => {
    expect(statusFor(undefined, thresholds)).toBe('CLEAR');
    expect(statusFor(79, thresholds)).toBe('CLEAR');
  });
  it('is REVIEW from the review threshold and MATCH from the match threshold', () => {
    expect(statusFor(80, thresholds)).toBe('REVIEW');
    expect(statusFor(92, thresholds)).toBe('MATCH');
  });
});

describe('abjad transliterations', () => {
  it('keeps a vowel-less word that spells a Latin title ("عمر", Omar → "mr")', () => {
    expect(normaliseName('عمر محمود حكيم', 'person').tokens.map((token) => token.text)).toEqual(['mr', 'mhmwd', 'hkym']);
    expect(compareNames(normaliseName('عمر محمود حكيم', 'person'), normaliseName('HAKIM, Omar Mahmoud', 'person')).similarity).toBeGreaterThanOrEqual(0.9);
  });
});
