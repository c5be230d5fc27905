import type { FormMessageValue } from '@/components/form-message';
import { NOT_PERMITTED_TEXT, refusalTextOf } from '@/lib/refusal-text';
import { requestErrorOf } from '@/lib/request-error';
import { PATIENT_EXTRA_TEXT } from './messages';

/**
 * A failed request as the message to show: the spec's text for the operation, with a second line
 * when the patient is gone, when the server could not be reached, when the database said why, or
 * when the caller's role may not change the patient.
 * Details of a server error go to the console, never to the screen.
 */
export function failureText(error: unknown, specText: string): FormMessageValue {
  const failure = requestErrorOf(error);
  if (failure.kind === 'gone') return { tone: 'error', text: specText, detail: PATIENT_EXTRA_TEXT.gone };
  console.error(`Ngiti: ${specText}`, error);
  if (failure.kind === 'unreachable') return { tone: 'error', text: specText, detail: PATIENT_EXTRA_TEXT.unreachable };
  const refusal = refusalTextOf(failure.cause) ?? (failure.kind === 'forbidden' ? NOT_PERMITTED_TEXT : undefined);
  return refusal === undefined ? { tone: 'error', text: specText } : { tone: 'error', text: specText, detail: refusal };
}
