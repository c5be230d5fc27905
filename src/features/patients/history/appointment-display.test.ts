import { describe, expect, it } from 'vitest';
import { splitReason } from './appointment-display';

describe('the procedure of an appointment', () => {
  it('is the reason as stored', () => {
    expect(splitReason('Oral Prophylaxis (Cleaning)')).toEqual({
      procedure: 'Oral Prophylaxis (Cleaning)',
      notes: null,
    });
  });

  it('keeps notes appended by the Appointments screen apart', () => {
    expect(splitReason('Tooth Extraction — Notes: Anxious patient, explain each step')).toEqual({
      procedure: 'Tooth Extraction',
      notes: 'Anxious patient, explain each step',
    });
  });

  it('is empty when there is no reason', () => {
    expect(splitReason(null)).toEqual({ procedure: '', notes: null });
  });
});
