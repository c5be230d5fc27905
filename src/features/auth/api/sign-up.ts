import { UserFacingError } from '@/lib/errors';
import { getSupabase } from '@/lib/supabase';
import { useAction } from '@/lib/use-action';
import { signUpFailure } from '../auth-errors';
import type { SignupInput } from '../validation';

/** Where the confirmation e-mail's link lands: the login screen (spec §2). */
export const confirmationRedirect = () => `${window.location.origin}/login`;

/**
 * Registers a new clinic and its admin. The database trigger on `auth.users` creates the clinic
 * and the admin profile from the metadata, atomically; nothing is inserted from the browser.
 * Resolves 'registered' when the auth service returned the new user, 'initiated' when it did not.
 */
export async function signUpClinic(input: SignupInput): Promise<'registered' | 'initiated'> {
  const supabase = getSupabase();
  const { data, error } = await supabase.auth.signUp({
    email: input.email,
    password: input.password,
    options: { data: { name: input.name, clinic_name: input.clinicName }, emailRedirectTo: confirmationRedirect() },
  });
  if (error) {
    const failure = signUpFailure(error);
    throw new UserFacingError(failure.message, failure.detail);
  }
  // Signing up never logs in (spec §4), even on a project where e-mail confirmation is off.
  if (data.session) await supabase.auth.signOut({ scope: 'local' });
  return data.user ? 'registered' : 'initiated';
}

export function useSignUpClinic() {
  return useAction(signUpClinic);
}
