import { useQuery } from '@tanstack/react-query';
import { clinicToday, type IsoDate } from '@common/clinic-calendar';
import { useClinicTimeZone } from '@/entities/clinic';
import type { DiscountIdType } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { billingKeys } from '../../model/query-keys';

export interface CoverageOnFile {
  /** The senior citizen / PWD ID on the patient's file, if any. */
  discountIdType: DiscountIdType | null;
  /** Whether an HMO card of the patient is valid on the visit's clinic day (patient_hmo_card_on / _at). */
  hasValidHmoCard: boolean;
}

/**
 * The day an invoice is for, as invoice_split takes it: its appointment's clinic day when billed
 * from one ('Bill'), else the clinic's today.
 */
export type BilledDay = { appointmentId: number } | { today: IsoDate };

/** The HMO cards of the patient valid on the billed day (the appointment's day is the database's to work out). */
async function validCards(clinicId: number, patientId: number, billed: BilledDay) {
  if ('today' in billed)
    return throwOnError(
      await getSupabase().rpc('patient_hmo_card_on', { p_patient_id: patientId, p_day: billed.today }).select('id'),
    );
  const [appointment] = throwOnError(
    await getSupabase()
      .from('appointments')
      .select('appointment_time')
      .eq('id', billed.appointmentId)
      .eq('clinic_id', clinicId),
  );
  if (!appointment) return [];
  return throwOnError(
    await getSupabase()
      .rpc('patient_hmo_card_at', { p_patient_id: patientId, p_at: appointment.appointment_time })
      .select('id'),
  );
}

/** What on the patient's file only an itemised invoice applies: a discount ID, an HMO card valid on the billed day. */
export async function getCoverageOnFile(
  clinicId: number,
  patientId: number,
  billed: BilledDay,
): Promise<CoverageOnFile> {
  const [patient, cards] = await Promise.all([
    getSupabase().from('patients').select('discount_id_type').eq('id', patientId).eq('clinic_id', clinicId),
    validCards(clinicId, patientId, billed),
  ]);
  return {
    discountIdType: throwOnError(patient)[0]?.discount_id_type ?? null,
    hasValidHmoCard: (cards ?? []).length > 0,
  };
}

/**
 * The patient's coverage on file as of the appointment billed, or the clinic's today without one;
 * nothing until a patient is chosen.
 */
export function useCoverageOnFile(clinicId: number, patientId: number | null, appointmentId: number | undefined) {
  const timeZone = useClinicTimeZone(clinicId).data;
  const today = timeZone ? clinicToday(new Date(), timeZone) : null;
  const billed: BilledDay | null = appointmentId !== undefined ? { appointmentId } : today !== null ? { today } : null;
  return useQuery({
    queryKey: [...billingKeys.coverageOnFile(clinicId, patientId ?? 0), billed],
    queryFn: () => getCoverageOnFile(clinicId, patientId ?? 0, billed!),
    enabled: patientId !== null && billed !== null,
    // Read each time Add Invoice opens, as the split is: a card or an ID saved a moment ago in
    // the Patients tab must not be missing from the note that says to itemise for it.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
