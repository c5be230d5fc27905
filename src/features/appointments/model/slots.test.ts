import { describe, expect, it } from 'vitest';
import { BROWSER_TIME_ZONES, fixSystemClock, inBrowserTimeZone } from '@common/clinic-calendar/testing/browser-zone';
import { CLINIC_HOURS } from '@/entities/clinic';
import {
  availableRanges,
  daySlots,
  holdsSlot,
  isClosedDay,
  isSlotAvailable,
  slotTimes,
  toStoredTime,
  type DaySlotsInput,
  type Slot,
  type SlotState,
} from './slots';

fixSystemClock();

const MANILA = 'Asia/Manila';
// Monday 23 November 2026. Manila is UTC+08:00 all year: 10:20 there is 02:20Z.
const MONDAY = '2026-11-23';
// Friday 20 November 2026, 08:00 in Manila: the whole of Monday is still ahead.
const FRIDAY_MORNING = new Date('2026-11-20T00:00:00Z');

function slotsOf(input: Partial<DaySlotsInput> = {}): Slot[] {
  return daySlots({
    date: MONDAY,
    timeZone: MANILA,
    now: FRIDAY_MORNING,
    appointments: [],
    blocks: [],
    ...input,
  });
}

function statesOf(slots: readonly Slot[]): Record<string, SlotState> {
  return Object.fromEntries(slots.map((slot) => [slot.time, slot.state]));
}

/** The 27 slot states of a day: everything available except lunch, then the given changes. */
function dayWith(changes: Record<string, SlotState>): Record<string, SlotState> {
  return {
    '09:00': 'available',
    '09:20': 'available',
    '09:40': 'available',
    '10:00': 'available',
    '10:20': 'available',
    '10:40': 'available',
    '11:00': 'available',
    '11:20': 'available',
    '11:40': 'available',
    '12:00': 'lunch',
    '12:20': 'lunch',
    '12:40': 'lunch',
    '13:00': 'available',
    '13:20': 'available',
    '13:40': 'available',
    '14:00': 'available',
    '14:20': 'available',
    '14:40': 'available',
    '15:00': 'available',
    '15:20': 'available',
    '15:40': 'available',
    '16:00': 'available',
    '16:20': 'available',
    '16:40': 'available',
    '17:00': 'available',
    '17:20': 'available',
    '17:40': 'available',
    ...changes,
  };
}

describe('the slot times of an open day', () => {
  it('run every 20 minutes from 09:00 up to but not including 18:00', () => {
    // prettier-ignore
    expect(slotTimes()).toEqual([
      '09:00', '09:20', '09:40', '10:00', '10:20', '10:40', '11:00', '11:20', '11:40',
      '12:00', '12:20', '12:40', '13:00', '13:20', '13:40', '14:00', '14:20', '14:40',
      '15:00', '15:20', '15:40', '16:00', '16:20', '16:40', '17:00', '17:20', '17:40',
    ]);
  });

  it('follow the hours they are given', () => {
    expect(slotTimes({ ...CLINIC_HOURS, open: '08:00', close: '09:10', slotMinutes: 30 })).toEqual(['08:00', '08:30']);
  });
});

describe('the slots of a day', () => {
  it('lists every slot with its 12-hour label and stored time, lunch blocked, the rest available', () => {
    expect(slotsOf()).toEqual([
      { time: '09:00', label: '9:00 AM', startsAt: '2026-11-23T09:00:00+08:00', state: 'available' },
      { time: '09:20', label: '9:20 AM', startsAt: '2026-11-23T09:20:00+08:00', state: 'available' },
      { time: '09:40', label: '9:40 AM', startsAt: '2026-11-23T09:40:00+08:00', state: 'available' },
      { time: '10:00', label: '10:00 AM', startsAt: '2026-11-23T10:00:00+08:00', state: 'available' },
      { time: '10:20', label: '10:20 AM', startsAt: '2026-11-23T10:20:00+08:00', state: 'available' },
      { time: '10:40', label: '10:40 AM', startsAt: '2026-11-23T10:40:00+08:00', state: 'available' },
      { time: '11:00', label: '11:00 AM', startsAt: '2026-11-23T11:00:00+08:00', state: 'available' },
      { time: '11:20', label: '11:20 AM', startsAt: '2026-11-23T11:20:00+08:00', state: 'available' },
      { time: '11:40', label: '11:40 AM', startsAt: '2026-11-23T11:40:00+08:00', state: 'available' },
      { time: '12:00', label: '12:00 PM', startsAt: '2026-11-23T12:00:00+08:00', state: 'lunch' },
      { time: '12:20', label: '12:20 PM', startsAt: '2026-11-23T12:20:00+08:00', state: 'lunch' },
      { time: '12:40', label: '12:40 PM', startsAt: '2026-11-23T12:40:00+08:00', state: 'lunch' },
      { time: '13:00', label: '1:00 PM', startsAt: '2026-11-23T13:00:00+08:00', state: 'available' },
      { time: '13:20', label: '1:20 PM', startsAt: '2026-11-23T13:20:00+08:00', state: 'available' },
      { time: '13:40', label: '1:40 PM', startsAt: '2026-11-23T13:40:00+08:00', state: 'available' },
      { time: '14:00', label: '2:00 PM', startsAt: '2026-11-23T14:00:00+08:00', state: 'available' },
      { time: '14:20', label: '2:20 PM', startsAt: '2026-11-23T14:20:00+08:00', state: 'available' },
      { time: '14:40', label: '2:40 PM', startsAt: '2026-11-23T14:40:00+08:00', state: 'available' },
      { time: '15:00', label: '3:00 PM', startsAt: '2026-11-23T15:00:00+08:00', state: 'available' },
      { time: '15:20', label: '3:20 PM', startsAt: '2026-11-23T15:20:00+08:00', state: 'available' },
      { time: '15:40', label: '3:40 PM', startsAt: '2026-11-23T15:40:00+08:00', state: 'available' },
      { time: '16:00', label: '4:00 PM', startsAt: '2026-11-23T16:00:00+08:00', state: 'available' },
      { time: '16:20', label: '4:20 PM', startsAt: '2026-11-23T16:20:00+08:00', state: 'available' },
      { time: '16:40', label: '4:40 PM', startsAt: '2026-11-23T16:40:00+08:00', state: 'available' },
      { time: '17:00', label: '5:00 PM', startsAt: '2026-11-23T17:00:00+08:00', state: 'available' },
      { time: '17:20', label: '5:20 PM', startsAt: '2026-11-23T17:20:00+08:00', state: 'available' },
      { time: '17:40', label: '5:40 PM', startsAt: '2026-11-23T17:40:00+08:00', state: 'available' },
    ]);
  });

  it('has no slots on a Sunday, when the clinic is closed', () => {
    expect(isClosedDay('2026-11-22')).toBe(true);
    expect(slotsOf({ date: '2026-11-22' })).toEqual([]);
    const sunday = { date: '2026-11-22', timeZone: MANILA, now: FRIDAY_MORNING, appointments: [], blocks: [] };
    expect(availableRanges(sunday)).toEqual([]);
  });

  it('is open on Saturdays', () => {
    expect(isClosedDay('2026-11-28')).toBe(false);
    expect(statesOf(slotsOf({ date: '2026-11-28' }))).toEqual(dayWith({}));
  });

  it('marks the slot of a live appointment booked, however its time is written', () => {
    const slots = slotsOf({
      appointments: [
        { id: 1, appointment_time: '2026-11-23T10:20:00+08:00', status: 'Scheduled', deleted: false },
        { id: 2, appointment_time: '2026-11-23T05:00:00Z', status: 'Confirmed', deleted: false }, // 13:00
        { id: 3, appointment_time: '2026-11-23T09:40:00.000Z', status: 'Completed' }, // 17:40
      ],
    });
    expect(statesOf(slots)).toEqual(dayWith({ '10:20': 'booked', '13:00': 'booked', '17:40': 'booked' }));
  });

  it('frees the slot of a cancelled or deleted appointment, as the database does', () => {
    const slots = slotsOf({
      appointments: [
        { id: 1, appointment_time: '2026-11-23T11:00:00+08:00', status: 'Cancelled', deleted: false },
        { id: 2, appointment_time: '2026-11-23T14:00:00+08:00', status: 'Scheduled', deleted: true },
        { id: 3, appointment_time: '2026-11-23T15:00:00+08:00', status: 'No Show', deleted: false },
      ],
    });
    expect(statesOf(slots)).toEqual(dayWith({ '15:00': 'booked' }));
    expect(holdsSlot({ status: 'Cancelled', deleted: false })).toBe(false);
    expect(holdsSlot({ status: 'Scheduled', deleted: true })).toBe(false);
    expect(holdsSlot({ status: 'No Show' })).toBe(true);
  });

  it('books both slots an off-grid appointment overlaps', () => {
    const slots = slotsOf({ appointments: [{ id: 1, appointment_time: '2026-11-23T10:30:00+08:00' }] });
    expect(statesOf(slots)).toEqual(dayWith({ '10:20': 'booked', '10:40': 'booked' }));
  });

  it('ignores appointments on other clinic dates, even when they fall on this UTC date', () => {
    const slots = slotsOf({
      appointments: [
        { id: 1, appointment_time: '2026-11-23T16:00:00Z' }, // 24 November, 00:00 in Manila
        { id: 2, appointment_time: '2026-11-22T02:00:00Z' }, // 22 November, 10:00 in Manila
        { id: 3, appointment_time: '2026-11-24T10:00:00+08:00' },
      ],
    });
    expect(statesOf(slots)).toEqual(dayWith({}));
  });

  it('marks the slots under a dentist’s block as blocked, for blocks of this date only', () => {
    const slots = slotsOf({
      blocks: [
        { specific_date: MONDAY, start_time: '15:00:00', end_time: '16:00:00', is_available: false },
        { specific_date: MONDAY, start_time: '09:10', end_time: '09:30', is_available: false },
        { specific_date: '2026-11-24', start_time: '10:00:00', end_time: '11:00:00', is_available: false },
        { specific_date: MONDAY, start_time: '16:00:00', end_time: '17:00:00', is_available: true },
      ],
    });
    expect(statesOf(slots)).toEqual(
      dayWith({ '09:00': 'blocked', '09:20': 'blocked', '15:00': 'blocked', '15:20': 'blocked', '15:40': 'blocked' }),
    );
  });

  it('marks a slot past once it has started, and every earlier one', () => {
    // 10:05 in Manila: the 10:00 slot has started, 10:20 is still ahead.
    const slots = slotsOf({ now: new Date('2026-11-23T02:05:00Z') });
    expect(statesOf(slots)).toEqual(dayWith({ '09:00': 'past', '09:20': 'past', '09:40': 'past', '10:00': 'past' }));
  });

  it('counts a slot starting exactly now as past', () => {
    const slots = slotsOf({ now: new Date('2026-11-23T10:20:00+08:00') });
    expect(statesOf(slots)).toMatchObject({ '10:00': 'past', '10:20': 'past', '10:40': 'available' });
    const justBefore = slotsOf({ now: new Date('2026-11-23T10:19:59.999+08:00') });
    expect(statesOf(justBefore)).toMatchObject({ '10:00': 'past', '10:20': 'available' });
  });

  it('marks every slot of an earlier day past, except lunch and booked ones, which keep their reason', () => {
    const slots = slotsOf({
      now: new Date('2026-11-25T00:00:00Z'),
      appointments: [{ id: 1, appointment_time: '2026-11-23T09:20:00+08:00' }],
      blocks: [{ specific_date: MONDAY, start_time: '17:00', end_time: '18:00' }],
    });
    const states = statesOf(slots);
    expect(states['09:00']).toBe('past');
    expect(states['09:20']).toBe('booked');
    expect(states['12:20']).toBe('lunch');
    expect(states['17:20']).toBe('blocked');
    expect(Object.values(states).filter((state) => state === 'past')).toHaveLength(20);
  });

  it('does not let the appointment being edited hold its own slot', () => {
    const appointments = [
      { id: 7, appointment_time: '2026-11-23T10:20:00+08:00' },
      { id: 8, appointment_time: '2026-11-23T10:40:00+08:00' },
    ];
    expect(statesOf(slotsOf({ appointments, excludeAppointmentId: 7 }))).toEqual(dayWith({ '10:40': 'booked' }));
  });

  it('gives the same slots whatever time zone the browser is in', () => {
    const input = {
      now: new Date('2026-11-23T02:05:00Z'),
      appointments: [{ id: 1, appointment_time: '2026-11-23T14:00:00+08:00' }],
      blocks: [{ specific_date: MONDAY, start_time: '16:00:00', end_time: '16:40:00' }],
    };
    const expected = dayWith({
      '09:00': 'past',
      '09:20': 'past',
      '09:40': 'past',
      '10:00': 'past',
      '14:00': 'booked',
      '16:00': 'blocked',
      '16:20': 'blocked',
    });
    for (const zone of BROWSER_TIME_ZONES) {
      expect(
        inBrowserTimeZone(zone, () => statesOf(slotsOf(input))),
        zone,
      ).toEqual(expected);
      expect(
        inBrowserTimeZone(zone, () => slotsOf(input)[0]?.startsAt),
        zone,
      ).toBe('2026-11-23T09:00:00+08:00');
    }
  });

  it('uses the clinic’s own zone and offset when the clinic is not in Manila', () => {
    const slots = daySlots({
      date: '2026-11-23',
      timeZone: 'America/New_York',
      // 09:30 in New York (14:30Z): 09:00 and 09:20 have started.
      now: new Date('2026-11-23T14:30:00Z'),
      appointments: [{ id: 1, appointment_time: '2026-11-23T16:00:00Z' }], // 11:00 in New York
      blocks: [],
    });
    expect(slots[0]).toEqual({ time: '09:00', label: '9:00 AM', startsAt: '2026-11-23T09:00:00-05:00', state: 'past' });
    expect(statesOf(slots)).toEqual(dayWith({ '09:00': 'past', '09:20': 'past', '11:00': 'booked' }));
  });

  it('follows daylight saving time in a clinic zone that has it', () => {
    const slotsAt = (date: string) =>
      daySlots({ date, timeZone: 'America/New_York', now: FRIDAY_MORNING, appointments: [], blocks: [] });
    expect(slotsAt('2026-03-07')[0]?.startsAt).toBe('2026-03-07T09:00:00-05:00');
    expect(slotsAt('2026-03-09')[0]?.startsAt).toBe('2026-03-09T09:00:00-04:00');
  });

  it('leaves its inputs as they were', () => {
    const appointments = Object.freeze([
      Object.freeze({ id: 2, appointment_time: '2026-11-23T15:00:00+08:00' }),
      Object.freeze({ id: 1, appointment_time: '2026-11-23T09:00:00+08:00' }),
    ]);
    const blocks = Object.freeze([Object.freeze({ specific_date: MONDAY, start_time: '13:00', end_time: '13:20' })]);
    expect(() => slotsOf({ appointments, blocks })).not.toThrow();
    expect(appointments.map((appointment) => appointment.id)).toEqual([2, 1]);
  });
});

describe('the free time of a day', () => {
  it('is the working hours minus lunch, blocks, appointments and the past, as instants', () => {
    const ranges = availableRanges({
      date: MONDAY,
      timeZone: MANILA,
      now: new Date('2026-11-23T09:30:00+08:00'),
      appointments: [{ id: 1, appointment_time: '2026-11-23T10:30:00+08:00' }],
      blocks: [{ specific_date: MONDAY, start_time: '15:00:00', end_time: '16:00:00' }],
    });
    expect(ranges.map((range) => [new Date(range.start).toISOString(), new Date(range.end).toISOString()])).toEqual([
      ['2026-11-23T01:30:00.001Z', '2026-11-23T02:30:00.000Z'], // 09:30 (just after now) – 10:30
      ['2026-11-23T02:50:00.000Z', '2026-11-23T04:00:00.000Z'], // 10:50 – 12:00
      ['2026-11-23T05:00:00.000Z', '2026-11-23T07:00:00.000Z'], // 13:00 – 15:00
      ['2026-11-23T08:00:00.000Z', '2026-11-23T10:00:00.000Z'], // 16:00 – 18:00
    ]);
  });
});

describe('choosing a slot', () => {
  it('is possible only for a slot the fresh grid shows available', () => {
    const slots = slotsOf({
      now: new Date('2026-11-23T02:05:00Z'),
      appointments: [{ id: 1, appointment_time: '2026-11-23T11:00:00+08:00' }],
      blocks: [{ specific_date: MONDAY, start_time: '16:00', end_time: '16:20' }],
    });
    expect(isSlotAvailable(slots, '10:20')).toBe(true);
    expect(isSlotAvailable(slots, '11:00')).toBe(false); // booked
    expect(isSlotAvailable(slots, '16:00')).toBe(false); // blocked
    expect(isSlotAvailable(slots, '09:40')).toBe(false); // past
    expect(isSlotAvailable(slots, '12:20')).toBe(false); // lunch
    expect(isSlotAvailable(slots, '10:30')).toBe(false); // not a slot
    expect(isSlotAvailable(slots, null)).toBe(false);
    expect(isSlotAvailable([], '10:20')).toBe(false); // closed day
  });
});

describe('the stored booking time', () => {
  it('is the clinic date and time with the clinic’s offset', () => {
    expect(toStoredTime('2026-11-23', '10:20', MANILA)).toBe('2026-11-23T10:20:00+08:00');
    expect(toStoredTime('2026-11-23', '17:40', MANILA)).toBe('2026-11-23T17:40:00+08:00');
    expect(toStoredTime('2026-11-23', '10:20', 'America/New_York')).toBe('2026-11-23T10:20:00-05:00');
    expect(toStoredTime('2026-07-01', '10:20', 'America/New_York')).toBe('2026-07-01T10:20:00-04:00');
    expect(toStoredTime('2026-11-23', '10:20', 'UTC')).toBe('2026-11-23T10:20:00+00:00');
    expect(toStoredTime('2026-11-23', '09:00', 'Asia/Kolkata')).toBe('2026-11-23T09:00:00+05:30');
  });

  it('is the same whatever time zone the browser is in', () => {
    for (const zone of BROWSER_TIME_ZONES) {
      expect(
        inBrowserTimeZone(zone, () => toStoredTime('2026-11-23', '09:00', MANILA)),
        zone,
      ).toBe('2026-11-23T09:00:00+08:00');
      expect(
        inBrowserTimeZone(zone, () => new Date(toStoredTime('2026-11-23', '09:00', MANILA)).toISOString()),
        zone,
      ).toBe('2026-11-23T01:00:00.000Z');
    }
  });

  it('refuses a date or time that does not exist', () => {
    expect(() => toStoredTime('2026-02-30', '10:00', MANILA)).toThrow(RangeError);
    expect(() => toStoredTime('2026-11-23', '25:00', MANILA)).toThrow(RangeError);
  });
});
