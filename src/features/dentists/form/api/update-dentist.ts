import { useQueryClient } from '@tanstack/react-query';
import { firstRowOrGone, requestErrorOf, throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import type { Dentist } from '../../model/api/get-dentists';
import { dentistKeys } from '../../model/query-keys';
import type { DentistInput } from '../validation';

/**
 * Saves the Edit Dentist form: update by id with all fields plus clinic_id (spec part 1 §7).
 * A dentist deleted meanwhile (row gone, or soft-deleted: RLS does not hide those) matches no
 * row; that is a 'gone' RequestError, not a silent success.
 */
export async function updateDentist(clinicId: number, id: number, input: DentistInput): Promise<Dentist> {
  return firstRowOrGone(
    throwOnError(
      await getSupabase()
        .from('dentists')
        .update({ ...input, clinic_id: clinicId })
        .eq('id', id)
        .eq('clinic_id', clinicId)
        .eq('deleted', false)
        .select('id, clinic_id, name, email, phone, is_active'),
    ),
  );
}

export interface DentistUpdate {
  dentistId: number;
  input: DentistInput;
}

/** One save at a time per dentist; the list is read again after a save, or when the dentist is gone. */
export function useUpdateDentist(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: ({ dentistId }: DentistUpdate) => dentistKeys.update(dentistId),
    mutationFn: ({ dentistId, input }: DentistUpdate) => updateDentist(clinicId, dentistId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dentistKeys.lists() }),
    onError: (error) => {
      if (requestErrorOf(error).kind === 'gone') void queryClient.invalidateQueries({ queryKey: dentistKeys.lists() });
    },
  });
}
