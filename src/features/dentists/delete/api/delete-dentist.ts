import { useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { dentistKeys } from '../../model/query-keys';
import { dentistDeleteOutcome, type DentistDeleteOutcome } from '../delete-outcome';

/**
 * Delete, as one database function decides it (hard delete, soft delete, blocked by future
 * appointments), so a booking made meanwhile cannot race the check. Never throws: a failed call
 * is the spec's fourth outcome, 'Error checking appointments for this dentist.'
 */
export async function deleteDentist(dentistId: number): Promise<DentistDeleteOutcome> {
  try {
    const { data, error } = await getSupabase().rpc('delete_dentist', { p_dentist_id: dentistId });
    return dentistDeleteOutcome({ data, error });
  } catch (error) {
    return dentistDeleteOutcome({ data: null, error });
  }
}

/** One delete at a time per dentist; unless blocked, the list is read again before it resolves. */
export function useDeleteDentist() {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: (dentistId: number) => dentistKeys.delete(dentistId),
    mutationFn: deleteDentist,
    onSuccess: async (outcome) => {
      if (outcome.kind !== 'blocked') await queryClient.invalidateQueries({ queryKey: dentistKeys.lists() });
    },
  });
}
