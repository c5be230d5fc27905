import { useQueryClient } from '@tanstack/react-query';
import { firstRowOrGone, throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import type { Dentist } from '../../model/api/get-dentists';
import { dentistKeys } from '../../model/query-keys';

type ToggledDentist = Pick<Dentist, 'id' | 'clinic_id' | 'is_active'>;

/** The Status cell: update is_active flipped. Returns the new state. */
export async function toggleDentistStatus(dentist: ToggledDentist): Promise<boolean> {
  const updated = firstRowOrGone(
    throwOnError(
      await getSupabase()
        .from('dentists')
        .update({ is_active: !dentist.is_active })
        .eq('id', dentist.id)
        .eq('clinic_id', dentist.clinic_id)
        .eq('deleted', false)
        .select('is_active'),
    ),
  );
  return updated.is_active;
}

/**
 * Toggles one dentist at a time per row: a second click on a row whose toggle is still on its
 * way is ignored (it would flip the status back), other rows stay clickable. The list is read
 * again whether it worked or not. `isPendingFor(dentistKeys.toggleStatus(id))` marks a row busy.
 */
export function useToggleDentistStatus() {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: (dentist: ToggledDentist) => dentistKeys.toggleStatus(dentist.id),
    mutationFn: toggleDentistStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dentistKeys.lists() }),
  });
}
