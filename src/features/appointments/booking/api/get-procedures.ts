import { useQuery } from '@tanstack/react-query';
import { centavosOfStored } from '@/entities/money';
import { toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { appointmentKeys } from '../../model/query-keys';
import { sortByName } from '../choices';
import type { ProcedureCategoryChoice } from '../validation';

/**
 * The clinic's procedure categories with their procedures (procedure_categories
 * read with nested procedures), categories and procedures by name. Prices are read as the
 * database's decimal text and kept in integer centavos, never as a binary float.
 */
export async function getBookingProcedures(clinicId: number): Promise<ProcedureCategoryChoice[]> {
  const { data, error, status } = await getSupabase()
    .from('procedure_categories')
    .select('id, name, procedures(id, name, price::text)')
    .eq('clinic_id', clinicId)
    .overrideTypes<
      { id: number; name: string; procedures: { id: number; name: string; price: string }[] }[],
      { merge: false }
    >();
  if (error) throw toRequestError(error, status);
  return sortByName(
    data.map((category) => ({
      id: category.id,
      name: category.name,
      procedures: sortByName(
        category.procedures.map((procedure) => ({
          id: procedure.id,
          name: procedure.name,
          priceCentavos: centavosOfStored(procedure.price),
        })),
      ),
    })),
  );
}

export function useBookingProcedures(clinicId: number) {
  return useQuery({
    queryKey: appointmentKeys.procedures(clinicId),
    queryFn: () => getBookingProcedures(clinicId),
    // Read again each time the form opens: a price changed in the Procedures tab a moment ago
    // must show here without a reload.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
