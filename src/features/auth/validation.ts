import { EXTRA_TEXT } from './messages';

/**
 * Longest accepted inputs: e-mail addresses per RFC 5321, passwords at bcrypt's 72-byte limit
 * (what GoTrue accepts), names and clinic names at what fits a sidebar and a receipt.
 */
export const LIMITS = { email: 254, password: 72, name: 100, clinicName: 100 } as const;

/** Whitespace-only counts as empty. */
export const isBlank = (value: string) => value.trim() === '';

/** The refusal of a value over its limit, or null. */
export function tooLong(label: string, value: string, max: number): string | null {
  return value.length > max ? EXTRA_TEXT.tooLong(label, max) : null;
}

export interface SignupInput {
  name: string;
  email: string;
  password: string;
  clinicName: string;
}
