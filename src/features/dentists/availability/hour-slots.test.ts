import { describe, expect, it } from 'vitest';
import {
  countHourSlots,
  hourSlotsForDay,
  isToggleable,
  SLOT_HOURS,
  toggleHourSlot,
  type HourSlot,
  type HourSlotState,
} from './hour-slots';

const MANILA = 'Asia/Manila';
// A Monday. Manila is UTC+08:00 all year, so 10:00 there is 02:00Z.
const DAY = '2030-01-07';

function statesOf(slots: readonly HourSlot[]): Record<string, HourSlotState> {
  return Object.fromEntries(slots.map((slot) => [slot.time, slot.state]));
}

function day(input: Partial<Parameters<typeof hourSlotsForDay>[0]> = {}) {
  return hourSlotsForDay({ date: DAY, timeZone: MANILA, appointments: [], blocks: [], ...input });
}

describe('hour slots of a day', () => {
  it('has nine hourly slots from 09:00 to 17:00 with 12-hour labels and lunch at noon', () => {
    expect(day()).toEqual([
      { hour: 9, time: '09:00', label: '9:00 AM', state: 'available' },
      { hour: 10, time: '10:00', label: '10:00 AM', state: 'available' },
      { hour: 11, time: '11:00', label: '11:00 AM', state: 'available' },
      { hour: 12, time: '12:00', label: '12:00 PM', state: 'lunch' },
      { hour: 13, time: '13:00', label: '1:00 PM', state: 'available' },
      { hour: 14, time: '14:00', label: '2:00 PM', state: 'available' },
      { hour: 15, time: '15:00', label: '3:00 PM', state: 'available' },
      { hour: 16, time: '16:00', label: '4:00 PM', state: 'available' },
      { hour: 17, time: '17:00', label: '5:00 PM', state: 'available' },
    ]);
    expect(SLOT_HOURS).toHaveLength(9);
  });

  it('marks an hour booked when an appointment starts within it in clinic time', () => {
    const slots = day({
      appointments: [
        { appointment_time: '2030-01-07T02:00:00+00:00' }, // 10:00 Manila
        { appointment_time: '2030-01-07T05:40:00Z' }, // 13:40 Manila
        { appointment_time: '2030-01-07T17:40:00+08:00' }, // 17:40 Manila
      ],
    });
    expect(statesOf(slots)).toMatchObject({ '10:00': 'booked', '13:00': 'booked', '17:00': 'booked' });
    expect(countHourSlots(slots)).toEqual({ available: 5, blocked: 0, booked: 3 });
  });

  it('judges the day in clinic time, not in UTC or the browser zone', () => {
    const slots = day({
      appointments: [
        { appointment_time: '2030-01-06T02:00:00Z' }, // 10:00 Manila the day before
        { appointment_time: '2030-01-07T16:00:00Z' }, // 00:00 Manila the day after
        { appointment_time: '2030-01-07T01:20:00Z' }, // 09:20 Manila: this day
      ],
    });
    expect(statesOf(slots)).toMatchObject({ '09:00': 'booked' });
    expect(countHourSlots(slots).booked).toBe(1);
  });

  it('ignores deleted appointments but counts every other status, Cancelled included, as the spec words it', () => {
    const appointments = [
      { appointment_time: '2030-01-07T02:00:00Z', deleted: true, status: 'Scheduled' },
      { appointment_time: '2030-01-07T03:00:00Z', deleted: false, status: 'Cancelled' },
      { appointment_time: '2030-01-07T06:00:00Z', deleted: false, status: 'Completed' },
    ];
    expect(statesOf(day({ appointments }))).toMatchObject({
      '10:00': 'available',
      '11:00': 'booked',
      '14:00': 'booked',
    });
  });

  it('skips an appointment whose time cannot be read', () => {
    expect(countHourSlots(day({ appointments: [{ appointment_time: 'soon' }] })).booked).toBe(0);
  });

  it('marks the hours a block of that date covers, reading HH:MM:SS as HH:MM', () => {
    const slots = day({
      blocks: [
        { specific_date: DAY, start_time: '09:00:00', end_time: '11:00:00', is_available: false },
        { specific_date: DAY, start_time: '16:00', end_time: '18:00' },
        { specific_date: '2030-01-08', start_time: '13:00', end_time: '14:00' },
        { specific_date: DAY, start_time: '14:00', end_time: '15:00', is_available: true },
      ],
    });
    expect(statesOf(slots)).toEqual({
      '09:00': 'blocked',
      '10:00': 'blocked',
      '11:00': 'available',
      '12:00': 'lunch',
      '13:00': 'available',
      '14:00': 'available',
      '15:00': 'available',
      '16:00': 'blocked',
      '17:00': 'blocked',
    });
    expect(countHourSlots(slots)).toEqual({ available: 4, blocked: 4, booked: 0 });
  });

  it('marks an hour blocked when a block covers only part of it', () => {
    const slots = day({ blocks: [{ start_time: '10:30', end_time: '11:00' }] });
    expect(statesOf(slots)).toMatchObject({ '10:00': 'blocked', '11:00': 'available' });
  });

  it('ignores a block whose times cannot be read', () => {
    const slots = day({
      blocks: [
        { start_time: 'soon', end_time: '11:00' },
        { start_time: '13:00', end_time: '25:00' },
      ],
    });
    expect(countHourSlots(slots)).toEqual({ available: 8, blocked: 0, booked: 0 });
  });

  it('keeps lunch as lunch under a block, and shows booked over blocked', () => {
    const slots = day({
      blocks: [{ specific_date: DAY, start_time: '11:00', end_time: '14:00' }],
      appointments: [{ appointment_time: '2030-01-07T05:00:00Z' }], // 13:00 Manila
    });
    expect(statesOf(slots)).toMatchObject({ '11:00': 'blocked', '12:00': 'lunch', '13:00': 'booked' });
  });

  it('does not change the appointments and blocks it reads', () => {
    const appointments = Object.freeze([Object.freeze({ appointment_time: '2030-01-07T02:00:00Z' })]);
    const blocks = Object.freeze([Object.freeze({ start_time: '15:00', end_time: '16:00' })]);
    expect(() => day({ appointments, blocks })).not.toThrow();
  });
});

describe('toggling a slot', () => {
  const grid = Object.freeze(
    day({
      appointments: [{ appointment_time: '2030-01-07T06:00:00Z' }], // 14:00 Manila
      blocks: [{ start_time: '16:00', end_time: '17:00' }],
    }),
  );

  it('blocks an available hour and frees a blocked one, leaving the grid it was given alone', () => {
    const blocked = toggleHourSlot(grid, 9);
    expect(statesOf(blocked)).toMatchObject({ '09:00': 'blocked', '16:00': 'blocked' });
    const freed = toggleHourSlot(blocked, 16);
    expect(statesOf(freed)).toMatchObject({ '09:00': 'blocked', '16:00': 'available' });
    expect(statesOf(grid)).toMatchObject({ '09:00': 'available', '16:00': 'blocked' });
  });

  it('comes back to the same states after two clicks', () => {
    expect(toggleHourSlot(toggleHourSlot(grid, 10), 10)).toEqual(grid);
  });

  it.each([
    ['a booked hour', 14],
    ['the lunch hour', 12],
    ['an hour outside the grid', 8],
  ])('leaves the grid as it is for %s', (_, hour) => {
    expect(toggleHourSlot(grid, hour)).toBe(grid);
  });

  it('tells which slots respond to a click', () => {
    expect(grid.filter(isToggleable).map((slot) => slot.time)).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '13:00',
      '15:00',
      '16:00',
      '17:00',
    ]);
  });
});
