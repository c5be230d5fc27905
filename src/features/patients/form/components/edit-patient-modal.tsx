import { useId } from 'react';
import { firstErrorMessage } from '@/components/form/first-error-message';
import { FormModal } from '@/components/form/form-modal';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import type { PatientListItem } from '../../model/api/patient-columns';
import { failureText } from '../../model/failure-text';
import { patientEditSchema } from '../api/patient-form.schema';
import { MESSENGER_LINK_TEXT, PATIENT_FORM_EXTRA_TEXT } from '../messages';
import { formValuesOf } from '../patient-form';
import { MessengerLink } from './messenger-link';
import { PatientFormFields } from './patient-form-fields';
import { useEditPatientSubmission } from './use-edit-patient-submission';
import './patient-form.css';

/**
 * Edit Patient, with the Messenger link above the fields. What the user typed stays after a failed
 * save; a save only goes through while the patient is as the form last saw it, and once saved a
 * click that lands before the modal closes saves nothing.
 */
export function EditPatientModal({
  clinicId,
  patient,
  onClose,
  onSaved,
}: {
  clinicId: number;
  patient: PatientListItem;
  onClose: () => void;
  /** Called with the success text after the server confirmed the save. */
  onSaved: (successText: string) => void;
}) {
  const formId = useId();
  const form = useZodForm(patientEditSchema, { defaultValues: formValuesOf(patient) });
  const { linkedId, linkedElsewhere, message, saving, setMessage, submit, unlinked } = useEditPatientSubmission(
    clinicId,
    patient,
    {
      onSaved,
      replaceValues: (values) => {
        for (const key of ['name', 'phone', 'messengerId'] as const) form.setValue(key, values[key]);
      },
    },
  );
  const refused = firstErrorMessage(form.formState.errors);

  /** A message in place of the last refusal. */
  function show(next: FormMessageValue) {
    form.clearErrors();
    setMessage(next);
  }

  return (
    <FormModal
      formId={formId}
      title={PATIENT_FORM_EXTRA_TEXT.editTitle}
      onClose={onClose}
      onSubmit={form.handleSubmit(
        (fields) => submit(form.getValues(), fields),
        () => setMessage(null),
      )}
      pending={saving}
    >
      {linkedId !== null ? (
        <MessengerLink
          clinicId={clinicId}
          patient={patient}
          psid={linkedId}
          onUnlinked={() => {
            unlinked();
            form.setValue('messengerId', '');
            show({ tone: 'success', text: MESSENGER_LINK_TEXT.unlinked });
          }}
          onLinkedElsewhere={(current) => {
            const shown = linkedElsewhere(current);
            // The Messenger ID field follows the stored link unless the user typed another one.
            if (form.getValues('messengerId') === (shown ?? ''))
              form.setValue('messengerId', current.messenger_id ?? '');
            show({ tone: 'error', text: MESSENGER_LINK_TEXT.linkedElsewhere });
          }}
          onFailed={(error) => show(failureText(error, MESSENGER_LINK_TEXT.unlinkFailed))}
        />
      ) : null}
      <PatientFormFields formId={formId} values={form.watch()} withMessengerId register={form.register} />
      <FormMessage message={refused ? { tone: 'error', text: refused } : message} />
    </FormModal>
  );
}
