import type { QueryClient } from '@tanstack/react-query';
import { yearAppointmentsQuery } from './model/api/get-appointments';
import { listDentistsQuery } from './model/api/get-list-dentists';
import { defaultPeriodSelection } from './model/periods';

/**
 * The tab's first reads (the year the list opens on, and the dentists its cards are drawn for),
 * started by the dashboard before the view is rendered (src/app/dashboard/warm-start.ts). The year
 * is the clinic's, so it waits for a known zone; a zone changed meanwhile gives another key, which
 * the view reads itself. Imports only the reads: it comes with the dashboard's chunk.
 */
export function prefetch(queryClient: QueryClient, clinicId: number, timeZone: string | undefined): void {
  void queryClient.prefetchQuery(listDentistsQuery(clinicId));
  if (timeZone === undefined) return;
  const { year } = defaultPeriodSelection(new Date(), timeZone);
  void queryClient.prefetchQuery(yearAppointmentsQuery(clinicId, year, timeZone));
}
