import { describe, expect, it } from 'vitest';
import { checkEntry, type EntryFormValues } from './entry-form';

const TODAY = '2030-01-09';
const valid: EntryFormValues = {
  patient: { id: 7, name: 'Maria Santos' },
  dentistId: '3',
  weekdays: [],
  timeOfDay: '',
  fromDate: '2030-01-09',
  toDate: '2030-01-20',
  note: '  mornings only  ',
};

describe('Add to Waitlist’s checks', () => {
  it('accepts a patient, a dentist and dates from today on, trimming the note', () => {
    expect(checkEntry(valid, TODAY)).toEqual({
      ok: true,
      input: {
        patient_id: 7,
        dentist_id: 3,
        preferred_weekdays: null,
        preferred_from: null,
        preferred_to: null,
        from_date: '2030-01-09',
        to_date: '2030-01-20',
        note: 'mornings only',
      },
    });
  });

  it('sends any dentist as no dentist, the ticked weekdays in order and the time of day as its window', () => {
    const check = checkEntry({ ...valid, dentistId: 'any', weekdays: ['6', '2'], timeOfDay: 'afternoon' }, TODAY);
    expect(check.ok && check.input).toMatchObject({
      dentist_id: null,
      preferred_weekdays: [2, 6],
      preferred_from: '13:00',
      preferred_to: '18:00',
    });
  });

  it('sends a blank note as null', () => {
    const check = checkEntry({ ...valid, note: '   ' }, TODAY);
    expect(check.ok && check.input.note).toBeNull();
  });

  it.each([
    [{ patient: null }, 'patient', 'Choose a patient from the list.'],
    [{ dentistId: '' }, 'dentist', 'Choose a dentist.'],
    [{ fromDate: '' }, 'from', 'Enter the first date the patient can come.'],
    [{ toDate: '2030-02-30' }, 'to', 'Enter the last date the patient can come.'],
    [{ fromDate: '2030-01-08' }, 'from', 'The dates cannot be in the past.'],
    [{ toDate: '2030-01-08' }, 'to', 'The last date must be on or after the first date.'],
    [{ toDate: '2031-01-11' }, 'to', 'The dates can span at most 366 days.'],
    [{ note: 'x'.repeat(501) }, 'note', 'The note can be at most 500 characters.'],
  ] as const)('refuses %j on %s', (change, field, message) => {
    expect(checkEntry({ ...valid, ...change }, TODAY)).toEqual({ ok: false, field, message });
  });

  it('accepts a range of exactly 366 days and a one-day range', () => {
    expect(checkEntry({ ...valid, toDate: '2031-01-10' }, TODAY).ok).toBe(true);
    expect(checkEntry({ ...valid, toDate: '2030-01-09' }, TODAY).ok).toBe(true);
  });

  it('counts a note’s characters, not its UTF-16 units', () => {
    expect(checkEntry({ ...valid, note: '😀'.repeat(500) }, TODAY).ok).toBe(true);
  });
});
