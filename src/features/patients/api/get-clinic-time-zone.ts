import { useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { patientKeys } from '../query-keys';
import { toRequestError } from './request-error';

/** The clinic's time zone (clinics.timezone, e.g. 'Asia/Manila'): history times are shown in it. */
export async function getClinicTimeZone(clinicId: number): Promise<string> {
  const { data, error, status } = await getSupabase().from('clinics').select('timezone').eq('id', clinicId).single();
  if (error) throw toRequestError(error, status);
  return data.timezone;
}

export function useClinicTimeZone(clinicId: number) {
  return useQuery({
    queryKey: patientKeys.clinicTimeZone(clinicId),
    queryFn: () => getClinicTimeZone(clinicId),
    staleTime: 10 * 60_000,
  });
}
