import type { QueryClient } from '@tanstack/react-query';
import { dueListQuery, recallIntervalQuery } from './due-list/api/get-due-list';

/**
 * The tab's first reads (the due list, and the recall interval its intro names), started by the
 * dashboard before the view is rendered (src/app/dashboard/warm-start.ts). Imports only the reads:
 * it comes with the dashboard's chunk.
 */
export function prefetch(queryClient: QueryClient, clinicId: number): void {
  void queryClient.prefetchQuery(dueListQuery(clinicId));
  void queryClient.prefetchQuery(recallIntervalQuery(clinicId));
}
