import { useQuery } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { userKeys } from '../../model/query-keys';
import { STAFF_USER_COLUMNS, type StaffUser } from '../../model/user';

/** The clinic's staff, newest first: users read by clinic ordered by id descending. */
export async function getUsers(clinicId: number): Promise<StaffUser[]> {
  return throwOnError(
    await getSupabase()
      .from('users')
      .select(STAFF_USER_COLUMNS)
      .eq('clinic_id', clinicId)
      .order('id', { ascending: false }),
  ) as StaffUser[];
}

export function useUsers(clinicId: number) {
  return useQuery({ queryKey: userKeys.list(clinicId), queryFn: () => getUsers(clinicId) });
}
