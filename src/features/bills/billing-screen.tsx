import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { BILLING_UPDATED } from '@common/contract/live-events';
import { lazyModal } from '@/components/lazy-view/lazy-modal';
import { namedExport, usePreloadOnceRead } from '@/components/lazy-view/lazy-view';
import { Panel, Screen } from '@/components/screen/screen';
import { LoadingState, StaleState } from '@/components/states/states';
import { useClinicZone } from '@/entities/clinic';
import { useSession } from '@/lib/session';
import { useLiveRefresh } from '@/lib/use-live-refresh';
import type { PaymentInvoice } from './add-payment/components/add-payment-modal';
import { ExportInvoicesButton, ExportPaymentsButton } from './export/components/export-billing-button';
import { HmoClaimsPanel } from './hmo-claims/components/hmo-claims-panel';
import { useInvoices } from './list/api/get-invoices';
import { usePayments } from './list/api/get-payments';
import { createInvoiceFinder, createPaymentFinder, normalizeName, type StatusFilter } from './list/billing-search';
import { BillingFilters } from './list/components/billing-filters';
import { InvoicesTable } from './list/components/invoices-table';
import { PaymentsTable } from './list/components/payments-table';
import { listReadStatus } from './list/list-read-status';
import type { InvoiceListRow, PaymentListRow } from './model/api/billing-columns';
import { refreshBillingChanges } from './model/api/refresh-changed-invoices';
import { BILLING_EXTRA_TEXT, BILLING_TEXT } from './model/messages';
import { billingKeys } from './model/query-keys';
import { PrintReceiptLink } from './receipt/components/print-receipt-link';
import { VoidDialogHost, VoidInvoiceButton, VoidPaymentButton } from './void/components/void-actions';
import '@/components/table/data-table.css';
import './billing.css';

type OpenModal = { kind: 'add-invoice' } | { kind: 'add-payment'; invoice: PaymentInvoice } | null;

// The Add Invoice and Add Payment forms (with the schema library) are chunks of their own: opened
// from a button, they are not needed to draw the tables, which a slow phone would otherwise wait
// for. The pointer coming over the screen, or the focus coming into it, starts their download; so
// does the browser's first idle moment after the invoices have been read.
const AddInvoiceModal = lazyModal(
  namedExport(() => import('./add-invoice/components/add-invoice-modal'), 'AddInvoiceModal'),
  { label: 'Loading the invoice form…' },
);
const AddPaymentModal = lazyModal(
  namedExport(() => import('./add-payment/components/add-payment-modal'), 'AddPaymentModal'),
  { label: 'Loading the payment form…' },
);
const preloadModals = () => {
  AddInvoiceModal.preload();
  AddPaymentModal.preload();
};

/** The Payments table's actions: 'Print receipt', and 'Void' for the roles that may void. */
function PaymentRowActions({ payment }: { payment: PaymentListRow }) {
  return (
    <>
      <PrintReceiptLink paymentId={payment.id} />
      <VoidPaymentButton payment={payment} />
    </>
  );
}

/** The Billing System tab for the clinic the user works on. */
export function BillingView() {
  const { clinic } = useSession();
  if (clinic.id === null) return <LoadingState label={BILLING_EXTRA_TEXT.loading} />;
  // A superadmin switching clinics gets a fresh screen: no modal, search or filter carried across.
  return (
    <VoidDialogHost key={clinic.id}>
      <BillingScreen clinicId={clinic.id} />
    </VoidDialogHost>
  );
}

function BillingScreen({ clinicId }: { clinicId: number }) {
  const invoices = useInvoices(clinicId);
  const payments = usePayments(clinicId);
  const zone = useClinicZone(clinicId);
  // An invoice or payment added or voided on any device (or an HMO claim, batch or HMO payment
  // changed, or a patient renamed); status, paid and balance come from the database, so the invoices
  // named (or the renamed patient's) are read again into the lists, and every other billing read of
  // the clinic is read again whole.
  const queryClient = useQueryClient();
  useLiveRefresh({
    clinicId,
    event: BILLING_UPDATED,
    queryKey: billingKeys.all(clinicId),
    refreshChanged: (changes) => refreshBillingChanges(queryClient, clinicId, changes),
  });
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('All');
  const [modal, setModal] = useState<OpenModal>(null);
  usePreloadOnceRead(!invoices.isPending, preloadModals);

  const invoiceList = invoices.rows;
  const paymentList = payments.rows;
  const findInvoices = useMemo(() => createInvoiceFinder(invoiceList ?? []), [invoiceList]);
  const findPayments = useMemo(() => createPaymentFinder(paymentList ?? []), [paymentList]);
  // Filtering 10,000 prepared rows and rendering the visible ones takes a few ms, so the tables
  // follow each keystroke in the same render.
  const shownInvoices = useMemo(() => findInvoices(query, status), [findInvoices, query, status]);
  const shownPayments = useMemo(() => findPayments(query), [findPayments, query]);
  const searching = normalizeName(query) !== '';

  const closeModal = useCallback(() => setModal(null), []);
  const onAddPayment = useCallback((invoice: InvoiceListRow) => setModal({ kind: 'add-payment', invoice }), []);

  const filtering = searching || status !== 'All';
  const invoiceStatus = listReadStatus(invoices, filtering);
  const paymentStatus = zone.isPending ? 'loading' : listReadStatus(payments, searching);

  return (
    <Screen
      className="billing"
      titleId="billing-title"
      title={BILLING_TEXT.tabTitle}
      onPointerOver={preloadModals}
      onFocus={preloadModals}
      tools={
        <div className="billing-tools">
          <BillingFilters query={query} status={status} onQuery={setQuery} onStatus={setStatus} />
          <button type="button" className="button button-primary" onClick={() => setModal({ kind: 'add-invoice' })}>
            {BILLING_TEXT.addInvoice}
          </button>
        </div>
      }
    >
      <Panel
        title={BILLING_TEXT.invoicesTable}
        count={
          invoiceStatus !== 'ready'
            ? null
            : invoices.complete
              ? BILLING_EXTRA_TEXT.invoiceCount(shownInvoices.length, invoiceList?.length ?? 0)
              : BILLING_EXTRA_TEXT.newestInvoices(shownInvoices.length, invoices.total ?? 0)
        }
        countTestId="invoices-count"
        tools={<ExportInvoicesButton clinicId={clinicId} query={query} status={status} />}
      >
        {invoices.isError && invoiceList ? (
          <StaleState
            text={BILLING_EXTRA_TEXT.invoicesStale}
            retryLabel={BILLING_EXTRA_TEXT.retry}
            onRetry={invoices.refetch}
          />
        ) : null}
        <InvoicesTable
          invoices={shownInvoices}
          read={{
            status: invoiceStatus,
            filtered: filtering,
            onRetry: invoices.refetch,
          }}
          onAddPayment={onAddPayment}
          VoidAction={VoidInvoiceButton}
        />
      </Panel>

      <Panel
        title={BILLING_TEXT.paymentsTable}
        count={
          paymentStatus !== 'ready'
            ? null
            : payments.complete
              ? BILLING_EXTRA_TEXT.paymentCount(shownPayments.length, paymentList?.length ?? 0)
              : BILLING_EXTRA_TEXT.newestPayments(shownPayments.length, payments.total ?? 0)
        }
        countTestId="payments-count"
        tools={<ExportPaymentsButton clinicId={clinicId} query={query} />}
      >
        {payments.isError && paymentList ? (
          <StaleState
            text={BILLING_EXTRA_TEXT.paymentsStale}
            retryLabel={BILLING_EXTRA_TEXT.retry}
            onRetry={payments.refetch}
          />
        ) : null}
        <PaymentsTable
          payments={shownPayments}
          read={{ status: paymentStatus, filtered: searching, onRetry: payments.refetch }}
          timeZone={zone.timeZone}
          Actions={PaymentRowActions}
        />
      </Panel>

      <HmoClaimsPanel clinicId={clinicId} timeZone={zone.timeZone} />

      {modal?.kind === 'add-invoice' ? <AddInvoiceModal clinicId={clinicId} onClose={closeModal} /> : null}
      {modal?.kind === 'add-payment' ? (
        <AddPaymentModal clinicId={clinicId} invoice={modal.invoice} onClose={closeModal} />
      ) : null}
    </Screen>
  );
}
