import { describe, expect, it } from 'vitest';
import { addEntrySchema } from './add-entry.schema';

const valid = {
  patient: { id: 7, name: 'Maria Santos' },
  dentistId: '3',
  weekdays: false,
  timeOfDay: 'morning',
  fromDate: '2030-01-09',
  toDate: '2030-01-20',
  note: '  mornings only  ',
};

describe('Add to Waitlist’s schema', () => {
  it('sends what the checks make of the form, on the clinic’s today when Save is pressed', () => {
    let today = '2030-01-09';
    const schema = addEntrySchema(() => today);
    expect(schema.parse(valid)).toEqual({
      patient_id: 7,
      dentist_id: 3,
      preferred_weekdays: null,
      preferred_from: '09:00',
      preferred_to: '12:00',
      from_date: '2030-01-09',
      to_date: '2030-01-20',
      note: 'mornings only',
    });
    today = '2030-01-10';
    expect(schema.safeParse(valid).error?.issues.map((issue) => issue.message)).toEqual([
      'The dates cannot be in the past.',
    ]);
  });

  it.each([
    [{ patient: null }, 'patient'],
    [{ dentistId: '' }, 'dentistId'],
    [{ fromDate: '' }, 'fromDate'],
    [{ toDate: '2030-01-08' }, 'toDate'],
    [{ note: 'x'.repeat(501) }, 'note'],
  ] as const)('sets the refusal of %j on the %s input', (change, input) => {
    const result = addEntrySchema(() => '2030-01-09').safeParse({ ...valid, ...change });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([[input]]);
  });
});
