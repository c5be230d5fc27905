import { useState } from 'react';
import { can } from '@/lib/authorization';
import { formatPesos } from '@/lib/money';
import { useSignedInUser } from '@/lib/session';
import type { InvoiceListRow, PaymentListRow } from '../../model/api/billing-columns';
import { VOID_TEXT } from '../messages';
import { VoidDialog } from './void-dialog';

const UNKNOWN_PATIENT = 'an unknown patient';

function VoidButton({ title, onClick }: { title: string; onClick: () => void }) {
  return (
    <button type="button" className="void-button" title={title} onClick={onClick}>
      {VOID_TEXT.button}
    </button>
  );
}

/**
 * 'Void' on an invoice row, for admins and superadmins (the database refuses anyone else); nothing
 * for other roles or an invoice already void. An open dialog stays open when the list, read again,
 * shows the invoice void meanwhile, so its message ('already void') is seen.
 */
export function VoidInvoiceButton({ invoice }: { invoice: InvoiceListRow }) {
  const user = useSignedInUser();
  const [open, setOpen] = useState(false);
  if (!can(user.role, 'billing:void')) return null;
  const title = VOID_TEXT.invoiceTitle(invoice.id);
  return (
    <>
      {invoice.voided_at ? null : <VoidButton title={title} onClick={() => setOpen(true)} />}
      {open ? (
        <VoidDialog
          clinicId={invoice.clinic_id}
          target={{ kind: 'invoice', id: invoice.id }}
          summary={VOID_TEXT.invoiceSummary(
            formatPesos(invoice.total_centavos),
            invoice.patient_name ?? UNKNOWN_PATIENT,
          )}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

/**
 * 'Void' on a payment row, for admins and superadmins (the database refuses anyone else); nothing
 * for other roles or a payment already void. An open dialog stays open when the list, read again,
 * shows the payment void meanwhile, so its message ('already void') is seen.
 */
export function VoidPaymentButton({ payment }: { payment: PaymentListRow }) {
  const user = useSignedInUser();
  const [open, setOpen] = useState(false);
  if (!can(user.role, 'billing:void')) return null;
  const title = VOID_TEXT.paymentTitle(payment.id);
  return (
    <>
      {payment.voided_at ? null : <VoidButton title={title} onClick={() => setOpen(true)} />}
      {open ? (
        <VoidDialog
          clinicId={payment.clinic_id}
          target={{ kind: 'payment', id: payment.id }}
          summary={VOID_TEXT.paymentSummary(
            formatPesos(payment.amount_centavos),
            payment.patient_name ?? UNKNOWN_PATIENT,
          )}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
