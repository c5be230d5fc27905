/** A payment's date in the clinic's time, for the Payments table's Date column. Pure. */
import { formatClinicDateTimeShort, type Instant } from '@common/clinic-calendar';

/**
 * 'Nov 23, 2026' and '9:05 AM' (two lines of a narrow column), and the whole 'Nov 23, 2026, 9:05 AM'
 * for its title; in the clinic's zone whatever the browser's.
 */
export function paymentDate(instant: Instant, timeZone: string): { date: string; time: string; full: string } {
  const full = formatClinicDateTimeShort(instant, timeZone);
  // The short form always ends in ', h:mm a'.
  const at = full.lastIndexOf(', ');
  return { date: full.slice(0, at), time: full.slice(at + 2), full };
}
