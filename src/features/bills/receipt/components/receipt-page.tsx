import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { formatClinicDate, formatClinicDateTimeShort } from '@common/clinic-calendar';
import { ErrorState, LoadingState } from '@/components/states/states';
import { INVOICE_SPLIT_TEXT, InvoiceLinesTable } from '@/entities/invoice';
import { formatPesos, pesosInWords } from '@/entities/money';
import { paymentMethodLabel } from '../../model/payment-methods';
import { useReceipt } from '../api/get-receipt';
import { RECEIPT_TEXT } from '../messages';
import { clinicContactLine, receiptPaymentId, type Receipt } from '../receipt';
import '../../model/components/printable-page.css';
import './receipt-page.css';

const ROWS = RECEIPT_TEXT.rows;

function ReceiptRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'receipt-row receipt-row-strong' : 'receipt-row'}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

const SPLIT = INVOICE_SPLIT_TEXT;

/**
 * Under the items, who pays what the database split (invoice_split): the HMO's share, then the
 * senior citizen / PWD lines, each its own line, then what the patient owes. Nothing for an
 * invoice without an HMO share or a discount ID.
 */
function ReceiptSplit({ receipt }: { receipt: Receipt }) {
  if (receipt.hmo_share_centavos === 0 && receipt.discount_id_type === null) return null;
  return (
    <dl className="receipt-rows receipt-split">
      {receipt.hmo_share_centavos > 0 ? (
        <ReceiptRow
          label={SPLIT.hmoPays(receipt.hmo_name ?? '', receipt.hmo_member_number ?? RECEIPT_TEXT.none)}
          value={formatPesos(receipt.hmo_share_centavos)}
        />
      ) : null}
      {receipt.discount_id_type !== null ? (
        <>
          <ReceiptRow
            label={ROWS.discountId}
            value={SPLIT.discountId(receipt.discount_id_type, receipt.discount_id_number ?? '')}
          />
          {receipt.vat_exemption_centavos > 0 ? (
            <ReceiptRow label={SPLIT.less(SPLIT.vatExemption)} value={formatPesos(receipt.vat_exemption_centavos)} />
          ) : null}
          <ReceiptRow
            label={SPLIT.less(SPLIT.statutoryDiscount(receipt.discount_id_type))}
            value={formatPesos(receipt.statutory_discount_centavos)}
          />
        </>
      ) : null}
      <ReceiptRow label={SPLIT.patientPays} value={formatPesos(receipt.invoice_total_centavos)} strong />
    </dl>
  );
}

/** The receipt itself: what the paper shows. */
function ReceiptSheet({ receipt, timeZone }: { receipt: Receipt; timeZone: string }) {
  const voided = receipt.voided_at !== null;
  const contact = clinicContactLine(receipt);
  return (
    <article
      className={voided ? 'printable-sheet receipt receipt-voided' : 'printable-sheet receipt'}
      aria-labelledby="receipt-title"
    >
      <header className="receipt-clinic">
        <p className="receipt-clinic-name">{receipt.clinic_name}</p>
        {receipt.clinic_address ? <p className="receipt-clinic-line">{receipt.clinic_address}</p> : null}
        {contact ? <p className="receipt-clinic-line">{contact}</p> : null}
      </header>
      <h1 id="receipt-title" className="receipt-title">
        {RECEIPT_TEXT.title}
      </h1>
      <p className="receipt-number">{RECEIPT_TEXT.receiptNumber(receipt.receipt_number)}</p>
      {voided ? (
        <div className="receipt-void" role="note">
          <p className="receipt-void-stamp">{RECEIPT_TEXT.voidStamp}</p>
          <p className="receipt-void-note">
            {RECEIPT_TEXT.voidedNote(formatClinicDateTimeShort(receipt.voided_at!, timeZone))}
          </p>
        </div>
      ) : null}
      <dl className="receipt-rows">
        <ReceiptRow label={ROWS.date} value={formatClinicDateTimeShort(receipt.payment_date, timeZone)} />
        <ReceiptRow label={ROWS.patient} value={receipt.patient_name} />
        <ReceiptRow label={ROWS.invoice} value={RECEIPT_TEXT.invoiceNumber(receipt.invoice_id)} />
        {receipt.appointment_reason && receipt.appointment_time ? (
          <ReceiptRow
            label={ROWS.paidFor}
            value={RECEIPT_TEXT.paidFor(
              receipt.appointment_reason,
              formatClinicDate(receipt.appointment_time, timeZone),
            )}
          />
        ) : null}
        <ReceiptRow label={ROWS.amount} value={formatPesos(receipt.amount_centavos)} strong />
        <ReceiptRow label={ROWS.amountInWords} value={pesosInWords(receipt.amount_centavos)} />
        <ReceiptRow label={ROWS.method} value={paymentMethodLabel(receipt.method)} />
        <ReceiptRow label={ROWS.reference} value={receipt.reference_number?.trim() || RECEIPT_TEXT.none} />
        {receipt.notes?.trim() ? <ReceiptRow label={ROWS.notes} value={receipt.notes.trim()} /> : null}
        <ReceiptRow label={ROWS.invoiceTotal} value={formatPesos(receipt.invoice_total_centavos)} />
        {receipt.balance_after_centavos < 0 ? (
          <ReceiptRow label={ROWS.creditAfter} value={formatPesos(-receipt.balance_after_centavos)} strong />
        ) : (
          <ReceiptRow label={ROWS.balanceAfter} value={formatPesos(receipt.balance_after_centavos)} strong />
        )}
      </dl>
      {receipt.items.length > 0 ? (
        <InvoiceLinesTable
          lines={receipt.items}
          caption={RECEIPT_TEXT.items(receipt.invoice_id)}
          className="receipt-items"
        />
      ) : null}
      <ReceiptSplit receipt={receipt} />
      <div className="receipt-cashier">
        <p className="receipt-cashier-label">{RECEIPT_TEXT.receivedBy}</p>
        <p className="receipt-cashier-name">{receipt.cashier_name ?? ''}</p>
        <p className="receipt-signature-line">{RECEIPT_TEXT.signatureLine}</p>
      </div>
      <p className="receipt-bir-note">{RECEIPT_TEXT.birNote}</p>
    </article>
  );
}

function ReceiptView() {
  const { paymentId: param } = useParams();
  const paymentId = receiptPaymentId(param);
  const receipt = useReceipt(paymentId);

  useEffect(() => {
    document.title = receipt.data
      ? `${RECEIPT_TEXT.title} ${RECEIPT_TEXT.receiptNumber(receipt.data.receipt_number)}`
      : RECEIPT_TEXT.title;
  }, [receipt.data]);

  if (paymentId === null || receipt.data === null) {
    return (
      <ErrorState title={RECEIPT_TEXT.notFoundTitle} fullPage>
        {RECEIPT_TEXT.notFound(param ?? '')}
      </ErrorState>
    );
  }
  if (receipt.isError) {
    return (
      <ErrorState
        title={RECEIPT_TEXT.failedTitle}
        onRetry={() => void receipt.refetch()}
        retryLabel={RECEIPT_TEXT.retry}
        fullPage
      >
        {RECEIPT_TEXT.failed}
      </ErrorState>
    );
  }
  if (!receipt.data) {
    return <LoadingState label={RECEIPT_TEXT.loading} fullPage />;
  }
  return (
    <main className="printable-page receipt-page">
      <div className="printable-toolbar">
        <button type="button" className="button button-primary" onClick={() => window.print()}>
          {RECEIPT_TEXT.print}
        </button>
      </div>
      <ReceiptSheet receipt={receipt.data} timeZone={receipt.data.clinic_time_zone} />
    </main>
  );
}

/**
 * `/receipts/:paymentId`: a payment's acknowledgement receipt in its own tab, ready to print on
 * A5 or 80 mm paper. Outside the dashboard, so it has its own query client.
 */
export default function ReceiptPage() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, staleTime: 30_000 } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ReceiptView />
    </QueryClientProvider>
  );
}
