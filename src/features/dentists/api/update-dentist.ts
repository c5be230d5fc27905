import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getSupabase } from '@/lib/supabase';
import { useAction } from '@/lib/use-action';
import { DentistGoneError, isDentistGone } from '../errors';
import { dentistKeys } from '../query-keys';
import type { DentistInput } from '../validation';
import type { Dentist } from './get-dentists';

/**
 * Saves the Edit Dentist form: update by id with all fields plus clinic_id (spec part 1 §7).
 * A dentist deleted meanwhile (row gone, or soft-deleted: RLS does not hide those) matches no
 * row; that is a DentistGoneError, not a silent success.
 */
export async function updateDentist(clinicId: number, id: number, input: DentistInput): Promise<Dentist> {
  const { data, error } = await getSupabase()
    .from('dentists')
    .update({ ...input, clinic_id: clinicId })
    .eq('id', id)
    .eq('clinic_id', clinicId)
    .eq('deleted', false)
    .select('id, clinic_id, name, email, phone, is_active');
  if (error) throw error;
  const updated = data[0];
  if (!updated) throw new DentistGoneError();
  return updated;
}

export function useUpdateDentist() {
  const queryClient = useQueryClient();
  const operation = useCallback(
    async (clinicId: number, id: number, input: DentistInput) => {
      try {
        const dentist = await updateDentist(clinicId, id, input);
        await queryClient.invalidateQueries({ queryKey: dentistKeys.lists() });
        return dentist;
      } catch (error) {
        if (isDentistGone(error)) void queryClient.invalidateQueries({ queryKey: dentistKeys.lists() });
        throw error;
      }
    },
    [queryClient],
  );
  return useAction(operation);
}
