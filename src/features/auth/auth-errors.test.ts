import { AuthApiError, AuthRetryableFetchError } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import { failureWithReason, loginFailureMessage, signUpFailure } from './auth-errors';

describe('login failures', () => {
  it("shows the auth service's message", () => {
    expect(loginFailureMessage(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'))).toBe(
      'Invalid login credentials',
    );
    expect(loginFailureMessage(new AuthApiError('Email not confirmed', 400, 'email_not_confirmed'))).toBe(
      'Email not confirmed',
    );
  });

  it("falls back to 'Invalid email or password' when there is no usable message", () => {
    expect(loginFailureMessage(null)).toBe('Invalid email or password');
    expect(loginFailureMessage(new AuthApiError('{}', 400, undefined))).toBe('Invalid email or password');
    expect(loginFailureMessage({ message: 'x'.repeat(400) })).toBe('Invalid email or password');
  });

  it('asks to wait when the auth service refuses more attempts (429)', () => {
    expect(loginFailureMessage(new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit'))).toBe(
      'Too many sign-in attempts. Please wait a few minutes and try again.',
    );
  });

  it('says so when the server cannot be reached', () => {
    expect(loginFailureMessage(new AuthRetryableFetchError('Failed to fetch', 0))).toBe(
      'Could not reach the server. Check your connection and try again.',
    );
  });
});

describe('sign-up failures', () => {
  it("maps the trigger's database error to 'Clinic creation failed: …'", () => {
    expect(signUpFailure(new AuthApiError('Database error saving new user', 500, 'unexpected_failure'))).toEqual({
      message: 'Clinic creation failed: Database error saving new user',
    });
  });

  it("maps refusals to 'Registration failed' with the reason", () => {
    expect(signUpFailure(new AuthApiError('Password should be at least 6 characters.', 422, 'weak_password'))).toEqual({
      message: 'Registration failed',
      detail: 'Password should be at least 6 characters.',
    });
    expect(signUpFailure(new AuthRetryableFetchError('Failed to fetch', 0))).toEqual({
      message: 'Registration failed',
      detail: 'Could not reach the server. Check your connection and try again.',
    });
    expect(signUpFailure(undefined)).toEqual({ message: 'Registration failed' });
  });

  it('asks to wait when the auth service refuses more sign-ups from this client (429)', () => {
    expect(signUpFailure(new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit'))).toEqual({
      message: 'Registration failed',
      detail: 'Too many sign-ups from this network. Please wait a few minutes and try again.',
    });
    // The e-mail limit says itself how long to wait.
    const wait = 'For security purposes, you can only request this after 42 seconds.';
    expect(signUpFailure(new AuthApiError(wait, 429, 'over_email_send_rate_limit'))).toEqual({
      message: 'Registration failed',
      detail: wait,
    });
  });

  it('never shows a stack trace', () => {
    const error = new Error('boom\n    at Object.<anonymous> (/app/x.js:1:1)');
    expect(failureWithReason('Failed to update password.', error)).toEqual({ message: 'Failed to update password.' });
  });
});
