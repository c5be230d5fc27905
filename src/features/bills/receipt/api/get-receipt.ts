import { useQuery } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { receiptSchema, type Receipt } from '../receipt';

/**
 * The payment's receipt from `payment_receipt` (row-level security applies: a payment of another
 * clinic answers null, as a missing one does). An answer of another shape is an error, not a
 * receipt with blanks.
 */
export async function getReceipt(paymentId: number): Promise<Receipt | null> {
  const data = throwOnError(await getSupabase().rpc('payment_receipt', { p_payment_id: paymentId }));
  if (data === null) return null;
  return receiptSchema.parse(data);
}

/** The receipt page's read; the page is outside the dashboard, under no clinic. */
export function useReceipt(paymentId: number | null) {
  return useQuery({
    queryKey: ['receipt', paymentId],
    queryFn: () => getReceipt(paymentId!),
    enabled: paymentId !== null,
    retry: 1,
  });
}
