import { useQuery } from '@tanstack/react-query';
import { getSupabase } from './supabase';

export const clinicTimeZoneKey = (clinicId: number) => ['clinic-time-zone', clinicId] as const;

/** The clinic's IANA time zone (clinics.timezone, e.g. 'Asia/Manila'): every date and slot is in it. */
export async function getClinicTimeZone(clinicId: number): Promise<string> {
  const { data, error } = await getSupabase().from('clinics').select('timezone').eq('id', clinicId).single();
  if (error) throw error;
  return data.timezone;
}

/** Shared by every feature: one request per clinic per session. */
export function useClinicTimeZone(clinicId: number | null) {
  return useQuery({
    queryKey: clinicTimeZoneKey(clinicId ?? -1),
    queryFn: () => getClinicTimeZone(clinicId!),
    enabled: clinicId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
