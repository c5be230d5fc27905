import { useQueryClient } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { dentistKeys } from '../../model/query-keys';

/**
 * Deletes one block by id, with one RPC (`delete_availability_block`: browsers do not write the
 * table). A block no longer there (deleted at another desk, or its day saved anew there) is
 * refused as availability_changed: the manager reads the day again.
 */
export async function deleteAvailabilityBlock(blockId: number): Promise<void> {
  throwOnError(await getSupabase().rpc('delete_availability_block', { p_block_id: blockId }));
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
    mutationFn: ({ blockId }: BlockDeletion) => deleteAvailabilityBlock(blockId),
    onSuccess: (_result, { dentistId }) =>
      queryClient.invalidateQueries({ queryKey: dentistKeys.availability(clinicId, dentistId) }),
  });
}
