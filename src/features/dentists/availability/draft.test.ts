import { describe, expect, it } from 'vitest';
import { blockedHoursOf, draftKeyOf, draftOf, hasUnsavedHours, withDraft, withoutBlock } from './draft';
import type { HourSlot } from './hour-slots';

const slot = (hour: number, state: HourSlot['state']): HourSlot => ({
  hour,
  time: `${String(hour).padStart(2, '0')}:00`,
  label: `${hour}`,
  state,
});

const STORED: HourSlot[] = [slot(9, 'available'), slot(10, 'blocked'), slot(11, 'booked'), slot(12, 'lunch')];
const states = (slots: readonly HourSlot[]) => slots.map((s) => s.state);

describe('the availability draft', () => {
  it('holds the hours the user blocked and freed, not the whole grid', () => {
    const shown = [slot(9, 'blocked'), slot(10, 'available'), slot(11, 'booked'), slot(12, 'lunch')];
    expect(draftOf('k', STORED, shown)).toEqual({ key: 'k', blocked: [9], freed: [10] });
    expect(draftOf('k', STORED, STORED)).toEqual({ key: 'k', blocked: [], freed: [] });
  });

  it('applies its clicks to the hours a click may change only', () => {
    expect(states(withDraft(STORED, { blocked: [9, 11, 12], freed: [10] }))).toEqual([
      'blocked',
      'available',
      'booked',
      'lunch',
    ]);
  });

  it("shows another desk's changes to the day read again, with the user's clicks on top", () => {
    // The user blocked 09:00; meanwhile another desk freed 10:00 and blocked 13:00.
    const readAgain = [slot(9, 'available'), slot(10, 'available'), slot(12, 'lunch'), slot(13, 'blocked')];
    expect(states(withDraft(readAgain, { blocked: [9], freed: [] }))).toEqual([
      'blocked',
      'available',
      'lunch',
      'blocked',
    ]);
    // An hour booked meanwhile stays booked, whatever the user clicked.
    expect(states(withDraft([slot(9, 'booked')], { blocked: [9], freed: [] }))).toEqual(['booked']);
  });

  it('leaves the stored grid as it is', () => {
    withDraft(STORED, { blocked: [9], freed: [10] });
    expect(states(STORED)).toEqual(['available', 'blocked', 'booked', 'lunch']);
  });

  it('tells unsaved hours by the blocked hours alone', () => {
    expect(blockedHoursOf(STORED)).toEqual([10]);
    expect(hasUnsavedHours(withDraft(STORED, { blocked: [10], freed: [] }), STORED)).toBe(false);
    expect(hasUnsavedHours(withDraft(STORED, { blocked: [9], freed: [] }), STORED)).toBe(true);
    expect(hasUnsavedHours(withDraft(STORED, { blocked: [], freed: [10] }), STORED)).toBe(true);
  });

  it('drops the hours of a deleted block from the draft and keeps the other clicks', () => {
    expect(withoutBlock({ key: '1|2030-01-09', blocked: [14, 15, 17], freed: [9, 10] }, '09:00', '11:00')).toEqual({
      key: '1|2030-01-09',
      blocked: [14, 15, 17],
      freed: [],
    });
    expect(withoutBlock({ key: 'k', blocked: [13, 14], freed: [17] }, '17:00', '18:00')).toEqual({
      key: 'k',
      blocked: [13, 14],
      freed: [],
    });
  });

  it('keys a draft by dentist and date', () => {
    expect(draftKeyOf(3, '2030-01-10')).toBe('3|2030-01-10');
    expect(draftKeyOf(null, null)).toBe('null|null');
  });
});
