import { describe, expect, it } from 'vitest';
import { dentistOptions, formatLongDate, formatPeso, formatTime12, messengerIdText } from './display';
import { BROWSER_TIME_ZONES, inBrowserTimeZone } from './testing/clock';

const MANILA = 'Asia/Manila';

describe('the date and time of a row', () => {
  it('are the long date and 12-hour time in clinic time', () => {
    expect(formatLongDate('2026-11-23T02:20:00Z', MANILA)).toBe('November 23, 2026');
    expect(formatTime12('2026-11-23T02:20:00Z', MANILA)).toBe('10:20 AM');
    expect(formatTime12('2026-11-23T13:40:00+08:00', MANILA)).toBe('1:40 PM');
  });

  it('use the clinic’s date when it differs from UTC’s', () => {
    expect(formatLongDate('2026-11-22T16:20:00Z', MANILA)).toBe('November 23, 2026');
    expect(formatTime12('2026-11-22T16:20:00Z', MANILA)).toBe('12:20 AM');
  });

  it('are the same whatever the browser’s time zone', () => {
    for (const zone of BROWSER_TIME_ZONES) {
      expect(
        inBrowserTimeZone(
          zone,
          () => `${formatLongDate('2026-11-23T09:40:00Z', MANILA)} ${formatTime12('2026-11-23T09:40:00Z', MANILA)}`,
        ),
        zone,
      ).toBe('November 23, 2026 5:40 PM');
    }
  });
});

describe('other cells', () => {
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
