import { UserFacingError } from '@/lib/errors';
import { loadSupabase } from '@/lib/supabase-loader';
import { failureWithReason } from '../auth-errors';
import { LOGIN_TEXT } from '../messages';

/** Where the recovery e-mail's link lands. */
export const recoveryRedirect = () => `${window.location.origin}/reset-password`;

export async function sendPasswordReset(email: string): Promise<void> {
  const { error } = await (
    await loadSupabase()
  ).auth.resetPasswordForEmail(email.trim(), { redirectTo: recoveryRedirect() });
  if (error) {
    const failure = failureWithReason(LOGIN_TEXT.resetFailed, error);
    throw new UserFacingError(failure.message, failure.detail);
  }
}
