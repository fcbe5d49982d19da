import { describe, expect, it } from '@jest/globals';
import { noun, oneOf, term, verb } from './lexicon.js';

const whole = (source: string) => new RegExp(`^${source}$`, 'i');

describe('lexicon', () => {
  it.each([
    ['breach', ['breach', 'breaches', 'breached', 'breaching']],
    ['waive', ['waive', 'waives', 'waived', 'waiving']],
    ['rely', ['rely', 'relies', 'relied', 'relying']],
    ['resign', ['resign', 'resigns', 'resigned', 'resigning']],
  ])('inflects the regular verb %s in every form', (base, forms) => {
    for (const form of forms) expect(whole(verb(base)).test(form)).toBe(true);
  });

  it('doubles the final consonant of a verb that asks for it: trip, tripped, tripping', () => {
    expect(['trip', 'trips', 'tripped', 'tripping'].every((form) => whole(verb('trip', { doubled: true })).test(form))).toBe(true);
    expect(whole(verb('trip')).test('tripped')).toBe(false);
  });

  it.each([
    ['lawsuit', 'lawsuits'],
    ['inquiry', 'inquiries'],
    ['loss', 'losses'],
  ])('reads the noun %s and its plural %s', (singular, plural) => {
    expect(whole(noun(singular)).test(singular)).toBe(true);
    expect(whole(noun(singular)).test(plural)).toBe(true);
  });

  it('matches a term as whole words only: "sue" is not in "issue" or "pursue"', () => {
    const sue = term(verb('sue'));
    expect('A supplier sued the Company.'.match(sue)?.[0]).toBe('sued');
    expect('We will pursue the issue.'.match(sue)).toBeNull();
  });

  it('keeps an alternation whole inside a term (the word bounds apply to every alternative)', () => {
    expect('the nonpayment notice'.match(term(oneOf('payment', 'notice')))?.[0]).toBe('notice');
  });

  it('matches acronyms case-sensitively when asked: "SEC" is not "sec."', () => {
    const sec = term('SEC', { caseSensitive: true });
    expect('a subpoena from the SEC'.match(sec)?.[0]).toBe('SEC');
    expect('see sec 4'.match(sec)).toBeNull();
  });
});
