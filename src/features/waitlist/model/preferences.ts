/**
 * An entry's preferences as the front desk says them (pure): the weekdays, by ISO number as the
 * database stores them (1 Monday … 6 Saturday; the clinic is closed on Sundays), and a time of day,
 * stored as the window a slot must lie in (preferred_from / preferred_to, clinic time).
 */
import { twelveHourLabel, weekdayNames, type WallTime } from '@common/clinic-calendar';
import { CLINIC_HOURS } from '@/entities/clinic';

const SHORT_NAMES = weekdayNames('short');
const LONG_NAMES = weekdayNames('long');

/** The days the clinic is open, Monday first, as the entry form offers them. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7]
  .filter((iso) => !CLINIC_HOURS.closedWeekdays.includes(iso % 7))
  .map((iso) => ({ iso, short: SHORT_NAMES[iso % 7]!, name: LONG_NAMES[iso % 7]! }));

function session(name: string, from: WallTime, to: WallTime) {
  return { label: `${name} (${twelveHourLabel(from)} – ${twelveHourLabel(to)})`, from, to };
}

/** The times of day an entry may keep to: the clinic's morning and afternoon sessions. */
export const TIMES_OF_DAY = {
  morning: session('Mornings', CLINIC_HOURS.open, CLINIC_HOURS.lunchStart),
  afternoon: session('Afternoons', CLINIC_HOURS.lunchEnd, CLINIC_HOURS.close),
} as const;

export type TimeOfDay = keyof typeof TIMES_OF_DAY;

export function isTimeOfDay(value: string): value is TimeOfDay {
  return Object.hasOwn(TIMES_OF_DAY, value);
}

/** The window's 'HH:MM' or 'HH:MM:SS' ends (as PostgREST returns a time) to the time of day, if one. */
function timeOfDayOf(from: string | null, to: string | null): TimeOfDay | null {
  for (const [key, window] of Object.entries(TIMES_OF_DAY) as [TimeOfDay, (typeof TIMES_OF_DAY)[TimeOfDay]][])
    if (from?.slice(0, 5) === window.from && to?.slice(0, 5) === window.to) return key;
  return null;
}

/**
 * 'Mon, Wed · Mornings', 'Any day · 10:00 AM – 3:00 PM', or null when the entry takes any slot of
 * its dates. Does not change `weekdays`.
 */
export function preferencesLabel(entry: {
  preferred_weekdays: readonly number[] | null;
  preferred_from: string | null;
  preferred_to: string | null;
}): string | null {
  const days = entry.preferred_weekdays?.length
    ? WEEKDAYS.filter((day) => entry.preferred_weekdays!.includes(day.iso))
        .map((day) => day.short)
        .join(', ')
    : null;
  let time: string | null = null;
  if (entry.preferred_from || entry.preferred_to) {
    const named = timeOfDayOf(entry.preferred_from, entry.preferred_to);
    time = named
      ? named === 'morning'
        ? 'Mornings'
        : 'Afternoons'
      : `${entry.preferred_from ? twelveHourLabel(entry.preferred_from) : 'Opening'} – ${entry.preferred_to ? twelveHourLabel(entry.preferred_to) : 'closing'}`;
  }
  if (!days && !time) return null;
  return `${days ?? 'Any day'} · ${time ?? 'any time'}`;
}
