import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getSupabase } from '@/lib/supabase';
import { useAction } from '@/lib/use-action';
import { dentistDeleteOutcome, type DentistDeleteOutcome } from '../delete-outcome';
import { dentistKeys } from '../query-keys';

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

export function useDeleteDentist() {
  const queryClient = useQueryClient();
  const operation = useCallback(
    async (dentistId: number) => {
      const outcome = await deleteDentist(dentistId);
      if (outcome.kind !== 'blocked') await queryClient.invalidateQueries({ queryKey: dentistKeys.lists() });
      return outcome;
    },
    [queryClient],
  );
  return useAction(operation);
}
