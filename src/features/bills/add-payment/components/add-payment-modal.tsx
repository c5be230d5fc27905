import { useId, useState, type FormEvent } from 'react';
import { FormMessage } from '@/components/form-message';
import { Modal } from '@/components/modal/modal';
import { formatPesos } from '@/entities/money';
import type { InvoiceSummaryRow } from '@/lib/database.types';
import { AmountField } from '../../model/components/amount-field';
import { BILLING_EXTRA_TEXT, BILLING_TEXT } from '../../model/messages';
import { PAYMENT_METHODS } from '../../model/payment-methods';
import type { InvoiceBalance } from '../api/get-invoice-balance';
import { EMPTY_PAYMENT_FORM, PAYMENT_LIMITS, type PaymentFormValues } from '../payment-form';
import { useAddPaymentSubmission } from './use-add-payment-submission';
import '../../model/components/billing-form.css';

export type PaymentInvoice = Pick<InvoiceSummaryRow, 'id' | 'patient_id' | 'patient_name'>;

function BalanceLine({ balance, failed }: { balance: InvoiceBalance | null | undefined; failed: boolean }) {
  if (failed) return <p className="billing-balance">{BILLING_EXTRA_TEXT.balanceFailed}</p>;
  if (balance === undefined) return <p className="billing-balance">{BILLING_EXTRA_TEXT.balanceLoading}</p>;
  if (balance === null) return null;
  return (
    <p className="billing-balance" data-testid="billing-balance">
      {BILLING_EXTRA_TEXT.balanceLine(
        formatPesos(balance.total_centavos),
        formatPesos(balance.paid_centavos),
        formatPesos(balance.balance_centavos),
      )}
    </p>
  );
}

/**
 * The modal 'Add Payment for Invoice #{id}' (spec §2, §5, §8). The invoice's balance is read afresh
 * when it opens; an amount above it is warned about ('This is ₱X more than the balance of ₱Y.')
 * and saved only once confirmed, since money received is kept. Only the confirmed save tells the
 * database it accepts the overpayment; when the balance shrank meanwhile (another device took a
 * payment), the database refuses the unconfirmed one and the form warns with the new balance. The
 * form gets one idempotency key when it opens and keeps it across retries: a double click, a retry
 * after a lost answer or a second tab with the same form makes one payment.
 */
export function AddPaymentModal({
  clinicId,
  invoice,
  onClose,
}: {
  clinicId: number;
  invoice: PaymentInvoice;
  onClose: () => void;
}) {
  const formId = useId();
  const [values, setValues] = useState<PaymentFormValues>(EMPTY_PAYMENT_FORM);
  const { balance, errors, message, warning, saving, edited, submit, confirm } = useAddPaymentSubmission(
    clinicId,
    invoice,
    onClose,
  );
  const voided = balance.data?.voided_at != null;

  const set = (key: keyof PaymentFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    edited(key);
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit(values);
  }

  const title = BILLING_TEXT.addPaymentTitle(invoice.id);
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      size="small"
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            {BILLING_TEXT.cancel}
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={saving || voided}>
            {saving ? BILLING_EXTRA_TEXT.saving : BILLING_TEXT.addPayment}
          </button>
        </>
      }
    >
      <form id={formId} className="billing-form" onSubmit={onSubmit} noValidate>
        <p className="billing-form-patient" title={invoice.patient_name}>
          {invoice.patient_name}
        </p>
        <BalanceLine balance={balance.data} failed={balance.isError && balance.data === undefined} />
        {voided ? <FormMessage message={{ tone: 'info', text: BILLING_EXTRA_TEXT.voidInvoiceNotice }} /> : null}
        <AmountField
          id={`${formId}-amount`}
          label={BILLING_TEXT.fields.amount}
          value={values.amount}
          error={errors.amount}
          onChange={(event) => set('amount')(event.target.value)}
        />
        <div className="field">
          <label className="field-label" htmlFor={`${formId}-method`}>
            {BILLING_TEXT.fields.method}
          </label>
          <select
            id={`${formId}-method`}
            className="input"
            value={values.method}
            onChange={(event) => set('method')(event.target.value)}
          >
            {PAYMENT_METHODS.map((method) => (
              <option key={method.value} value={method.value}>
                {method.label}
              </option>
            ))}
          </select>
          {errors.method ? <p className="billing-field-error">{errors.method}</p> : null}
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${formId}-reference`}>
            {BILLING_TEXT.fields.reference} <span className="field-optional">{BILLING_EXTRA_TEXT.optional}</span>
          </label>
          <input
            id={`${formId}-reference`}
            className={errors.reference ? 'input is-invalid' : 'input'}
            type="text"
            autoComplete="off"
            spellCheck={false}
            maxLength={PAYMENT_LIMITS.reference}
            value={values.reference}
            onChange={(event) => set('reference')(event.target.value)}
          />
          {errors.reference ? <p className="billing-field-error">{errors.reference}</p> : null}
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${formId}-notes`}>
            {BILLING_TEXT.fields.notes} <span className="field-optional">{BILLING_EXTRA_TEXT.optional}</span>
          </label>
          <textarea
            id={`${formId}-notes`}
            className={errors.notes ? 'input is-invalid' : 'input'}
            rows={2}
            value={values.notes}
            onChange={(event) => set('notes')(event.target.value)}
          />
          {errors.notes ? <p className="billing-field-error">{errors.notes}</p> : null}
        </div>
        {warning ? (
          <div className="billing-overpay" role="alert">
            <p>{warning.text}</p>
            <button
              type="button"
              className="button button-primary"
              disabled={saving}
              onClick={() => void confirm(warning.fields)}
            >
              {BILLING_EXTRA_TEXT.overpayConfirm}
            </button>
          </div>
        ) : null}
        <FormMessage message={message} />
      </form>
    </Modal>
  );
}
