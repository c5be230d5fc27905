import { queryOptions, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import type { DentistRow } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { appointmentKeys } from '../query-keys';

export type ListDentistRecord = Pick<DentistRow, 'id' | 'name' | 'is_active' | 'deleted'>;

const byName = (a: ListDentistRecord, b: ListDentistRecord) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id;

/**
 * The clinic's dentists for the Dentist filter, the cards and the calendar's columns, by name.
 * Soft-deleted ones are read too, so their past appointments still carry their name; the filter
 * offers only the others.
 */
export async function getListDentists(clinicId: number): Promise<ListDentistRecord[]> {
  const dentists = throwOnError(
    await getSupabase().from('dentists').select('id, name, is_active, deleted').eq('clinic_id', clinicId),
  );
  return [...dentists].sort(byName);
}

/** The screen's read, shared with the dashboard's warm start (../../prefetch.ts). */
export const listDentistsQuery = (clinicId: number) =>
  queryOptions({
    queryKey: [...appointmentKeys.all, 'list-dentists', clinicId] as const,
    queryFn: () => getListDentists(clinicId),
  });

export function useListDentists(clinicId: number) {
  // Asked for during the render (see usePrefetchYearAppointments): the cards need them.
  const query = listDentistsQuery(clinicId);
  usePrefetchQuery(query);
  return useQuery(query);
}
