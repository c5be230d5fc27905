import { useQuery } from '@tanstack/react-query';
import { toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { reportKeys } from '../../model/query-keys';
import { parseStatutoryDiscounts, type StatutoryDiscounts } from '../../model/report-shapes';

/** Clinic days from..to (YYYY-MM-DD, both included). */
export interface DiscountsPeriod {
  from: string;
  to: string;
}

/** The senior citizen / PWD discounts of clinic days from..to (rpc statutory_discounts: the database's sums). */
export async function getStatutoryDiscounts(clinicId: number, period: DiscountsPeriod): Promise<StatutoryDiscounts> {
  const { data, error, status } = await getSupabase().rpc('statutory_discounts', {
    p_clinic_id: clinicId,
    p_from: period.from,
    p_to: period.to,
  });
  if (error) throw toRequestError(error, status);
  return parseStatutoryDiscounts(data);
}

export function useStatutoryDiscounts(clinicId: number, period: DiscountsPeriod) {
  return useQuery({
    queryKey: reportKeys.statutoryDiscounts(clinicId, period.from, period.to),
    queryFn: () => getStatutoryDiscounts(clinicId, period),
    // Live updates reach it only while Reports is open: a payment or invoice taken in Billing
    // meanwhile must be on the sheet when Reports opens again, not 30 s later.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
