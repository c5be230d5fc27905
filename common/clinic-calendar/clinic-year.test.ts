import { describe, expect, it } from 'vitest';
import { clinicToday, clinicYear, parseIsoDate } from './index';

const MANILA = 'Asia/Manila';
const NEW_YORK = 'America/New_York';

describe('the clinic’s year', () => {
  it('turns at the clinic’s midnight, not UTC’s or the machine’s', () => {
    // 16:00Z on 31 December is midnight in Manila; New York is still in the old year.
    expect(clinicYear(new Date('2026-12-31T15:59:59Z'), MANILA)).toBe(2026);
    expect(clinicYear(new Date('2026-12-31T16:00:00Z'), MANILA)).toBe(2027);
    expect(clinicYear(new Date('2026-12-31T16:00:00Z'), NEW_YORK)).toBe(2026);
    // 05:00Z on 1 January is midnight in New York (EST, UTC−5).
    expect(clinicYear(new Date('2027-01-01T04:59:59Z'), NEW_YORK)).toBe(2026);
    expect(clinicYear(new Date('2027-01-01T05:00:00Z'), NEW_YORK)).toBe(2027);
    expect(clinicYear(new Date('2027-01-01T05:00:00Z'), 'UTC')).toBe(2027);
  });

  it('agrees with the year of the clinic’s today through a whole year, hour by hour', () => {
    const start = Date.UTC(2026, 11, 30);
    for (let hour = 0; hour < 24 * 366; hour += 7) {
      const now = new Date(start + hour * 3_600_000);
      for (const zone of [MANILA, NEW_YORK, 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
        expect(clinicYear(now, zone)).toBe(parseIsoDate(clinicToday(now, zone))!.year);
      }
    }
  });

  it('refuses a zone it does not know', () => {
    expect(() => clinicYear(new Date('2026-06-01T00:00:00Z'), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
