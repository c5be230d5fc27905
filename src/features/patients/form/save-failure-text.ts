import type { FormMessageValue } from '@/components/form-message';
import { requestErrorOf } from '@/lib/request-error';
import { failureText } from '../model/failure-text';
import { PATIENT_FORM_EXTRA_TEXT } from './messages';

/** A failed save as the message to show: the spec's text, and a Messenger ID another patient has said plainly below it. */
export function saveFailureText(error: unknown, specText: string): FormMessageValue {
  if (requestErrorOf(error).kind === 'duplicate') {
    console.error(`Ngiti: ${specText}`, error);
    return { tone: 'error', text: specText, detail: PATIENT_FORM_EXTRA_TEXT.messengerTaken };
  }
  return failureText(error, specText);
}
