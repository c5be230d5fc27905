import { useQuery } from '@tanstack/react-query';
import type { InvoiceSummaryRow } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { billingKeys } from '../../model/query-keys';

export type PatientInvoice = Pick<
  InvoiceSummaryRow,
  'id' | 'total_centavos' | 'paid_centavos' | 'balance_centavos' | 'status' | 'voided_at' | 'hmo_share_centavos'
>;

/**
 * The patient's invoices, newest first, with paid, balance and status as the database computes
 * them (view `invoice_summaries`, one read).
 */
export async function getPatientInvoices(clinicId: number, patientId: number): Promise<PatientInvoice[]> {
  return throwOnError(
    await getSupabase()
      .from('invoice_summaries')
      .select('id, total_centavos, paid_centavos, balance_centavos, status, voided_at, hmo_share_centavos')
      .eq('clinic_id', clinicId)
      .eq('patient_id', patientId)
      .order('id', { ascending: false }),
  );
}

/** Read each time the history opens; under the clinic's billing keys, so a payment or void refreshes it. */
export function usePatientInvoices(clinicId: number, patientId: number) {
  return useQuery({
    queryKey: billingKeys.patientInvoices(clinicId, patientId),
    queryFn: () => getPatientInvoices(clinicId, patientId),
    staleTime: 0,
  });
}
