/**
 * Add to Waitlist's checks (pure; the clinic's today comes in): a patient picked from the list, a
 * dentist, dates from the clinic's today on with the last on or after the first and at most a
 * year apart (the database refuses the same), and an optional note of at most 500 characters.
 */
import { daysBetween, isIsoDate, type IsoDate } from '@common/clinic-calendar';
import { WAITLIST_MAX_RANGE_DAYS, WAITLIST_NOTE_MAX_LENGTH } from '@common/contract/waitlist';
import { WAITLIST_FORM_TEXT } from '../model/messages';

export interface EntryFormValues {
  patient: { id: number; name: string } | null;
  dentistId: string;
  fromDate: string;
  toDate: string;
  note: string;
}

export interface EntryInput {
  patient_id: number;
  dentist_id: number;
  from_date: IsoDate;
  to_date: IsoDate;
  note: string | null;
}

export type EntryField = 'patient' | 'dentist' | 'from' | 'to' | 'note';

export type EntryCheck = { ok: true; input: EntryInput } | { ok: false; field: EntryField; message: string };

export function checkEntry(values: EntryFormValues, today: IsoDate): EntryCheck {
  if (!values.patient) return { ok: false, field: 'patient', message: WAITLIST_FORM_TEXT.patientRequired };
  const dentistId = Number(values.dentistId);
  if (!values.dentistId || !Number.isSafeInteger(dentistId) || dentistId < 1)
    return { ok: false, field: 'dentist', message: WAITLIST_FORM_TEXT.dentistRequired };
  if (!isIsoDate(values.fromDate)) return { ok: false, field: 'from', message: WAITLIST_FORM_TEXT.fromRequired };
  if (!isIsoDate(values.toDate)) return { ok: false, field: 'to', message: WAITLIST_FORM_TEXT.toRequired };
  if (values.fromDate < today) return { ok: false, field: 'from', message: WAITLIST_FORM_TEXT.fromPast };
  if (values.toDate < values.fromDate) return { ok: false, field: 'to', message: WAITLIST_FORM_TEXT.toBeforeFrom };
  if (daysBetween(values.fromDate, values.toDate) > WAITLIST_MAX_RANGE_DAYS)
    return { ok: false, field: 'to', message: WAITLIST_FORM_TEXT.rangeTooLong(WAITLIST_MAX_RANGE_DAYS) };
  const note = values.note.trim();
  if ([...note].length > WAITLIST_NOTE_MAX_LENGTH)
    return { ok: false, field: 'note', message: WAITLIST_FORM_TEXT.noteTooLong(WAITLIST_NOTE_MAX_LENGTH) };
  return {
    ok: true,
    input: {
      patient_id: values.patient.id,
      dentist_id: dentistId,
      from_date: values.fromDate,
      to_date: values.toDate,
      note: note === '' ? null : note,
    },
  };
}
