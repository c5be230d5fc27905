/**
 * A failed write as one line for the screen: what failed, then why in the user's terms. A taken
 * name (23505, the unique indexes on lower(btrim(name))) is told at the name field instead. Raw
 * server texts (constraint names, SQL) never reach the screen. Pure.
 */
import { refusalTextOf } from '@/lib/refusal-text';
import { requestErrorOf } from '@/lib/request-error';
import { PROCEDURES_FAILURE_TEXT, PROCEDURES_PROBLEM_TEXT } from './messages';

export type ProcedureWrite = 'addCategory' | 'addProcedure' | 'saveProcedure' | 'deleteProcedure';

/** The message a taken name gets at its field, or null when the failure is something else. */
export function duplicateNameText(write: ProcedureWrite, error: unknown): string | null {
  if (requestErrorOf(error).kind !== 'duplicate') return null;
  return write === 'addCategory' ? PROCEDURES_PROBLEM_TEXT.categoryExists : PROCEDURES_PROBLEM_TEXT.procedureExists;
}

export function failureText(write: ProcedureWrite, error: unknown): string {
  const failure = requestErrorOf(error);
  const what = PROCEDURES_FAILURE_TEXT[write];
  switch (failure.kind) {
    case 'unreachable':
      return `${what} ${PROCEDURES_FAILURE_TEXT.unreachable}`;
    case 'forbidden':
      return `${what} ${PROCEDURES_FAILURE_TEXT.forbidden}`;
    case 'gone':
      return `${what} ${PROCEDURES_FAILURE_TEXT.gone}`;
    case 'constraint':
      return `${what} ${PROCEDURES_FAILURE_TEXT.refused}`;
    case 'duplicate':
      return duplicateNameText(write, error) ?? what;
    default: {
      // A refusal the database gave a code: its words, not 'try again'.
      const refusal = refusalTextOf(failure.cause);
      return `${what} ${refusal ?? PROCEDURES_FAILURE_TEXT.tryAgain}`;
    }
  }
}
