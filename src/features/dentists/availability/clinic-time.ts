/**
 * Wall-clock readings in the clinic's time zone (IANA name, e.g. 'Asia/Manila'), whatever the
 * browser's zone is. Pure: the instant and the zone are always passed in.
 */

/** A calendar date as ISO year-month-day, e.g. '2030-01-07'. */
export type IsoDate = string;

export interface ClinicWallClock {
  /** The clinic's calendar date at that instant. */
  date: IsoDate;
  /** 0–23 */
  hour: number;
  /** 0–59 */
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The clinic's date, hour and minute at `instant` (a Date, or an ISO timestamp with an offset as
 * the database returns it). Throws a RangeError for an invalid instant or an unknown time zone.
 */
export function clinicWallClock(instant: Date | string, timeZone: string): ClinicWallClock {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a point in time: ${String(instant)}`);
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/** Today's date in the clinic, at `now`. */
export function clinicToday(now: Date, timeZone: string): IsoDate {
  return clinicWallClock(now, timeZone).date;
}
