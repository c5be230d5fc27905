import { getSupabase, type AppSupabaseClient } from '@/lib/supabase';
import { INVOICE_LIST_COLUMNS, type InvoiceListRow } from '../../model/api/billing-columns';
import { useNewestFirstList } from '../../model/api/newest-first-list';
import { readAllRows, type ListPage } from '../../model/api/read-all-rows';
import { billingKeys } from '../../model/query-keys';

/** One page of the list, newest first (the order ends on a unique key, so pages never overlap). */
function invoicesPage(
  clinicId: number,
  client: Pick<AppSupabaseClient, 'from'> = getSupabase(),
): ListPage<InvoiceListRow> {
  return (from, to, withCount) =>
    client
      .from('invoice_summaries')
      .select(INVOICE_LIST_COLUMNS, withCount ? { count: 'exact' } : undefined)
      .eq('clinic_id', clinicId)
      .order('id', { ascending: false })
      .range(from, to);
}

/**
 * The clinic's invoices with paid, balance and status as the database derives them (view
 * `invoice_summaries`, read by clinic), newest first, void ones included.
 */
export function getInvoices(
  clinicId: number,
  client: Pick<AppSupabaseClient, 'from'> = getSupabase(),
): Promise<InvoiceListRow[]> {
  return readAllRows(invoicesPage(clinicId, client));
}

/** The list as Billing shows it: the newest rows at once, then every row (useNewestFirstList). */
export function useInvoices(clinicId: number) {
  return useNewestFirstList(billingKeys.invoices(clinicId), invoicesPage(clinicId));
}
