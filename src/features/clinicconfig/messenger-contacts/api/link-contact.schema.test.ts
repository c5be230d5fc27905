import { describe, expect, it } from 'vitest';
import { linkContactSchema } from './link-contact.schema';

describe('Link to patient', () => {
  it('asks for a patient picked from the matches before anything is linked', () => {
    const result = linkContactSchema.safeParse({ patient: null });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Please select a patient.']);
  });

  it('links the picked patient', () => {
    const patient = { id: 11, name: 'Ana Santos', phone: '0917', messenger_id: null };
    expect(linkContactSchema.parse({ patient })).toEqual(patient);
  });
});
