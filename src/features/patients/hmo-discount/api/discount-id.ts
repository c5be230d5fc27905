import { useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateInvoiceSplits } from '@/entities/invoice';
import { patientQueryKeys } from '@/entities/patient';
import { firstRowOrGone, throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import type { DiscountIdFields } from '../coverage-forms';

const discountIdKey = (clinicId: number, patientId: number) =>
  [...patientQueryKeys.all, 'discount-id', clinicId, patientId] as const;

export async function getDiscountId(clinicId: number, patientId: number): Promise<DiscountIdFields> {
  const answer = await getSupabase()
    .from('patients')
    .select('discount_id_type, discount_id_number')
    .eq('id', patientId)
    .eq('clinic_id', clinicId);
  return firstRowOrGone(throwOnError(answer));
}

/** Saves the ID on a live patient of the clinic; none hit is 'gone'. The database refuses a type without number. */
export async function saveDiscountId(clinicId: number, patientId: number, fields: DiscountIdFields) {
  const answer = await getSupabase()
    .from('patients')
    .update(fields)
    .eq('id', patientId)
    .eq('clinic_id', clinicId)
    .eq('deleted', false)
    .select('discount_id_type, discount_id_number');
  return firstRowOrGone(throwOnError(answer));
}

export function useDiscountId(clinicId: number, patientId: number) {
  return useQuery({ queryKey: discountIdKey(clinicId, patientId), queryFn: () => getDiscountId(clinicId, patientId) });
}

/** Saving the ID also has Add Invoice ask again who pays (the senior citizen / PWD discount follows it). */
export function useSaveDiscountId(clinicId: number, patientId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: [...discountIdKey(clinicId, patientId), 'save'],
    mutationFn: (fields: DiscountIdFields) => saveDiscountId(clinicId, patientId, fields),
    onSuccess: (saved) => {
      queryClient.setQueryData(discountIdKey(clinicId, patientId), saved);
      return invalidateInvoiceSplits(queryClient, clinicId);
    },
  });
}
