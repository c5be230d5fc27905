import { describe, expect, it } from 'vitest';
import { checkVoidReason, VOID_REASON_MAX } from './void-reason';

describe('the reason for a void', () => {
  it('is required: blank or spaces only is none', () => {
    expect(checkVoidReason('')).toEqual({ ok: false, message: 'A reason is required to void.' });
    expect(checkVoidReason(' \n\t ')).toEqual({ ok: false, message: 'A reason is required to void.' });
  });

  it('is kept trimmed', () => {
    expect(checkVoidReason('  Entered twice \n')).toEqual({ ok: true, reason: 'Entered twice' });
  });

  it('is at most VOID_REASON_MAX characters, counted as the user sees them', () => {
    expect(checkVoidReason('é'.repeat(VOID_REASON_MAX)).ok).toBe(true);
    expect(checkVoidReason('x'.repeat(VOID_REASON_MAX + 1))).toEqual({
      ok: false,
      message: `A reason is at most ${VOID_REASON_MAX} characters.`,
    });
  });
});
