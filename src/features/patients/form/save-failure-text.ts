import type { FormMessageValue } from '@/components/form-message';
import { requestErrorOf } from '@/lib/request-error';
import { failureText } from '../model/failure-text';
import { PATIENT_FORM_EXTRA_TEXT } from './messages';

/** A failed save as the message to show: a Messenger ID another patient has is said plainly. */
export function saveFailureText(error: unknown, specText: string): FormMessageValue {
  if (requestErrorOf(error).kind === 'duplicate') {
    console.error(`Ngiti: ${specText}`, error);
    return { tone: 'error', text: PATIENT_FORM_EXTRA_TEXT.messengerTaken };
  }
  return failureText(error, specText);
}
