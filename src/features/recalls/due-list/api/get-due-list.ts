import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import type { DueRecall } from '../../model/due-recall';
import { recallKeys } from '../../model/query-keys';

export type { DueRecall };

/** The clinic's due list, computed by the database in clinic time (RLS applies). */
export async function getDueList(clinicId: number): Promise<DueRecall[]> {
  const rows = throwOnError(await getSupabase().rpc('recall_list', { p_clinic_id: clinicId }));
  return rows as unknown as DueRecall[];
}

/** The read as the screen and the dashboard's warm start (../../prefetch.ts) both ask for it. */
export const dueListQuery = (clinicId: number) =>
  queryOptions({ queryKey: recallKeys.dueList(clinicId), queryFn: () => getDueList(clinicId) });

export function useDueList(clinicId: number) {
  return useQuery(dueListQuery(clinicId));
}

/** The clinic's recall interval in months (Clinic Config), for the list's intro. */
export async function getRecallInterval(clinicId: number): Promise<number> {
  const row = throwOnError(
    await getSupabase().from('clinics').select('recall_interval_months').eq('id', clinicId).single(),
  );
  return row.recall_interval_months;
}

export const recallIntervalQuery = (clinicId: number) =>
  queryOptions({ queryKey: recallKeys.interval(clinicId), queryFn: () => getRecallInterval(clinicId) });

export function useRecallInterval(clinicId: number) {
  return useQuery(recallIntervalQuery(clinicId));
}
