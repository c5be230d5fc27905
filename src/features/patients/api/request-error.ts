/**
 * What went wrong with a request of the Patients screen, in the terms the screen needs:
 * - 'gone': the patient is not there any more (deleted in another tab or by someone else);
 * - 'unreachable': no answer from the server at all (offline, server down);
 * - 'failed': the server refused or failed; the screen shows the spec's message.
 */
export type PatientFailureKind = 'gone' | 'unreachable' | 'failed';

export class PatientRequestError extends Error {
  constructor(
    readonly kind: PatientFailureKind,
    /** The server's error code (SQLSTATE or PGRST…), for the console and tests. */
    readonly code?: string,
    options?: { cause?: unknown },
  ) {
    super(`patient request ${kind}${code ? ` (${code})` : ''}`, options);
    this.name = 'PatientRequestError';
  }
}

/** A PostgREST answer's error (postgrest-js answers status 0 when the request never got an answer). */
export function toRequestError(error: { code?: string; message?: string }, status: number): PatientRequestError {
  if (status === 0) return new PatientRequestError('unreachable', undefined, { cause: error });
  // delete_patient raises no_data_found for a patient the caller cannot see or that is already deleted.
  if (error.code === 'P0002') return new PatientRequestError('gone', error.code, { cause: error });
  return new PatientRequestError('failed', error.code, { cause: error });
}

export function failureKindOf(error: unknown): PatientFailureKind {
  return error instanceof PatientRequestError ? error.kind : 'failed';
}
