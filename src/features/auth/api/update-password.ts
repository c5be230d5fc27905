import { UserFacingError } from '@/lib/errors';
import { loadRecoveryAuthClient } from '@/lib/supabase-loader';
import { failureWithReason } from '../auth-errors';
import { RESET_TEXT } from '../messages';

/**
 * Sets a new password with the session a recovery link carries, then signs out everywhere (a
 * password reset is when a possibly stolen session must end). The link's session lives in memory
 * only: a refused password leaves nobody signed in here. The caller clears the fragment.
 */
export async function updatePassword(
  tokens: { accessToken: string; refreshToken: string },
  password: string,
): Promise<void> {
  const auth = await loadRecoveryAuthClient();
  const { error: sessionError } = await auth.setSession({
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
  });
  if (sessionError) throw new UserFacingError(RESET_TEXT.invalidLink);
  const { error } = await auth.updateUser({ password });
  if (error) {
    const failure = failureWithReason(RESET_TEXT.failed, error);
    throw new UserFacingError(failure.message, failure.detail);
  }
  const { error: signOutError } = await auth.signOut({ scope: 'global' });
  // The password is changed either way; a failed revocation still clears this browser's session.
  if (signOutError) await auth.signOut({ scope: 'local' });
}
