import { UserFacingError } from '@/lib/errors';
import { loadSupabase } from '@/lib/supabase-loader';
import { signUpFailure } from '../auth-errors';
import type { SignupInput } from '../validation';

/** Where the confirmation e-mail's link lands: the login screen. */
export const confirmationRedirect = () => `${window.location.origin}/login`;

/**
 * Registers a new clinic and its admin. The database trigger on `auth.users` creates the clinic
 * and the admin profile from the metadata, atomically; nothing is inserted from the browser.
 * Resolves 'registered' only when the auth service returned a session (a project that
 * auto-confirms), else 'initiated': a confirmation is pending. An address that already has an
 * account gets the same answer as a new one (no account discovery; its owner is e-mailed), so
 * 'initiated' is the only outcome that is true for both.
 */
export async function signUpClinic(input: SignupInput): Promise<'registered' | 'initiated'> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.signUp({
    email: input.email,
    password: input.password,
    options: { data: { name: input.name, clinic_name: input.clinicName }, emailRedirectTo: confirmationRedirect() },
  });
  if (error) {
    const failure = signUpFailure(error);
    throw new UserFacingError(failure.message, failure.detail);
  }
  if (!data.session) return 'initiated';
  // Signing up never logs in, even on a project where e-mail confirmation is off.
  await supabase.auth.signOut({ scope: 'local' });
  return 'registered';
}
