import { useQuery } from '@tanstack/react-query';
import type { InvoiceSummaryRow } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { billingKeys } from '../../model/query-keys';

export type InvoiceBalance = Pick<
  InvoiceSummaryRow,
  'id' | 'patient_id' | 'total_centavos' | 'paid_centavos' | 'balance_centavos' | 'status' | 'voided_at'
>;

/** One invoice's current balance, as the database derives it (view `invoice_summaries`). */
export async function getInvoiceBalance(clinicId: number, invoiceId: number): Promise<InvoiceBalance | null> {
  return throwOnError(
    await getSupabase()
      .from('invoice_summaries')
      .select('id, patient_id, total_centavos, paid_centavos, balance_centavos, status, voided_at')
      .eq('clinic_id', clinicId)
      .eq('id', invoiceId)
      .maybeSingle(),
  );
}

/** Read afresh each time Add Payment opens (another device may have taken a payment since). */
export function useInvoiceBalance(clinicId: number, invoiceId: number) {
  return useQuery({
    queryKey: billingKeys.invoice(clinicId, invoiceId),
    queryFn: () => getInvoiceBalance(clinicId, invoiceId),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
