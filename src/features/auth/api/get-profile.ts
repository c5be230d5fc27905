import { isRole } from '@/lib/authorization';
import type { SessionUser } from '@/lib/session';
import { getSupabase } from '@/lib/supabase';

/** The signed-in auth user has no usable row in `users` (deleted, or never created). */
export class ProfileMissingError extends Error {
  constructor() {
    super('User profile fetch failed');
    this.name = 'ProfileMissingError';
  }
}

/**
 * Reads the staff profile of a signed-in auth user — the `users` row and the clinic's name
 * (spec §7) — and throws ProfileMissingError when there is no such row, the API error when the
 * read itself fails. The spec looks the row up by e-mail; `users.email` is not unique while
 * `users.user_id` is, and the database keeps the two in step, so the row is found by the
 * account id and must carry the account's e-mail (docs/decisions.md, SPA).
 */
export async function getProfile(authUser: { id: string; email?: string | null }): Promise<SessionUser> {
  const supabase = getSupabase();
  const email = authUser.email ?? '';
  if (!email) throw new ProfileMissingError();
  const { data: profile, error } = await supabase
    .from('users')
    .select('name, role, clinic_id')
    .eq('user_id', authUser.id)
    .eq('email', email)
    .maybeSingle();
  if (error) throw error;
  if (!profile || !isRole(profile.role)) throw new ProfileMissingError();

  let clinicName: string | null = null;
  if (profile.clinic_id !== null) {
    const { data: clinic, error: clinicError } = await supabase
      .from('clinics')
      .select('name')
      .eq('id', profile.clinic_id)
      .maybeSingle();
    if (clinicError) throw clinicError;
    clinicName = clinic?.name ?? null;
  }
  return {
    name: profile.name,
    role: profile.role,
    clinic_id: profile.clinic_id,
    clinic_name: clinicName,
    supabase_id: authUser.id,
    supabase_email: email,
  };
}
