import { useState } from 'react';
import { clinicToday } from '@common/clinic-calendar';
import { WAITLIST_NOTE_MAX_LENGTH } from '@common/contract/waitlist';
import { Field } from '@/components/form/field';
import { FormModal } from '@/components/form/form-modal';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useFormSubmission } from '@/components/form/use-form-submission';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage } from '@/components/form-message';
import type { SearchComboboxTexts } from '@/components/search-combobox/search-combobox';
import { PatientPicker } from '@/entities/patient';
import { failureText } from '../../model/failure-text';
import { WAITLIST_FORM_TEXT, WAITLIST_TEXT } from '../../model/messages';
import { useAddWaitlistEntry } from '../api/add-entry';
import { addEntrySchema } from '../api/add-entry.schema';
import { useWaitlistDentists } from '../api/get-dentists';
import { ANY_DENTIST, type EntryFormValues } from '../entry-form';
import { PreferenceFields } from './preference-fields';

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
const INPUT_ORDER = ['patient', 'dentistId', 'weekdays', 'timeOfDay', 'fromDate', 'toDate', 'note'] as const;

/**
 * Add to Waitlist: a patient (searched by name), a dentist or any dentist, the days and time of
 * day the patient can come, the first and last clinic dates the
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
  const today = clinicToday(now(), timeZone);
  const form = useZodForm(
    addEntrySchema(() => clinicToday(now(), timeZone)),
    {
      defaultValues: {
        patient: null,
        dentistId: '',
        weekdays: [],
        timeOfDay: '',
        fromDate: today,
        toDate: today,
        note: '',
      },
    },
  );
  const [invalid, setInvalid] = useState<keyof EntryFormValues | null>(null);
  const dentists = useWaitlistDentists(clinicId);
  const add = useAddWaitlistEntry(clinicId);
  const { formId, formProps, message } = useFormSubmission(form, {
    pending: add.isPending,
    send: (input) => {
      setInvalid(null);
      return add.mutateAsync(input);
    },
    onSent: () => onSaved(WAITLIST_TEXT.added),
    failureLog: 'adding a waitlist entry',
    failureMessage: (error) => ({ tone: 'error', text: WAITLIST_TEXT.addFailed, detail: failureText(error, 'add') }),
    onRefused: (errors) => setInvalid(INPUT_ORDER.find((input) => errors[input]) ?? null),
    refusedOrder: INPUT_ORDER,
  });
  const messageId = `${formId}-message`;
  const values = form.watch();

  /** An input edited: it is no longer marked (the message stays until the next Save). */
  const edited = { onChange: () => setInvalid(null) };
  const marked = (input: keyof EntryFormValues) => ({
    'aria-invalid': invalid === input || undefined,
    'aria-describedby': invalid === input ? messageId : undefined,
  });

  return (
    <FormModal {...formProps} formClassName="waitlist-form" title={WAITLIST_TEXT.addTitle} onClose={onClose}>
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
      <SelectField
        id={`${formId}-dentist`}
        label={WAITLIST_FORM_TEXT.dentist}
        placeholder={dentists.isPending ? 'Loading…' : WAITLIST_FORM_TEXT.chooseDentist}
        options={[
          { value: ANY_DENTIST, label: WAITLIST_FORM_TEXT.anyDentist },
          ...(dentists.data ?? []).map((dentist) => ({ value: String(dentist.id), label: dentist.name })),
        ]}
        {...marked('dentistId')}
        {...form.register('dentistId', edited)}
      />
      <PreferenceFields
        formId={formId}
        weekdays={form.register('weekdays', edited)}
        timeOfDay={form.register('timeOfDay', edited)}
      />
      <div className="waitlist-form-dates">
        <TextField
          id={`${formId}-from`}
          label={WAITLIST_FORM_TEXT.from}
          type="date"
          min={today}
          {...marked('fromDate')}
          {...form.register('fromDate', edited)}
        />
        <TextField
          id={`${formId}-to`}
          label={WAITLIST_FORM_TEXT.to}
          type="date"
          min={values.fromDate || today}
          {...marked('toDate')}
          {...form.register('toDate', edited)}
        />
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
