import { describe, expect, it } from 'vitest';
import { blockedHoursOf, draftKeyOf, hasUnsavedHours, withDraft, withoutBlock } from './draft';
import type { HourSlot } from './hour-slots';

const slot = (hour: number, state: HourSlot['state']): HourSlot => ({
  hour,
  time: `${String(hour).padStart(2, '0')}:00`,
  label: `${hour}`,
  state,
});

const STORED: HourSlot[] = [slot(9, 'available'), slot(10, 'blocked'), slot(11, 'booked'), slot(12, 'lunch')];

describe('the availability draft', () => {
  it('applies the drafted hours to the hours a click may change only', () => {
    expect(withDraft(STORED, [9, 11, 12]).map((s) => s.state)).toEqual(['blocked', 'available', 'booked', 'lunch']);
  });

  it('leaves the stored grid as it is', () => {
    withDraft(STORED, [9]);
    expect(STORED[0]!.state).toBe('available');
  });

  it('tells unsaved hours by the blocked hours alone', () => {
    expect(blockedHoursOf(STORED)).toEqual([10]);
    expect(hasUnsavedHours(withDraft(STORED, [10]), STORED)).toBe(false);
    expect(hasUnsavedHours(withDraft(STORED, [9, 10]), STORED)).toBe(true);
  });

  it('drops the hours of a deleted block from the draft and keeps the other clicks', () => {
    expect(withoutBlock({ key: '1|2030-01-09', blocked: [9, 10, 14, 15, 17] }, '09:00', '11:00')).toEqual({
      key: '1|2030-01-09',
      blocked: [14, 15, 17],
    });
    expect(withoutBlock({ key: 'k', blocked: [13, 14, 17] }, '17:00', '18:00').blocked).toEqual([13, 14]);
  });

  it('keys a draft by dentist and date', () => {
    expect(draftKeyOf(3, '2030-01-10')).toBe('3|2030-01-10');
    expect(draftKeyOf(null, null)).toBe('null|null');
  });
});
