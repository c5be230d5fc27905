import { useQueryClient } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { waitlistKeys } from '../../model/query-keys';
import type { EntryInput } from '../entry-form';

/** Puts a patient on the clinic's waitlist (status waiting; the database checks dates, patient and dentist). */
export async function addWaitlistEntry(clinicId: number, input: EntryInput): Promise<{ id: number }> {
  return throwOnError(
    await getSupabase()
      .from('waitlist_entries')
      .insert({ ...input, clinic_id: clinicId })
      .select('id')
      .single(),
  );
}

/** One insert at a time: a double-click on Save adds one entry. The list is read again before it resolves. */
export function useAddWaitlistEntry(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: waitlistKeys.add(clinicId),
    mutationFn: (input: EntryInput) => addWaitlistEntry(clinicId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.entries(clinicId) }),
  });
}
