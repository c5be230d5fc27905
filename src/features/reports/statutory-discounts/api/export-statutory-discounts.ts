import { toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { reportKeys } from '../../model/query-keys';
import { parseStatutoryDiscounts, type StatutoryDiscounts } from '../../model/report-shapes';
import type { DiscountsPeriod } from './get-statutory-discounts';

/**
 * The discounts for their CSV download (rpc statutory_discounts_export): the same answer as
 * statutory_discounts, and the database records the export in the audit trail.
 */
export async function exportStatutoryDiscounts(clinicId: number, period: DiscountsPeriod): Promise<StatutoryDiscounts> {
  const { data, error, status } = await getSupabase().rpc('statutory_discounts_export', {
    p_clinic_id: clinicId,
    p_from: period.from,
    p_to: period.to,
  });
  if (error) throw toRequestError(error, status);
  return parseStatutoryDiscounts(data);
}

/** One download at a time per clinic: a double click records and downloads once. */
export function useExportStatutoryDiscounts(clinicId: number) {
  return useGuardedMutation({
    mutationKey: [...reportKeys.all(clinicId), 'statutory-discounts-export'],
    mutationFn: (period: DiscountsPeriod) => exportStatutoryDiscounts(clinicId, period),
  });
}
