import { useQueryClient } from '@tanstack/react-query';
import { firstRowOrGone, throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { chartKeys } from '../../model/query-keys';

/**
 * Takes an entry off the chart from now on: removed_at (the one change an entry takes; the
 * database stamps when and by whom, and the entry stays in the chart of earlier days).
 */
export async function removeChartEntry(clinicId: number, entryId: number): Promise<void> {
  const rows = throwOnError(
    await getSupabase()
      .from('chart_entries')
      .update({ removed_at: new Date().toISOString() })
      .eq('id', entryId)
      .eq('clinic_id', clinicId)
      .is('removed_at', null)
      .select('id'),
  );
  firstRowOrGone(rows);
}

export function useRemoveChartEntry(clinicId: number, patientId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: (entryId: number) => chartKeys.remove(clinicId, entryId),
    mutationFn: (entryId: number) => removeChartEntry(clinicId, entryId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chartKeys.patient(clinicId, patientId) }),
  });
}
