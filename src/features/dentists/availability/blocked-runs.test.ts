import { describe, expect, it } from 'vitest';
import { blockedPeriods, blockedRuns } from './blocked-runs';
import { hourSlotsForDay, type HourSlotState } from './hour-slots';

/** A grid with the given hours blocked and, optionally, some booked. */
function grid(blocked: number[], booked: number[] = []): { hour: number; state: HourSlotState }[] {
  return [9, 10, 11, 12, 13, 14, 15, 16, 17].map((hour) => ({
    hour,
    state: hour === 12 ? 'lunch' : booked.includes(hour) ? 'booked' : blocked.includes(hour) ? 'blocked' : 'available',
  }));
}

describe('blocked runs of a day', () => {
  it('is empty when nothing is blocked (saving clears the day)', () => {
    expect(blockedRuns(grid([]))).toEqual([]);
  });

  it('merges consecutive blocked hours into one block ending at the next hour', () => {
    expect(blockedRuns(grid([9, 10, 11]))).toEqual([{ start_time: '09:00', end_time: '12:00' }]);
  });

  it('ends a block that runs to the last slot at 18:00', () => {
    expect(blockedRuns(grid([17]))).toEqual([{ start_time: '17:00', end_time: '18:00' }]);
    expect(blockedRuns(grid([15, 16, 17]))).toEqual([{ start_time: '15:00', end_time: '18:00' }]);
  });

  it('splits runs around the lunch hour, which is never blocked', () => {
    expect(blockedRuns(grid([11, 13]))).toEqual([
      { start_time: '11:00', end_time: '12:00' },
      { start_time: '13:00', end_time: '14:00' },
    ]);
    expect(blockedRuns([...grid([]), { hour: 12, state: 'blocked' }])).toEqual([]);
  });

  it('blocks a whole day as the morning and the afternoon', () => {
    expect(blockedRuns(grid([9, 10, 11, 13, 14, 15, 16, 17]))).toEqual([
      { start_time: '09:00', end_time: '12:00' },
      { start_time: '13:00', end_time: '18:00' },
    ]);
  });

  it('splits runs around a booked or available hour', () => {
    expect(blockedRuns(grid([9, 11, 13, 15], [10]))).toEqual([
      { start_time: '09:00', end_time: '10:00' },
      { start_time: '11:00', end_time: '12:00' },
      { start_time: '13:00', end_time: '14:00' },
      { start_time: '15:00', end_time: '16:00' },
    ]);
  });

  it('accepts slots in any order, with repeats, without reordering them', () => {
    const slots = Object.freeze([
      { hour: 16, state: 'blocked' as const },
      { hour: 9, state: 'blocked' as const },
      { hour: 15, state: 'blocked' as const },
      { hour: 16, state: 'blocked' as const },
    ]);
    expect(blockedRuns(slots)).toEqual([
      { start_time: '09:00', end_time: '10:00' },
      { start_time: '15:00', end_time: '17:00' },
    ]);
    expect(slots.map((slot) => slot.hour)).toEqual([16, 9, 15, 16]);
  });

  it('saves back exactly the whole-hour blocks a day was loaded with', () => {
    const stored = [
      { specific_date: '2030-01-07', start_time: '09:00:00', end_time: '11:00:00' },
      { specific_date: '2030-01-07', start_time: '16:00:00', end_time: '18:00:00' },
    ];
    const slots = hourSlotsForDay({ date: '2030-01-07', timeZone: 'Asia/Manila', appointments: [], blocks: stored });
    expect(blockedRuns(slots)).toEqual([
      { start_time: '09:00', end_time: '11:00' },
      { start_time: '16:00', end_time: '18:00' },
    ]);
  });
});

describe('blocked periods table', () => {
  it('lists blocks by date and start time with HH:MM times, leaving out available periods', () => {
    const rows = Object.freeze([
      { id: 3, specific_date: '2030-01-08', start_time: '09:00:00', end_time: '10:00:00', is_available: false },
      { id: 1, specific_date: '2030-01-07', start_time: '16:00:00', end_time: '18:00:00', is_available: false },
      { id: 2, specific_date: '2030-01-07', start_time: '09:00:00', end_time: '11:00:00', is_available: false },
      { id: 4, specific_date: '2030-01-07', start_time: '13:00:00', end_time: '14:00:00', is_available: true },
    ]);
    expect(blockedPeriods(rows)).toEqual([
      { id: 2, date: '2030-01-07', start: '09:00', end: '11:00' },
      { id: 1, date: '2030-01-07', start: '16:00', end: '18:00' },
      { id: 3, date: '2030-01-08', start: '09:00', end: '10:00' },
    ]);
    expect(rows.map((row) => row.id)).toEqual([3, 1, 2, 4]);
  });
});
