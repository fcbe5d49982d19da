import { describe, expect, it } from '@jest/globals';
import { isBase64 } from 'class-validator';
import { isPaddedBase64 } from './base64.js';

describe('isPaddedBase64', () => {
  it.each([
    ['', true],
    ['QQ==', true],
    ['QUI=', true],
    ['QUJD', true],
    ['QUJDRA==', true],
    ['a+/9', true],
    ['QQ=', false],
    ['====', false],
    ['Q===', false],
    ['QQ=A', false],
    ['Q=QA', false],
    ['QU JD', false],
    ['QUJD\n', false],
    ['QU-_', false],
    ['QUJDé===', false],
  ])('%j is %s', (value, expected) => {
    expect(isPaddedBase64(value)).toBe(expected);
  });

  it("agrees with class-validator's isBase64 on 20 000 strings drawn from base64 characters, padding and intruders", () => {
    const characters = 'AZaz09+/===-_ \n.';
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let sample = 0; sample < 20_000; sample++) {
      const length = next() % 13;
      const value = Array.from({ length }, () => characters[next() % characters.length]).join('');
      expect([value, isPaddedBase64(value)]).toEqual([value, isBase64(value)]);
    }
  });

  it('accepts the base64 of any bytes', () => {
    for (let length = 0; length < 64; length++) {
      const bytes = Buffer.from(Array.from({ length }, (_, index) => (index * 37 + length) % 256));
      expect(isPaddedBase64(bytes.toString('base64'))).toBe(true);
    }
  });
});
