import { useQueryClient } from '@tanstack/react-query';
import { firstRowOrGone, throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { openFlagsKey } from '../../model/api/open-flags';
import { appointmentKeys } from '../../model/query-keys';

/**
 * Marks the flag handled (RLS lets staff of the clinic set resolved_at only). A flag resolved
 * meanwhile (the appointment cancelled, a colleague) is a 'gone' RequestError.
 */
export async function resolveFlag(clinicId: number, flagId: number): Promise<void> {
  firstRowOrGone(
    throwOnError(
      await getSupabase()
        .from('appointment_flags')
        .update({ resolved_at: new Date().toISOString() })
        .eq('id', flagId)
        .eq('clinic_id', clinicId)
        .is('resolved_at', null)
        .select('id'),
    ),
  );
}

/** One resolve per flag at a time; the flags are read again either way. */
export function useResolveFlag(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: (flagId: number) => [...appointmentKeys.all, 'resolve-flag', flagId] as const,
    mutationFn: (flagId: number) => resolveFlag(clinicId, flagId),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: openFlagsKey(clinicId) });
    },
  });
}
