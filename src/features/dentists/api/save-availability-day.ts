import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getSupabase } from '@/lib/supabase';
import { useAction } from '@/lib/use-action';
import type { BlockRun } from '../availability/blocked-runs';
import { dentistKeys } from '../query-keys';

/**
 * Replaces the dentist's blocks of one date, atomically, with one RPC (`save_availability_day`):
 * one block per run of blocked hours; an empty list clears the day (Delete all).
 */
export async function saveAvailabilityDay(dentistId: number, date: string, blocks: readonly BlockRun[]): Promise<void> {
  const { error } = await getSupabase().rpc('save_availability_day', {
    p_dentist_id: dentistId,
    p_date: date,
    p_blocks: [...blocks],
  });
  if (error) throw error;
}

export function useSaveAvailabilityDay() {
  const queryClient = useQueryClient();
  const operation = useCallback(
    async (clinicId: number, dentistId: number, date: string, blocks: readonly BlockRun[]) => {
      await saveAvailabilityDay(dentistId, date, blocks);
      await queryClient.invalidateQueries({ queryKey: dentistKeys.availability(clinicId, dentistId) });
    },
    [queryClient],
  );
  return useAction(operation);
}
