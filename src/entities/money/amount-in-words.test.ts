import { describe, expect, it } from 'vitest';
import { pesosInWords, wholeNumberInWords } from './amount-in-words';

describe('pesosInWords', () => {
  it.each([
    [123_456, 'One thousand two hundred thirty-four pesos and 56/100'],
    [100, 'One peso and 00/100'],
    [5, 'Zero pesos and 05/100'],
    [150_000, 'One thousand five hundred pesos and 00/100'],
    [175_025, 'One thousand seven hundred fifty pesos and 25/100'],
    [1_000_000_00, 'One million pesos and 00/100'],
    [2_030_040_99, 'Two million thirty thousand forty pesos and 99/100'],
    [
      999_999_999_999,
      'Nine billion nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine pesos and 99/100',
    ],
  ])('writes %i centavos as "%s"', (centavos, words) => {
    expect(pesosInWords(centavos)).toBe(words);
  });

  it('refuses what is not a whole, non-negative number of centavos', () => {
    expect(() => pesosInWords(-1)).toThrow(RangeError);
    expect(() => pesosInWords(1.5)).toThrow(RangeError);
  });
});

describe('wholeNumberInWords', () => {
  it.each([
    [0, 'zero'],
    [13, 'thirteen'],
    [20, 'twenty'],
    [21, 'twenty-one'],
    [100, 'one hundred'],
    [101, 'one hundred one'],
    [1_001, 'one thousand one'],
    [110_000, 'one hundred ten thousand'],
    [1_000_001, 'one million one'],
  ])('writes %i as "%s"', (n, words) => {
    expect(wholeNumberInWords(n)).toBe(words);
  });
});
