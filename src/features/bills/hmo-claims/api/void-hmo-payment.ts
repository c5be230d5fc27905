import { useQueryClient } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { refreshBillingBesideTheLists } from '../../model/api/refresh-changed-invoices';
import { billingKeys } from '../../model/query-keys';

/** Voids a wrongly recorded HMO payment with a reason (rpc void_hmo_payment, admins only). */
export async function voidHmoPayment(paymentId: number, reason: string): Promise<void> {
  throwOnError(await getSupabase().rpc('void_hmo_payment', { p_hmo_payment_id: paymentId, p_reason: reason }));
}

/**
 * One void at a time per payment (a double click voids once). Whatever the answer the clinic's
 * billing reads except the two lists are refreshed: a refusal such as 'already void' means the list
 * is out of date.
 */
export function useVoidHmoPayment(clinicId: number, paymentId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: billingKeys.voidHmoPayment(clinicId, paymentId),
    mutationFn: (reason: string) => voidHmoPayment(paymentId, reason),
    onSettled: () => refreshBillingBesideTheLists(queryClient, clinicId),
  });
}
