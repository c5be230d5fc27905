import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { STAFF_USER_COLUMNS, type StaffUser } from '../../model/user';

/** The staff profile as stored now, or null when it is deleted (or not the clinic's). */
export async function getUser(clinicId: number, id: number): Promise<StaffUser | null> {
  const rows = throwOnError(
    await getSupabase().from('users').select(STAFF_USER_COLUMNS).eq('id', id).eq('clinic_id', clinicId),
  ) as StaffUser[];
  return rows[0] ?? null;
}
