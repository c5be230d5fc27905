import { vi } from 'vitest';
import type { Database } from '@/lib/database.types';
import { db, mockRpc, pgError } from '@/testing/mocks';

type Functions = Database['public']['Functions'];
type Args<F extends keyof Functions> = Functions[F]['Args'];

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const asTime = (text: string) => (text.length === 5 ? `${text}:00` : text);

/**
 * `save_availability_day` as the migration defines it (supabase/migrations/…_booking.sql): checks
 * the blocks (HH:MM, within 09:00–18:00, not overlapping), then replaces the dentist's blocks of
 * that date and returns the new rows.
 */
export function saveAvailabilityDay({ p_dentist_id, p_date, p_blocks }: Args<'save_availability_day'>) {
  const dentist = db.table('dentists').find(p_dentist_id);
  if (!dentist) throw pgError('PT404', `Dentist ${p_dentist_id} not found.`);
  const blocks = p_blocks.map((block, index) => {
    if (!HH_MM.test(block.start_time) || !HH_MM.test(block.end_time))
      throw pgError('22023', `Block ${index + 1} needs start_time and end_time as HH:MM.`);
    const [start, end] = [asTime(block.start_time), asTime(block.end_time)];
    if (start >= end || start < '09:00:00' || end > '18:00:00')
      throw pgError(
        '22023',
        `Block ${index + 1} (${start} to ${end}) must start before it ends, within 09:00 to 18:00.`,
      );
    return { start, end };
  });
  if (blocks.some((a, i) => blocks.some((b, j) => i < j && a.start < b.end && b.start < a.end)))
    throw pgError('22023', 'Blocks of one day must not overlap each other.');
  const availability = db.table('dentist_availability');
  availability.delete((row) => row.dentist_id === p_dentist_id && row.specific_date === p_date);
  return blocks.map(({ start, end }) =>
    availability.insert({
      clinic_id: dentist.clinic_id,
      dentist_id: p_dentist_id,
      specific_date: p_date,
      start_time: start,
      end_time: end,
      is_available: false,
    }),
  );
}

/**
 * `delete_dentist` as the migration defines it (supabase/migrations/…_patients_dentists.sql):
 * blocked by future Scheduled or Confirmed appointments (listed, patient name null when the
 * patient is deleted), soft delete when the dentist has any other appointment, else hard delete;
 * a dentist missing or already deleted raises PT404 (HTTP 404).
 */
export function deleteDentist({ p_dentist_id }: Args<'delete_dentist'>) {
  const dentist = db.table('dentists').find(p_dentist_id);
  if (!dentist || dentist.deleted)
    throw pgError('PT404', `Dentist ${p_dentist_id} not found; it may have been deleted.`);
  const appointments = db.table('appointments').where((row) => row.dentist_id === p_dentist_id);
  const future = appointments
    .filter(
      (row) =>
        !row.deleted &&
        (row.status === 'Scheduled' || row.status === 'Confirmed') &&
        Date.parse(row.appointment_time) >= Date.now(),
    )
    .sort((a, b) => Date.parse(a.appointment_time) - Date.parse(b.appointment_time) || a.id - b.id);
  if (future.length > 0) {
    const patientName = (id: number) => {
      const patient = db.table('patients').find(id);
      return patient && !patient.deleted && patient.clinic_id === dentist.clinic_id ? patient.name : null;
    };
    return {
      outcome: 'blocked',
      appointments: future.map((row) => ({
        id: row.id,
        patient_name: patientName(row.patient_id),
        status: row.status,
        appointment_time: row.appointment_time,
        reason: row.reason,
      })),
    };
  }
  if (appointments.length > 0) {
    db.table('dentists').update(p_dentist_id, { deleted: true });
    return { outcome: 'soft_deleted' };
  }
  db.table('dentists').delete(p_dentist_id);
  return { outcome: 'hard_deleted' };
}

/** Registers the dentists feature's database functions for this test; the spies count calls. */
export function mockDentistFunctions() {
  const functions = { saveAvailabilityDay: vi.fn(saveAvailabilityDay), deleteDentist: vi.fn(deleteDentist) };
  mockRpc('save_availability_day', functions.saveAvailabilityDay);
  mockRpc('delete_dentist', functions.deleteDentist);
  return functions;
}
