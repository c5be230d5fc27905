import type { Logger } from 'pino';
import type { SendResult } from '../contracts';
import { HttpError } from '../http/errors';

export const RECIPIENT_ERRORS = {
  noPatientMessengerId: "This patient has no Messenger ID. Add it on the patient's record to notify them.",
  noGuardianMessengerId:
    'This appointment has no guardian Messenger ID. Add it to the appointment, or send the reminder to the patient.',
  notConnected: 'This clinic is not connected to a Facebook page. Connect one in Clinic Config.',
  notFound: 'Appointment not found.',
} as const;

/**
 * The HTTP answer for a send Meta refused: 503 when retrying later may work (rate limit, Meta
 * unreachable or slow), 502 when Meta refused for a reason staff must fix (token, recipient...).
 */
export function sendFailure(result: Extract<SendResult, { ok: false }>): HttpError {
  return result.transient
    ? new HttpError(503, result.error, { 'Retry-After': '60' })
    : new HttpError(502, result.error);
}

/** Waits between attempts to write the log row of a message Meta already accepted. */
export const RECORD_RETRY_DELAYS_MS: readonly number[] = [50, 250, 1000];

/**
 * Writes the log row of a send (`write`), retrying after each of `delays` when the database
 * refuses or is unreachable. Never throws: once Meta has accepted a message, its outcome must not
 * turn into an error answer that leads staff to send it again. Resolves with what `write`
 * resolved, or null when every attempt failed; that is logged at error level with `context`
 * (ids, never the message text) and the database's error code only: a Postgres error's detail
 * may quote the row, message included.
 */
export async function recordReliably<T>(
  logger: Pick<Logger, 'warn' | 'error'>,
  what: string,
  context: Record<string, unknown>,
  write: () => Promise<T>,
  delays: readonly number[] = RECORD_RETRY_DELAYS_MS,
): Promise<T | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      const failure = describeDatabaseError(error);
      const delay = delays[attempt];
      if (delay === undefined) {
        logger.error({ ...context, ...failure, attempts: attempt + 1 }, `${what} could not be recorded`);
        return null;
      }
      logger.warn({ ...context, ...failure, attempt: attempt + 1 }, `${what} not recorded yet; retrying`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** What may be logged of a database error: its SQLSTATE and class, never its message or detail. */
function describeDatabaseError(error: unknown): { sqlState?: string; errorName: string } {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const name = error instanceof Error ? error.name : typeof error;
  return typeof code === 'string' ? { sqlState: code, errorName: name } : { errorName: name };
}
