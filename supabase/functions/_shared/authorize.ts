import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * The database's own answer (public.authorize) to whether the caller may manage the staff of
 * `clinicId` (a bigint, which PostgREST may hand back as a string): asked through the caller's
 * client, so the rule stays in role_permissions. A null clinic is held only by the superadmin.
 */
export async function callerMayManageUsers(
  asCaller: SupabaseClient,
  clinicId: number | string | null,
): Promise<boolean> {
  const { data, error } = await asCaller.rpc('authorize', {
    p_clinic_id: clinicId === null ? null : Number(clinicId),
    p_permission: 'users.manage',
  });
  if (error) throw new Error(`asking whether the caller may manage users failed: ${error.message}`);
  return data === true;
}
