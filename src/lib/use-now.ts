import { useEffect, useState } from 'react';

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
