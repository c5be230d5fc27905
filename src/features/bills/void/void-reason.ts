/**
 * The reason an admin gives for voiding an invoice or a payment: required, and kept whole up to
 * VOID_REASON_MAX characters. Pure.
 */
import { VOID_TEXT } from './messages';

/** Room for a sentence or two; the field stops there (the database keeps it as text). */
export const VOID_REASON_MAX = 500;

export type VoidReasonCheck = { ok: true; reason: string } | { ok: false; message: string };

/** The reason as it is stored (trimmed), or the message the field shows. */
export function checkVoidReason(input: string): VoidReasonCheck {
  const reason = input.trim();
  if (reason === '') return { ok: false, message: VOID_TEXT.reasonRequired };
  if ([...reason].length > VOID_REASON_MAX) return { ok: false, message: VOID_TEXT.reasonTooLong(VOID_REASON_MAX) };
  return { ok: true, reason };
}
