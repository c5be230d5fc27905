const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** A Monday–Saturday in Manila at least `daysAhead` days after `now`, as YYYY-MM-DD. */
export function clinicWorkday(daysAhead: number, now: Date = new Date()): string {
  const manila = new Date(now.getTime() + MANILA_OFFSET_MS + daysAhead * 86_400_000);
  if (manila.getUTCDay() === 0) manila.setUTCDate(manila.getUTCDate() + 1);
  return manila.toISOString().slice(0, 10);
}

/** `2026-11-23` + `10:20` → `2026-11-23T10:20:00+08:00`, the form the booking form stores. */
export function clinicTime(date: string, time: string): string {
  return `${date}T${time}:00+08:00`;
}

/** A time on a workday a few days ahead (far from today's edge cases). */
export function nextWeekdayAt(hour: number, minute: number, daysAhead = 3): string {
  return clinicTime(clinicWorkday(daysAhead), `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
}
