import { EXTRA_TEXT, RESET_TEXT } from './messages';

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

export function validateSignup(input: SignupInput): string | null {
  if ([input.name, input.email, input.password, input.clinicName].some(isBlank)) return EXTRA_TEXT.signupFieldsRequired;
  return (
    tooLong('Name', input.name.trim(), LIMITS.name) ??
    tooLong('Email', input.email.trim(), LIMITS.email) ??
    tooLong('Password', input.password, LIMITS.password) ??
    tooLong('Clinic Name', input.clinicName.trim(), LIMITS.clinicName)
  );
}

export function validateNewPassword(password: string): string | null {
  if (isBlank(password)) return RESET_TEXT.emptyPassword;
  return tooLong('Password', password, LIMITS.password);
}

/** What is sent: names and e-mail trimmed; the password exactly as typed. */
export function normalizeSignup(input: SignupInput): SignupInput {
  return {
    name: input.name.trim(),
    email: input.email.trim(),
    password: input.password,
    clinicName: input.clinicName.trim(),
  };
}
