import { describe, expect, it } from 'vitest';
import { accepted, refusalOf as refusalOfCheck } from '@/testing/form-check';
import { checkNewPassword } from './update-password.check';

/** The form's one message for this password, or null when it may be sent. */
const refusalOf = (password: string) => refusalOfCheck(checkNewPassword, { 'new-password': password });

describe('the new password form', () => {
  it('needs a non-empty password', () => {
    expect(refusalOf('')).toBe('Please enter a new password.');
    expect(refusalOf('   ')).toBe('Please enter a new password.');
    expect(refusalOf('n3w-secret')).toBeNull();
  });

  it('bounds the length', () => {
    expect(refusalOf('p'.repeat(73))).toBe('Password must be at most 72 characters.');
    expect(refusalOf('p'.repeat(72))).toBeNull();
  });

  it('sends the password exactly as typed', () => {
    expect(accepted(checkNewPassword, { 'new-password': ' n3w secret ' })).toEqual({ password: ' n3w secret ' });
  });
});
