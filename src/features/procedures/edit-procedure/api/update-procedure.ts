import { useQueryClient } from '@tanstack/react-query';
import { centavosToDecimal } from '@/entities/money';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { procedureKeys } from '../../model/query-keys';
import type { Procedure } from '../../model/types';
import type { StoredProcedureFields } from '../save-procedure';
import { PROCEDURE_COLUMNS, procedureOfStored } from './procedure-columns';

export interface ProcedureUpdate {
  id: number;
  fields: StoredProcedureFields;
  /** What the row was opened with (or last brought up to date with). */
  opened: StoredProcedureFields;
}

/**
 * Saves a procedure: update name and price by id, in the clinic, only while it still holds the
 * name and price the row was opened with, so a save never undoes unseen what someone else saved
 * meanwhile. The saved row, or null when the update matched nothing (changed or deleted
 * meanwhile: ../save-procedure.ts reads it again to tell which).
 */
export async function updateProcedure(
  clinicId: number,
  { id, fields, opened }: ProcedureUpdate,
): Promise<Procedure | null> {
  // Prices go as decimal text ('1500.00') for the numeric column, never as a binary float.
  const rows = throwOnError(
    await getSupabase()
      .from('procedures')
      .update({ name: fields.name, price: centavosToDecimal(fields.priceCentavos) as unknown as number })
      .eq('id', id)
      .eq('clinic_id', clinicId)
      .eq('name', opened.name)
      .eq('price', centavosToDecimal(opened.priceCentavos) as unknown as number)
      .select(PROCEDURE_COLUMNS),
  );
  return rows[0] ? procedureOfStored(rows[0]) : null;
}

/** One save at a time per procedure; the list re-reads after it, whatever the outcome. */
export function useUpdateProcedure(clinicId: number, procedureId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: procedureKeys.saveProcedure(clinicId, procedureId),
    mutationFn: (update: ProcedureUpdate) => updateProcedure(clinicId, update),
    onSettled: () => queryClient.invalidateQueries({ queryKey: procedureKeys.all(clinicId) }),
  });
}
