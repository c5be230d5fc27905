import { useQuery } from '@tanstack/react-query';
import { DEFAULT_CLINIC_TIME_ZONE } from '@common/clinic-calendar';
import { useSession } from '@/lib/session';
import { getSupabase } from '@/lib/supabase';

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

/** The clinic's zone as a screen uses it, with the read's state for screens that wait or retry. */
export interface ClinicZone<Zone extends string | undefined = string> {
  /** The clinic's zone; DEFAULT_CLINIC_TIME_ZONE (Asia/Manila) until it is read or when it cannot be. */
  timeZone: Zone;
  isPending: boolean;
  isError: boolean;
}

/**
 * The one place the fallback is decided: the zone of `clinicId` (the signed-in clinic, or the one a
 * superadmin works on), Asia/Manila while it is read or when the read fails. With `untilKnown`,
 * undefined while it is read (a screen whose every date depends on it waits instead of showing
 * Manila first), still Asia/Manila when it cannot be read.
 */
export function useClinicZone(clinicId: number | null): ClinicZone;
export function useClinicZone(clinicId: number | null, options: { untilKnown: true }): ClinicZone<string | undefined>;
export function useClinicZone(
  clinicId: number | null,
  options?: { untilKnown?: boolean },
): ClinicZone<string | undefined> {
  const zone = useClinicTimeZone(clinicId);
  const fallback = options?.untilKnown && !zone.isError ? undefined : DEFAULT_CLINIC_TIME_ZONE;
  return { timeZone: zone.data ?? fallback, isPending: zone.isPending, isError: zone.isError };
}

/** useClinicZone for the clinic the session works on (the user's own, or the one a superadmin chose). */
export function useSessionTimeZone(): ClinicZone {
  return useClinicZone(useSession().clinic.id);
}
