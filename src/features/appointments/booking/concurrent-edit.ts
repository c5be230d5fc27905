/**
 * Edit Appointment when another desk saved the same appointment while the form was open
 * (docs/adr/0023-concurrent-edits.md): Save writes only while the columns it writes are stored as
 * the form last saw them; when they are not, the form shows the stored values where this user
 * changed nothing, keeps what they changed, and stands on the stored appointment from then on, so
 * a second Save is a knowing choice. Pure: the price list and the clinic's zone are passed in.
 */
import type { AppointmentStatus } from '@common/contract';
import type { ChosenPatient } from '@/entities/patient';
import { BOOKING_EXTRA_TEXT } from './messages';
import { bookingFormFromAppointment, splitReason, type BookingForm, type ProcedureCategoryChoice } from './validation';

/** The columns Edit writes, as stored: what its save checks is still there. */
export interface StoredAppointmentFields {
  readonly dentist_id: number;
  readonly patient_id: number;
  readonly appointment_time: string;
  readonly reason: string | null;
  readonly status: AppointmentStatus;
}

export function storedFieldsOf(appointment: StoredAppointmentFields): StoredAppointmentFields {
  const { dentist_id, patient_id, appointment_time, reason, status } = appointment;
  return { dentist_id, patient_id, appointment_time, reason, status };
}

/** The stored procedure's name when the price list has no procedure of that name any more. */
export function unmatchedProcedureOf(form: BookingForm, reason: string | null): string | null {
  const stored = splitReason(reason).procedure;
  return form.procedureId === null && stored !== '' ? stored : null;
}

/**
 * The form after a save made elsewhere: each part the user left as it was opened (`opened`) shows
 * the stored one (`current`); each part they changed keeps their input. The date and slot go
 * together (a slot is a time on its date), and so do the category and procedure; the dentist, the
 * patient and the notes go alone. Notes count as unchanged when they differ only by the spaces
 * the reason drops.
 */
export function mergeConcurrentEdit(typed: BookingForm, opened: BookingForm, current: BookingForm): BookingForm {
  const slotUnchanged = typed.date === opened.date && typed.time === opened.time;
  const procedureUnchanged = typed.categoryId === opened.categoryId && typed.procedureId === opened.procedureId;
  return {
    dentistId: typed.dentistId === opened.dentistId ? current.dentistId : typed.dentistId,
    patientId: typed.patientId === opened.patientId ? current.patientId : typed.patientId,
    date: slotUnchanged ? current.date : typed.date,
    time: slotUnchanged ? current.time : typed.time,
    categoryId: procedureUnchanged ? current.categoryId : typed.categoryId,
    procedureId: procedureUnchanged ? current.procedureId : typed.procedureId,
    notes: typed.notes.trim() === opened.notes ? current.notes : typed.notes,
  };
}

/** What the Edit form shows after its save found the appointment changed elsewhere. */
export interface ChangedElsewhere {
  /** The appointment as stored now: the form stands on it, and the next Save checks it. */
  readonly stored: StoredAppointmentFields;
  /** The inputs: the stored values where the user changed nothing, theirs elsewhere. */
  readonly values: BookingForm;
  /** The patient to show when the stored one took the place of the one shown; null keeps it. */
  readonly patient: ChosenPatient | null;
  /** The stored procedure's name when the price list no longer has it. */
  readonly unmatchedProcedure: string | null;
}

/**
 * The Edit form after a save that matched nothing because the appointment changed elsewhere:
 * `typed` as sent, `opened` as the form last saw it stored, `current` as read again.
 */
export function changedElsewhere(
  typed: BookingForm,
  opened: StoredAppointmentFields,
  current: StoredAppointmentFields & { readonly patient_name: string | null },
  categories: readonly ProcedureCategoryChoice[],
  timeZone: string,
): ChangedElsewhere {
  const currentForm = bookingFormFromAppointment(current, categories, timeZone);
  const values = mergeConcurrentEdit(typed, bookingFormFromAppointment(opened, categories, timeZone), currentForm);
  return {
    stored: storedFieldsOf(current),
    values,
    patient:
      values.patientId === typed.patientId
        ? null
        : { id: current.patient_id, name: current.patient_name ?? BOOKING_EXTRA_TEXT.unknownPatient },
    unmatchedProcedure: unmatchedProcedureOf(currentForm, current.reason),
  };
}
