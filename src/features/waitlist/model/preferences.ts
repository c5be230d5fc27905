/**
 * An entry's preferences as the front desk says them (pure): the weekdays, by ISO number as the
 * database stores them (1 Monday … 6 Saturday; the clinic is closed on Sundays), and a time of day,
 * stored as the window a slot must lie in (preferred_from / preferred_to, clinic time).
 */
export const WEEKDAYS = [
  { iso: 1, short: 'Mon', name: 'Monday' },
  { iso: 2, short: 'Tue', name: 'Tuesday' },
  { iso: 3, short: 'Wed', name: 'Wednesday' },
  { iso: 4, short: 'Thu', name: 'Thursday' },
  { iso: 5, short: 'Fri', name: 'Friday' },
  { iso: 6, short: 'Sat', name: 'Saturday' },
] as const;

/** The times of day an entry may keep to: the clinic's morning and afternoon sessions. */
export const TIMES_OF_DAY = {
  morning: { label: 'Mornings (9:00 AM – 12:00 PM)', from: '09:00', to: '12:00' },
  afternoon: { label: 'Afternoons (1:00 PM – 6:00 PM)', from: '13:00', to: '18:00' },
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

/** '9:00 AM' from '09:00' or '09:00:00'. */
function clockLabel(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${((hours + 11) % 12) + 1}:${String(minutes).padStart(2, '0')} ${suffix}`;
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
      : `${entry.preferred_from ? clockLabel(entry.preferred_from) : 'Opening'} – ${entry.preferred_to ? clockLabel(entry.preferred_to) : 'closing'}`;
  }
  if (!days && !time) return null;
  return `${days ?? 'Any day'} · ${time ?? 'any time'}`;
}
