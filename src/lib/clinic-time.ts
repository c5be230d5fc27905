/**
 * Showing instants in the clinic's time zone (an IANA name such as 'Asia/Manila', from
 * `clinics.timezone`), whatever zone the browser is in. Pure: the instant and the zone are always
 * passed in; nothing here reads the clock.
 */

/** A Date from a Date or an ISO timestamp; throws a RangeError when it is not a point in time. */
export function toInstant(value: Date | string): Date {
  const instant = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Not a point in time: ${String(value)}`);
  return instant;
}

/** The zone a clinic has unless it chose another (the column's default). */
export const DEFAULT_CLINIC_TIME_ZONE = 'Asia/Manila';

export interface ClinicDateTime {
  /** ISO year-month-day in the clinic, e.g. '2030-01-07'. */
  date: string;
  /** Short English weekday in the clinic, e.g. 'Mon'. */
  weekday: string;
  /** 12-hour clock time in the clinic, e.g. '9:00 AM'. */
  time: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h12',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The clinic's date, weekday and time at `instant` (a Date, or an ISO timestamp with an offset as
 * the database returns timestamptz). Throws a RangeError for an invalid instant or unknown zone.
 */
export function clinicDateTime(instant: Date | string, timeZone: string): ClinicDateTime {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatterFor(timeZone).formatToParts(toInstant(instant))) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: parts.weekday ?? '',
    time: `${parts.hour}:${parts.minute} ${(parts.dayPeriod ?? '').toUpperCase()}`,
  };
}

/** One line for lists: 'Mon 2030-01-07, 9:00 AM' in the clinic's time. */
export function formatClinicDateTime(instant: Date | string, timeZone: string): string {
  const { date, weekday, time } = clinicDateTime(instant, timeZone);
  return `${weekday} ${date}, ${time}`;
}

// ---------------------------------------------------------------------------
// Wall-clock readings (24-hour numbers), for slot and calendar logic
// ---------------------------------------------------------------------------

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

const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = wallClockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClockFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The clinic's clock at an instant, as numbers (month 1–12, hour 0–23). */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The clinic's clock reading at `instant`. Throws a RangeError for a bad instant or zone. */
export function zonedParts(instant: Date | string, timeZone: string): ZonedParts {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of wallClockFormatterFor(timeZone).formatToParts(toInstant(instant))) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    // Some engines write midnight as 24 even with h23.
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM-DD' of clock parts. */
export function isoDateOfParts(parts: Pick<ZonedParts, 'year' | 'month' | 'day'>): IsoDate {
  return `${String(parts.year).padStart(4, '0')}-${pad2(parts.month)}-${pad2(parts.day)}`;
}

/**
 * The clinic's date, hour and minute at `instant` (a Date, or an ISO timestamp with an offset as
 * the database returns it). Throws a RangeError for an invalid instant or an unknown time zone.
 */
export function clinicWallClock(instant: Date | string, timeZone: string): ClinicWallClock {
  const parts = zonedParts(instant, timeZone);
  return { date: isoDateOfParts(parts), hour: parts.hour, minute: parts.minute };
}

/** Today's date in the clinic, at `now`. */
export function clinicToday(now: Date, timeZone: string): IsoDate {
  return clinicWallClock(now, timeZone).date;
}
