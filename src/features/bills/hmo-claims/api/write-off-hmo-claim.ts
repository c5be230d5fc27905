import { useQueryClient } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { refreshBillingBesideTheLists } from '../../model/api/refresh-changed-invoices';
import { billingKeys } from '../../model/query-keys';

/** Writes off what the HMO has not paid of a claim, with a reason (rpc write_off_hmo_claim, admins only). */
export async function writeOffHmoClaim(claimId: number, reason: string): Promise<void> {
  throwOnError(await getSupabase().rpc('write_off_hmo_claim', { p_claim_id: claimId, p_reason: reason }));
}

/**
 * One write-off at a time per claim; whatever the answer, every billing read of the clinic except the
 * two lists is refreshed.
 */
export function useWriteOffHmoClaim(clinicId: number, claimId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: billingKeys.writeOffHmoClaim(clinicId, claimId),
    mutationFn: (reason: string) => writeOffHmoClaim(claimId, reason),
    onSettled: () => refreshBillingBesideTheLists(queryClient, clinicId),
  });
}
