import { useQueryClient } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { chartKeys } from '../../model/query-keys';

export type PlanDecision = 'accepted' | 'declined';

/**
 * The patient's answer to a proposed item (public.decide_plan_item): the database stamps who and
 * when, and takes a declined item's planned entry off the chart.
 */
export async function decidePlanItem(itemId: number, decision: PlanDecision): Promise<void> {
  throwOnError(await getSupabase().rpc('decide_plan_item', { p_item_id: itemId, p_decision: decision }));
}

/** One decision per item at a time; the chart and the plan are read again after it. */
export function useDecidePlanItem(clinicId: number, patientId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: ({ itemId }: { itemId: number; decision: PlanDecision }) => chartKeys.decide(clinicId, itemId),
    mutationFn: ({ itemId, decision }: { itemId: number; decision: PlanDecision }) => decidePlanItem(itemId, decision),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chartKeys.patient(clinicId, patientId) }),
  });
}
