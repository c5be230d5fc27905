import { useQueryClient } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { dentistKeys } from '../../model/query-keys';

/**
 * Deletes one block by id and clinic_id. A block already gone (deleted in another tab) is what the
 * user asked for, so no rows deleted is not an error.
 */
export async function deleteAvailabilityBlock(clinicId: number, blockId: number): Promise<void> {
  throwOnError(await getSupabase().from('dentist_availability').delete().eq('id', blockId).eq('clinic_id', clinicId));
}

export interface BlockDeletion {
  dentistId: number;
  blockId: number;
}

/** One delete at a time per block; the dentist's blocks are read again before it resolves. */
export function useDeleteAvailabilityBlock(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: ({ blockId }: BlockDeletion) => dentistKeys.deleteAvailabilityBlock(blockId),
    mutationFn: ({ blockId }: BlockDeletion) => deleteAvailabilityBlock(clinicId, blockId),
    onSuccess: (_result, { dentistId }) =>
      queryClient.invalidateQueries({ queryKey: dentistKeys.availability(clinicId, dentistId) }),
  });
}
