/**
 * Add to Waitlist's checks (pure; the clinic's today comes in): a patient picked from the list, a
 * dentist or any dentist, the weekdays and time of day the patient can come (none: any), dates from the clinic's today on with the last on or after the first and at most a
 * year apart (the database refuses the same), and an optional note of at most 500 characters.
 */
import { daysBetween, isIsoDate, type IsoDate } from '@common/clinic-calendar';
import { WAITLIST_MAX_RANGE_DAYS, WAITLIST_NOTE_MAX_LENGTH } from '@common/contract/waitlist';
import { WAITLIST_FORM_TEXT } from '../model/messages';
import { isTimeOfDay, TIMES_OF_DAY, WEEKDAYS } from '../model/preferences';

/** The Dentist select's value for an entry that takes a slot with any dentist. */
export const ANY_DENTIST = 'any';

export interface EntryFormValues {
  patient: { id: number; name: string } | null;
  dentistId: string;
  /** ISO weekday numbers as strings (the checkboxes' values); none ticked: any day. */
  weekdays: string[];
  /** '' (any time) or a key of TIMES_OF_DAY. */
  timeOfDay: string;
  fromDate: string;
  toDate: string;
  note: string;
}

export interface EntryInput {
  patient_id: number;
  /** null: any dentist. */
  dentist_id: number | null;
  preferred_weekdays: number[] | null;
  preferred_from: string | null;
  preferred_to: string | null;
  from_date: IsoDate;
  to_date: IsoDate;
  note: string | null;
}

export type EntryField = 'patient' | 'dentist' | 'from' | 'to' | 'note';

export type EntryCheck = { ok: true; input: EntryInput } | { ok: false; field: EntryField; message: string };

export function checkEntry(values: EntryFormValues, today: IsoDate): EntryCheck {
  if (!values.patient) return { ok: false, field: 'patient', message: WAITLIST_FORM_TEXT.patientRequired };
  const dentistId = values.dentistId === ANY_DENTIST ? null : Number(values.dentistId);
  if (!values.dentistId || (dentistId !== null && (!Number.isSafeInteger(dentistId) || dentistId < 1)))
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
  const weekdays = WEEKDAYS.map((day) => day.iso).filter((iso) => values.weekdays.includes(String(iso)));
  const window = isTimeOfDay(values.timeOfDay) ? TIMES_OF_DAY[values.timeOfDay] : null;
  return {
    ok: true,
    input: {
      patient_id: values.patient.id,
      dentist_id: dentistId,
      preferred_weekdays: weekdays.length > 0 ? weekdays : null,
      preferred_from: window?.from ?? null,
      preferred_to: window?.to ?? null,
      from_date: values.fromDate,
      to_date: values.toDate,
      note: note === '' ? null : note,
    },
  };
}
