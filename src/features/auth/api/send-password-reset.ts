import { UserFacingError } from '@/lib/errors';
import { getSupabase } from '@/lib/supabase';
import { useAction } from '@/lib/use-action';
import { failureWithReason } from '../auth-errors';
import { LOGIN_TEXT } from '../messages';

/** Where the recovery e-mail's link lands (spec §7). */
export const recoveryRedirect = () => `${window.location.origin}/reset-password`;

export async function sendPasswordReset(email: string): Promise<void> {
  const { error } = await getSupabase().auth.resetPasswordForEmail(email.trim(), { redirectTo: recoveryRedirect() });
  if (error) {
    const failure = failureWithReason(LOGIN_TEXT.resetFailed, error);
    throw new UserFacingError(failure.message, failure.detail);
  }
}

export function useSendPasswordReset() {
  return useAction(sendPasswordReset);
}
