import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { formatPesos } from '@/entities/money';
import { can } from '@/lib/authorization';
import { useSignedInUser } from '@/lib/session';
import type { InvoiceListRow, PaymentListRow } from '../../model/api/billing-columns';
import type { VoidTarget } from '../api/void-entry';
import { VOID_TEXT } from '../messages';
import { VoidDialog } from './void-dialog';
import './void-actions.css';

const UNKNOWN_PATIENT = 'an unknown patient';

/** What the open 'Void …' dialog is about, fixed when its button was pressed. */
interface VoidRequest {
  clinicId: number;
  target: VoidTarget;
  summary: string;
}

const OpenVoidDialogContext = createContext<((request: VoidRequest) => void) | null>(null);

/**
 * Holds the 'Void …' dialog that a row's Void button opens. It belongs here rather than to the
 * button: a live re-read can take the row off the table (a status filter it no longer matches, the
 * scroll window) or show it void, and the dialog must stay open with the reason typed and, after
 * a refusal, the database's message ('already void').
 */
export function VoidDialogHost({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<VoidRequest | null>(null);
  const close = useCallback(() => setRequest(null), []);
  return (
    <OpenVoidDialogContext.Provider value={setRequest}>
      {children}
      {request ? (
        <VoidDialog
          key={`${request.target.kind}-${request.target.id}`}
          clinicId={request.clinicId}
          target={request.target}
          summary={request.summary}
          onClose={close}
        />
      ) : null}
    </OpenVoidDialogContext.Provider>
  );
}

function useOpenVoidDialog(): (request: VoidRequest) => void {
  const open = useContext(OpenVoidDialogContext);
  if (!open) throw new Error('A Void button is used outside <VoidDialogHost>');
  return open;
}

function VoidButton({ title, onClick }: { title: string; onClick: () => void }) {
  return (
    <button type="button" className="void-button" title={title} onClick={onClick}>
      {VOID_TEXT.button}
    </button>
  );
}

/**
 * 'Void' on an invoice row, for admins and superadmins (the database refuses anyone else); nothing
 * for other roles or an invoice already void.
 */
export function VoidInvoiceButton({ invoice }: { invoice: InvoiceListRow }) {
  const user = useSignedInUser();
  const open = useOpenVoidDialog();
  if (!can(user.role, 'billing:void') || invoice.voided_at) return null;
  return (
    <VoidButton
      title={VOID_TEXT.invoiceTitle(invoice.id)}
      onClick={() =>
        open({
          clinicId: invoice.clinic_id,
          target: { kind: 'invoice', id: invoice.id },
          summary: VOID_TEXT.invoiceSummary(
            formatPesos(invoice.total_centavos),
            invoice.patient_name ?? UNKNOWN_PATIENT,
          ),
        })
      }
    />
  );
}

/**
 * 'Void' on a payment row, for admins and superadmins (the database refuses anyone else); nothing
 * for other roles or a payment already void.
 */
export function VoidPaymentButton({ payment }: { payment: PaymentListRow }) {
  const user = useSignedInUser();
  const open = useOpenVoidDialog();
  if (!can(user.role, 'billing:void') || payment.voided_at) return null;
  return (
    <VoidButton
      title={VOID_TEXT.paymentTitle(payment.id)}
      onClick={() =>
        open({
          clinicId: payment.clinic_id,
          target: { kind: 'payment', id: payment.id, invoiceId: payment.invoice_id },
          summary: VOID_TEXT.paymentSummary(
            formatPesos(payment.amount_centavos),
            payment.patient_name ?? UNKNOWN_PATIENT,
          ),
        })
      }
    />
  );
}
