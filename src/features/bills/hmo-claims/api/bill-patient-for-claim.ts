import { useQueryClient } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { refreshAfterSave, refreshBillingBesideTheLists } from '../../model/api/refresh-changed-invoices';
import { newIdempotencyKey } from '../../model/idempotency-key';
import { billingKeys } from '../../model/query-keys';

/**
 * Bills the patient for what the HMO did not pay of a denied or written-off claim (rpc
 * bill_patient_for_hmo_claim): a new invoice of theirs, whose id it answers. The key makes a retry
 * of the same click answer the same invoice.
 */
export async function billPatientForClaim(claimId: number, idempotencyKey: string): Promise<number> {
  return throwOnError(
    await getSupabase().rpc('bill_patient_for_hmo_claim', { p_claim_id: claimId, p_idempotency_key: idempotencyKey }),
  );
}

/**
 * One claim billed at a time; the new invoice is read into the Billing lists, and the claims (now
 * naming it) with every other billing read but the lists.
 */
export function useBillPatientForClaim(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: billingKeys.billPatientForClaim(clinicId),
    mutationFn: (claimId: number) => billPatientForClaim(claimId, newIdempotencyKey()),
    onSettled: (invoiceId) =>
      typeof invoiceId === 'number'
        ? refreshAfterSave(queryClient, clinicId, [invoiceId])
        : refreshBillingBesideTheLists(queryClient, clinicId),
  });
}
