import { useQuery } from '@tanstack/react-query';
import type { DentistRow } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { sortDentistsByName } from '../dentist-list';
import { dentistKeys } from '../query-keys';

export type Dentist = Pick<DentistRow, 'id' | 'clinic_id' | 'name' | 'email' | 'phone' | 'is_active'>;

/**
 * The clinic's dentists, soft-deleted ones left out (RLS does not hide them), sorted by name
 * case-insensitively on the client.
 */
export async function getDentists(clinicId: number): Promise<Dentist[]> {
  const rows = throwOnError(
    await getSupabase()
      .from('dentists')
      .select('id, clinic_id, name, email, phone, is_active')
      .eq('clinic_id', clinicId)
      .eq('deleted', false),
  );
  return sortDentistsByName(rows);
}

export function useDentists(clinicId: number | null, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: dentistKeys.list(clinicId ?? -1),
    queryFn: () => getDentists(clinicId!),
    enabled: clinicId !== null && (options.enabled ?? true),
  });
}
