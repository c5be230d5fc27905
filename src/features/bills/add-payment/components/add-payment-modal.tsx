import { useId, type FormEvent } from 'react';
import { controlClass, Field } from '@/components/form/field';
import { FormModal } from '@/components/form/form-modal';
import { SelectField } from '@/components/form/select-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage } from '@/components/form-message';
import { formatPesos } from '@/entities/money';
import type { InvoiceSummaryRow } from '@/lib/database.types';
import { AmountField } from '../../model/components/amount-field';
import { ReferenceField } from '../../model/components/reference-field';
import { BILLING_EXTRA_TEXT, BILLING_TEXT } from '../../model/messages';
import { PAYMENT_METHODS } from '../../model/payment-methods';
import { addPaymentSchema } from '../api/add-payment.schema';
import type { InvoiceBalance } from '../api/get-invoice-balance';
import { EMPTY_PAYMENT_FORM, PAYMENT_LIMITS } from '../payment-form';
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
 * The modal 'Add Payment for Invoice #{id}'. The invoice's balance is read afresh
 * when it opens; an amount above it is warned about ('This is ₱X more than the balance of ₱Y.')
 * and saved only once confirmed, since money received is kept. Only the confirmed save tells the
 * database it accepts the overpayment, at the balance the warning named; when the balance changed
 * meanwhile (another device took or voided a payment), the database refuses the payment, confirmed
 * or not, and the form warns again with the new balance and balance line. The
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
  const form = useZodForm(addPaymentSchema, { defaultValues: EMPTY_PAYMENT_FORM });
  const { errors } = form.formState;
  const { balance, message, warning, saving, dropWarning, submit, confirm } = useAddPaymentSubmission(
    clinicId,
    invoice,
    onClose,
  );
  const voided = balance.data?.voided_at != null;

  /**
   * A field's props: an edit clears its error and drops the warning, whose confirm saves the fields
   * it was given; the edited form is warned about (or saved) only when submitted again.
   */
  const edited = (name: 'amount' | 'method' | 'reference' | 'notes') =>
    form.register(name, {
      onChange: () => {
        form.clearErrors(name);
        dropWarning();
      },
    });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return form.handleSubmit(submit, dropWarning)(event);
  }

  const optionalLabel = (label: string) => (
    <>
      {label} <span className="field-optional">{BILLING_EXTRA_TEXT.optional}</span>
    </>
  );
  return (
    <FormModal
      formId={formId}
      formClassName="billing-form"
      title={BILLING_TEXT.addPaymentTitle(invoice.id)}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={saving}
      submitDisabled={voided}
      submitLabel={BILLING_TEXT.addPayment}
      pendingLabel={BILLING_EXTRA_TEXT.saving}
      cancelLabel={BILLING_TEXT.cancel}
    >
      <p className="billing-form-patient" title={invoice.patient_name}>
        {invoice.patient_name}
      </p>
      <BalanceLine balance={balance.data} failed={balance.isError && balance.data === undefined} />
      {voided ? <FormMessage message={{ tone: 'info', text: BILLING_EXTRA_TEXT.voidInvoiceNotice }} /> : null}
      <AmountField
        id={`${formId}-amount`}
        label={BILLING_TEXT.fields.amount}
        error={errors.amount?.message}
        {...edited('amount')}
      />
      <SelectField
        id={`${formId}-method`}
        label={BILLING_TEXT.fields.method}
        options={PAYMENT_METHODS}
        error={errors.method?.message}
        {...edited('method')}
      />
      <ReferenceField
        id={`${formId}-reference`}
        label={BILLING_TEXT.fields.reference}
        error={errors.reference?.message}
        maxLength={PAYMENT_LIMITS.reference}
        {...edited('reference')}
      />
      <Field
        id={`${formId}-notes`}
        label={optionalLabel(BILLING_TEXT.fields.notes)}
        error={errors.notes?.message}
        announceError={false}
      >
        {(control) => (
          <textarea
            {...control}
            className={controlClass('input', errors.notes?.message)}
            rows={2}
            {...edited('notes')}
          />
        )}
      </Field>
      {warning ? (
        <div className="billing-overpay" role="alert">
          {warning.notice ? <p>{warning.notice}</p> : null}
          <p>{warning.text}</p>
          <button
            type="button"
            className="button button-primary"
            disabled={saving}
            onClick={() => void confirm(warning)}
          >
            {BILLING_EXTRA_TEXT.overpayConfirm}
          </button>
        </div>
      ) : null}
      <FormMessage message={message} />
    </FormModal>
  );
}
