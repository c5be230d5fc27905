import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * A confirmed staff account of the clinic that can sign in with `password`, made with the
 * service-role client through GoTrue's admin API as create-user makes one (clinic and role in
 * app_metadata; the sign-up trigger adds the profile). Answers its e-mail and auth user id.
 */
export async function newStaffLogin(
  service: SupabaseClient,
  clinicId: number,
  role: string,
  password: string,
): Promise<{ email: string; userId: string }> {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.test`;
  const { data, error } = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { name: `A ${role}` },
    app_metadata: { clinic_id: clinicId, role },
  });
  if (error || !data.user) throw error ?? new Error(`no account for ${email}`);
  return { email, userId: data.user.id };
}
