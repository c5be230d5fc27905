import { useQueryClient } from '@tanstack/react-query';
import { centavosToDecimal } from '@/entities/money';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { refreshBillingBesideTheLists } from '../../model/api/refresh-changed-invoices';
import { billingKeys } from '../../model/query-keys';

export interface NewHmoPayment {
  batchId: number;
  amountCentavos: number;
  /** The clinic day the money was received, 'YYYY-MM-DD'. */
  receivedOn: string;
  reference: string | null;
  /**
   * One per opened form, kept across retries: a repeat of the same values answers the payment it
   * made; one with other values (or after that payment was voided) is refused with its id.
   */
  idempotencyKey: string;
}

/**
 * Records an HMO's payment against a batch (rpc record_hmo_payment), which settles its claims
 * oldest visit first in the database; the amount goes as a decimal string. Answers the payment's id.
 */
export async function recordHmoPayment(payment: NewHmoPayment): Promise<number> {
  const answer = await getSupabase().rpc('record_hmo_payment', {
    p_batch_id: payment.batchId,
    p_amount: centavosToDecimal(payment.amountCentavos),
    p_received_on: payment.receivedOn,
    p_reference_number: payment.reference,
    p_idempotency_key: payment.idempotencyKey,
  });
  return throwOnError(answer);
}

/**
 * One save at a time per batch's form; every billing read of the clinic except the two lists is read
 * again after it.
 */
export function useRecordHmoPayment(clinicId: number, batchId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: billingKeys.recordHmoPayment(clinicId, batchId),
    mutationFn: recordHmoPayment,
    onSettled: () => refreshBillingBesideTheLists(queryClient, clinicId),
  });
}
