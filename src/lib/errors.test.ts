import { describe, expect, it } from 'vitest';
import { safeMessage } from './errors';

describe('safeMessage', () => {
  it('passes short API messages through', () => {
    expect(safeMessage({ message: 'Email not confirmed' }, 'fallback')).toBe('Email not confirmed');
    expect(safeMessage('plain text', 'fallback')).toBe('plain text');
  });

  it('uses the fallback for objects, empty texts, stack traces and very long texts', () => {
    expect(safeMessage({ code: 500 }, 'fallback')).toBe('fallback');
    expect(safeMessage({ message: '  ' }, 'fallback')).toBe('fallback');
    expect(safeMessage({ message: '{}' }, 'fallback')).toBe('fallback');
    expect(safeMessage(new Error('x\n    at f (file.js:1:1)'), 'fallback')).toBe('fallback');
    expect(safeMessage({ message: 'y'.repeat(301) }, 'fallback')).toBe('fallback');
    expect(safeMessage(undefined, 'fallback')).toBe('fallback');
  });
});
