import { useQueryClient } from '@tanstack/react-query';
import { ChangedMeanwhileError, firstRowOrGone, requestErrorOf, throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import type { Dentist } from '../../model/api/get-dentists';
import { dentistKeys } from '../../model/query-keys';
import type { DentistInput } from '../validation';

const DENTIST_COLUMNS = 'id, clinic_id, name, email, phone, is_active';

/** The dentist was saved by someone else after the form opened. */
export class DentistChangedError extends ChangedMeanwhileError<Dentist> {}

/**
 * Saves the Edit Dentist form: update by id with all fields plus clinic_id (spec part 1 §7), only
 * while the dentist still holds what the form was opened with (`opened`), so a save never undoes
 * unseen what someone else saved meanwhile (Active toggled in the list, a corrected phone). A
 * dentist deleted meanwhile (row gone, or soft-deleted: RLS does not hide those) matches no row;
 * that is a 'gone' RequestError, not a silent success. One changed meanwhile is a
 * DentistChangedError with the stored values.
 */
export async function updateDentist(
  clinicId: number,
  id: number,
  input: DentistInput,
  opened: DentistInput,
): Promise<Dentist> {
  const supabase = getSupabase();
  const rows = throwOnError(
    await supabase
      .from('dentists')
      .update({ ...input, clinic_id: clinicId })
      .eq('id', id)
      .eq('clinic_id', clinicId)
      .eq('deleted', false)
      .eq('name', opened.name)
      .eq('email', opened.email)
      .eq('phone', opened.phone)
      .eq('is_active', opened.is_active)
      .select(DENTIST_COLUMNS),
  );
  if (rows.length > 0) return rows[0]!;
  const current = throwOnError(
    await supabase.from('dentists').select(DENTIST_COLUMNS).eq('id', id).eq('clinic_id', clinicId).eq('deleted', false),
  );
  throw new DentistChangedError(firstRowOrGone(current));
}

export interface DentistUpdate {
  dentistId: number;
  input: DentistInput;
  /** What the form was opened with (or last brought up to date with). */
  opened: DentistInput;
}

/**
 * One save at a time per dentist; the list is read again after a save, or when the dentist is
 * gone or was changed meanwhile.
 */
export function useUpdateDentist(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: ({ dentistId }: DentistUpdate) => dentistKeys.update(dentistId),
    mutationFn: ({ dentistId, input, opened }: DentistUpdate) => updateDentist(clinicId, dentistId, input, opened),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dentistKeys.lists() }),
    onError: (error) => {
      if (error instanceof DentistChangedError || requestErrorOf(error).kind === 'gone')
        void queryClient.invalidateQueries({ queryKey: dentistKeys.lists() });
    },
  });
}
