import { useQuery } from '@tanstack/react-query';
import type { ClinicRow } from '@/lib/database.types';
import { getSupabase } from '@/lib/supabase';
import { clinicKeys } from '../query-keys';

export type ClinicSummary = Pick<ClinicRow, 'id' | 'name'>;

/** Every clinic the caller may read, by name: all of them for the superadmin (RLS decides). */
export async function getClinics(): Promise<ClinicSummary[]> {
  const { data, error } = await getSupabase().from('clinics').select('id, name').order('name', { ascending: true });
  if (error) throw error;
  return data;
}

export function useClinics(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: clinicKeys.list(), queryFn: getClinics, enabled: options.enabled ?? true });
}
