import { ReminderAppointmentGoneError } from '../api/save-settings';
import { REMINDER_EXTRA_TEXT } from '../messages';

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

/**
 * The second line under 'Failed to save': why, when it is something staff can act on. Server
 * texts are never shown raw; an unknown failure gets no second line.
 */
export function saveFailureDetail(error: unknown): string | undefined {
  if (error instanceof ReminderAppointmentGoneError) return REMINDER_EXTRA_TEXT.gone;
  const code = codeOf(error);
  if (code === '42501') return REMINDER_EXTRA_TEXT.notAllowed;
  // fetch rejects with a TypeError when the server cannot be reached; postgrest-js reports it without a code.
  if (error instanceof TypeError || (code === '' && /fetch/i.test(String((error as { message?: unknown }).message))))
    return REMINDER_EXTRA_TEXT.tryAgain;
  return undefined;
}
