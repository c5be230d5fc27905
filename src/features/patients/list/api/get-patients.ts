import { queryOptions, useQuery } from '@tanstack/react-query';
import { toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { PATIENT_LIST_COLUMNS, type PatientListItem } from '../../model/api/patient-columns';
import { patientKeys } from '../../model/query-keys';

/** Rows asked for in the first request; a server with a row cap (hosted Supabase: 1,000) answers fewer. */
const FIRST_REQUEST_ROWS = 100_000;

function listQuery(clinicId: number, from: number, to: number, withCount: boolean) {
  return getSupabase()
    .from('patients')
    .select(PATIENT_LIST_COLUMNS, withCount ? { count: 'exact' } : undefined)
    .eq('clinic_id', clinicId)
    .eq('deleted', false)
    .order('name', { ascending: true })
    .order('id', { ascending: true })
    .range(from, to);
}

/**
 * Every patient of the clinic that is not deleted, by name. Usually one request; when
 * the server caps the rows it returns (hosted Supabase's max-rows), the rest is read in pages of
 * that size, in parallel. Ordered by name, then id, so pages never overlap or skip a row.
 */
export async function getPatients(clinicId: number): Promise<PatientListItem[]> {
  const first = await listQuery(clinicId, 0, FIRST_REQUEST_ROWS - 1, true);
  if (first.error) throw toRequestError(first.error, first.status);
  const rows = first.data;
  const total = first.count ?? rows.length;
  if (rows.length === 0 || rows.length >= total) return rows;

  const pageSize = rows.length;
  const pages = [];
  for (let from = pageSize; from < total; from += pageSize)
    pages.push(listQuery(clinicId, from, from + pageSize - 1, false));
  const seen = new Set(rows.map((row) => row.id));
  const all = [...rows];
  for (const page of await Promise.all(pages)) {
    if (page.error) throw toRequestError(page.error, page.status);
    for (const row of page.data) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      all.push(row);
    }
  }
  return all;
}

/** The list's read, shared by the screen and the dashboard's warm start (../../prefetch.ts). */
export const patientListQuery = (clinicId: number) =>
  queryOptions({ queryKey: patientKeys.list(clinicId), queryFn: () => getPatients(clinicId) });

export function usePatients(clinicId: number) {
  return useQuery(patientListQuery(clinicId));
}
