import { useQueryClient } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { refreshBillingBesideTheLists } from '../../model/api/refresh-changed-invoices';
import { billingKeys } from '../../model/query-keys';

/** Closes (sends) a billing batch (rpc close_hmo_claim_batch): the HMO's next claim opens a new one. */
export async function closeHmoBatch(batchId: number): Promise<void> {
  throwOnError(await getSupabase().rpc('close_hmo_claim_batch', { p_batch_id: batchId }));
}

export function useCloseHmoBatch(clinicId: number, batchId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: billingKeys.closeHmoBatch(clinicId, batchId),
    mutationFn: () => closeHmoBatch(batchId),
    onSettled: () => refreshBillingBesideTheLists(queryClient, clinicId),
  });
}
