/**
 * The one rule for finding a patient by name, wherever the names are: case and accents do not
 * matter ('nina' finds 'Niña', 'NIÑA' and 'niña'; 'Peña' finds 'pena'), runs of spaces count as
 * one, and the term may stand anywhere in the name (@common/contract/patient-search, which the
 * CSV exports follow too). Lists held in the browser fold names with `foldName`; searches in the
 * database send `patientNameRegex`, the same rule as a POSIX regular expression, to the function
 * `search_patients` (`~*`). Pure.
 */

import { foldName } from '@common/contract/patient-search';

export { foldName, matchesPatientName } from '@common/contract/patient-search';

/** Longest term sent; names are at most 200 characters. */
export const MAX_PATIENT_SEARCH_LENGTH = 100;

/**
 * A term as the user typed it, made fit to send and to show ('No patients match “…”' repeats
 * it): trimmed, runs of spaces as one, cut at the limit. Case and accents stay as typed.
 */
export function normalizePatientTerm(term: string): string {
  return term.trim().replace(/\s+/g, ' ').slice(0, MAX_PATIENT_SEARCH_LENGTH);
}

/**
 * Every letter of the Latin-1 and Latin Extended-A/B blocks that folds to a plain a–z letter,
 * by that letter ('n' → 'ñÑńŃ…'), so that the database matches what `foldName` matches.
 */
const ACCENTED: ReadonlyMap<string, string> = (() => {
  const variants = new Map<string, string>();
  for (let code = 0xc0; code <= 0x24f; code++) {
    const char = String.fromCodePoint(code);
    const folded = foldName(char);
    if (/^[a-z]$/.test(folded)) variants.set(folded, (variants.get(folded) ?? '') + char);
  }
  return variants;
})();

/** Combining marks a name stored decomposed (NFD) may carry after a letter. */
const COMBINING_MARKS = '[\u0300-\u036f]*';

/**
 * The term as a case-insensitive POSIX regular expression (for `~*`) that finds the names
 * `matchesPatientName` finds, or undefined for a blank term (no filter). What the user typed is
 * matched literally: every other ASCII sign is escaped.
 */
export function patientNameRegex(term: string): string | undefined {
  const folded = foldName(normalizePatientTerm(term));
  if (folded === '') return undefined;
  let pattern = '';
  for (const char of folded) {
    const accented = ACCENTED.get(char);
    if (accented) pattern += `[${char}${char.toUpperCase()}${accented}]${COMBINING_MARKS}`;
    else if (char === ' ') pattern += '\\s+';
    else if (/[\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]/.test(char)) pattern += `\\${char}`;
    else pattern += char;
  }
  return pattern;
}
