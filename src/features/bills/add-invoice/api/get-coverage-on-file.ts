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
  /** Whether an HMO card of the patient is valid on the day (patient_hmo_card_on). */
  hasValidHmoCard: boolean;
}

/** What on the patient's file only an itemised invoice applies: a discount ID, an HMO card valid on `day`. */
export async function getCoverageOnFile(clinicId: number, patientId: number, day: IsoDate): Promise<CoverageOnFile> {
  const [patient, cards] = await Promise.all([
    getSupabase().from('patients').select('discount_id_type').eq('id', patientId).eq('clinic_id', clinicId),
    getSupabase().rpc('patient_hmo_card_on', { p_patient_id: patientId, p_day: day }).select('id'),
  ]);
  return {
    discountIdType: throwOnError(patient)[0]?.discount_id_type ?? null,
    hasValidHmoCard: (throwOnError(cards) ?? []).length > 0,
  };
}

/** The patient's coverage on file as of the clinic's today; nothing until a patient is chosen. */
export function useCoverageOnFile(clinicId: number, patientId: number | null) {
  const timeZone = useClinicTimeZone(clinicId).data;
  const day = timeZone ? clinicToday(new Date(), timeZone) : null;
  return useQuery({
    queryKey: [...billingKeys.coverageOnFile(clinicId, patientId ?? 0), day],
    queryFn: () => getCoverageOnFile(clinicId, patientId ?? 0, day!),
    enabled: patientId !== null && day !== null,
    // Read each time Add Invoice opens, as the split is: a card or an ID saved a moment ago in
    // the Patients tab must not be missing from the note that says to itemise for it.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
