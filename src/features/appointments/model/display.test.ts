import { describe, expect, it } from 'vitest';
import { dentistOptions, formatPeso, messengerIdText } from './display';

describe('the cells of a row', () => {
  it('show N/A for a missing Messenger id', () => {
    expect(messengerIdText('2841009')).toBe('2841009');
    expect(messengerIdText(null)).toBe('N/A');
    expect(messengerIdText(' ')).toBe('N/A');
  });

  it('show prices in pesos the Philippine way', () => {
    expect(formatPeso(1500)).toBe('₱1,500.00');
    expect(formatPeso(0)).toBe('₱0.00');
    expect(formatPeso(12345.5)).toBe('₱12,345.50');
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
