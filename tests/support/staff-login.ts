import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * A confirmed staff account of `clinicId` with `role`, made with the service-role client through
 * GoTrue's admin API as create-user makes one (clinic and role in app_metadata; the sign-up
 * trigger makes its profile). Returns its auth.users id.
 */
export async function createStaffAccount(
  service: SupabaseClient,
  account: { email: string; password: string; name: string; clinicId: number; role: string },
): Promise<string> {
  const { data, error } = await service.auth.admin.createUser({
    email: account.email,
    password: account.password,
    email_confirm: true,
    user_metadata: { name: account.name },
    app_metadata: { clinic_id: account.clinicId, role: account.role },
  });
  if (error || !data.user) throw error ?? new Error(`no account made for ${account.email}`);
  return data.user.id;
}

/** A createStaffAccount with a fresh e-mail that can sign in with `password`; answers its e-mail and id. */
export async function newStaffLogin(
  service: SupabaseClient,
  clinicId: number,
  role: string,
  password: string,
): Promise<{ email: string; userId: string }> {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.test`;
  const userId = await createStaffAccount(service, { email, password, name: `A ${role}`, clinicId, role });
  return { email, userId };
}
