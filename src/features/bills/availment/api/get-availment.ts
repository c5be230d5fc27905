import { useQuery } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { availmentSchema, type Availment } from '../availment';

/**
 * The invoice's availment form from `hmo_availment` (row-level security applies: another clinic's
 * invoice answers null, as a missing one does; one not billed to an HMO is refused with its code).
 */
export async function getAvailment(invoiceId: number): Promise<Availment | null> {
  const data = throwOnError(await getSupabase().rpc('hmo_availment', { p_invoice_id: invoiceId }));
  if (data === null) return null;
  return availmentSchema.parse(data);
}

/** The availment page's read; the page is outside the dashboard, under no clinic. */
export function useAvailment(invoiceId: number | null) {
  return useQuery({
    queryKey: ['availment', invoiceId],
    queryFn: () => getAvailment(invoiceId!),
    enabled: invoiceId !== null,
    retry: 1,
  });
}
