/**
 * What went wrong while the booking form checked or saved an appointment, in the terms the form
 * needs, and which of the slice's texts (./messages.ts) it shows. Pure: errors are passed in.
 *
 * - 'slot-refused': the database refused the booking (the booking rules' codes: slot_taken,
 *   lunch_break, …; or the overlap constraint's bare 23P01) → 'Booking failed!' / 'This slot may
 *   already be taken or dentist is unavailable.', and the slots refresh.
 * - 'unreachable': no answer at all (offline, server down, timed out) → 'Could not validate
 *   appointment. Please check connection.'
 * - 'gone': the appointment being edited was deleted meanwhile; nothing was written.
 * - 'unknown-procedure': the procedure left the clinic's price list meanwhile (unknown_procedure
 *   from the booking guard).
 * - 'failed': anything else; shown as 'Booking failed!' like the spec's app does.
 */
import { formatClinicDate, formatClinicTime } from '@common/clinic-calendar';
import { databaseErrorCodeOf, type DatabaseErrorCode } from '@common/contract/error-codes';
import { statusBadge } from '@/entities/appointment/status';
import { requestErrorOf } from '@/lib/request-error';
import { UNKNOWN_DENTIST } from '../model/grouping';
import { BOOKING_EXTRA_TEXT, BOOKING_MESSAGES } from './messages';

export type BookingFailureKind = 'slot-refused' | 'unreachable' | 'gone' | 'unknown-procedure' | 'failed';

/**
 * The booking rules' refusals (triggers enforce_appointment_rules and guard_browser_booking), by
 * the code the database sends with them (its `hint`, common/contract/error-codes.ts). They all
 * say the same to the user, except a procedure no longer in the price list.
 */
export const BOOKING_REFUSAL_KIND: Readonly<Partial<Record<DatabaseErrorCode, BookingFailureKind>>> = {
  slot_taken: 'slot-refused',
  clinic_closed: 'slot-refused',
  outside_clinic_hours: 'slot-refused',
  lunch_break: 'slot-refused',
  dentist_unavailable: 'slot-refused',
  dentist_inactive: 'slot-refused',
  dentist_deleted: 'slot-refused',
  patient_deleted: 'slot-refused',
  appointment_in_past: 'slot-refused',
  unknown_procedure: 'unknown-procedure',
};

/**
 * The booking form's reading of a failed check or save (any error it threw): a refusal of the
 * booking rules by its code (BOOKING_REFUSAL_KIND); otherwise by kind (src/lib/request-error.ts):
 * the overlap constraint's bare 23P01 ('conflict') and a check's 23514 ('constraint') as refusals,
 * a row gone, and no answer at all (fetch's TypeError and timeouts included).
 */
export function bookingFailureKind(error: unknown): BookingFailureKind {
  const failure = requestErrorOf(error);
  const code = databaseErrorCodeOf(failure.cause);
  const refusal = code === undefined ? undefined : BOOKING_REFUSAL_KIND[code];
  if (refusal !== undefined) return refusal;
  switch (failure.kind) {
    case 'unreachable':
      return 'unreachable';
    case 'conflict':
      return 'slot-refused';
    case 'constraint':
      return 'unknown-procedure';
    case 'gone':
      return 'gone';
    default:
      return 'failed';
  }
}

export interface BookingFailureView {
  /** The form's banner: a line, and a second one saying why. */
  readonly banner: { readonly text: string; readonly detail?: string };
  /** A dialog to show as well: title and text. */
  readonly dialog?: { readonly title: string; readonly text: string };
  /** Whether the dentist's day must be read again (the grid may be out of date). */
  readonly refreshSlots: boolean;
  /** Whether the price list must be read again. */
  readonly refreshProcedures: boolean;
}

/** How the form reports a failure of the given kind. */
export function bookingFailureView(kind: BookingFailureKind): BookingFailureView {
  switch (kind) {
    case 'unreachable':
      return { banner: { text: BOOKING_MESSAGES.connectionFailed }, refreshSlots: false, refreshProcedures: false };
    case 'gone':
      return { banner: { text: BOOKING_EXTRA_TEXT.gone }, refreshSlots: true, refreshProcedures: false };
    case 'unknown-procedure':
      return { banner: { text: BOOKING_EXTRA_TEXT.unknownProcedure }, refreshSlots: false, refreshProcedures: true };
    case 'slot-refused':
    case 'failed':
      return {
        banner: { text: BOOKING_MESSAGES.bookingFailedTitle, detail: BOOKING_MESSAGES.bookingFailed },
        dialog: { title: BOOKING_MESSAGES.bookingFailedTitle, text: BOOKING_MESSAGES.bookingFailed },
        refreshSlots: true,
        refreshProcedures: false,
      };
  }
}

/** The existing appointment the 'Double Booking' warning describes. */
export interface DoubleBookingDetails {
  /** 'November 23, 2026' (clinic date). */
  readonly date: string;
  /** '10:20 AM' (clinic time, 12-hour). */
  readonly time: string;
  readonly dentist: string;
  readonly reason: string;
  /** Its status as its badge reads: a Cancelled visit that day is still "non-deleted". */
  readonly status: string;
}

/**
 * The existing appointment's time, dentist, reason and status as the warning shows them, in clinic
 * time. A dentist the list does not know reads 'Unknown dentist'; no reason reads '—'.
 */
export function doubleBookingDetails(
  existing: {
    readonly appointment_time: string;
    readonly reason: string | null;
    readonly dentist_name: string | null;
    readonly status: string | null;
  },
  timeZone: string,
): DoubleBookingDetails {
  return {
    date: formatClinicDate(existing.appointment_time, timeZone),
    time: formatClinicTime(existing.appointment_time, timeZone),
    dentist: existing.dentist_name?.trim() || UNKNOWN_DENTIST,
    reason: existing.reason?.trim() || '—',
    status: statusBadge(existing.status).label,
  };
}
