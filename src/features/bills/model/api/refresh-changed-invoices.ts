import { partialMatchKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { BillingUpdatedPayload } from '@common/contract';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { mergeInvoices, mergePayments } from '../live-merge';
import { billingKeys } from '../query-keys';
import {
  INVOICE_LIST_COLUMNS,
  PAYMENT_LIST_COLUMNS,
  type InvoiceListRow,
  type PaymentListRow,
} from './billing-columns';
import { newestRowsKey } from './newest-first-list';
import type { FirstRows } from './read-all-rows';

const billingLists = (clinicId: number) => [billingKeys.invoices(clinicId), billingKeys.payments(clinicId)];

/**
 * Reads again every billing read of the clinic but the two Billing lists (the HMO claims, one
 * invoice's balance, a patient's invoices). What an HMO claim, batch or HMO payment changes ends
 * there: the lists' columns are the patient's side of each invoice, which none of them touches.
 */
export function refreshBillingBesideTheLists(queryClient: QueryClient, clinicId: number): Promise<void> {
  const lists = billingLists(clinicId);
  const isList = (key: QueryKey) => lists.some((list) => partialMatchKey(key, list));
  return queryClient.invalidateQueries({
    queryKey: billingKeys.all(clinicId),
    predicate: (query) => !isList(query.queryKey),
  });
}

/**
 * Brings the two Billing lists up to date after the invoices `invoiceIds` changed (a payment taken
 * or voided, an invoice added or voided, here or at another desk) by reading again only those
 * invoices (their summaries and their payments) and merging the rows in: a clinic's whole lists
 * run to megabytes, and every payment at any desk would otherwise read them again on every open
 * Billing tab. A list being read meanwhile, or whose newest rows are all it has, is read again
 * instead; everything else of the clinic's billing (the HMO claims, one invoice's balance, a
 * patient's invoices) is read again as before. Rejects when the re-read fails.
 */
export async function refreshChangedInvoices(
  queryClient: QueryClient,
  clinicId: number,
  invoiceIds: Iterable<number>,
): Promise<void> {
  const lists = billingLists(clinicId);
  const others = refreshBillingBesideTheLists(queryClient, clinicId);
  const ids = new Set(invoiceIds);
  // No list read yet (Add Invoice from Appointments): nothing to merge into.
  const held = lists.some((key) => queryClient.getQueryState(key) || queryClient.getQueryState(newestRowsKey(key)));
  if (ids.size === 0 || !held) return others;
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
    const newestKey = newestRowsKey(key);
    const newest = queryClient.getQueryState<FirstRows<Row>>(newestKey);
    // Only a list the newest rows hold whole can take a row in: otherwise which rows are the newest
    // may have changed, and reading them again costs a hundred rows.
    if (newest?.data && newest.fetchStatus !== 'fetching' && newest.data.rows.length >= newest.data.total) {
      const rows = merge(newest.data.rows);
      queryClient.setQueryData<FirstRows<Row>>(newestKey, { rows, total: rows.length });
    } else if (newest) void queryClient.invalidateQueries({ queryKey: newestKey, exact: true });
  };
  mergeInto<InvoiceListRow>(billingKeys.invoices(clinicId), (list) => mergeInvoices(list, ids, invoiceRows));
  mergeInto<PaymentListRow>(billingKeys.payments(clinicId), (list) => mergePayments(list, ids, paymentRows));
  await others;
}

/**
 * Brings the Billing tab up to date after the service's billing changes: refreshChangedInvoices
 * for the invoices they touch, and for every invoice of a patient renamed at another desk, since
 * each list row names its patient (their ids are one small read). Rejects when a read fails.
 */
export async function refreshBillingChanges(
  queryClient: QueryClient,
  clinicId: number,
  changes: readonly BillingUpdatedPayload[],
): Promise<void> {
  const touched = changes.flatMap((change) => (change.invoice_id === null ? [] : [change.invoice_id]));
  const renamed = [...new Set(changes.filter((change) => change.table === 'patients').map((change) => change.id))];
  const ofRenamed =
    renamed.length === 0
      ? []
      : (throwOnError(
          await getSupabase().from('invoices').select('id').eq('clinic_id', clinicId).in('patient_id', renamed),
        ) ?? []);
  return refreshChangedInvoices(queryClient, clinicId, [...touched, ...ofRenamed.map((invoice) => invoice.id)]);
}

/** After a save of this desk: refreshChangedInvoices, or every billing read again when that fails. */
export function refreshAfterSave(queryClient: QueryClient, clinicId: number, invoiceIds: Iterable<number>) {
  return refreshChangedInvoices(queryClient, clinicId, invoiceIds).catch(() =>
    queryClient.invalidateQueries({ queryKey: billingKeys.all(clinicId) }),
  );
}
