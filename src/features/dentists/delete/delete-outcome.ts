/**
 * What the Dentists screen shows after Delete: the answer of the `delete_dentist(p_dentist_id)`
 * RPC (one database function decides, so a booking made meanwhile cannot race it) turned into
 * the spec's four outcomes. Pure: takes the `{ data, error }` an RPC call returns.
 */
import { databaseErrorCodeOf } from '@common/contract/error-codes';
import { REFUSAL_TEXT } from '@/lib/refusal-text';
import { requestErrorOf } from '@/lib/request-error';
import { DENTIST_DELETE_TEXT } from './messages';

/** A future appointment that keeps the dentist from being deleted. */
export interface BlockingAppointment {
  id: number;
  /** The patient's name, or 'Unknown' when the database has none to show (patient deleted). */
  patientName: string;
  status: string;
  /** ISO timestamp with offset, as the database returns it; format it in clinic time. */
  appointmentTime: string;
  /** The procedure; null when none was recorded. */
  reason: string | null;
}

/** Why the delete failed; the cause is for logs and for wording ('not_found': nothing to retry). */
export type DeleteFailure = 'not_found' | 'not_allowed' | 'unknown';

export type DentistDeleteOutcome =
  | { kind: 'hard_deleted'; message: typeof DENTIST_DELETE_TEXT.hardDeleted }
  | { kind: 'soft_deleted'; message: typeof DENTIST_DELETE_TEXT.softDeleted }
  | { kind: 'blocked'; appointments: BlockingAppointment[] }
  | { kind: 'failed'; error: string; cause: DeleteFailure };

function failed(cause: DeleteFailure, error: string = DENTIST_DELETE_TEXT.checkFailed): DentistDeleteOutcome {
  return { kind: 'failed', error, cause };
}

/** The spec's error for a failed delete: the step the database says it refused, else the check's. */
function failureTextOf(error: unknown): string {
  const code = databaseErrorCodeOf(error);
  return code === 'dentist_delete_failed' || code === 'dentist_soft_delete_failed'
    ? REFUSAL_TEXT[code]
    : DENTIST_DELETE_TEXT.checkFailed;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The error classified by src/lib/request-error.ts: PT404 (or P0002) is 'gone', 42501 'forbidden'. */
function causeOf(error: unknown): DeleteFailure {
  const { kind } = requestErrorOf(error);
  if (kind === 'gone') return 'not_found';
  if (kind === 'forbidden') return 'not_allowed';
  return 'unknown';
}

function blockingAppointmentOf(row: unknown): BlockingAppointment | undefined {
  if (!isRecord(row)) return undefined;
  const id = typeof row.id === 'string' && /^\d+$/.test(row.id) ? Number(row.id) : row.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return undefined;
  if (typeof row.status !== 'string' || typeof row.appointment_time !== 'string') return undefined;
  const name = typeof row.patient_name === 'string' ? row.patient_name.trim() : '';
  return {
    id,
    patientName: name === '' ? DENTIST_DELETE_TEXT.unknownPatient : name,
    status: row.status,
    appointmentTime: row.appointment_time,
    reason: typeof row.reason === 'string' ? row.reason : null,
  };
}

/**
 * The outcome of one `delete_dentist` call. Any error, or an answer of an unexpected shape, fails
 * and nothing may be assumed deleted: 'Error deleting dentist.' or 'Error soft deleting dentist.'
 * when the database refused that step itself, else the check's error (the spec's fourth outcome).
 */
export function dentistDeleteOutcome(response: { data: unknown; error: unknown }): DentistDeleteOutcome {
  if (response.error) return failed(causeOf(response.error), failureTextOf(response.error));
  const data = response.data;
  if (!isRecord(data)) return failed('unknown');
  switch (data.outcome) {
    case 'hard_deleted':
      return { kind: 'hard_deleted', message: DENTIST_DELETE_TEXT.hardDeleted };
    case 'soft_deleted':
      return { kind: 'soft_deleted', message: DENTIST_DELETE_TEXT.softDeleted };
    case 'blocked': {
      if (!Array.isArray(data.appointments)) return failed('unknown');
      const appointments: BlockingAppointment[] = [];
      for (const row of data.appointments) {
        const appointment = blockingAppointmentOf(row);
        if (!appointment) return failed('unknown');
        appointments.push(appointment);
      }
      return { kind: 'blocked', appointments };
    }
    default:
      return failed('unknown');
  }
}
