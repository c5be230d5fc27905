import type { SlotState } from '../model/slots';

/** The Add/Edit Appointment form's texts, word for word from the spec. */
export const BOOKING_MESSAGES = Object.freeze({
  dentistRequired: 'Dentist is required.',
  patientRequired: 'Patient is required.',
  timeRequired: 'Time slot is required.',
  categoryRequired: 'Procedure category is required.',
  procedureRequired: 'Procedure is required.',
  closedDay: 'Clinic is closed on this day.',
  pastDate: 'Date must not be in the past.',
  banner: 'Please fix the highlighted errors.',
  bannerTitle: 'Validation Error',
  invalidSlotTitle: 'Invalid Slot',
  invalidSlot: 'This slot is either booked, blocked, or in the past. Please choose another.',
  doubleBookingTitle: 'Double Booking',
  bookingFailedTitle: 'Booking failed!',
  bookingFailed: 'This slot may already be taken or dentist is unavailable.',
  connectionFailed: 'Could not validate appointment. Please check connection.',
  booked: 'Appointment booked!',
  updated: 'Appointment updated!',
});

/** The 'Double Booking' warning's button that opens the existing appointment. */
export const EDIT_EXISTING_LABEL = 'Edit Existing Appointment';

/** Texts the spec does not give (docs: "Booking form" decisions). */
export const BOOKING_EXTRA_TEXT = Object.freeze({
  gone: 'This appointment no longer exists. It may have been deleted by someone else.',
  /** Edit's save found the appointment changed elsewhere meanwhile (docs/adr/0023-concurrent-edits.md). */
  changedMeanwhile:
    'Someone else changed this appointment while you were editing. The form now shows their changes, with yours kept: check it, then save again.',
  unknownPatient: 'Unknown patient',
  unknownProcedure: 'This procedure is no longer in the clinic’s price list. Please choose another.',
  slotDropped: 'The time you chose is no longer available. Please choose another.',
  slotsFailed: 'Could not load the free times. Please check connection.',
  patientsFailed: 'Could not search patients. Please check connection.',
  listsFailed: 'Could not load dentists or procedures. Please check connection.',
  notesTooLong: (room: number) => `Additional Notes must be at most ${room} characters.`,
  /** The Notes box's live counter: characters used of those that fit beside the procedure. */
  notesCount: (used: number, room: number) => `${used} / ${room}`,
  notesCountUnit: 'characters',
  /** Editing an appointment whose time has passed (docs: "Correcting past appointments"). */
  startedNote: (date: string, time: string) =>
    `This appointment was on ${date} at ${time}, which has passed. Its procedure and notes can be corrected where it is; to change its dentist, patient or time, choose a time ahead.`,
  startedPatientChange:
    'This appointment’s time has passed, so its patient cannot change. Choose a time ahead to book it for another patient.',
  keptSlot: 'This appointment',
});

/** What the slot grid and its legend call each kind of slot. */
export const SLOT_STATE_LABELS: Record<SlotState, string> = {
  available: 'Available',
  booked: 'Booked',
  blocked: 'Blocked',
  past: 'Past',
  lunch: 'Lunch Break',
};
