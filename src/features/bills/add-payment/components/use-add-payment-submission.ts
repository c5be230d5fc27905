import { useRef, useState } from 'react';
import type { FormMessageValue } from '@/components/form-message';
import { useToast } from '@/components/toast/toast-context';
import { newIdempotencyKey } from '../../model/idempotency-key';
import { BILLING_EXTRA_TEXT } from '../../model/messages';
import { useAddPayment } from '../api/add-payment';
import { useInvoiceBalance } from '../api/get-invoice-balance';
import type { PaymentFields } from '../payment-form';
import {
  savePayment,
  submitPayment,
  type OverpaymentWarning,
  type PaymentDependencies,
  type PaymentOutcome,
} from '../submit-payment';

/**
 * Add Payment for one invoice's form: submitPayment / savePayment (../submit-payment.ts) wired to
 * the balance query, the guarded write and the toast, with what the form shows besides its field
 * errors. The form gets one idempotency key when it opens and keeps it across retries.
 */
export function useAddPaymentSubmission(
  clinicId: number,
  invoice: { readonly id: number; readonly patient_id: number },
  onClose: () => void,
) {
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const [warning, setWarning] = useState<OverpaymentWarning | null>(null);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const balance = useInvoiceBalance(clinicId, invoice.id);
  const add = useAddPayment(clinicId, invoice.id);
  const showToast = useToast();
  const saved = useRef(false);
  const saving = add.isPending;
  const target = { invoiceId: invoice.id, patientId: invoice.patient_id, idempotencyKey };
  const deps: PaymentDependencies = {
    currentBalance: async () => (balance.data !== undefined ? balance.data : (await balance.refetch()).data),
    freshBalance: async () => (await balance.refetch()).data,
    save: (payment) => add.mutateAsync(payment),
    progress: () => setMessage(null),
  };

  function show(outcome: PaymentOutcome) {
    switch (outcome.type) {
      case 'confirm-overpayment':
        setMessage(null);
        setWarning(outcome);
        return;
      case 'saved':
        saved.current = true;
        showToast(BILLING_EXTRA_TEXT.paymentAdded);
        onClose();
        return;
      case 'failed':
        // A warning left up would accept a balance the database just refused.
        setWarning(null);
        setMessage({ tone: 'error', text: outcome.text });
        return;
      case 'already-pending':
        return;
    }
  }

  return {
    balance,
    message,
    warning,
    saving,
    /** The form was refused, or a field edited: the warning was about other fields. */
    dropWarning() {
      setWarning(null);
    },
    /** Add Payment pressed with a form that checks. */
    async submit(fields: PaymentFields) {
      if (saving || saved.current) return;
      show(await submitPayment(fields, target, deps));
    },
    /** 'Add Payment anyway' under `confirmed`: accepts its excess at the balance it names, no other. */
    async confirm(confirmed: OverpaymentWarning) {
      if (saving || saved.current) return;
      show(await savePayment(confirmed.fields, confirmed.balanceCentavos, target, deps));
    },
  };
}
