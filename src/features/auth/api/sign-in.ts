import { UserFacingError } from '@/lib/errors';
import type { SessionUser } from '@/lib/session';
import { loadSupabase } from '@/lib/supabase-loader';
import { loginFailureMessage } from '../auth-errors';
import { LOGIN_TEXT } from '../messages';
import { getProfile } from './get-profile';

/**
 * Signs in with e-mail and password and reads the staff profile. A user without a profile is
 * signed out again, so nobody is left half signed in.
 */
export async function signInWithPassword(email: string, password: string): Promise<SessionUser> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.signInWithPassword({ email: email.trim(), password });
  if (error || !data.user) throw new UserFacingError(loginFailureMessage(error));
  try {
    return await getProfile(data.user);
  } catch (profileError) {
    console.error('Ngiti: profile read failed after sign-in', profileError);
    await supabase.auth.signOut({ scope: 'local' });
    throw new UserFacingError(LOGIN_TEXT.profileFailed);
  }
}
