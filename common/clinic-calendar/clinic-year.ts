/**
 * The clinic's year, without TZDate: the sign-in screens' copyright footer needs only this, and
 * importing the rest of the module there would put TZDate (with its Date-prototype set-up, which
 * bundlers cannot drop) into the login screen's JavaScript. The zone's offset still
 * comes from @date-fns/tz, not from arithmetic of our own.
 */
import { tzOffset } from '@date-fns/tz/tzOffset';

/** The zone a clinic has unless it chose another (the column's default). */
export const DEFAULT_CLINIC_TIME_ZONE = 'Asia/Manila';

/** The clinic's calendar year at `now`. Throws a RangeError for an unknown zone. */
export function clinicYear(now: Date, timeZone: string): number {
  const offsetMinutes = tzOffset(timeZone, now);
  if (Number.isNaN(offsetMinutes)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  // The instant moved by the zone's offset reads the clinic's wall clock in its UTC fields.
  return new Date(now.getTime() + offsetMinutes * 60_000).getUTCFullYear();
}
