import { rememberClinicTimeZone } from '@/entities/clinic';
import { isRole } from '@/lib/authorization';
import { RequestError, throwOnError } from '@/lib/request-error';
import type { SessionUser } from '@/lib/session';
import { loadSupabase } from '@/lib/supabase-loader';

/**
 * Reads the staff profile of a signed-in auth user — the `users` row and its clinic's name and
 * time zone, in one request. Throws a 'gone' RequestError when the auth user has no usable row in `users`
 * (deleted, or never created), and the classified error when the read itself fails. The spec looks the row up by e-mail; `users.email` is not unique while
 * `users.user_id` is, and the database keeps the two in step, so the row is found by the
 * account id and must carry the account's e-mail (docs/adr/0019-spa-reads-auth-fragments-and-session.md).
 */
export async function getProfile(authUser: { id: string; email?: string | null }): Promise<SessionUser> {
  const supabase = await loadSupabase();
  const email = authUser.email ?? '';
  if (!email) throw new RequestError('gone');
  // The clinic's name and time zone come embedded (one round trip, not two: the dashboard waits
  // for this read, and every tab's first dates need the zone).
  const profile = throwOnError(
    await supabase
      .from('users')
      .select('name, role, clinic_id, clinic:clinics(name, timezone)')
      .eq('user_id', authUser.id)
      .eq('email', email)
      .maybeSingle(),
  );
  if (!profile || !isRole(profile.role)) throw new RequestError('gone');

  const clinicName = profile.clinic?.name ?? null;
  if (profile.clinic?.timezone) rememberClinicTimeZone(profile.clinic_id, profile.clinic.timezone);
  return {
    name: profile.name,
    role: profile.role,
    clinic_id: profile.clinic_id,
    clinic_name: clinicName,
    supabase_id: authUser.id,
    supabase_email: email,
  };
}
