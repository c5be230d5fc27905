import { useId, useRef, useState, type FormEvent } from 'react';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { Modal } from '@/components/modal/modal';
import { useToast } from '@/components/toast/toast-context';
import { centavosToDecimal } from '@/entities/money';
import type { AddInvoiceModalProps } from '@/lib/feature-slots';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { AmountField } from '../../model/components/amount-field';
import { invoiceFailureText } from '../../model/failure-text';
import { newIdempotencyKey } from '../../model/idempotency-key';
import { BILLING_EXTRA_TEXT, BILLING_TEXT } from '../../model/messages';
import { useAddInvoice } from '../api/add-invoice';
import { checkInvoiceForm, type ChosenPatient } from '../invoice-form';
import { PatientSearchField } from './patient-search-field';
import '../../model/components/billing-form.css';

/**
 * The Add Invoice modal (spec §2, §5, §8): a patient picked from a search by name, and Total. The
 * form gets one idempotency key when it opens and keeps it across retries, so a double click, a
 * retry after a lost answer or a second click while saving makes one invoice. 'Bill' on a
 * Completed appointment opens it with the patient, the procedure's price and the appointment.
 */
export function AddInvoiceModal({ clinicId, onClose, prefill }: AddInvoiceModalProps) {
  const formId = useId();
  const [patient, setPatient] = useState<ChosenPatient | null>(prefill?.patient ?? null);
  const [total, setTotal] = useState(() =>
    prefill?.totalCentavos === undefined ? '' : centavosToDecimal(prefill.totalCentavos),
  );
  const [errors, setErrors] = useState<{ patient?: string; total?: string }>({});
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const add = useAddInvoice(clinicId);
  const showToast = useToast();
  // Once saved, the modal is closing: a click that lands before it unmounts saves nothing.
  const saved = useRef(false);
  const saving = add.isPending;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving || saved.current) return;
    const check = checkInvoiceForm({ patient, total });
    if (!check.ok) {
      setErrors(check.errors);
      setMessage(null);
      return;
    }
    setErrors({});
    setMessage(null);
    try {
      const result = await add.mutateAsync({
        ...check.fields,
        appointmentId: prefill?.appointmentId,
        idempotencyKey,
      });
      if (result === ALREADY_PENDING) return;
      saved.current = true;
      showToast(BILLING_EXTRA_TEXT.invoiceAdded);
      onClose();
    } catch (error) {
      setMessage({ tone: 'error', text: invoiceFailureText(error) });
    }
  }

  const patientErrorId = `${formId}-patient-error`;
  return (
    <Modal
      open
      title={BILLING_TEXT.addInvoice}
      onClose={onClose}
      size="small"
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            {BILLING_TEXT.cancel}
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={saving}>
            {saving ? BILLING_EXTRA_TEXT.saving : BILLING_TEXT.addInvoice}
          </button>
        </>
      }
    >
      <form id={formId} className="billing-form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={`${formId}-patient`}>
            {BILLING_TEXT.fields.patient}
          </label>
          <PatientSearchField
            id={`${formId}-patient`}
            clinicId={clinicId}
            value={patient}
            invalid={errors.patient !== undefined}
            describedBy={errors.patient ? patientErrorId : undefined}
            onChange={(chosen) => {
              setPatient(chosen);
              if (chosen) setErrors((current) => ({ ...current, patient: undefined }));
            }}
          />
          {errors.patient ? (
            // The spec's alert, at the field it is about.
            <p id={patientErrorId} className="billing-field-error" role="alert">
              {errors.patient}
            </p>
          ) : null}
        </div>
        <AmountField
          id={`${formId}-total`}
          label={BILLING_TEXT.fields.total}
          value={total}
          error={errors.total}
          onChange={(value) => {
            setTotal(value);
            if (errors.total) setErrors((current) => ({ ...current, total: undefined }));
          }}
        />
        <FormMessage message={message} />
      </form>
    </Modal>
  );
}
