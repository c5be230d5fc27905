import { useQueryClient } from '@tanstack/react-query';
import type { AvailabilityRowRead } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { dentistKeys } from '../../model/query-keys';
import type { BlockRun } from '../blocked-runs';

/**
 * Replaces the dentist's blocks of one date, atomically, with one RPC (`save_availability_day`):
 * one block per run of blocked hours; an empty list clears the day (Delete all). `read` is the
 * date's rows as the grid read them: the database refuses (`availability_changed`) when another
 * desk has changed the day since, rather than undo that change unseen.
 */
export async function saveAvailabilityDay(
  dentistId: number,
  date: string,
  blocks: readonly BlockRun[],
  read: readonly AvailabilityRowRead[],
): Promise<void> {
  throwOnError(
    await getSupabase().rpc('save_availability_day', {
      p_dentist_id: dentistId,
      p_date: date,
      p_blocks: [...blocks],
      p_read: read.map(({ start_time, end_time, is_available }) => ({ start_time, end_time, is_available })),
    }),
  );
}

export interface AvailabilityDay {
  dentistId: number;
  date: string;
  blocks: readonly BlockRun[];
  /** The date's rows as read, whatever else they carry. */
  read: readonly AvailabilityRowRead[];
}

/** One save (or Delete all) at a time per dentist; the blocks are read again before it resolves. */
export function useSaveAvailabilityDay(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: ({ dentistId }: AvailabilityDay) => dentistKeys.saveAvailabilityDay(dentistId),
    mutationFn: ({ dentistId, date, blocks, read }: AvailabilityDay) =>
      saveAvailabilityDay(dentistId, date, blocks, read),
    onSuccess: (_result, { dentistId }) =>
      queryClient.invalidateQueries({ queryKey: dentistKeys.availability(clinicId, dentistId) }),
  });
}
