import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Field } from '@/components/form/field';
import { FormModal } from '@/components/form/form-modal';
import { useFormSubmission } from '@/components/form/use-form-submission';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage } from '@/components/form-message';
import { useToast } from '@/components/toast/toast-context';
import { centavosToDecimal } from '@/entities/money';
import type { AddInvoiceModalProps } from '@/lib/feature-slots';
import { AmountField } from '../../model/components/amount-field';
import { invoiceFailureText } from '../../model/failure-text';
import { newIdempotencyKey } from '../../model/idempotency-key';
import { BILLING_EXTRA_TEXT, BILLING_TEXT } from '../../model/messages';
import { useAddInvoice } from '../api/add-invoice';
import { addInvoiceSchema } from '../api/add-invoice.schema';
import { PatientSearchField } from './patient-search-field';
import '../../model/components/billing-form.css';

/**
 * The Add Invoice modal (spec §2, §5, §8): a patient picked from a search by name, and Total. The
 * form gets one idempotency key when it opens and keeps it across retries, so a double click, a
 * retry after a lost answer or a second click while saving makes one invoice. 'Bill' on a
 * Completed appointment opens it with the patient, the procedure's price and the appointment.
 */
export function AddInvoiceModal({ clinicId, onClose, prefill }: AddInvoiceModalProps) {
  const form = useZodForm(addInvoiceSchema, {
    defaultValues: {
      patient: prefill?.patient ?? null,
      total: prefill?.totalCentavos === undefined ? '' : centavosToDecimal(prefill.totalCentavos),
    },
  });
  const { errors } = form.formState;
  const [idempotencyKey] = useState(newIdempotencyKey);
  const add = useAddInvoice(clinicId);
  const showToast = useToast();
  // The field errors show at their fields; the message line says only why a save failed.
  const { formId, formProps, failure } = useFormSubmission(form, {
    pending: add.isPending,
    send: (fields) => add.mutateAsync({ ...fields, appointmentId: prefill?.appointmentId, idempotencyKey }),
    onSent: () => {
      showToast(BILLING_EXTRA_TEXT.invoiceAdded);
      onClose();
    },
    failureMessage: (error) => ({ tone: 'error', text: invoiceFailureText(error) }),
  });

  return (
    <FormModal
      {...formProps}
      formClassName="billing-form"
      title={BILLING_TEXT.addInvoice}
      onClose={onClose}
      submitLabel={BILLING_TEXT.addInvoice}
    >
      <Controller
        control={form.control}
        name="patient"
        render={({ field }) => (
          // The spec's alert, at the field it is about.
          <Field
            id={`${formId}-patient`}
            label={BILLING_TEXT.fields.patient}
            error={errors.patient?.message}
            errorClassName="billing-field-error"
          >
            {(control) => (
              <PatientSearchField
                id={control.id}
                clinicId={clinicId}
                value={field.value}
                invalid={control['aria-invalid'] === true}
                describedBy={control['aria-describedby']}
                onChange={(chosen) => {
                  field.onChange(chosen);
                  if (chosen) form.clearErrors('patient');
                }}
              />
            )}
          </Field>
        )}
      />
      <AmountField
        id={`${formId}-total`}
        label={BILLING_TEXT.fields.total}
        error={errors.total?.message}
        {...form.register('total', { onChange: () => form.clearErrors('total') })}
      />
      <FormMessage message={failure} />
    </FormModal>
  );
}
