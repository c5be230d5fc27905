import { useQuery } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { procedureKeys } from '../../model/query-keys';
import type { ProcedureCategory } from '../../model/types';
import { toCategories } from '../categories';

/**
 * The clinic's procedure categories with their procedures (procedure_categories read with
 * nested procedures), by name. Prices are read as the database's decimal text, never as a JSON
 * number, so no peso passes through a binary float.
 */
export async function getProcedureCategories(clinicId: number): Promise<ProcedureCategory[]> {
  const rows = throwOnError(
    await getSupabase()
      .from('procedure_categories')
      .select('id, name, procedures(id, name, price::text)')
      .eq('clinic_id', clinicId),
  );
  return toCategories(rows);
}

export function useProcedureCategories(clinicId: number) {
  return useQuery({
    queryKey: procedureKeys.categories(clinicId),
    queryFn: () => getProcedureCategories(clinicId),
  });
}
