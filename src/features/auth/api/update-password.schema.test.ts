import { describe, expect, it } from 'vitest';
import { updatePasswordSchema } from './update-password.schema';

/** The form's one message for this password, or null when it may be sent. */
function refusalOf(password: string): string | null {
  const result = updatePasswordSchema.safeParse({ 'new-password': password });
  return result.success ? null : result.error.issues[0]!.message;
}

describe('the new password form', () => {
  it('needs a non-empty password (spec §5)', () => {
    expect(refusalOf('')).toBe('Please enter a new password.');
    expect(refusalOf('   ')).toBe('Please enter a new password.');
    expect(refusalOf('n3w-secret')).toBeNull();
  });

  it('bounds the length', () => {
    expect(refusalOf('p'.repeat(73))).toBe('Password must be at most 72 characters.');
    expect(refusalOf('p'.repeat(72))).toBeNull();
  });

  it('sends the password exactly as typed', () => {
    expect(updatePasswordSchema.parse({ 'new-password': ' n3w secret ' })).toEqual({ password: ' n3w secret ' });
  });
});
