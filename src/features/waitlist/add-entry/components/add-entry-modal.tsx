import { useId, useRef, useState, type FormEvent } from 'react';
import { clinicToday } from '@common/clinic-calendar';
import { WAITLIST_NOTE_MAX_LENGTH } from '@common/contract/waitlist';
import { Field } from '@/components/form/field';
import { FormModal } from '@/components/form/form-modal';
import { firstErrorMessage, useZodForm } from '@/components/form/use-zod-form';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import type { SearchComboboxTexts } from '@/components/search-combobox/search-combobox';
import { PatientPicker } from '@/entities/patient';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { failureText } from '../../model/failure-text';
import { WAITLIST_FORM_TEXT, WAITLIST_TEXT } from '../../model/messages';
import { useAddWaitlistEntry } from '../api/add-entry';
import { addEntrySchema } from '../api/add-entry.schema';
import { useWaitlistDentists } from '../api/get-dentists';
import type { EntryFormValues } from '../entry-form';

const SEARCH_TEXTS: SearchComboboxTexts = {
  placeholder: WAITLIST_FORM_TEXT.patientSearchPlaceholder,
  listLabel: 'Patients',
  searching: WAITLIST_FORM_TEXT.patientSearching,
  failed: WAITLIST_FORM_TEXT.patientsFailed,
  noMatch: WAITLIST_FORM_TEXT.patientNoMatch,
  noneYet: WAITLIST_FORM_TEXT.patientNoneYet,
  moreMatches: WAITLIST_FORM_TEXT.patientMoreMatches,
};

/** The inputs in the order the checks run: the first refused one is marked. */
const INPUT_ORDER = ['patient', 'dentistId', 'fromDate', 'toDate', 'note'] as const;

/**
 * Add to Waitlist: a patient (searched by name), a dentist, the first and last clinic dates the
 * patient can come, and a note. Checked before sending (entry-form.ts); on a failure the modal
 * stays open with everything typed. The refused input is marked until it is edited; the message
 * stays until the next Save.
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
  const form = useZodForm(
    addEntrySchema(() => clinicToday(now(), timeZone)),
    {
      defaultValues: { patient: null, dentistId: '', fromDate: today, toDate: today, note: '' },
    },
  );
  const [invalid, setInvalid] = useState<keyof EntryFormValues | null>(null);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const dentists = useWaitlistDentists(clinicId);
  const add = useAddWaitlistEntry(clinicId);
  const saved = useRef(false);
  const messageId = `${formId}-message`;
  const values = form.watch();

  /** An input edited: it is no longer marked (the message stays until the next Save). */
  const edited = { onChange: () => setInvalid(null) };
  const marked = (input: keyof EntryFormValues) => ({
    'aria-invalid': invalid === input || undefined,
    'aria-describedby': invalid === input ? messageId : undefined,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    if (saved.current) return;
    return form.handleSubmit(
      async (input) => {
        setInvalid(null);
        setMessage(null);
        try {
          const result = await add.mutateAsync(input);
          if (result === ALREADY_PENDING) return;
          saved.current = true;
          onSaved(WAITLIST_TEXT.added);
        } catch (error) {
          console.error('Ngiti: adding a waitlist entry failed', error);
          setMessage({ tone: 'error', text: WAITLIST_TEXT.addFailed, detail: failureText(error, 'add') });
        }
      },
      (errors) => {
        const refusedInput = INPUT_ORDER.find((input) => errors[input]);
        const text = firstErrorMessage(errors, INPUT_ORDER);
        setInvalid(refusedInput ?? null);
        setMessage(text ? { tone: 'error', text } : null);
      },
    )(event);
  }

  return (
    <FormModal
      formId={formId}
      formClassName="waitlist-form"
      title={WAITLIST_TEXT.addTitle}
      onClose={onClose}
      onSubmit={submit}
      pending={add.isPending}
      submitLabel="Save"
      pendingLabel="Saving..."
      cancelLabel="Cancel"
    >
      <Field id={`${formId}-patient`} label={WAITLIST_FORM_TEXT.patient}>
        {({ id }) => (
          <PatientPicker
            id={id}
            clinicId={clinicId}
            value={values.patient}
            invalid={invalid === 'patient'}
            describedBy={invalid === 'patient' ? messageId : undefined}
            onChange={(patient) => {
              form.setValue('patient', patient);
              setInvalid(null);
            }}
            className="waitlist-patient-search"
            texts={SEARCH_TEXTS}
          />
        )}
      </Field>
      <Field id={`${formId}-dentist`} label={WAITLIST_FORM_TEXT.dentist}>
        {(control) => (
          <select {...control} className="input" {...marked('dentistId')} {...form.register('dentistId', edited)}>
            <option value="">{dentists.isPending ? 'Loading…' : WAITLIST_FORM_TEXT.chooseDentist}</option>
            {(dentists.data ?? []).map((dentist) => (
              <option key={dentist.id} value={String(dentist.id)}>
                {dentist.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="waitlist-form-dates">
        <Field id={`${formId}-from`} label={WAITLIST_FORM_TEXT.from}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="date"
              min={today}
              {...marked('fromDate')}
              {...form.register('fromDate', edited)}
            />
          )}
        </Field>
        <Field id={`${formId}-to`} label={WAITLIST_FORM_TEXT.to}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="date"
              min={values.fromDate || today}
              {...marked('toDate')}
              {...form.register('toDate', edited)}
            />
          )}
        </Field>
      </div>
      <Field id={`${formId}-note`} label={WAITLIST_FORM_TEXT.note}>
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={2}
            maxLength={WAITLIST_NOTE_MAX_LENGTH * 2}
            {...marked('note')}
            {...form.register('note', edited)}
          />
        )}
      </Field>
      <div id={messageId}>
        <FormMessage message={message} />
      </div>
    </FormModal>
  );
}
