import { useQueryClient } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { procedureKeys } from '../../model/query-keys';

/**
 * Deletes a procedure by id, in the clinic. Appointments keep their reason text and invoices
 * their lines. The database refuses a procedure still in use: covered by an HMO
 * (procedure_has_hmo_coverage) or on a plan item still to be done or billed
 * (procedure_on_open_plan). Already gone counts as done.
 */
export async function deleteProcedure(clinicId: number, procedureId: number): Promise<void> {
  throwOnError(await getSupabase().from('procedures').delete().eq('id', procedureId).eq('clinic_id', clinicId));
}

/** One delete at a time per procedure; the list re-reads after it, whatever the outcome. */
export function useDeleteProcedure(clinicId: number, procedureId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: procedureKeys.deleteProcedure(clinicId, procedureId),
    mutationFn: () => deleteProcedure(clinicId, procedureId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: procedureKeys.all(clinicId) }),
  });
}
