import { describe, expect, it } from 'vitest';
import { wallClockDate, wallClockParts } from '@common/clinic-calendar';
import { BROWSER_TIME_ZONES, fixSystemClock, inBrowserTimeZone } from '@common/clinic-calendar/testing/browser-zone';
import { calendarEvents, calendarSlotChoice, isLunchSlot } from './calendar-time';

fixSystemClock();

const MANILA = 'Asia/Manila';
// Wednesday 2030-01-09, 08:00 in Manila.
const NOW = new Date('2030-01-09T00:00:00Z');

describe.each(BROWSER_TIME_ZONES)('with the browser in %s', (browserZone) => {
  it('builds 20-minute events titled with patient and procedure, coloured by status', () => {
    inBrowserTimeZone(browserZone, () => {
      const [event] = calendarEvents(
        [
          {
            id: 7,
            dentist_id: 3,
            appointment_time: '2030-01-09T09:00:00+08:00',
            status: 'Confirmed',
            reason: 'Composite Filling — Notes: upper left',
            patient: { name: 'Maria Santos' },
          },
        ],
        MANILA,
      );
      expect(event).toMatchObject({ id: 7, resourceId: 3, title: 'Maria Santos · Composite Filling', colour: 'green' });
      expect(wallClockParts(event!.start)).toMatchObject({ date: '2030-01-09', time: '09:00' });
      expect(wallClockParts(event!.end)).toMatchObject({ date: '2030-01-09', time: '09:20' });
    });
  });

  it('turns a free slot into the Add form prefill in clinic date and time', () => {
    inBrowserTimeZone(browserZone, () => {
      expect(
        calendarSlotChoice({
          start: wallClockDate('2030-01-09', '14:40'),
          resourceId: 2,
          dentistFilter: null,
          now: NOW,
          timeZone: MANILA,
          liveAppointments: [],
        }),
      ).toEqual({ ok: true, prefill: { dentistId: 2, date: '2030-01-09', time: '14:40' } });
    });
  });
});

describe('selecting a slot in the calendar', () => {
  const choose = (date: string, time: string, extra: Partial<Parameters<typeof calendarSlotChoice>[0]> = {}) =>
    calendarSlotChoice({
      start: wallClockDate(date, time),
      dentistFilter: null,
      now: NOW,
      timeZone: MANILA,
      liveAppointments: [],
      ...extra,
    });

  it('uses the Dentist filter in the week view, and no dentist when none is chosen', () => {
    expect(choose('2030-01-10', '09:00', { dentistFilter: 4 })).toEqual({
      ok: true,
      prefill: { dentistId: 4, date: '2030-01-10', time: '09:00' },
    });
    expect(choose('2030-01-10', '09:00')).toEqual({ ok: true, prefill: { date: '2030-01-10', time: '09:00' } });
  });

  it('snaps a selection inside a slot to the slot start', () => {
    expect(choose('2030-01-10', '10:35')).toEqual({ ok: true, prefill: { date: '2030-01-10', time: '10:20' } });
  });

  it('refuses Sundays, lunch, the hours outside 09:00–18:00 and slots that have started', () => {
    expect(choose('2030-01-13', '10:00')).toEqual({ ok: false, reason: 'sunday' });
    expect(choose('2030-01-10', '12:00')).toEqual({ ok: false, reason: 'lunch' });
    expect(choose('2030-01-10', '12:40')).toEqual({ ok: false, reason: 'lunch' });
    expect(choose('2030-01-10', '13:00').ok).toBe(true);
    expect(choose('2030-01-10', '08:40')).toEqual({ ok: false, reason: 'closed' });
    expect(choose('2030-01-10', '17:40').ok).toBe(true);
    expect(choose('2030-01-10', '18:00')).toEqual({ ok: false, reason: 'closed' });
    // NOW is 08:00 on the 9th: 09:00 is still ahead, yesterday is past.
    expect(choose('2030-01-09', '09:00').ok).toBe(true);
    expect(choose('2030-01-08', '15:00')).toEqual({ ok: false, reason: 'past' });
    expect(choose('2030-01-09', '09:00', { now: new Date('2030-01-09T01:00:00Z') })).toEqual({
      ok: false,
      reason: 'past',
    });
  });

  it("refuses a slot the chosen dentist's live appointment overlaps, not another dentist's", () => {
    const liveAppointments = [{ dentist_id: 2, appointment_time: '2030-01-10T10:10:00+08:00' }];
    expect(choose('2030-01-10', '10:00', { resourceId: 2, liveAppointments })).toEqual({ ok: false, reason: 'booked' });
    expect(choose('2030-01-10', '10:20', { resourceId: 2, liveAppointments })).toEqual({ ok: false, reason: 'booked' });
    expect(choose('2030-01-10', '10:40', { resourceId: 2, liveAppointments }).ok).toBe(true);
    expect(choose('2030-01-10', '10:00', { resourceId: 3, liveAppointments }).ok).toBe(true);
  });

  it('marks 12:00 to 12:59 as lunch', () => {
    expect(isLunchSlot(wallClockDate('2030-01-10', '11:40'))).toBe(false);
    expect(isLunchSlot(wallClockDate('2030-01-10', '12:00'))).toBe(true);
    expect(isLunchSlot(wallClockDate('2030-01-10', '12:40'))).toBe(true);
    expect(isLunchSlot(wallClockDate('2030-01-10', '13:00'))).toBe(false);
  });
});
