import { useQuery } from '@tanstack/react-query';
import type { DiscountIdType } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { billingKeys } from '../../model/query-keys';

export interface CoverageOnFile {
  /** The senior citizen / PWD ID on the patient's file, if any. */
  discountIdType: DiscountIdType | null;
  /** Whether the patient has any HMO card on file (whether it is valid is the split's to say). */
  hasHmoCard: boolean;
}

/** What on the patient's file only an itemised invoice applies: a discount ID, an HMO card. */
export async function getCoverageOnFile(clinicId: number, patientId: number): Promise<CoverageOnFile> {
  const [patient, cards] = await Promise.all([
    getSupabase().from('patients').select('discount_id_type').eq('id', patientId).eq('clinic_id', clinicId),
    getSupabase().from('patient_hmo_cards').select('id').eq('patient_id', patientId).eq('clinic_id', clinicId).limit(1),
  ]);
  return {
    discountIdType: throwOnError(patient)[0]?.discount_id_type ?? null,
    hasHmoCard: throwOnError(cards).length > 0,
  };
}

export function useCoverageOnFile(clinicId: number, patientId: number | null) {
  return useQuery({
    queryKey: billingKeys.coverageOnFile(clinicId, patientId ?? 0),
    queryFn: () => getCoverageOnFile(clinicId, patientId ?? 0),
    enabled: patientId !== null,
  });
}
