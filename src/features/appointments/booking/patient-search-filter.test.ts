import { describe, expect, it } from 'vitest';
import { MAX_PATIENT_SEARCH_LENGTH, normalizePatientSearch, patientSearchFilter } from './patient-search-filter';

describe('the patient type-ahead filter', () => {
  it('matches name, phone or Messenger id, case-insensitively, anywhere in the text', () => {
    expect(patientSearchFilter('mar')).toBe('name.ilike."*mar*",phone.ilike."*mar*",messenger_id.ilike."*mar*"');
  });

  it('sends no filter for a blank term', () => {
    expect(patientSearchFilter('')).toBeUndefined();
    expect(patientSearchFilter('   ')).toBeUndefined();
  });

  it('trims the term and keeps what is inside', () => {
    expect(normalizePatientSearch('  dela  cruz ')).toBe('dela  cruz');
  });

  it('keeps commas and parentheses inside the quotes, where a logic tree does not split', () => {
    expect(patientSearchFilter('Cruz, Jr. (Pepe)')).toBe(
      'name.ilike."*Cruz, Jr. (Pepe)*",phone.ilike."*Cruz, Jr. (Pepe)*",messenger_id.ilike."*Cruz, Jr. (Pepe)*"',
    );
  });

  it("escapes LIKE's wildcards and the quoting, so they match themselves", () => {
    // 50% → LIKE 50\% → quoted "*50\\%*"
    expect(patientSearchFilter('50%_')!.split(',')[0]).toBe('name.ilike."*50\\\\%\\\\_*"');
    expect(patientSearchFilter('say "hi"')!.split(',')[0]).toBe('name.ilike."*say \\"hi\\"*"');
    expect(patientSearchFilter('a\\b')!.split(',')[0]).toBe('name.ilike."*a\\\\\\\\b*"');
  });

  it('cuts very long input at the limit', () => {
    expect(normalizePatientSearch('x'.repeat(500))).toHaveLength(MAX_PATIENT_SEARCH_LENGTH);
  });
});
