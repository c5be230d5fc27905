import { useQueryClient } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { refreshBillingBesideTheLists } from '../../model/api/refresh-changed-invoices';
import { billingKeys } from '../../model/query-keys';

/** Records the HMO's denial of a claim with its reason (rpc deny_hmo_claim). */
export async function denyHmoClaim(claimId: number, reason: string): Promise<void> {
  throwOnError(await getSupabase().rpc('deny_hmo_claim', { p_claim_id: claimId, p_reason: reason }));
}

/**
 * One denial at a time per claim; whatever the answer, every billing read of the clinic except the
 * two lists is refreshed.
 */
export function useDenyHmoClaim(clinicId: number, claimId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: billingKeys.denyHmoClaim(clinicId, claimId),
    mutationFn: (reason: string) => denyHmoClaim(claimId, reason),
    onSettled: () => refreshBillingBesideTheLists(queryClient, clinicId),
  });
}
