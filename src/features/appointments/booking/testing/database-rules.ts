import { clinicWallClock } from '@common/clinic-calendar';
import { db, pgError, type RowOf } from '@/testing/mocks';

const SLOT_MS = 20 * 60_000;
const REFUSED = 'This slot may already be taken or dentist is unavailable.';
const NOTES = ' — Notes: ';

/** The clinic-time date (YYYY-MM-DD) and time (HH:MM:SS, as the blocks store it) of an instant. */
function clinicTime(instant: number, timeZone: string) {
  const wall = clinicWallClock(new Date(instant), timeZone);
  return { date: wall.date, time: `${wall.time}:00` };
}

/**
 * The booking rules of the database that the booking form meets, as `db.table('appointments')`
 * checks (supabase/migrations/…_scheduling.sql: `enforce_appointment_rules` and
 * `guard_browser_booking`). A live appointment (not deleted, not Cancelled) inserted, or whose
 * time, dentist or patient changes, is refused with 23P01 'This slot may already be taken or
 * dentist is unavailable.' and the rule in `details`: dentist deleted / inactive, patient deleted,
 * in the past, blocked by dentist availability, overlaps another appointment. A reason whose
 * procedure part is not a procedure of the clinic is refused with 23514 (on insert, and on updates
 * that change the reason). Not emulated here: Sundays, clinic hours, lunch.
 */
export function enforceBookingRules() {
  db.table('appointments').check((row, { operation, previous, others }) => {
    if (row.deleted || row.status === 'Cancelled') return undefined;
    // Times compare as instants, as timestamptz does: '…T10:00:00+08:00' is '…T02:00:00Z'.
    const moved =
      operation === 'insert' ||
      Date.parse(previous?.appointment_time ?? '') !== Date.parse(row.appointment_time) ||
      previous?.dentist_id !== row.dentist_id ||
      previous?.patient_id !== row.patient_id;
    if (moved) {
      const problem = bookingProblem(row, others);
      if (problem) return pgError('23P01', REFUSED, { details: problem });
    }
    if (row.reason !== null && (operation === 'insert' || previous?.reason !== row.reason)) {
      const procedure = row.reason.split(NOTES)[0];
      const known = db
        .table('procedures')
        .where((candidate) => candidate.clinic_id === row.clinic_id && candidate.name === procedure);
      if (known.length === 0)
        return pgError('23514', "The procedure is not in this clinic's price list.", { details: 'unknown procedure' });
    }
    return undefined;
  });
}

function bookingProblem(row: RowOf<'appointments'>, others: readonly RowOf<'appointments'>[]): string | undefined {
  const dentist = db.table('dentists').find(row.dentist_id);
  if (!dentist || dentist.deleted) return 'dentist deleted';
  if (!dentist.is_active) return 'dentist inactive';
  if (db.table('patients').find(row.patient_id)?.deleted) return 'patient deleted';
  const start = Date.parse(row.appointment_time);
  if (start <= Date.now()) return 'in the past';
  const timeZone = db.table('clinics').find(row.clinic_id)?.timezone ?? 'Asia/Manila';
  const from = clinicTime(start, timeZone);
  const to = clinicTime(start + SLOT_MS, timeZone);
  const blocked = db
    .table('dentist_availability')
    .where(
      (block) =>
        block.dentist_id === row.dentist_id &&
        !block.is_available &&
        block.specific_date === from.date &&
        block.start_time < (to.date === from.date ? to.time : '24:00:00') &&
        block.end_time > from.time,
    );
  if (blocked.length > 0) return 'blocked by dentist availability';
  const overlapping = others.some(
    (other) =>
      other.dentist_id === row.dentist_id &&
      !other.deleted &&
      other.status !== 'Cancelled' &&
      Math.abs(Date.parse(other.appointment_time) - start) < SLOT_MS,
  );
  return overlapping ? 'overlaps another appointment' : undefined;
}
