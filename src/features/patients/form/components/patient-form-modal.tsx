import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { Modal } from '@/components/modal/modal';
import type { CreatePatientPrefill } from '@/lib/feature-slots';
import { requestErrorOf } from '@/lib/request-error';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import type { PatientListItem } from '../../model/api/patient-columns';
import { failureText } from '../../model/failure-text';
import { PATIENT_TEXT } from '../../model/messages';
import { useCreatePatient } from '../api/create-patient';
import { PatientChangedError, useUpdatePatient } from '../api/update-patient';
import { MESSENGER_LINK_TEXT, PATIENT_FORM_EXTRA_TEXT, PATIENT_FORM_TEXT } from '../messages';
import {
  editedPatientFields,
  EMPTY_PATIENT_FORM,
  formValuesOf,
  mergeConcurrentEdit,
  newPatientFields,
  PATIENT_LIMITS,
  validateNewPatient,
  storedFieldsOf,
  validatePatientEdit,
  type PatientFields,
  type PatientFormValues,
} from '../patient-form';
import { MessengerLink } from './messenger-link';
import './patient-form.css';

/** Add (from a Messenger contact: with its name and id), or Edit. */
type Mode = { kind: 'add'; prefill?: CreatePatientPrefill } | { kind: 'edit'; patient: PatientListItem };

/** A failed save as the message to show: a Messenger ID another patient has is said plainly. */
function saveFailureText(error: unknown, specText: string): FormMessageValue {
  if (requestErrorOf(error).kind === 'duplicate') {
    console.error(`Ngiti: ${specText}`, error);
    return { tone: 'error', text: PATIENT_FORM_EXTRA_TEXT.messengerTaken };
  }
  return failureText(error, specText);
}

interface FieldProps {
  id: string;
  label: string;
  value: string;
  max: number;
  type?: 'text' | 'tel';
  optional?: boolean;
  autoComplete?: string;
  onChange: (value: string) => void;
}

/** A labelled input bounded to the database's length, saying so once the limit is reached. */
function Field({ id, label, value, max, type = 'text', optional, autoComplete = 'off', onChange }: FieldProps) {
  const atLimit = value.length >= max;
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
        {optional ? <span className="field-optional"> {PATIENT_FORM_EXTRA_TEXT.optional}</span> : null}
      </label>
      <input
        id={id}
        className="input"
        type={type}
        value={value}
        maxLength={max}
        autoComplete={autoComplete}
        spellCheck={false}
        aria-describedby={atLimit ? hintId : undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
      {atLimit ? (
        <p id={hintId} className="field-hint" role="status">
          {PATIENT_FORM_EXTRA_TEXT.atLimit(label, max)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The Add Patient and Edit Patient modals (spec §2, §5, §8). What the user typed stays after a
 * failed save; the Save button is disabled while saving, so a double click saves once, and once
 * saved a click that lands before the modal closes saves nothing.
 */
export function PatientFormModal({
  clinicId,
  mode,
  onClose,
  onSaved,
}: {
  clinicId: number;
  mode: Mode;
  onClose: () => void;
  /** Called with the success text after the server confirmed the save. */
  onSaved: (successText: string) => void;
}) {
  const formId = useId();
  const [values, setValues] = useState<PatientFormValues>(() =>
    mode.kind === 'edit'
      ? formValuesOf(mode.patient)
      : mode.prefill
        ? { ...EMPTY_PATIENT_FORM, name: mode.prefill.name, messengerId: mode.prefill.messengerId }
        : EMPTY_PATIENT_FORM,
  );
  // The Messenger ID as stored (Edit), for the link above the form; null once unlinked.
  const [linkedId, setLinkedId] = useState<string | null>(() =>
    mode.kind === 'edit' ? mode.patient.messenger_id : null,
  );
  // Edit: the patient as stored when the form opened (or was last brought up to date); a save
  // only goes through while the database still holds it.
  const [opened, setOpened] = useState<PatientFields | null>(() =>
    mode.kind === 'edit' ? storedFieldsOf(mode.patient) : null,
  );
  const withMessengerId = mode.kind === 'edit' || mode.prefill !== undefined;
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const create = useCreatePatient(clinicId);
  const update = useUpdatePatient(clinicId);
  const saving = mode.kind === 'add' ? create.isPending : update.isPending;
  // Once saved, the modal is closing: a second click that lands before it unmounts saves nothing.
  const saved = useRef(false);

  const set = (key: keyof PatientFormValues) => (value: string) =>
    setValues((current) => ({ ...current, [key]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving || saved.current) return;
    const problem = mode.kind === 'add' ? validateNewPatient(values, withMessengerId) : validatePatientEdit(values);
    if (problem) {
      setMessage({ tone: 'error', text: problem });
      return;
    }
    setMessage(null);
    try {
      if (mode.kind === 'add') {
        const row = await create.mutateAsync(newPatientFields(values, withMessengerId));
        if (row === ALREADY_PENDING) return;
        saved.current = true;
        onSaved(PATIENT_FORM_TEXT.added);
      } else {
        const row = await update.mutateAsync({
          patientId: mode.patient.id,
          fields: editedPatientFields(values),
          opened: opened!,
        });
        if (row === ALREADY_PENDING) return;
        saved.current = true;
        onSaved(PATIENT_FORM_TEXT.updated);
      }
    } catch (error) {
      if (error instanceof PatientChangedError && opened) {
        const current = storedFieldsOf(error.current);
        setValues((typed) => mergeConcurrentEdit(typed, opened, current));
        setOpened(current);
        setLinkedId(current.messenger_id);
        setMessage({ tone: 'error', text: PATIENT_FORM_EXTRA_TEXT.changedMeanwhile });
        return;
      }
      setMessage(
        saveFailureText(error, mode.kind === 'add' ? PATIENT_FORM_TEXT.createFailed : PATIENT_FORM_TEXT.updateFailed),
      );
    }
  }

  const title = mode.kind === 'add' ? PATIENT_TEXT.addPatient : PATIENT_FORM_EXTRA_TEXT.editTitle;
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      size="small"
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            {PATIENT_FORM_EXTRA_TEXT.cancel}
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={saving}>
            {saving ? PATIENT_FORM_EXTRA_TEXT.saving : PATIENT_FORM_EXTRA_TEXT.save}
          </button>
        </>
      }
    >
      <form id={formId} className="patient-form" onSubmit={onSubmit} noValidate>
        {mode.kind === 'edit' && linkedId !== null ? (
          <MessengerLink
            clinicId={clinicId}
            patient={mode.patient}
            psid={linkedId}
            onUnlinked={() => {
              setLinkedId(null);
              setOpened((stored) => (stored ? { ...stored, messenger_id: null } : stored));
              setValues((current) => ({ ...current, messengerId: '' }));
              setMessage({ tone: 'success', text: MESSENGER_LINK_TEXT.unlinked });
            }}
            onFailed={(error) => setMessage(failureText(error, MESSENGER_LINK_TEXT.unlinkFailed))}
          />
        ) : null}
        <Field
          id={`${formId}-name`}
          label="Name"
          value={values.name}
          max={PATIENT_LIMITS.name}
          onChange={set('name')}
        />
        <Field
          id={`${formId}-phone`}
          label="Phone"
          type="tel"
          value={values.phone}
          max={PATIENT_LIMITS.phone}
          onChange={set('phone')}
        />
        {withMessengerId ? (
          <Field
            id={`${formId}-messenger`}
            label="Messenger ID"
            optional
            value={values.messengerId}
            max={PATIENT_LIMITS.messengerId}
            onChange={set('messengerId')}
          />
        ) : null}
        <FormMessage message={message} />
      </form>
    </Modal>
  );
}
