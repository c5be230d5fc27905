import { DENTIST_EXTRA_TEXT } from './messages';

/** An update or delete that touched no row: the dentist was deleted (in another tab, by someone else). */
export class DentistGoneError extends Error {
  readonly code = 'P0002';
  constructor() {
    super(DENTIST_EXTRA_TEXT.gone);
    this.name = 'DentistGoneError';
  }
}

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

/** The dentist is not there any more (gone from the database, or soft-deleted meanwhile). */
export function isDentistGone(error: unknown): boolean {
  return codeOf(error) === 'P0002';
}

/**
 * The second line under one of the spec's failure texts: why, in words a receptionist can act on.
 * Server texts are never shown raw; an unknown failure gets no second line.
 */
export function failureDetail(error: unknown): string | undefined {
  if (isDentistGone(error)) return DENTIST_EXTRA_TEXT.gone;
  const code = codeOf(error);
  if (code === '42501') return DENTIST_EXTRA_TEXT.notAllowed;
  // fetch rejects with a TypeError when the server cannot be reached; postgrest-js reports it without a code.
  if (error instanceof TypeError || (code === '' && /fetch/i.test(String((error as { message?: unknown }).message))))
    return DENTIST_EXTRA_TEXT.tryAgain;
  return undefined;
}
