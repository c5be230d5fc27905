import { useQuery } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { chartKeys } from '../../model/query-keys';

/** The clinic's bookable dentists (active, not deleted), to preselect one in the booking form. */
export async function getBookableDentists(clinicId: number) {
  return throwOnError(
    await getSupabase()
      .from('dentists')
      .select('id, name, email')
      .eq('clinic_id', clinicId)
      .eq('is_active', true)
      .eq('deleted', false),
  );
}

export function useBookableDentists(clinicId: number, enabled: boolean) {
  return useQuery({
    queryKey: chartKeys.dentists(clinicId),
    queryFn: () => getBookableDentists(clinicId),
    enabled,
  });
}
