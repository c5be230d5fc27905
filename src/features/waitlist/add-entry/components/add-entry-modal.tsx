import { useId, useRef, useState, type FormEvent } from 'react';
import { clinicToday } from '@common/clinic-calendar';
import { WAITLIST_NOTE_MAX_LENGTH } from '@common/contract/waitlist';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { Modal } from '@/components/modal/modal';
import type { SearchComboboxTexts } from '@/components/search-combobox/search-combobox';
import { PatientPicker } from '@/entities/patient';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { failureText } from '../../model/failure-text';
import { WAITLIST_FORM_TEXT, WAITLIST_TEXT } from '../../model/messages';
import { useAddWaitlistEntry } from '../api/add-entry';
import { useWaitlistDentists } from '../api/get-dentists';
import { checkEntry, type EntryField, type EntryFormValues } from '../entry-form';

const SEARCH_TEXTS: SearchComboboxTexts = {
  placeholder: WAITLIST_FORM_TEXT.patientSearchPlaceholder,
  listLabel: 'Patients',
  searching: WAITLIST_FORM_TEXT.patientSearching,
  failed: WAITLIST_FORM_TEXT.patientsFailed,
  noMatch: WAITLIST_FORM_TEXT.patientNoMatch,
  noneYet: WAITLIST_FORM_TEXT.patientNoneYet,
  moreMatches: WAITLIST_FORM_TEXT.patientMoreMatches,
};

/**
 * Add to Waitlist: a patient (searched by name), a dentist, the first and last clinic dates the
 * patient can come, and a note. Checked before sending (entry-form.ts); on a failure the modal
 * stays open with everything typed.
 */
export function AddEntryModal({
  clinicId,
  timeZone,
  now = () => new Date(),
  onClose,
  onSaved,
}: {
  clinicId: number;
  timeZone: string;
  now?: () => Date;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const formId = useId();
  const today = clinicToday(now(), timeZone);
  const [values, setValues] = useState<EntryFormValues>({
    patient: null,
    dentistId: '',
    fromDate: today,
    toDate: today,
    note: '',
  });
  const [invalid, setInvalid] = useState<EntryField | null>(null);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const dentists = useWaitlistDentists(clinicId);
  const add = useAddWaitlistEntry(clinicId);
  const saved = useRef(false);
  const messageId = `${formId}-message`;

  const set = <K extends keyof EntryFormValues>(field: K, value: EntryFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setInvalid(null);
  };
  const describedBy = (field: EntryField) => (invalid === field ? messageId : undefined);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (add.isPending || saved.current) return;
    const checked = checkEntry(values, clinicToday(now(), timeZone));
    if (!checked.ok) {
      setInvalid(checked.field);
      setMessage({ tone: 'error', text: checked.message });
      return;
    }
    setMessage(null);
    try {
      const result = await add.mutateAsync(checked.input);
      if (result === ALREADY_PENDING) return;
      saved.current = true;
      onSaved(WAITLIST_TEXT.added);
    } catch (error) {
      console.error('Ngiti: adding a waitlist entry failed', error);
      setMessage({ tone: 'error', text: WAITLIST_TEXT.addFailed, detail: failureText(error, 'add') });
    }
  }

  return (
    <Modal
      open
      title={WAITLIST_TEXT.addTitle}
      onClose={onClose}
      size="small"
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={add.isPending}>
            {add.isPending ? 'Saving...' : 'Save'}
          </button>
        </>
      }
    >
      <form id={formId} className="waitlist-form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={`${formId}-patient`}>
            {WAITLIST_FORM_TEXT.patient}
          </label>
          <PatientPicker
            id={`${formId}-patient`}
            clinicId={clinicId}
            value={values.patient}
            invalid={invalid === 'patient'}
            describedBy={describedBy('patient')}
            onChange={(patient) => set('patient', patient)}
            className="waitlist-patient-search"
            texts={SEARCH_TEXTS}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${formId}-dentist`}>
            {WAITLIST_FORM_TEXT.dentist}
          </label>
          <select
            id={`${formId}-dentist`}
            className="input"
            value={values.dentistId}
            aria-invalid={invalid === 'dentist' || undefined}
            aria-describedby={describedBy('dentist')}
            onChange={(event) => set('dentistId', event.target.value)}
          >
            <option value="">{dentists.isPending ? 'Loading…' : WAITLIST_FORM_TEXT.chooseDentist}</option>
            {(dentists.data ?? []).map((dentist) => (
              <option key={dentist.id} value={String(dentist.id)}>
                {dentist.name}
              </option>
            ))}
          </select>
        </div>
        <div className="waitlist-form-dates">
          <div className="field">
            <label className="field-label" htmlFor={`${formId}-from`}>
              {WAITLIST_FORM_TEXT.from}
            </label>
            <input
              id={`${formId}-from`}
              className="input"
              type="date"
              min={today}
              value={values.fromDate}
              aria-invalid={invalid === 'from' || undefined}
              aria-describedby={describedBy('from')}
              onChange={(event) => set('fromDate', event.target.value)}
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${formId}-to`}>
              {WAITLIST_FORM_TEXT.to}
            </label>
            <input
              id={`${formId}-to`}
              className="input"
              type="date"
              min={values.fromDate || today}
              value={values.toDate}
              aria-invalid={invalid === 'to' || undefined}
              aria-describedby={describedBy('to')}
              onChange={(event) => set('toDate', event.target.value)}
            />
          </div>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${formId}-note`}>
            {WAITLIST_FORM_TEXT.note}
          </label>
          <textarea
            id={`${formId}-note`}
            className="input"
            rows={2}
            maxLength={WAITLIST_NOTE_MAX_LENGTH * 2}
            value={values.note}
            aria-invalid={invalid === 'note' || undefined}
            aria-describedby={describedBy('note')}
            onChange={(event) => set('note', event.target.value)}
          />
        </div>
        <div id={messageId}>
          <FormMessage message={message} />
        </div>
      </form>
    </Modal>
  );
}
