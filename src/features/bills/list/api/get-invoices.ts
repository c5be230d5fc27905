import { useQuery } from '@tanstack/react-query';
import { getSupabase, type AppSupabaseClient } from '@/lib/supabase';
import { INVOICE_LIST_COLUMNS, type InvoiceListRow } from '../../model/api/billing-columns';
import { readAllRows } from '../../model/api/read-all-rows';
import { billingKeys } from '../../model/query-keys';

/**
 * The clinic's invoices with paid, balance and status as the database derives them (view
 * `invoice_summaries`, read by clinic), newest first, void ones included.
 */
export function getInvoices(
  clinicId: number,
  client: Pick<AppSupabaseClient, 'from'> = getSupabase(),
): Promise<InvoiceListRow[]> {
  return readAllRows((from, to, withCount) =>
    client
      .from('invoice_summaries')
      .select(INVOICE_LIST_COLUMNS, withCount ? { count: 'exact' } : undefined)
      .eq('clinic_id', clinicId)
      .order('id', { ascending: false })
      .range(from, to),
  );
}

export function useInvoices(clinicId: number) {
  return useQuery({ queryKey: billingKeys.invoices(clinicId), queryFn: () => getInvoices(clinicId) });
}
