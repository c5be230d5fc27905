import { describe, expect, it } from 'vitest';
import { MAX_PATIENT_SEARCH_LENGTH, normalizePatientTerm, patientNamePattern } from './patient-search';

describe('the patient search of Add Invoice', () => {
  it('matches a trimmed name anywhere', () => {
    expect(patientNamePattern('  ana   santos ')).toBe('*ana santos*');
  });

  it('asks for the first patients when nothing is typed', () => {
    expect(patientNamePattern('   ')).toBeUndefined();
  });

  it('matches wildcards literally', () => {
    expect(patientNamePattern('50%_a\\b*')).toBe('*50\\%\\_a\\\\b\\**');
  });

  it('cuts a very long term', () => {
    expect(normalizePatientTerm('x'.repeat(500))).toHaveLength(MAX_PATIENT_SEARCH_LENGTH);
  });
});
