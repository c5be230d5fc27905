// The light part of the clinic calendar: the module's index would bring TZDate into /login's JavaScript.
import { DEFAULT_CLINIC_TIME_ZONE, clinicYear } from '@common/clinic-calendar/clinic-year';
import { useNow } from '@/lib/use-now';

/**
 * '© {year} Ngiti' with the current year in the clinic's time zone: the spec's "shows 2025" was the
 * year it was written, not a year to keep (docs/adr/0025-where-the-spec-is-silent.md). Pages without a clinic (login,
 * sign-up, reset) use the default zone, Asia/Manila.
 */
export function CopyrightFooter({
  timeZone = DEFAULT_CLINIC_TIME_ZONE,
  className = 'app-footer',
}: {
  timeZone?: string;
  className?: string;
}) {
  const now = useNow();
  return <footer className={className}>{`© ${clinicYear(now, timeZone)} Ngiti`}</footer>;
}
