import { useId, useRef, useState, type FormEvent } from 'react';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { Modal } from '@/components/modal/modal';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import type { Dentist } from '../../model/api/get-dentists';
import { failureDetail } from '../../model/failure-detail';
import { useCreateDentist } from '../api/create-dentist';
import { DentistChangedError, useUpdateDentist } from '../api/update-dentist';
import { DENTIST_FORM_EXTRA_TEXT, DENTIST_FORM_TEXT } from '../messages';
import {
  mergeConcurrentDentistEdit,
  storedDentistInput,
  validateDentist,
  type DentistFormValues,
  type DentistInput,
} from '../validation';

/**
 * Add Dentist and Edit Dentist (spec part 1 §2, §5, §8). The modal stays open on a failure with
 * everything the user typed; on success the screen closes it and shows the header message.
 */
export function DentistFormModal({
  clinicId,
  dentist,
  onClose,
  onSaved,
}: {
  clinicId: number;
  /** The dentist to edit; absent for Add. */
  dentist?: Dentist;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const mode = dentist ? 'edit' : 'add';
  const formId = useId();
  const [values, setValues] = useState<DentistFormValues>(() => ({
    name: dentist?.name ?? '',
    email: dentist?.email ?? '',
    phone: dentist?.phone ?? '',
    isActive: dentist?.is_active ?? true,
  }));
  // Edit: the dentist as stored when the form opened (or was last brought up to date); a save only
  // goes through while the database still holds it.
  const [opened, setOpened] = useState<DentistInput | null>(() => (dentist ? storedDentistInput(dentist) : null));
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const create = useCreateDentist(clinicId);
  const update = useUpdateDentist(clinicId);
  const pending = create.isPending || update.isPending;
  // Once saved, the modal is closing, but the guard has let go: a second click that lands before
  // it unmounts saves nothing.
  const saved = useRef(false);

  const set = (field: keyof DentistFormValues) => (value: string | boolean) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending || saved.current) return;
    const checked = validateDentist(values, mode);
    if (!checked.ok) {
      setMessage({ tone: 'error', text: checked.message });
      return;
    }
    setMessage(null);
    try {
      if (dentist) {
        const updated = await update.mutateAsync({ dentistId: dentist.id, input: checked.input, opened: opened! });
        if (updated !== ALREADY_PENDING) {
          saved.current = true;
          onSaved(DENTIST_FORM_TEXT.updated);
        }
      } else {
        const created = await create.mutateAsync(checked.input);
        if (created !== ALREADY_PENDING) {
          saved.current = true;
          onSaved(DENTIST_FORM_TEXT.added);
        }
      }
    } catch (error) {
      if (error instanceof DentistChangedError && opened) {
        const current = storedDentistInput(error.current);
        setValues((typed) => mergeConcurrentDentistEdit(typed, opened, current));
        setOpened(current);
        setMessage({ tone: 'error', text: DENTIST_FORM_EXTRA_TEXT.changedMeanwhile });
        return;
      }
      console.error(`Ngiti: ${mode === 'add' ? 'adding' : 'updating'} a dentist failed`, error);
      setMessage({
        tone: 'error',
        text: mode === 'add' ? DENTIST_FORM_TEXT.createFailed : DENTIST_FORM_TEXT.updateFailed,
        detail: failureDetail(error),
      });
    }
  }

  return (
    <Modal
      open
      title={mode === 'add' ? DENTIST_FORM_TEXT.addTitle : DENTIST_FORM_TEXT.editTitle}
      onClose={onClose}
      size="small"
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={pending}>
            {pending ? 'Saving...' : 'Save'}
          </button>
        </>
      }
    >
      <form id={formId} className="dentist-form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={`${formId}-name`}>
            Name
          </label>
          <input
            id={`${formId}-name`}
            className="input"
            type="text"
            autoComplete="off"
            value={values.name}
            onChange={(event) => set('name')(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${formId}-email`}>
            Email
          </label>
          <input
            id={`${formId}-email`}
            className="input"
            type="email"
            autoComplete="off"
            spellCheck={false}
            value={values.email}
            onChange={(event) => set('email')(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${formId}-phone`}>
            Phone
          </label>
          <input
            id={`${formId}-phone`}
            className="input"
            type="tel"
            autoComplete="off"
            value={values.phone}
            onChange={(event) => set('phone')(event.target.value)}
          />
        </div>
        <label className="checkbox-field">
          <input
            type="checkbox"
            checked={values.isActive}
            onChange={(event) => set('isActive')(event.target.checked)}
          />
          Active
        </label>
        <FormMessage message={message} />
      </form>
    </Modal>
  );
}
