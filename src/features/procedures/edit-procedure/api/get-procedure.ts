import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import type { Procedure } from '../../model/types';
import { PROCEDURE_COLUMNS, procedureOfStored } from './procedure-columns';

/** The procedure as stored now, or null when it is deleted (or not the clinic's). */
export async function getProcedure(clinicId: number, procedureId: number): Promise<Procedure | null> {
  const rows = throwOnError(
    await getSupabase().from('procedures').select(PROCEDURE_COLUMNS).eq('id', procedureId).eq('clinic_id', clinicId),
  );
  return rows[0] ? procedureOfStored(rows[0]) : null;
}
