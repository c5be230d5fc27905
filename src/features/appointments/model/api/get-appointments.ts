import { queryOptions, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { clinicYearRange, type InstantRange } from '@common/clinic-calendar';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { appointmentKeys } from '../query-keys';
import {
  LIST_APPOINTMENT_COLUMNS,
  toListAppointment,
  type ListAppointment,
  type ListAppointmentRecord,
} from './list-columns';

/** Rows asked for in the first request; a server with a row cap (hosted Supabase: 1,000) answers fewer. */
const FIRST_REQUEST_ROWS = 100_000;

function yearQuery(clinicId: number, range: InstantRange, from: number, to: number, count: boolean) {
  return getSupabase()
    .from('appointments')
    .select(LIST_APPOINTMENT_COLUMNS, count ? { count: 'exact' } : undefined)
    .eq('clinic_id', clinicId)
    .eq('deleted', false)
    .gte('appointment_time', range.start.toISOString())
    .lt('appointment_time', range.end.toISOString())
    .order('appointment_time', { ascending: true })
    .order('id', { ascending: true })
    .range(from, to)
    .overrideTypes<ListAppointmentRecord[], { merge: false }>();
}

/**
 * The clinic's non-deleted appointments of one year in clinic time (the year the filters show), in
 * time order, with the patient's name and Messenger id. Usually one request; when the server caps
 * the rows it returns, the rest is read in pages of that size, in parallel (ordering by time and id
 * keeps pages apart).
 */
export async function getAppointmentsOfYear(
  clinicId: number,
  year: number,
  timeZone: string,
): Promise<ListAppointment[]> {
  const range = clinicYearRange(year, timeZone);
  const first = await yearQuery(clinicId, range, 0, FIRST_REQUEST_ROWS - 1, true);
  const rows = throwOnError(first);
  const total = first.count ?? rows.length;
  if (rows.length === 0 || rows.length >= total) return rows.map(toListAppointment);

  const pageSize = rows.length;
  const pages = [];
  for (let from = pageSize; from < total; from += pageSize)
    pages.push(yearQuery(clinicId, range, from, from + pageSize - 1, false));
  const seen = new Set(rows.map((row) => row.id));
  const all = [...rows];
  for (const page of await Promise.all(pages)) {
    for (const row of throwOnError(page)) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      all.push(row);
    }
  }
  return all.map(toListAppointment);
}

export const yearAppointmentsKey = (clinicId: number, year: number, timeZone: string) =>
  [...appointmentKeys.list(clinicId), 'year', year, timeZone] as const;

/**
 * The one read of a year: the list's query, the render-time prefetch and the dashboard's warm start
 * (../../prefetch.ts) share key and function.
 */
export const yearAppointmentsQuery = (clinicId: number, year: number, timeZone: string) =>
  queryOptions({
    queryKey: yearAppointmentsKey(clinicId, year, timeZone),
    queryFn: () => getAppointmentsOfYear(clinicId, year, timeZone),
  });

/**
 * One year of the list. A failed read leaves `data` undefined and the screen shows an empty list
 * without a message: a failed list read gives an empty list, silently.
 */
export function useYearAppointments(clinicId: number, year: number, timeZone: string | undefined) {
  return useQuery({ ...yearAppointmentsQuery(clinicId, year, timeZone ?? ''), enabled: timeZone !== undefined });
}

/**
 * Asks for the year while the screen renders, not once it has been drawn (useQuery's own read
 * starts after the commit): on a slow phone the list's summary, the largest text on the page,
 * waits for these rows. Nothing happens when the year is cached or on its way.
 */
export function usePrefetchYearAppointments(clinicId: number, year: number, timeZone: string) {
  usePrefetchQuery(yearAppointmentsQuery(clinicId, year, timeZone));
}
