import { useQueryClient } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { dentistKeys } from '../../model/query-keys';
import type { BlockRun } from '../blocked-runs';

/**
 * Replaces the dentist's blocks of one date, atomically, with one RPC (`save_availability_day`):
 * one block per run of blocked hours; an empty list clears the day (Delete all).
 */
export async function saveAvailabilityDay(dentistId: number, date: string, blocks: readonly BlockRun[]): Promise<void> {
  throwOnError(
    await getSupabase().rpc('save_availability_day', {
      p_dentist_id: dentistId,
      p_date: date,
      p_blocks: [...blocks],
    }),
  );
}

export interface AvailabilityDay {
  dentistId: number;
  date: string;
  blocks: readonly BlockRun[];
}

/** One save (or Delete all) at a time per dentist; the blocks are read again before it resolves. */
export function useSaveAvailabilityDay(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: ({ dentistId }: AvailabilityDay) => dentistKeys.saveAvailabilityDay(dentistId),
    mutationFn: ({ dentistId, date, blocks }: AvailabilityDay) => saveAvailabilityDay(dentistId, date, blocks),
    onSuccess: (_result, { dentistId }) =>
      queryClient.invalidateQueries({ queryKey: dentistKeys.availability(clinicId, dentistId) }),
  });
}
