import { getSupabase, type AppSupabaseClient } from '@/lib/supabase';
import { PAYMENT_LIST_COLUMNS, type PaymentListRow } from '../../model/api/billing-columns';
import { useNewestFirstList } from '../../model/api/newest-first-list';
import { readAllRows, type ListPage } from '../../model/api/read-all-rows';
import { billingKeys } from '../../model/query-keys';

/** One page of the list, newest first (the order ends on a unique key, so pages never overlap). */
function paymentsPage(
  clinicId: number,
  client: Pick<AppSupabaseClient, 'from'> = getSupabase(),
): ListPage<PaymentListRow> {
  return (from, to, withCount) =>
    client
      .from('payment_entries')
      .select(PAYMENT_LIST_COLUMNS, withCount ? { count: 'exact' } : undefined)
      .eq('clinic_id', clinicId)
      .order('payment_date', { ascending: false })
      .order('id', { ascending: false })
      .range(from, to);
}

/**
 * The clinic's payments with the patient's name and the amount in centavos (view
 * `payment_entries`, read by clinic), newest first, void ones included.
 */
export function getPayments(
  clinicId: number,
  client: Pick<AppSupabaseClient, 'from'> = getSupabase(),
): Promise<PaymentListRow[]> {
  return readAllRows(paymentsPage(clinicId, client));
}

/** The list as Billing shows it: the newest rows at once, then every row (useNewestFirstList). */
export function usePayments(clinicId: number) {
  return useNewestFirstList(billingKeys.payments(clinicId), paymentsPage(clinicId));
}
