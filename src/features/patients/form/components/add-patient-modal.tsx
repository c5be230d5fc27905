import { FormModal } from '@/components/form/form-modal';
import { useFormSubmission } from '@/components/form/use-form-submission';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage } from '@/components/form-message';
import type { CreatePatientPrefill } from '@/lib/feature-slots';
import { PATIENT_TEXT } from '../../model/messages';
import { useCreatePatient } from '../api/create-patient';
import { newPatientSchema } from '../api/patient-form.schema';
import { PATIENT_FORM_TEXT } from '../messages';
import { EMPTY_PATIENT_FORM } from '../patient-form';
import { saveFailureText } from '../save-failure-text';
import { PatientFormFields } from './patient-form-fields';
import './patient-form.css';

/**
 * Add Patient; opened from a Messenger contact (`prefill`), it starts with the sender's name and
 * Messenger ID. What the user typed stays after a failed save; once saved, a click that lands
 * before the modal closes saves nothing.
 */
export function AddPatientModal({
  clinicId,
  prefill,
  onClose,
  onSaved,
}: {
  clinicId: number;
  prefill?: CreatePatientPrefill;
  onClose: () => void;
  /** Called with the success text after the server confirmed the save. */
  onSaved: (successText: string) => void;
}) {
  const withMessengerId = prefill !== undefined;
  const form = useZodForm(newPatientSchema(withMessengerId), {
    defaultValues: prefill
      ? { ...EMPTY_PATIENT_FORM, name: prefill.name, messengerId: prefill.messengerId }
      : EMPTY_PATIENT_FORM,
  });
  const create = useCreatePatient(clinicId);
  const { formId, formProps, message } = useFormSubmission(form, {
    pending: create.isPending,
    send: (fields) => create.mutateAsync(fields),
    onSent: () => onSaved(PATIENT_FORM_TEXT.added),
    failureMessage: (error) => saveFailureText(error, PATIENT_FORM_TEXT.createFailed),
  });

  return (
    <FormModal {...formProps} title={PATIENT_TEXT.addPatient} onClose={onClose}>
      <PatientFormFields
        formId={formId}
        values={form.watch()}
        withMessengerId={withMessengerId}
        register={form.register}
      />
      <FormMessage message={message} />
    </FormModal>
  );
}
