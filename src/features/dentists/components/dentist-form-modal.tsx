import { useId, useRef, useState, type FormEvent } from 'react';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { Modal } from '@/components/modal/modal';
import { useCreateDentist } from '../api/create-dentist';
import type { Dentist } from '../api/get-dentists';
import { useUpdateDentist } from '../api/update-dentist';
import { failureDetail } from '../errors';
import { DENTIST_TEXT } from '../messages';
import { validateDentist, type DentistFormValues } from '../validation';

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
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const create = useCreateDentist();
  const update = useUpdateDentist();
  const pending = create.pending || update.pending;
  // Once saved, the modal is closing: a second click that lands before it unmounts saves nothing.
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
        const updated = await update.run(clinicId, dentist.id, checked.input);
        if (updated) {
          saved.current = true;
          onSaved(DENTIST_TEXT.updated);
        }
      } else {
        const created = await create.run(clinicId, checked.input);
        if (created) {
          saved.current = true;
          onSaved(DENTIST_TEXT.added);
        }
      }
    } catch (error) {
      console.error(`Ngiti: ${mode === 'add' ? 'adding' : 'updating'} a dentist failed`, error);
      setMessage({
        tone: 'error',
        text: mode === 'add' ? DENTIST_TEXT.createFailed : DENTIST_TEXT.updateFailed,
        detail: failureDetail(error),
      });
    }
  }

  return (
    <Modal
      open
      title={mode === 'add' ? DENTIST_TEXT.addTitle : DENTIST_TEXT.editTitle}
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
