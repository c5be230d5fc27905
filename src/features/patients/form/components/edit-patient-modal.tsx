import { useId, useRef, useState, type FormEvent } from 'react';
import { FormModal } from '@/components/form/form-modal';
import { firstErrorMessage, useZodForm } from '@/components/form/use-zod-form';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import type { PatientListItem } from '../../model/api/patient-columns';
import { failureText } from '../../model/failure-text';
import { patientEditSchema } from '../api/patient-form.schema';
import { PatientChangedError, useUpdatePatient } from '../api/update-patient';
import { MESSENGER_LINK_TEXT, PATIENT_FORM_EXTRA_TEXT, PATIENT_FORM_TEXT } from '../messages';
import {
  formValuesOf,
  mergeConcurrentEdit,
  storedFieldsOf,
  type PatientFields,
  type PatientFormValues,
} from '../patient-form';
import { saveFailureText } from '../save-failure-text';
import { MessengerLink } from './messenger-link';
import { PatientFormFields } from './patient-form-fields';
import './patient-form.css';

/**
 * Edit Patient (spec §2, §5, §8), with the Messenger link above the fields. What the user typed
 * stays after a failed save; a save only goes through while the patient is as the form last saw
 * it, and once saved a click that lands before the modal closes saves nothing.
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
  // The Messenger ID as stored, for the link above the form; null once unlinked.
  const [linkedId, setLinkedId] = useState<string | null>(patient.messenger_id);
  // The patient as stored when the form opened (or was last brought up to date); a save only goes
  // through while the database still holds it.
  const [opened, setOpened] = useState<PatientFields>(() => storedFieldsOf(patient));
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const update = useUpdatePatient(clinicId);
  const saved = useRef(false);
  const refused = firstErrorMessage(form.formState.errors);

  /** A message in place of the last refusal. */
  function show(next: FormMessageValue) {
    form.clearErrors();
    setMessage(next);
  }

  function setValues(values: PatientFormValues) {
    for (const key of ['name', 'phone', 'messengerId'] as const) form.setValue(key, values[key]);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    if (saved.current) return;
    return form.handleSubmit(
      async (fields) => {
        setMessage(null);
        try {
          const row = await update.mutateAsync({ patientId: patient.id, fields, opened });
          if (row === ALREADY_PENDING) return;
          saved.current = true;
          onSaved(PATIENT_FORM_TEXT.updated);
        } catch (error) {
          if (error instanceof PatientChangedError) {
            const current = storedFieldsOf(error.current);
            setValues(mergeConcurrentEdit(form.getValues(), opened, current));
            setOpened(current);
            setLinkedId(current.messenger_id);
            show({ tone: 'error', text: PATIENT_FORM_EXTRA_TEXT.changedMeanwhile });
            return;
          }
          show(saveFailureText(error, PATIENT_FORM_TEXT.updateFailed));
        }
      },
      () => setMessage(null),
    )(event);
  }

  return (
    <FormModal
      formId={formId}
      formClassName="patient-form"
      title={PATIENT_FORM_EXTRA_TEXT.editTitle}
      onClose={onClose}
      onSubmit={submit}
      pending={update.isPending}
      submitLabel={PATIENT_FORM_EXTRA_TEXT.save}
      pendingLabel={PATIENT_FORM_EXTRA_TEXT.saving}
      cancelLabel={PATIENT_FORM_EXTRA_TEXT.cancel}
    >
      {linkedId !== null ? (
        <MessengerLink
          clinicId={clinicId}
          patient={patient}
          psid={linkedId}
          onUnlinked={() => {
            setLinkedId(null);
            setOpened((stored) => ({ ...stored, messenger_id: null }));
            form.setValue('messengerId', '');
            show({ tone: 'success', text: MESSENGER_LINK_TEXT.unlinked });
          }}
          onFailed={(error) => show(failureText(error, MESSENGER_LINK_TEXT.unlinkFailed))}
        />
      ) : null}
      <PatientFormFields formId={formId} values={form.watch()} withMessengerId register={form.register} />
      <FormMessage message={refused ? { tone: 'error', text: refused } : message} />
    </FormModal>
  );
}
