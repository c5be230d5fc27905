import { describe, expect, it } from 'vitest';
import { isTimeOfDay, preferencesLabel } from './preferences';

const none = { preferred_weekdays: null, preferred_from: null, preferred_to: null };

describe('an entry’s preferences in words', () => {
  it('says nothing for an entry that takes any slot of its dates', () => {
    expect(preferencesLabel(none)).toBeNull();
    expect(preferencesLabel({ ...none, preferred_weekdays: [] })).toBeNull();
  });

  it('names the weekdays in calendar order and the session, as PostgREST returns times', () => {
    expect(
      preferencesLabel({ preferred_weekdays: [5, 1, 3], preferred_from: '09:00:00', preferred_to: '12:00:00' }),
    ).toBe('Mon, Wed, Fri · Mornings');
    expect(preferencesLabel({ ...none, preferred_from: '13:00:00', preferred_to: '18:00:00' })).toBe(
      'Any day · Afternoons',
    );
    expect(preferencesLabel({ ...none, preferred_weekdays: [6] })).toBe('Sat · any time');
  });

  it('writes any other window as clock times', () => {
    expect(preferencesLabel({ ...none, preferred_from: '10:00:00', preferred_to: '15:20:00' })).toBe(
      'Any day · 10:00 AM – 3:20 PM',
    );
    expect(preferencesLabel({ ...none, preferred_to: '12:00:00' })).toBe('Any day · Opening – 12:00 PM');
  });

  it('knows only its own times of day', () => {
    expect(['morning', 'afternoon', 'evening', 'toString'].map(isTimeOfDay)).toEqual([true, true, false, false]);
  });
});
