import { describe, expect, it } from 'vitest';
import { dentistOptions, messengerIdText } from './display';

describe('the cells of a row', () => {
  it('show N/A for a missing Messenger id', () => {
    expect(messengerIdText('2841009')).toBe('2841009');
    expect(messengerIdText(null)).toBe('N/A');
    expect(messengerIdText(' ')).toBe('N/A');
  });

  it('offer inactive dentists disabled and marked (Inactive)', () => {
    expect(
      dentistOptions([
        { id: 1, name: 'Dr. Ana Cruz', is_active: true },
        { id: 2, name: 'Dr. Ben Reyes', is_active: false },
      ]),
    ).toEqual([
      { value: 1, label: 'Dr. Ana Cruz', disabled: false },
      { value: 2, label: 'Dr. Ben Reyes (Inactive)', disabled: true },
    ]);
  });
});
