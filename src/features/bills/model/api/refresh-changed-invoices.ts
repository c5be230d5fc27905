import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { BillingUpdatedPayload } from '@common/contract';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import {
  INVOICE_LIST_COLUMNS,
  PAYMENT_LIST_COLUMNS,
  type InvoiceListRow,
  type PaymentListRow,
} from '../../model/api/billing-columns';
import { billingKeys } from '../../model/query-keys';
import { mergeInvoices, mergePayments } from '../live-merge';

type NewestRows<Row> = { rows: Row[]; total: number };

/**
 * Brings the two Billing lists up to date with live changes by reading again only the invoices
 * they name (their summaries and their payments) and merging those rows in: a clinic's whole
 * lists run to megabytes, and every desk's every payment would otherwise read them again on every
 * open Billing tab. A list being read meanwhile, or whose newest rows are all it has, is read
 * again instead; everything else of the clinic's billing (the HMO claims, one invoice's balance, a
 * patient's invoices) is read again as before.
 */
export async function refreshChangedInvoices(
  queryClient: QueryClient,
  clinicId: number,
  changes: readonly BillingUpdatedPayload[],
): Promise<void> {
  const lists = [billingKeys.invoices(clinicId), billingKeys.payments(clinicId)];
  const isList = (key: QueryKey) => lists.some((list) => list.every((part, index) => key[index] === part));
  void queryClient.invalidateQueries({
    queryKey: billingKeys.all(clinicId),
    predicate: (query) => !isList(query.queryKey),
  });
  const ids = new Set(changes.flatMap((change) => (change.invoice_id === null ? [] : [change.invoice_id])));
  if (ids.size === 0) return;
  const [invoices, payments] = await Promise.all([
    getSupabase()
      .from('invoice_summaries')
      .select(INVOICE_LIST_COLUMNS)
      .eq('clinic_id', clinicId)
      .in('id', [...ids]),
    getSupabase()
      .from('payment_entries')
      .select(PAYMENT_LIST_COLUMNS)
      .eq('clinic_id', clinicId)
      .in('invoice_id', [...ids]),
  ]);
  const invoiceRows: InvoiceListRow[] = throwOnError(invoices) ?? [];
  const paymentRows: PaymentListRow[] = throwOnError(payments) ?? [];

  const mergeInto = <Row>(key: QueryKey, merge: (list: readonly Row[]) => Row[]) => {
    const every = queryClient.getQueryState(key);
    if (every?.fetchStatus === 'fetching') void queryClient.invalidateQueries({ queryKey: key, exact: true });
    else if (every?.data !== undefined) queryClient.setQueryData<Row[]>(key, (list) => list && merge(list));
    const newestKey = [...key, 'newest'];
    const newest = queryClient.getQueryState<NewestRows<Row>>(newestKey);
    // Only a list the newest rows hold whole can take a row in: otherwise which rows are the newest
    // may have changed, and reading them again costs a hundred rows.
    if (newest?.data && newest.fetchStatus !== 'fetching' && newest.data.rows.length >= newest.data.total) {
      const rows = merge(newest.data.rows);
      queryClient.setQueryData<NewestRows<Row>>(newestKey, { rows, total: rows.length });
    } else if (newest) void queryClient.invalidateQueries({ queryKey: newestKey, exact: true });
  };
  mergeInto<InvoiceListRow>(billingKeys.invoices(clinicId), (list) => mergeInvoices(list, ids, invoiceRows));
  mergeInto<PaymentListRow>(billingKeys.payments(clinicId), (list) => mergePayments(list, ids, paymentRows));
}
