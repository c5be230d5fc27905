import { useQueryClient } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { chartKeys } from '../../model/query-keys';

/**
 * Takes an open item off the plan (public.withdraw_plan_item, dentists and admins): the database
 * deletes it and removes its planned entry from the chart as of now.
 */
export async function withdrawPlanItem(itemId: number): Promise<void> {
  throwOnError(await getSupabase().rpc('withdraw_plan_item', { p_item_id: itemId }));
}

/** One withdrawal per item at a time; the chart and the plan are read again after it. */
export function useWithdrawPlanItem(clinicId: number, patientId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: (itemId: number) => chartKeys.withdraw(clinicId, itemId),
    mutationFn: (itemId: number) => withdrawPlanItem(itemId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chartKeys.patient(clinicId, patientId) }),
  });
}
