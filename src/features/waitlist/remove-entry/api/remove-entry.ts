import { useQueryClient } from '@tanstack/react-query';
import { firstRowOrGone, throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { waitlistKeys } from '../../model/query-keys';

/**
 * Takes an entry off the waitlist: status 'removed' (the one change staff may make; the database
 * stamps who and when, and withdraws an open offer). An entry that is not there answers 'gone'.
 */
export async function removeWaitlistEntry(clinicId: number, entryId: number): Promise<void> {
  const rows = throwOnError(
    await getSupabase()
      .from('waitlist_entries')
      .update({ status: 'removed' })
      .eq('id', entryId)
      .eq('clinic_id', clinicId)
      .select('id'),
  );
  firstRowOrGone(rows);
}

export function useRemoveWaitlistEntry(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: (entryId: number) => waitlistKeys.remove(clinicId, entryId),
    mutationFn: (entryId: number) => removeWaitlistEntry(clinicId, entryId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.entries(clinicId) }),
  });
}
