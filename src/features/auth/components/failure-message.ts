import type { FormMessageValue } from '@/components/form-message';
import { UserFacingError } from '@/lib/errors';

/** A caught failure as a form message; anything unexpected becomes the fallback text. */
export function failureMessage(error: unknown, fallback: string): FormMessageValue {
  if (error instanceof UserFacingError) return { tone: 'error', text: error.message, detail: error.detail };
  console.error('Ngiti: unexpected failure', error);
  return { tone: 'error', text: fallback };
}
