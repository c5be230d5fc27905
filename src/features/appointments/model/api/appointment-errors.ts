import { LIST_TEXT } from '../messages';

/**
 * Why a write of the Appointments list did not happen, in the terms the screen needs:
 * - 'gone': the appointment was deleted meanwhile (another tab, another user);
 * - 'changed': someone changed it meanwhile (its status is no longer what the list showed);
 * - 'unreachable': no answer from the server;
 * - 'failed': the server refused or failed.
 */
export type AppointmentFailureKind = 'gone' | 'changed' | 'unreachable' | 'failed';

export class AppointmentRequestError extends Error {
  constructor(
    readonly kind: AppointmentFailureKind,
    /** The server's error code (SQLSTATE or PGRST…), for the console and tests. */
    readonly code?: string,
    options?: { cause?: unknown },
  ) {
    super(`appointment request ${kind}${code ? ` (${code})` : ''}`, options);
    this.name = 'AppointmentRequestError';
  }
}

/** A PostgREST answer's error (postgrest-js answers status 0 when nothing answered). */
export function toAppointmentRequestError(
  error: { code?: string; message?: string },
  status: number,
): AppointmentRequestError {
  if (status === 0) return new AppointmentRequestError('unreachable', undefined, { cause: error });
  return new AppointmentRequestError('failed', error.code, { cause: error });
}

/**
 * The reason shown under one of the spec's failure texts, in words a receptionist can act on;
 * undefined when there is nothing useful to add. Raw server texts are never shown.
 */
export function failureReason(error: unknown): string | undefined {
  if (!(error instanceof AppointmentRequestError)) return undefined;
  switch (error.kind) {
    case 'gone':
      return LIST_TEXT.gone;
    case 'changed':
      return LIST_TEXT.changed;
    case 'unreachable':
      return LIST_TEXT.unreachable;
    case 'failed':
      return error.code === '42501' ? LIST_TEXT.notAllowed : undefined;
  }
}
