/**
 * Times of day as a clock on the clinic's wall shows them: 'HH:MM' (24-hour), with no date and no
 * zone. Postgres prints `time` columns as 'HH:MM:SS', so seconds are read too.
 */

/** A wall-clock time as 'HH:MM' (24-hour), e.g. '09:20'. */
export type WallTime = string;

export interface TimeParts {
  /** 0–24 (24 only as 24:00:00, the midnight that ends a day). */
  hour: number;
  /** 0–59 */
  minute: number;
  /** 0–59, whole seconds (fractions are dropped). */
  second: number;
}

const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * The parts of 'HH:MM', 'HH:MM:SS' or 'HH:MM:SS.fff'. Throws a RangeError for anything else,
 * '9:20' and '24:20' included.
 */
export function parseWallTime(time: string): TimeParts {
  const match = TIME.exec(time);
  const parts = match ? { hour: Number(match[1]), minute: Number(match[2]), second: Number(match[3] ?? 0) } : undefined;
  if (
    !parts ||
    parts.hour > 24 ||
    parts.minute > 59 ||
    parts.second > 59 ||
    (parts.hour === 24 && parts.minute + parts.second > 0)
  ) {
    throw new RangeError(`Not a time of day: ${time}`);
  }
  return parts;
}

/** Minutes since midnight of 'HH:MM' or 'HH:MM:SS' (seconds ignored), e.g. '09:20' → 560. */
export function minutesOfTime(time: string): number {
  const { hour, minute } = parseWallTime(time);
  return hour * 60 + minute;
}

/** Seconds since midnight, e.g. '08:30:15' → 30615 (fractions of a second dropped). */
export function secondsOfTime(time: string): number {
  const { hour, minute, second } = parseWallTime(time);
  return hour * 3600 + minute * 60 + second;
}

/** 'HH:MM' of an hour and minute: (9, 20) → '09:20', (13) → '13:00'. Throws a RangeError out of range. */
export function wallTime(hour: number, minute = 0): WallTime {
  const inRange =
    Number.isInteger(hour) && Number.isInteger(minute) && hour >= 0 && minute >= 0 && minute <= 59 && hour <= 24;
  if (!inRange || (hour === 24 && minute > 0)) throw new RangeError(`Not a time of day: ${hour}:${minute}`);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** 'HH:MM' for minutes since midnight (0–1440), e.g. 560 → '09:20'. */
export function timeOfMinutes(minutes: number): WallTime {
  return wallTime(Math.floor(minutes / 60), minutes % 60);
}

/** The 12-hour label of a time: '09:20' → '9:20 AM', '12:00' → '12:00 PM', '00:40' → '12:40 AM'. */
export function twelveHourLabel(time: WallTime): string {
  const { hour, minute } = parseWallTime(time);
  const hourOfDay = hour % 24;
  const twelve = hourOfDay % 12 === 0 ? 12 : hourOfDay % 12;
  return `${twelve}:${String(minute).padStart(2, '0')} ${hourOfDay < 12 ? 'AM' : 'PM'}`;
}
