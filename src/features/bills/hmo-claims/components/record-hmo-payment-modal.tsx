import { useId, useRef, useState, type FormEvent } from 'react';
import { clinicToday } from '@common/clinic-calendar';
import { controlClass, Field } from '@/components/form/field';
import { FormModal } from '@/components/form/form-modal';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { useToast } from '@/components/toast/toast-context';
import { formatPesos } from '@/entities/money';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { AmountField } from '../../model/components/amount-field';
import { ReferenceField } from '../../model/components/reference-field';
import { newIdempotencyKey } from '../../model/idempotency-key';
import { HMO_REFERENCE_MAX, hmoPaymentSchema } from '../api/hmo-payment.schema';
import { useRecordHmoPayment } from '../api/record-hmo-payment';
import { hmoPaymentFailureMessage } from '../failure-text';
import type { HmoBatchRow } from '../hmo-claims-model';
import { HMO_CLAIMS_TEXT } from '../messages';
import '../../model/components/billing-form.css';

/**
 * 'Record HMO payment' for one batch: amount, date received (today on the clinic's calendar by
 * default) and reference. The database spreads it over the batch's claims, oldest visit first, and
 * refuses more than the batch still owes; its refusal is shown in words and what was typed stays.
 * The form gets one idempotency key when it opens and keeps it across retries, so a double click
 * or a retry after a lost answer records one payment; a retry after the form was changed (or its
 * payment voided) is refused by the database, not taken for that payment's success.
 */
export function RecordHmoPaymentModal({
  clinicId,
  batch,
  timeZone,
  onClose,
}: {
  clinicId: number;
  batch: Pick<HmoBatchRow, 'id' | 'hmo_name' | 'outstanding_centavos'>;
  timeZone: string;
  onClose: () => void;
}) {
  const formId = useId();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const form = useZodForm(hmoPaymentSchema, {
    defaultValues: { amount: '', receivedOn: clinicToday(new Date(), timeZone), reference: '' },
  });
  const { errors } = form.formState;
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const record = useRecordHmoPayment(clinicId, batch.id);
  const toast = useToast();
  const done = useRef(false);

  const edited = (name: 'amount' | 'receivedOn' | 'reference') =>
    form.register(name, { onChange: () => form.clearErrors(name) });

  function submit(event: FormEvent<HTMLFormElement>) {
    if (done.current) return;
    return form.handleSubmit(async ({ amount, receivedOn, reference }) => {
      setMessage(null);
      try {
        const result = await record.mutateAsync({
          batchId: batch.id,
          amountCentavos: amount,
          receivedOn,
          reference,
          idempotencyKey,
        });
        if (result === ALREADY_PENDING) return;
        done.current = true;
        toast(HMO_CLAIMS_TEXT.paymentRecorded, { tone: 'success' });
        onClose();
      } catch (error) {
        // A retry refused for the payment its key saved earlier (hmo_payment_key_reused / _voided)
        // stays open with what was typed, naming that payment for the desk to check.
        setMessage(hmoPaymentFailureMessage(error));
      }
    })(event);
  }

  return (
    <FormModal
      formId={formId}
      formClassName="billing-form"
      title={HMO_CLAIMS_TEXT.paymentTitle(batch.hmo_name, batch.id)}
      onClose={onClose}
      onSubmit={submit}
      pending={record.isPending}
      submitLabel={HMO_CLAIMS_TEXT.save}
      pendingLabel={HMO_CLAIMS_TEXT.saving}
      cancelLabel={HMO_CLAIMS_TEXT.cancel}
    >
      <p className="billing-balance" data-testid="hmo-batch-outstanding">
        {HMO_CLAIMS_TEXT.outstandingLine(formatPesos(batch.outstanding_centavos))}
      </p>
      <p className="field-hint">{HMO_CLAIMS_TEXT.settleNote}</p>
      <AmountField
        id={`${formId}-amount`}
        label={HMO_CLAIMS_TEXT.fields.amount}
        error={errors.amount?.message}
        {...edited('amount')}
      />
      <Field
        id={`${formId}-received`}
        label={HMO_CLAIMS_TEXT.fields.receivedOn}
        error={errors.receivedOn?.message}
        announceError={false}
      >
        {(control) => (
          <input
            {...control}
            className={controlClass('input', errors.receivedOn?.message)}
            type="date"
            required
            {...edited('receivedOn')}
          />
        )}
      </Field>
      <ReferenceField
        id={`${formId}-reference`}
        label={HMO_CLAIMS_TEXT.fields.reference}
        error={errors.reference?.message}
        maxLength={HMO_REFERENCE_MAX}
        {...edited('reference')}
      />
      <FormMessage message={message} />
    </FormModal>
  );
}
