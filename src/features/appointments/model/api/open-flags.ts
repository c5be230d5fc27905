import { useQuery } from '@tanstack/react-query';
import type { AppointmentFlag } from '@common/contract';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { appointmentKeys } from '../query-keys';

/** An open flag of one of the clinic's appointments (public.appointment_flags, resolved_at null). */
export type OpenFlag = AppointmentFlag & { appointment_id: number };

/** Under the clinic's list key: whatever reads the list again reads the flags again. */
export const openFlagsKey = (clinicId: number) => [...appointmentKeys.list(clinicId), 'open-flags'] as const;

/**
 * The clinic's open flags (what patients asked in Messenger that staff must handle), oldest
 * first. A second, small read beside the year's appointments: few flags are ever open at once.
 * Live updates keep it current (each event carries its appointment's open flag).
 */
export async function getOpenFlags(clinicId: number): Promise<OpenFlag[]> {
  return throwOnError(
    await getSupabase()
      .from('appointment_flags')
      .select('id, appointment_id, kind, note, created_at')
      .eq('clinic_id', clinicId)
      .is('resolved_at', null)
      .order('created_at', { ascending: true })
      .order('id', { ascending: true }),
  );
}

export function useOpenFlags(clinicId: number, enabled = true) {
  return useQuery({ queryKey: openFlagsKey(clinicId), queryFn: () => getOpenFlags(clinicId), enabled });
}
