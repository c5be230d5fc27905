import { useQuery } from '@tanstack/react-query';
import { getSupabase, type AppSupabaseClient } from '@/lib/supabase';
import { PAYMENT_LIST_COLUMNS, type PaymentListRow } from '../../model/api/billing-columns';
import { readAllRows } from '../../model/api/read-all-rows';
import { billingKeys } from '../../model/query-keys';

/**
 * The clinic's payments with the patient's name and the amount in centavos (view
 * `payment_entries`, read by clinic), newest first, void ones included.
 */
export function getPayments(
  clinicId: number,
  client: Pick<AppSupabaseClient, 'from'> = getSupabase(),
): Promise<PaymentListRow[]> {
  return readAllRows((from, to, withCount) =>
    client
      .from('payment_entries')
      .select(PAYMENT_LIST_COLUMNS, withCount ? { count: 'exact' } : undefined)
      .eq('clinic_id', clinicId)
      .order('payment_date', { ascending: false })
      .order('id', { ascending: false })
      .range(from, to),
  );
}

export function usePayments(clinicId: number) {
  return useQuery({ queryKey: billingKeys.payments(clinicId), queryFn: () => getPayments(clinicId) });
}
