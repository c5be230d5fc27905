import { useEffect, useState } from 'react';
import { clinicToday, type IsoDate } from '@common/clinic-calendar';

/** "Now" refreshes this often: overdue flags and status options follow the clock. */
export const NOW_REFRESH_MS = 60_000;

/** The current time, refreshed every minute. */
export function useNow(intervalMs = NOW_REFRESH_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * The clinic's today (YYYY-MM-DD in `timeZone`), checked every minute: a screen left open past
 * midnight moves to the new day. Renders again only when the day changes.
 */
export function useClinicToday(timeZone: string, intervalMs = NOW_REFRESH_MS): IsoDate {
  const [today, setToday] = useState(() => clinicToday(new Date(), timeZone));
  useEffect(() => {
    const check = () => setToday(clinicToday(new Date(), timeZone));
    check();
    const timer = setInterval(check, intervalMs);
    return () => clearInterval(timer);
  }, [timeZone, intervalMs]);
  return today;
}
