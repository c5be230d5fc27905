import { describe, expect, it } from 'vitest';
import {
  MAX_PATIENT_SEARCH_LENGTH,
  foldName,
  matchesPatientName,
  normalizePatientTerm,
  patientNameRegex,
} from './name-match';

/** What PostgreSQL's `~*` does with the pattern, close enough for these names (JS 'i' flag). */
function databaseFinds(name: string, term: string): boolean {
  const pattern = patientNameRegex(term);
  if (pattern === undefined) return true;
  return new RegExp(pattern, 'i').test(name);
}

describe('the patient name rule', () => {
  it.each(['Niña', 'NIÑA', 'niña', 'Ma. Niña Reyes'])('finds "%s" when "nina" is typed', (name) => {
    expect(matchesPatientName(name, 'nina')).toBe(true);
    expect(databaseFinds(name, 'nina')).toBe(true);
  });

  it('ignores accents and case on both sides', () => {
    expect(matchesPatientName('Jose Peña', 'PEÑA')).toBe(true);
    expect(matchesPatientName('José Pena', 'jose')).toBe(true);
    expect(databaseFinds('Jose Pena', 'JOSÉ PEÑA')).toBe(true);
    expect(databaseFinds('José Peña', 'jose pena')).toBe(true);
  });

  it('finds a name stored decomposed (NFD)', () => {
    const decomposed = 'Nin\u0303a'; // n, i, n, combining tilde, a
    expect(matchesPatientName(decomposed, 'nina')).toBe(true);
    expect(databaseFinds(decomposed, 'nina')).toBe(true);
  });

  it('counts runs of spaces as one and trims', () => {
    expect(foldName('  José   DE la  Peña ')).toBe('jose de la pena');
    expect(matchesPatientName('Ana   Santos', ' ana santos ')).toBe(true);
    expect(databaseFinds('Ana   Santos', 'ana  santos')).toBe(true);
  });

  it('does not find other names', () => {
    expect(matchesPatientName('Nino', 'nina')).toBe(false);
    expect(databaseFinds('Nino', 'nina')).toBe(false);
    expect(databaseFinds('Nxna', 'nina')).toBe(false);
  });

  it('matches every name when nothing is typed (no database filter)', () => {
    expect(matchesPatientName('Ana', '   ')).toBe(true);
    expect(patientNameRegex('   ')).toBeUndefined();
  });

  it('matches what was typed literally, regex and LIKE signs included', () => {
    const typed = "50%_a\\b*.(x)[y]|+?^$ O'Brien-Cruz";
    const pattern = patientNameRegex(typed)!;
    expect(databaseFinds(`Dr ${typed} Jr`, typed)).toBe(true);
    expect(databaseFinds('50xxa', '50%_a')).toBe(false);
    expect(databaseFinds('abc', '.*')).toBe(false);
    expect(pattern).toContain("\\'");
    expect(pattern).toContain('\\*');
  });

  it('keeps what was typed for display, cutting a very long term', () => {
    expect(normalizePatientTerm('  Niña   Reyes ')).toBe('Niña Reyes');
    expect(normalizePatientTerm('x'.repeat(500))).toHaveLength(MAX_PATIENT_SEARCH_LENGTH);
  });
});
