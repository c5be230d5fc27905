import { describe, expect, it } from 'vitest';
import { LIMITS } from '../validation';
import { signInSchema } from './sign-in.schema';

/** The form's one message for these values, or null when they may be sent. */
function refusalOf(values: { email: string; password: string }): string | null {
  const result = signInSchema.safeParse(values);
  return result.success ? null : result.error.issues[0]!.message;
}

describe('the login form', () => {
  it('accepts an e-mail and a password, and sends them as typed', () => {
    expect(refusalOf({ email: 'a@b.test', password: 'x' })).toBeNull();
    expect(signInSchema.parse({ email: ' a@b.test ', password: ' x ' })).toEqual({
      email: ' a@b.test ',
      password: ' x ',
    });
  });

  it('counts whitespace-only fields as empty', () => {
    expect(refusalOf({ email: '   ', password: 'x' })).toBe('Please enter your email and password.');
    expect(refusalOf({ email: 'a@b.test', password: ' \t ' })).toBe('Please enter your email and password.');
  });

  it('bounds over-long input with a clear message, the e-mail first', () => {
    expect(refusalOf({ email: `${'a'.repeat(250)}@b.test`, password: 'x' })).toBe(
      'Email must be at most 254 characters.',
    );
    expect(refusalOf({ email: 'a@b.test', password: 'p'.repeat(LIMITS.password + 1) })).toBe(
      'Password must be at most 72 characters.',
    );
    expect(refusalOf({ email: `${'a'.repeat(250)}@b.test`, password: 'p'.repeat(LIMITS.password + 1) })).toBe(
      'Email must be at most 254 characters.',
    );
  });
});
