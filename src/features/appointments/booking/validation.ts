/**
 * The Add/Edit Appointment form's rules: field errors with the spec's messages, when Book/Save is
 * enabled, the reason text '{procedure} — Notes: {notes}', the double-booking check and the row
 * written to `appointments`. `now` and the clinic's zone are passed in.
 */
import {
  clinicDateOf,
  clinicInstant,
  clinicToday,
  clinicWallClock,
  isIsoDate,
  type IsoDate,
  type WallTime,
} from '@common/clinic-calendar';
import type { AppointmentStatus } from '@common/contract';
import { characterCount } from '@common/contract/character-count';
import { CLINIC_HOURS, type ClinicHours } from '@/entities/clinic';
import { isClosedDay, toStoredTime } from '../model/slots';
import { STATUS_AFTER_EDIT, hasStarted } from '../model/status-rules';
import { BOOKING_EXTRA_TEXT, BOOKING_MESSAGES } from './messages';

/** The database's limit on `appointments.reason`. */
export const MAX_REASON_LENGTH = 1000;

/** Between the procedure and the notes in `reason`. */
export const REASON_NOTES_SEPARATOR = ' — Notes: ';

/**
 * How many characters of notes fit beside `procedureName` in the reason, counted as Postgres's
 * char_length counts the column (code points, common/contract/character-count.ts): 1000 minus the
 * trimmed procedure name minus ' — Notes: '. With no procedure chosen yet, beside an empty one.
 */
export function notesRoom(procedureName: string | null | undefined): number {
  const procedure = characterCount(procedureName?.trim() ?? '');
  return Math.max(0, MAX_REASON_LENGTH - procedure - characterCount(REASON_NOTES_SEPARATOR));
}

/** The notes' length as the reason stores them (trimmed, in code points). */
export function notesLength(notes: string): number {
  return characterCount(notes.trim());
}

export interface BookingForm {
  readonly dentistId: number | null;
  readonly patientId: number | null;
  /** Clinic date picked in the calendar. */
  readonly date: IsoDate | null;
  /** Slot picked in the grid, 'HH:MM' clinic time. */
  readonly time: WallTime | null;
  readonly categoryId: number | null;
  readonly procedureId: number | null;
  /** Additional Notes as typed. */
  readonly notes: string;
}

export const EMPTY_BOOKING_FORM: BookingForm = Object.freeze({
  dentistId: null,
  patientId: null,
  date: null,
  time: null,
  categoryId: null,
  procedureId: null,
  notes: '',
});

export type BookingField = 'dentist' | 'patient' | 'date' | 'time' | 'category' | 'procedure' | 'notes';

export type BookingErrors = Partial<Record<BookingField, string>>;

/**
 * The dentist, patient and clinic date and time of an appointment being edited whose time has
 * come. It may still be corrected where it is (procedure, notes); its own time stays valid
 * although past. Another past time, or another dentist or patient at its past time, would be a
 * new booking in the past, which the form and the database refuse.
 */
export interface StartedBooking {
  readonly dentistId: number;
  readonly patientId: number;
  readonly date: IsoDate;
  readonly time: WallTime;
}

/** The edited appointment's StartedBooking at `now`, or null while it has not started. */
export function startedBookingOf(
  appointment: { readonly dentist_id: number; readonly patient_id: number; readonly appointment_time: string },
  timeZone: string,
  now: Date,
): StartedBooking | null {
  if (!hasStarted(appointment.appointment_time, now)) return null;
  const { date, time } = clinicWallClock(appointment.appointment_time, timeZone);
  return { dentistId: appointment.dentist_id, patientId: appointment.patient_id, date, time };
}

/** Whether the form still has the started appointment's own dentist, date and time. */
export function keepsStartedTime(form: BookingForm, started: StartedBooking | null | undefined): boolean {
  return (
    started != null && form.dentistId === started.dentistId && form.date === started.date && form.time === started.time
  );
}

export interface BookingContext {
  readonly now: Date;
  readonly timeZone: string;
  /** Name of the chosen procedure, for the length limit of the reason. */
  readonly procedureName?: string | null;
  readonly hours?: ClinicHours;
  /** The appointment being edited, when its time has come. */
  readonly started?: StartedBooking | null;
}

function hasDate(form: BookingForm): form is BookingForm & { date: IsoDate } {
  return form.date !== null && isIsoDate(form.date);
}

/**
 * The form's field errors, empty when it may be sent. A missing date or slot is 'Time slot is
 * required.'; a Sunday is 'Clinic is closed on this day.' even when it is also past; a date before
 * the clinic's today is 'Date must not be in the past.' — except a started appointment's own date
 * and time, kept as they are. Its patient cannot change at that past time. Notes that would take
 * the reason over 1000 characters get 'Additional Notes must be at most N characters.' (a text
 * the spec lacks), N being notesRoom, the same count as the Notes box's counter.
 */
export function validateBooking(form: BookingForm, context: BookingContext): BookingErrors {
  const errors: BookingErrors = {};
  const keptTime = keepsStartedTime(form, context.started);
  if (form.dentistId === null) errors.dentist = BOOKING_MESSAGES.dentistRequired;
  if (form.patientId === null) errors.patient = BOOKING_MESSAGES.patientRequired;
  else if (keptTime && form.patientId !== context.started?.patientId)
    errors.patient = BOOKING_EXTRA_TEXT.startedPatientChange;
  if (hasDate(form) && !keptTime) {
    if (isClosedDay(form.date, context.hours ?? CLINIC_HOURS)) errors.date = BOOKING_MESSAGES.closedDay;
    else if (form.date < clinicToday(context.now, context.timeZone)) errors.date = BOOKING_MESSAGES.pastDate;
  }
  if (!hasDate(form) || form.time === null || form.time === '') errors.time = BOOKING_MESSAGES.timeRequired;
  if (form.categoryId === null) errors.category = BOOKING_MESSAGES.categoryRequired;
  if (form.procedureId === null) errors.procedure = BOOKING_MESSAGES.procedureRequired;
  const room = notesRoom(context.procedureName);
  if (notesLength(form.notes) > room) errors.notes = BOOKING_EXTRA_TEXT.notesTooLong(room);
  return errors;
}

/**
 * The errors the form shows. The date's own problems (a Sunday, a past day), over-long notes and
 * another patient at a started appointment's time explain a disabled Book at once; missing fields
 * show once Book has been pressed (`showAll`).
 */
export function shownBookingErrors(errors: BookingErrors, showAll: boolean): BookingErrors {
  if (showAll) return errors;
  return Object.fromEntries(
    Object.entries(errors).filter(
      ([field, message]) =>
        field === 'date' || field === 'notes' || message === BOOKING_EXTRA_TEXT.startedPatientChange,
    ),
  );
}

/**
 * Whether Book/Save is enabled: dentist, patient, slot, category and procedure set, the day not a
 * closed day, and the slot not yet started at `now` — or, editing a started appointment, its own
 * time kept.
 */
export function canSubmitBooking(form: BookingForm, context: BookingContext): boolean {
  if (form.dentistId === null || form.patientId === null) return false;
  if (form.categoryId === null || form.procedureId === null) return false;
  if (!hasDate(form) || !form.time) return false;
  if (keepsStartedTime(form, context.started)) return true;
  if (isClosedDay(form.date, context.hours ?? CLINIC_HOURS)) return false;
  return clinicInstant(form.date, form.time, context.timeZone).getTime() > context.now.getTime();
}

/** '{procedure} — Notes: {notes}', or the procedure alone when the notes are blank. Both trimmed. */
export function composeReason(procedure: string, notes: string | null | undefined): string {
  const trimmedNotes = notes?.trim() ?? '';
  return trimmedNotes === '' ? procedure.trim() : `${procedure.trim()}${REASON_NOTES_SEPARATOR}${trimmedNotes}`;
}

/** The reverse of composeReason: the procedure and the notes ('' when none). */
export function splitReason(reason: string | null | undefined): { procedure: string; notes: string } {
  const text = reason ?? '';
  const at = text.indexOf(REASON_NOTES_SEPARATOR);
  if (at === -1) return { procedure: text.trim(), notes: '' };
  return { procedure: text.slice(0, at).trim(), notes: text.slice(at + REASON_NOTES_SEPARATOR.length).trim() };
}

export interface ProcedureChoice {
  readonly id: number;
  readonly name: string;
  /** Integer centavos (src/entities/money). */
  readonly priceCentavos: number;
}

export interface ProcedureCategoryChoice {
  readonly id: number;
  readonly name: string;
  readonly procedures: readonly ProcedureChoice[];
}

/** The procedure with `procedureId` in the chosen category, if it is there. */
export function findProcedure(
  categories: readonly ProcedureCategoryChoice[],
  categoryId: number | null,
  procedureId: number | null,
): ProcedureChoice | undefined {
  return categories
    .find((category) => category.id === categoryId)
    ?.procedures.find((procedure) => procedure.id === procedureId);
}

/**
 * Category and procedure whose name is `procedureName` (the reason stores names, not ids); the
 * first match in the order given. Undefined when no procedure has that name any more.
 */
export function matchProcedureByName(
  categories: readonly ProcedureCategoryChoice[],
  procedureName: string,
): { categoryId: number; procedureId: number } | undefined {
  const wanted = procedureName.trim();
  for (const category of categories) {
    const procedure = category.procedures.find((candidate) => candidate.name.trim() === wanted);
    if (procedure) return { categoryId: category.id, procedureId: procedure.id };
  }
  return undefined;
}

/** The Edit form filled from a stored appointment, in clinic time. */
export function bookingFormFromAppointment(
  appointment: {
    readonly dentist_id: number;
    readonly patient_id: number;
    readonly appointment_time: string;
    readonly reason: string | null;
  },
  categories: readonly ProcedureCategoryChoice[],
  timeZone: string,
): BookingForm {
  const { date, time } = clinicWallClock(appointment.appointment_time, timeZone);
  const { procedure, notes } = splitReason(appointment.reason);
  const match = matchProcedureByName(categories, procedure);
  return {
    dentistId: appointment.dentist_id,
    patientId: appointment.patient_id,
    date,
    time,
    categoryId: match?.categoryId ?? null,
    procedureId: match?.procedureId ?? null,
    notes,
  };
}

/**
 * The double-booking check: the patient's earliest other non-deleted appointment (any status, as
 * the spec says "non-deleted") on the same clinic date, not the one being edited.
 */
export function findDoubleBooking<
  A extends {
    readonly id: number;
    readonly patient_id: number;
    readonly appointment_time: string;
    readonly deleted?: boolean | null;
  },
>(
  appointments: readonly A[],
  booking: {
    readonly patientId: number;
    readonly date: IsoDate;
    readonly timeZone: string;
    readonly excludeAppointmentId?: number | null;
  },
): A | undefined {
  let earliest: { appointment: A; at: number } | undefined;
  for (const appointment of appointments) {
    if (appointment.deleted === true || appointment.patient_id !== booking.patientId) continue;
    if (booking.excludeAppointmentId != null && appointment.id === booking.excludeAppointmentId) continue;
    if (clinicDateOf(appointment.appointment_time, booking.timeZone) !== booking.date) continue;
    const at = new Date(appointment.appointment_time).getTime();
    if (!earliest || at < earliest.at) earliest = { appointment, at };
  }
  return earliest?.appointment;
}

export interface AppointmentWrite {
  readonly dentist_id: number;
  readonly patient_id: number;
  /** Clinic time with the clinic's offset, e.g. '2026-11-23T10:20:00+08:00'. */
  readonly appointment_time: string;
  readonly reason: string;
}

function appointmentWrite(form: BookingForm, procedureName: string, timeZone: string): AppointmentWrite {
  if (form.dentistId === null || form.patientId === null || !hasDate(form) || !form.time) {
    throw new RangeError('The booking form is incomplete; validate it first.');
  }
  return {
    dentist_id: form.dentistId,
    patient_id: form.patientId,
    appointment_time: toStoredTime(form.date, form.time, timeZone),
    reason: composeReason(procedureName, form.notes),
  };
}

/** The row Book inserts: no status (the database's default, Scheduled). */
export function bookingInsert(
  form: BookingForm,
  options: { readonly clinicId: number; readonly procedureName: string; readonly timeZone: string },
): AppointmentWrite & { readonly clinic_id: number } {
  return { ...appointmentWrite(form, options.procedureName, options.timeZone), clinic_id: options.clinicId };
}

/**
 * The change Save writes: the edited fields, and the status back to Scheduled, as the spec asks. A
 * started appointment corrected at its own time keeps its status: Scheduled is no longer
 * selectable once its time has passed, and a Completed visit whose notes were fixed is still
 * completed (docs/adr/0025-where-the-spec-is-silent.md).
 */
export function bookingUpdate(
  form: BookingForm,
  options: { readonly procedureName: string; readonly timeZone: string; readonly started?: StartedBooking | null },
): AppointmentWrite & { readonly status?: AppointmentStatus } {
  const write = appointmentWrite(form, options.procedureName, options.timeZone);
  return keepsStartedTime(form, options.started) ? write : { ...write, status: STATUS_AFTER_EDIT };
}
