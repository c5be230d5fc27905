import { useQueryClient } from '@tanstack/react-query';
import { centavosToDecimal } from '@/entities/money';
import { firstRowOrGone, throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { procedureKeys } from '../../model/query-keys';

export interface ProcedureChange {
  id: number;
  name: string;
  priceCentavos: number;
}

/**
 * Saves a procedure: update name and price by id, in the clinic. No row back means it
 * was deleted meanwhile ('gone').
 */
export async function updateProcedure(clinicId: number, change: ProcedureChange): Promise<void> {
  const rows = throwOnError(
    await getSupabase()
      .from('procedures')
      .update({ name: change.name, price: centavosToDecimal(change.priceCentavos) as unknown as number })
      .eq('id', change.id)
      .eq('clinic_id', clinicId)
      .select('id'),
  );
  firstRowOrGone(rows);
}

/** One save at a time per procedure; the list re-reads after it, whatever the outcome. */
export function useUpdateProcedure(clinicId: number, procedureId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: procedureKeys.saveProcedure(clinicId, procedureId),
    mutationFn: (change: ProcedureChange) => updateProcedure(clinicId, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: procedureKeys.all(clinicId) }),
  });
}
