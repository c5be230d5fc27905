import { useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { dentistKeys } from '../query-keys';

/** The clinic's IANA time zone (clinics.timezone): availability dates and hours are clinic time. */
export async function getClinicTimeZone(clinicId: number): Promise<string> {
  const { data, error } = await getSupabase().from('clinics').select('timezone').eq('id', clinicId).single();
  if (error) throw error;
  return data.timezone;
}

export function useClinicTimeZone(clinicId: number | null) {
  return useQuery({
    queryKey: dentistKeys.timeZone(clinicId ?? -1),
    queryFn: () => getClinicTimeZone(clinicId!),
    enabled: clinicId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
