import { describe, expect, it } from '@jest/globals';
import { currencyIn, decimalMarkOf, dollarOf, parseAmount, scaleIn, withDecimalPoint } from './amounts.js';

describe('parseAmount', () => {
  it.each([
    ['1,234', 1234],
    ['(1,234)', -1234],
    ['1,234-', -1234],
    ['-1,234', -1234],
    ['−1,234', -1234],
    ['$ 1,234', 1234],
    ['($1,234)', -1234],
    ['€1.234.567', 1234567],
    ['1.234,50', 1234.5],
    ['1 234 567', 1234567],
    ['USD 12,000', 12000],
    ['—', 0],
    ['-', 0],
    ['12.5', 12.5],
    ['1,86,423.70', 186423.7],
    ['(12,34,56,789)', -123456789],
    ['△1,234', -1234],
    ['▲ 56', -56],
    ['Nil', 0],
  ])('reads %s as %d', (text, value) => {
    expect(parseAmount(text)?.value).toBe(value);
  });

  it.each(['12.5%', 'Revenue', '31/12/2024', 'Q1', '', 'CHF 000', "£'000"])('refuses %s as an amount', (text) => {
    expect(parseAmount(text)).toBeNull();
  });
});

describe('scaleIn', () => {
  it.each([
    ['(in thousands)', 1e3],
    ['(In thousands of U.S. dollars)', 1e3],
    ["$'000", 1e3],
    ['£000', 1e3],
    ['(in millions)', 1e6],
    ['€m', 1e6],
    ['(in millions of euros)', 1e6],
    ['(MILLIONS, EXCEPT PER COMMON SHARE DATA)', 1e6],
    ['(Thousands, except per share amounts)', 1e3],
    ['USD bn', 1e9],
    ['NOK 1000', 1e3],
    ['in 1 000 EUR', 1e3],
    ['MSEK', 1e6],
  ])('reads the scale of %s', (text, scale) => {
    expect(scaleIn(text)).toBe(scale);
  });

  it('finds no scale in a heading without scale words', () => {
    expect(scaleIn('Consolidated Balance Sheets')).toBeNull();
  });
});

describe('currencyIn', () => {
  it.each([
    ['(in thousands of U.S. dollars)', 'USD'],
    ['€m', 'EUR'],
    ["(£'000)", 'GBP'],
    ["(in EUR '000)", 'EUR'],
    ['CHF thousands', 'CHF'],
    ['TEUR', 'EUR'],
    ['in kEUR', 'EUR'],
    ['US$ 1,234', 'USD'],
  ])('reads the currency of %s', (text, currency) => {
    expect(currencyIn(text)).toBe(currency);
  });
});

describe('the world’s number formats', () => {
  it.each([
    ['1,234 CR', -1234],
    ['1,234 DR', 1234],
    ['(1,234)*', -1234],
    ['1,234(a)', 1234],
    ['2,306,151)', -2306151],
  ])('reads %s as %d', (cell, value) => {
    expect(parseAmount(cell)?.value).toBe(value);
  });

  it.each([
    ['TEUR', 1e3],
    ['in kEUR', 1e3],
    ['CHF 1’000', 1e3],
    ['(₹ in crore)', 1e7],
    ['Rs. in lakhs', 1e5],
    ['EUR m', 1e6],
  ])('reads the scale of %s', (text, scale) => {
    expect(scaleIn(text)).toBe(scale);
  });

  it('tells a decimal-comma document by its unambiguous figures, and reads 42.779 there as forty-two thousand', () => {
    expect(decimalMarkOf(['1.234,5', '42.779', '0,75', '2024'])).toBe('comma');
    expect(decimalMarkOf(['1,234.5', '42,779', '0.75'])).toBe('point');
    expect(withDecimalPoint('(42.779)')).toBe('(42779)');
    expect(withDecimalPoint('1.234.567,89')).toBe('1234567.89');
    expect(withDecimalPoint('12,5')).toBe('12.5');
  });

  it('takes a dot between whole thousands as the thousands separator when no figure tells otherwise (TEUR statements)', () => {
    expect(decimalMarkOf(['18.652', '17.503', '412', '2.500', '−1.200'])).toBe('comma');
    expect(decimalMarkOf(['18,652', '17,503', '2.500'])).toBe('point');
    expect(decimalMarkOf(['0.125', '0.250', '1.500'])).toBe('point');
  });
});

describe('dollarOf', () => {
  it('reads a bare "$" as the one other dollar a document names, else as US dollars', () => {
    expect(dollarOf('(expressed in thousands of Canadian dollars)')).toBe('CAD');
    expect(dollarOf("A$'000")).toBe('AUD');
    expect(dollarOf('Cash $ 72,179')).toBe('USD');
    expect(dollarOf('Canadian dollars, translated into U.S. dollars')).toBe('USD');
    expect(currencyIn('Cash $ 72,179', 'CAD')).toBe('CAD');
    expect(currencyIn('US$ 72,179', 'CAD')).toBe('USD');
  });
});
