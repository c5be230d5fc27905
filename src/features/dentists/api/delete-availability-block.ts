import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getSupabase } from '@/lib/supabase';
import { useAction } from '@/lib/use-action';
import { dentistKeys } from '../query-keys';

/**
 * Deletes one block by id and clinic_id (spec part 1 §7). A block already gone (deleted in
 * another tab) is what the user asked for, so no rows deleted is not an error.
 */
export async function deleteAvailabilityBlock(clinicId: number, blockId: number): Promise<void> {
  const { error } = await getSupabase()
    .from('dentist_availability')
    .delete()
    .eq('id', blockId)
    .eq('clinic_id', clinicId);
  if (error) throw error;
}

export function useDeleteAvailabilityBlock() {
  const queryClient = useQueryClient();
  const operation = useCallback(
    async (clinicId: number, dentistId: number, blockId: number) => {
      await deleteAvailabilityBlock(clinicId, blockId);
      await queryClient.invalidateQueries({ queryKey: dentistKeys.availability(clinicId, dentistId) });
    },
    [queryClient],
  );
  return useAction(operation);
}
