import { useQuery } from '@tanstack/react-query';
import { getSupabase } from './supabase';

export const clinicTimeZoneKey = (clinicId: number) => ['clinic-time-zone', clinicId] as const;

/** The clinic's IANA time zone (clinics.timezone, e.g. 'Asia/Manila'): every date and slot is in it. */
export async function getClinicTimeZone(clinicId: number): Promise<string> {
  const { data, error } = await getSupabase().from('clinics').select('timezone').eq('id', clinicId).single();
  if (error) throw error;
  return data.timezone;
}

/** Time zones read with the signed-in user's profile (their own clinic's), by clinic id. */
const readWithProfile = new Map<number, { timeZone: string; at: number }>();

/** Keeps the time zone of the user's clinic, read along with the profile at sign-in or reload. */
export function rememberClinicTimeZone(clinicId: number, timeZone: string) {
  readWithProfile.set(clinicId, { timeZone, at: Date.now() });
}

/**
 * Shared by every feature: one request per clinic per session, none for the user's own clinic,
 * whose zone came with the profile (the request would otherwise hold up every tab's first read).
 */
export function useClinicTimeZone(clinicId: number | null) {
  const known = clinicId === null ? undefined : readWithProfile.get(clinicId);
  return useQuery({
    queryKey: clinicTimeZoneKey(clinicId ?? -1),
    queryFn: () => getClinicTimeZone(clinicId!),
    enabled: clinicId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    initialData: known?.timeZone,
    initialDataUpdatedAt: known?.at,
  });
}
