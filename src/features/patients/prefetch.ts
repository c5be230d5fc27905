import type { QueryClient } from '@tanstack/react-query';
import { noShowFlagsQuery } from '@/entities/patient/api/no-show-flags';
import { patientListQuery } from './list/api/get-patients';

/**
 * The tab's first reads (the list and its no-show flags), started by the dashboard before the view
 * is rendered (src/app/dashboard/warm-start.ts). Imports only the reads: it comes with the
 * dashboard's chunk.
 */
export function prefetch(queryClient: QueryClient, clinicId: number): void {
  void queryClient.prefetchQuery(patientListQuery(clinicId));
  void queryClient.prefetchQuery(noShowFlagsQuery(clinicId));
}
