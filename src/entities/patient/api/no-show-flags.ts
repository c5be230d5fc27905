/**
 * Patients with 2 or more no-shows in the last 12 months: the flag the booking form and
 * the patients list show. The rule lives in one place, the view `patient_no_show_flags`
 * (supabase/migrations/…_reports.sql, security invoker so row-level security applies); this reads it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';

export const noShowFlagKeys = {
  all: ['no-show-flags'] as const,
  clinic: (clinicId: number) => [...noShowFlagKeys.all, clinicId] as const,
  patient: (clinicId: number, patientId: number) => [...noShowFlagKeys.all, clinicId, 'patient', patientId] as const,
};

/** patient id → no-shows in the last 12 months, for the flagged patients of the clinic only. */
export async function getNoShowFlags(clinicId: number): Promise<ReadonlyMap<number, number>> {
  const { data, error, status } = await getSupabase()
    .from('patient_no_show_flags')
    .select('patient_id, no_show_count')
    .eq('clinic_id', clinicId);
  if (error) throw toRequestError(error, status);
  return new Map(data.map((row) => [row.patient_id, row.no_show_count]));
}

/** The no-shows in 12 months of one patient when flagged, else 0. */
export async function getPatientNoShowCount(clinicId: number, patientId: number): Promise<number> {
  const { data, error, status } = await getSupabase()
    .from('patient_no_show_flags')
    .select('no_show_count')
    .eq('clinic_id', clinicId)
    .eq('patient_id', patientId)
    .maybeSingle();
  if (error) throw toRequestError(error, status);
  return data?.no_show_count ?? 0;
}

/** The read of the clinic's flags, for a view that starts it ahead of its first render. */
export const noShowFlagsQuery = (clinicId: number) =>
  queryOptions({ queryKey: noShowFlagKeys.clinic(clinicId), queryFn: () => getNoShowFlags(clinicId) });

/** The clinic's flags (a small set: only flagged patients), shared by every list that shows them. */
export function useNoShowFlags(clinicId: number) {
  return useQuery(noShowFlagsQuery(clinicId));
}

/** One patient's count, read when the patient is chosen (0 while loading, unflagged or unreadable). */
export function usePatientNoShowCount(clinicId: number, patientId: number | null) {
  return useQuery({
    queryKey: noShowFlagKeys.patient(clinicId, patientId ?? -1),
    queryFn: () => getPatientNoShowCount(clinicId, patientId!),
    enabled: patientId !== null,
  });
}
