import { describe, expect, it } from 'vitest';
import { patientContactFilter } from './contact-search';
import { MAX_PATIENT_SEARCH_LENGTH, normalizePatientTerm, patientNameRegex } from './name-match';

describe('the patient type-ahead filter', () => {
  it("matches the name by the patient entity's rule, phone and Messenger id case-insensitively", () => {
    expect(patientContactFilter('mar')!.split(/,(?=[a-z_]+\.)/)).toEqual([
      `name.imatch."${patientNameRegex('mar')!.replace(/\\/g, '\\\\')}"`,
      'phone.ilike."*mar*"',
      'messenger_id.ilike."*mar*"',
    ]);
  });

  it('sends no filter for a blank term', () => {
    expect(patientContactFilter('')).toBeUndefined();
    expect(patientContactFilter('   ')).toBeUndefined();
  });

  it('trims the term and counts a run of spaces as one', () => {
    expect(normalizePatientTerm('  dela  cruz ')).toBe('dela cruz');
  });

  it('keeps commas and parentheses inside the quotes, where a logic tree does not split', () => {
    const parts = patientContactFilter('Cruz, Jr. (Pepe)')!.split(/,(?=[a-z_]+\.)/);
    expect(parts).toHaveLength(3);
    expect(parts[1]).toBe('phone.ilike."*Cruz, Jr. (Pepe)*"');
    expect(parts[0]).toMatch(/^name\.imatch\."[^"]*"$/);
  });

  it("escapes LIKE's wildcards and the quoting, so they match themselves", () => {
    // 50% → LIKE 50\% → quoted "*50\\%*"
    expect(patientContactFilter('50%_')!.split(',')[1]).toBe('phone.ilike."*50\\\\%\\\\_*"');
    expect(patientContactFilter('say "hi"')).toContain('messenger_id.ilike."*say \\"hi\\"*"');
    expect(patientContactFilter('a\\b')).toContain('phone.ilike."*a\\\\\\\\b*"');
  });

  it('cuts very long input at the limit', () => {
    expect(normalizePatientTerm('x'.repeat(500))).toHaveLength(MAX_PATIENT_SEARCH_LENGTH);
  });
});
