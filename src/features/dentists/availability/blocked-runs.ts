/**
 * Saving a day: the blocked hours of the grid become one block per consecutive run (its
 * end is the next hour, 18:00 for the last slot of the day). The result is the `p_blocks`
 * argument of `save_availability_day(p_dentist_id, p_date, p_blocks)`.
 */
import { wallTime, type IsoDate } from '@common/clinic-calendar';
import { LUNCH_HOUR, type HourSlot } from './hour-slots';

/** One block as `save_availability_day` takes it. */
export interface BlockRun {
  start_time: string;
  end_time: string;
}

/**
 * One run per consecutive stretch of blocked hours, in time order. 12:00 is lunch and never
 * blocked, so 11:00 and 13:00 always fall in separate runs (11:00–12:00, 13:00–…); booked and
 * available hours end a run too. Hours may come in any order; the input is not changed.
 */
export function blockedRuns(slots: readonly Pick<HourSlot, 'hour' | 'state'>[]): BlockRun[] {
  const hours = [
    ...new Set(slots.filter((slot) => slot.state === 'blocked' && slot.hour !== LUNCH_HOUR).map((slot) => slot.hour)),
  ].sort((a, b) => a - b);
  const runs: { first: number; last: number }[] = [];
  for (const hour of hours) {
    const current = runs[runs.length - 1];
    if (current && hour === current.last + 1) current.last = hour;
    else runs.push({ first: hour, last: hour });
  }
  return runs.map((run) => ({ start_time: wallTime(run.first), end_time: wallTime(run.last + 1) }));
}

/** A row of the 'Blocked Periods' table. */
export interface BlockedPeriod {
  id: number;
  date: IsoDate;
  /** 'HH:MM' */
  start: string;
  /** 'HH:MM' */
  end: string;
}

/**
 * The dentist's stored blocks as table rows: by date, then start time; times cut to HH:MM
 * (the database returns 'HH:MM:SS'); "available" rows (is_available true) are not blocks.
 */
export function blockedPeriods(
  rows: readonly {
    id: number;
    specific_date: IsoDate;
    start_time: string;
    end_time: string;
    is_available?: boolean | null;
  }[],
): BlockedPeriod[] {
  return rows
    .filter((row) => row.is_available !== true)
    .map((row) => ({
      id: row.id,
      date: row.specific_date,
      start: row.start_time.slice(0, 5),
      end: row.end_time.slice(0, 5),
    }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start) || a.id - b.id);
}
