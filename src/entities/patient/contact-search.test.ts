import { describe, expect, it } from 'vitest';
import { patientContactPattern } from './contact-search';
import { MAX_PATIENT_SEARCH_LENGTH, normalizePatientTerm } from './name-match';

describe('the patient type-ahead contact pattern', () => {
  it('finds the term anywhere in the phone or Messenger id', () => {
    expect(patientContactPattern('0917')).toBe('%0917%');
  });

  it('sends no pattern for a blank term', () => {
    expect(patientContactPattern('')).toBeUndefined();
    expect(patientContactPattern('   ')).toBeUndefined();
  });

  it('trims the term and counts a run of spaces as one', () => {
    expect(normalizePatientTerm('  dela  cruz ')).toBe('dela cruz');
    expect(patientContactPattern('  0917  555 ')).toBe('%0917 555%');
  });

  it("escapes LIKE's wildcards and its escape, so they match themselves", () => {
    expect(patientContactPattern('50%_')).toBe('%50\\%\\_%');
    expect(patientContactPattern('a\\b')).toBe('%a\\\\b%');
  });

  it('leaves signs that are not LIKE syntax as typed, `*` included', () => {
    expect(patientContactPattern('*63')).toBe('%*63%');
    expect(patientContactPattern('Cruz, Jr. (Pepe) "hi"')).toBe('%Cruz, Jr. (Pepe) "hi"%');
  });

  it('cuts very long input at the limit', () => {
    expect(normalizePatientTerm('x'.repeat(500))).toHaveLength(MAX_PATIENT_SEARCH_LENGTH);
    expect(patientContactPattern('x'.repeat(500))).toHaveLength(MAX_PATIENT_SEARCH_LENGTH + 2);
  });
});
