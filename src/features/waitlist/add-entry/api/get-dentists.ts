import { useQuery } from '@tanstack/react-query';
import type { DentistRow } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { waitlistKeys } from '../../model/query-keys';

export type WaitlistDentist = Pick<DentistRow, 'id' | 'name'>;

/** The dentists a patient can wait for: active and not deleted, by name. */
export async function getWaitlistDentists(clinicId: number): Promise<WaitlistDentist[]> {
  return throwOnError(
    await getSupabase()
      .from('dentists')
      .select('id, name')
      .eq('clinic_id', clinicId)
      .eq('deleted', false)
      .eq('is_active', true)
      .order('name')
      .order('id'),
  );
}

export function useWaitlistDentists(clinicId: number) {
  return useQuery({ queryKey: waitlistKeys.dentists(clinicId), queryFn: () => getWaitlistDentists(clinicId) });
}
