import { useQueryClient } from '@tanstack/react-query';
import { centavosToDecimal } from '@/entities/money';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { procedureKeys } from '../../model/query-keys';

export interface NewProcedure {
  categoryId: number;
  name: string;
  priceCentavos: number;
}

/**
 * Adds a procedure: insert {clinic_id, category_id, name, price}, the price as a decimal
 * string. A name taken in the category, ignoring case, answers 23505.
 */
export async function addProcedure(clinicId: number, procedure: NewProcedure): Promise<void> {
  throwOnError(
    await getSupabase()
      .from('procedures')
      .insert({
        clinic_id: clinicId,
        category_id: procedure.categoryId,
        name: procedure.name,
        // numeric(12,2) takes the exact decimal text; the generated type says number.
        price: centavosToDecimal(procedure.priceCentavos) as unknown as number,
      }),
  );
}

/** One add at a time per category; the list re-reads after it, whatever the outcome. */
export function useAddProcedure(clinicId: number, categoryId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: procedureKeys.addProcedure(clinicId, categoryId),
    mutationFn: (procedure: NewProcedure) => addProcedure(clinicId, procedure),
    onSettled: () => queryClient.invalidateQueries({ queryKey: procedureKeys.all(clinicId) }),
  });
}
