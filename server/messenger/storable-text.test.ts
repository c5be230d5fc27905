import { describe, expect, it } from 'vitest';
import { hasUnsendableCharacters } from '@common/contract/fields';
import { storableJson, storableText } from './storable-text';

describe('storableText', () => {
  it('when text holds NUL or unpaired surrogates, then each becomes U+FFFD and the rest is kept', () => {
    expect(storableText('a\u0000b')).toBe('a\uFFFDb');
    expect(storableText('x\uD83D')).toBe('x\uFFFD');
    expect(storableText('\uDE00y')).toBe('\uFFFDy');
    expect(storableText('smile \uD83D\uDE00 ok')).toBe('smile \uD83D\uDE00 ok');
    expect(hasUnsendableCharacters(storableText('\u0000\uD800\uDFFF\uDC00\uD800'))).toBe(false);
  });

  it('when text is longer than the limit, then it is cut in code points, never inside a pair', () => {
    expect(storableText('abc', 2)).toBe('ab');
    expect(storableText('\uD83D\uDE00\uD83D\uDE00\uD83D\uDE00', 2)).toBe('\uD83D\uDE00\uD83D\uDE00');
    expect(storableText('ab', 5)).toBe('ab');
  });
});

describe('storableJson', () => {
  it('when a value holds NUL or unpaired surrogates in keys or values, then the JSON has \\ufffd in their place', () => {
    const json = storableJson({ 'k\u0000': ['\u0000', 'a\uD800', '\uD83D\uDE00'], n: 1e20 });
    expect(json).not.toMatch(/\\u0000|\\ud8/i);
    expect(JSON.parse(json)).toEqual({ 'k\uFFFD': ['\uFFFD', 'a\uFFFD', '\uD83D\uDE00'], n: 1e20 });
  });

  it('when the text has an escaped backslash before u0000, then it is left as it was', () => {
    const value = { literal: '\\u0000', both: '\\\u0000' };
    expect(JSON.parse(storableJson(value))).toEqual({ literal: '\\u0000', both: '\\\uFFFD' });
  });
});
