import { useId, useRef, useState, type FormEvent } from 'react';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { Modal } from '@/components/modal/modal';
import { useToast } from '@/components/toast/toast-context';
import { formatPesos } from '@/entities/money';
import type { InvoiceSummaryRow } from '@/lib/database.types';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { AmountField } from '../../model/components/amount-field';
import { isAboveBalance, paymentFailureText } from '../../model/failure-text';
import { newIdempotencyKey } from '../../model/idempotency-key';
import { BILLING_EXTRA_TEXT, BILLING_TEXT } from '../../model/messages';
import { PAYMENT_METHODS } from '../../model/payment-methods';
import { useAddPayment } from '../api/add-payment';
import { useInvoiceBalance, type InvoiceBalance } from '../api/get-invoice-balance';
import {
  checkPaymentForm,
  EMPTY_PAYMENT_FORM,
  overpayment,
  PAYMENT_LIMITS,
  type PaymentFieldErrors,
  type PaymentFields,
  type PaymentFormValues,
} from '../payment-form';
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
  const [errors, setErrors] = useState<PaymentFieldErrors>({});
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const [warning, setWarning] = useState<{ fields: PaymentFields; text: string } | null>(null);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const balance = useInvoiceBalance(clinicId, invoice.id);
  const add = useAddPayment(clinicId, invoice.id);
  const showToast = useToast();
  const saved = useRef(false);
  const saving = add.isPending;
  const voided = balance.data?.voided_at != null;

  const set = (key: keyof PaymentFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
    if (key === 'amount') setWarning(null);
  };

  async function save(fields: PaymentFields, acceptOverpayment: boolean) {
    if (saving || saved.current) return;
    setMessage(null);
    try {
      const result = await add.mutateAsync({
        ...fields,
        invoiceId: invoice.id,
        patientId: invoice.patient_id,
        idempotencyKey,
        acceptOverpayment,
      });
      if (result === ALREADY_PENDING) return;
      saved.current = true;
      showToast(BILLING_EXTRA_TEXT.paymentAdded);
      onClose();
    } catch (error) {
      if (!acceptOverpayment && isAboveBalance(error)) {
        const fresh = (await balance.refetch()).data;
        const text = overpayment(fields.amountCentavos, fresh?.balance_centavos);
        setWarning({ fields, text: text ?? BILLING_EXTRA_TEXT.overpayUnknownBalance });
        return;
      }
      setMessage({ tone: 'error', text: paymentFailureText(error) });
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving || saved.current) return;
    const check = checkPaymentForm(values);
    if (!check.ok) {
      setErrors(check.errors);
      setWarning(null);
      return;
    }
    setErrors({});
    // The balance as the database has it now (another device may have taken a payment).
    const current = balance.data !== undefined ? balance.data : (await balance.refetch()).data;
    const text = overpayment(check.fields.amountCentavos, current?.balance_centavos);
    if (text) {
      setMessage(null);
      setWarning({ fields: check.fields, text });
      return;
    }
    await save(check.fields, false);
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
          onChange={set('amount')}
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
              onClick={() => void save(warning.fields, true)}
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
