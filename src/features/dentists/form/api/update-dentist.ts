import { useQueryClient } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import type { Dentist } from '../../model/api/get-dentists';
import { dentistKeys } from '../../model/query-keys';
import type { DentistInput } from '../dentist-form';
import { DENTIST_COLUMNS } from './get-dentist';

/**
 * Saves the Edit Dentist form: update by id with all fields plus clinic_id, only
 * while the dentist still holds what the form was opened with (`opened`), so a save never undoes
 * unseen what someone else saved meanwhile (Active toggled in the list, a corrected phone). The
 * saved row, or null when the update matched nothing: the dentist was changed or deleted
 * meanwhile (row gone, or soft-deleted: RLS does not hide those), and ../save-dentist.ts reads it
 * again to tell which; never a silent success.
 */
export async function updateDentist(
  clinicId: number,
  id: number,
  input: DentistInput,
  opened: DentistInput,
): Promise<Dentist | null> {
  const rows = throwOnError(
    await getSupabase()
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
  return rows[0] ?? null;
}

export interface DentistUpdate {
  dentistId: number;
  input: DentistInput;
  /** What the form was opened with (or last brought up to date with). */
  opened: DentistInput;
}

/** One save at a time per dentist; the list is read again after a save. */
export function useUpdateDentist(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: ({ dentistId }: DentistUpdate) => dentistKeys.update(dentistId),
    mutationFn: ({ dentistId, input, opened }: DentistUpdate) => updateDentist(clinicId, dentistId, input, opened),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dentistKeys.lists() }),
  });
}
