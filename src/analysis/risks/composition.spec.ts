import { describe, expect, it } from '@jest/globals';
import { phrasesOf, type Composition } from './composition.js';
import { term } from './lexicon.js';

const BREACH_COVENANT: Composition = { parts: [term('breached|tripped'), term('covenant')], within: 5 };
const texts = (sentence: string, composition: Composition) => phrasesOf(sentence, composition).map((phrase) => sentence.slice(phrase.start, phrase.end));

describe('phrasesOf', () => {
  it('finds the parts of a composition in either order, with the words between them', () => {
    expect(texts('The Company tripped its minimum EBITDA covenant.', BREACH_COVENANT)).toEqual(['tripped its minimum EBITDA covenant']);
    expect(texts('The leverage covenant was breached.', BREACH_COVENANT)).toEqual(['covenant was breached']);
  });

  it('keeps the given order when the composition is ordered', () => {
    const ordered = { ...BREACH_COVENANT, ordered: true };
    expect(texts('The leverage covenant was breached.', ordered)).toEqual([]);
  });

  it('counts only the words between the parts against the limit', () => {
    expect(texts('The Group breached the maximum consolidated senior secured net covenant.', BREACH_COVENANT)).toEqual([]);
    expect(texts('The Group breached the maximum leverage covenant.', BREACH_COVENANT)).toHaveLength(1);
  });

  it('does not count an aside between commas against the limit', () => {
    expect(texts('The covenant, which the lenders set at 3.5 times EBITDA in the 2023 amendment, was breached.', BREACH_COVENANT)).toEqual([
      'covenant, which the lenders set at 3.5 times EBITDA in the 2023 amendment, was breached',
    ]);
  });

  it('does not pair parts across a semicolon or a contrasting conjunction', () => {
    expect(texts('We met the leverage covenant; a supplier breached its contract.', BREACH_COVENANT)).toEqual([]);
    expect(texts('We met the covenant but breached nothing.', BREACH_COVENANT)).toEqual([]);
  });

  it('never lets two parts share the same words', () => {
    const overlapping: Composition = { parts: [term('covenant breach'), term('breach')], within: 3 };
    expect(texts('a covenant breach', overlapping)).toEqual([]);
  });

  it('lists the tightest phrase first', () => {
    expect(texts('The covenant was breached when the lender tested the covenant.', BREACH_COVENANT)).toEqual([
      'covenant was breached',
      'breached when the lender tested the covenant',
    ]);
  });
});
