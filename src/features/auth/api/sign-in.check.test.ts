import { describe, expect, it } from 'vitest';
import { accepted, refusalOf as refusalOfCheck } from '@/testing/form-check';
import { LIMITS } from '../validation';
import { checkSignIn } from './sign-in.check';

/** The form's one message for these values, or null when they may be sent. */
const refusalOf = (values: { email: string; password: string }) => refusalOfCheck(checkSignIn, values);

describe('the login form', () => {
  it('accepts an e-mail and a password, and sends them as typed', () => {
    expect(refusalOf({ email: 'a@b.test', password: 'x' })).toBeNull();
    expect(accepted(checkSignIn, { email: ' a@b.test ', password: ' x ' })).toEqual({
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
