import { useEffect, useState } from 'react';

/** "Now" moves on this often while the form is open (spec part 2 §9). */
export const NOW_REFRESH_MS = 60_000;

/** The current time, refreshed every `intervalMs`, so slots that have begun grey out. */
export function useNow(intervalMs: number = NOW_REFRESH_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
