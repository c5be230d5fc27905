import { safeMessage } from '@/lib/errors';
import { EXTRA_TEXT, LOGIN_TEXT, SIGNUP_TEXT } from './messages';

/** What a form shows after a failure: the spec's message, plus the server's reason when it helps. */
export interface FormFailure {
  message: string;
  detail?: string;
}

interface ErrorLike {
  name?: unknown;
  status?: unknown;
  code?: unknown;
  message?: unknown;
}

const statusOf = (error: unknown) =>
  typeof (error as ErrorLike | null)?.status === 'number' ? ((error as ErrorLike).status as number) : undefined;

/** auth-js reports an unreachable server as AuthRetryableFetchError (status 0 or 5xx gateway errors). */
export function isNetworkFailure(error: unknown): boolean {
  const name = (error as ErrorLike | null)?.name;
  return name === 'AuthRetryableFetchError' || (error instanceof TypeError && /fetch/i.test(error.message));
}

/**
 * Login: the auth service's message ('Invalid login credentials', 'Email not confirmed', …), else
 * the spec's. A 429 (too many failed attempts for the address or from the network) says to wait.
 */
export function loginFailureMessage(error: unknown): string {
  if (isNetworkFailure(error)) return EXTRA_TEXT.unreachable;
  if (statusOf(error) === 429) return EXTRA_TEXT.tooManyAttempts;
  return safeMessage(error, LOGIN_TEXT.invalidCredentials);
}

/**
 * Sign-up creates the auth user, the clinic and the admin profile in one transaction (the
 * `auth.users` trigger of the migrations). GoTrue reports any failure of that trigger as
 * 500 'Database error saving new user', and by then nothing was kept — the clinic was not
 * created — so it maps to 'Clinic creation failed: …'. Every other refusal (weak password,
 * invalid e-mail, rate limit, unreachable server) is 'Registration failed' with the reason; too
 * many sign-ups from the client (GoTrue's 429 over_request_rate_limit) says to wait, while the
 * e-mail limit's own message already says how long.
 * 'User profile creation failed: …' cannot happen separately: the profile is created in the
 * same transaction as the clinic (docs/adr/0008-accounts-and-profiles-made-by-the-database.md).
 */
export function signUpFailure(error: unknown): FormFailure {
  if (isNetworkFailure(error)) return { message: SIGNUP_TEXT.failed, detail: EXTRA_TEXT.unreachable };
  const status = statusOf(error);
  if (status === 429 && (error as ErrorLike).code !== 'over_email_send_rate_limit') {
    return { message: SIGNUP_TEXT.failed, detail: EXTRA_TEXT.tooManySignUps };
  }
  const reason = safeMessage(error, '');
  if (status !== undefined && status >= 500 && /database error/i.test(reason)) {
    return { message: `${SIGNUP_TEXT.clinicFailed}${reason}` };
  }
  return reason ? { message: SIGNUP_TEXT.failed, detail: reason } : { message: SIGNUP_TEXT.failed };
}

/** A failure with the spec's message and the server's reason as detail. */
export function failureWithReason(message: string, error: unknown): FormFailure {
  if (isNetworkFailure(error)) return { message, detail: EXTRA_TEXT.unreachable };
  const reason = safeMessage(error, '');
  return reason ? { message, detail: reason } : { message };
}
