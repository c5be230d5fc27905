import type { QueryClient } from '@tanstack/react-query';
import { clinicSettingsQuery } from './model/api/get-clinic';

/**
 * The tab's first read (the clinic's settings, which its form shows), started by the dashboard
 * before the view is rendered (src/app/dashboard/warm-start.ts). Imports only the read: it comes
 * with the dashboard's chunk.
 */
export function prefetch(queryClient: QueryClient, clinicId: number): void {
  void queryClient.prefetchQuery(clinicSettingsQuery(clinicId));
}
