import { useQuery } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { readAllRows } from '../../model/api/read-all-rows';
import { billingKeys } from '../../model/query-keys';
import type { HmoBatchRow, HmoClaimRow, HmoClaimsOverview, HmoOwedRow, HmoPaymentRow } from '../hmo-claims-model';

const OWED_COLUMNS = 'hmo_id, hmo_name, owed_centavos, overdue_centavos';
const BATCH_COLUMNS =
  'id, hmo_id, hmo_name, opened_at, closed_at, due_date, claim_count, claimed_centavos, settled_centavos, outstanding_centavos, overdue, written_off_centavos';
const CLAIM_COLUMNS =
  'id, batch_id, invoice_id, patient_name, visit_date, amount_centavos, settled_centavos, outstanding_centavos, status, denial_reason, written_off_centavos, write_off_reason';
const PAYMENT_COLUMNS =
  'id, batch_id, amount_centavos, received_on, reference_number, recorded_by_name, voided_at, void_reason, voided_by_name';

/**
 * The clinic's HMO claims as the database derives them: per HMO what it owes and what is overdue
 * (view hmo_receivables), its batches (hmo_claim_batch_summaries) and their claims
 * (hmo_claim_summaries) and the HMO's payments (hmo_payment_entries, void ones included), read together
 * so they agree.
 */
export async function getHmoClaims(clinicId: number): Promise<HmoClaimsOverview> {
  const supabase = getSupabase();
  const [receivables, batches, claims, payments] = await Promise.all([
    supabase.from('hmo_receivables').select(OWED_COLUMNS).eq('clinic_id', clinicId).order('hmo_name'),
    readAllRows((from, to, withCount) =>
      supabase
        .from('hmo_claim_batch_summaries')
        .select(BATCH_COLUMNS, withCount ? { count: 'exact' } : undefined)
        .eq('clinic_id', clinicId)
        .order('id', { ascending: false })
        .range(from, to),
    ),
    readAllRows((from, to, withCount) =>
      supabase
        .from('hmo_claim_summaries')
        .select(CLAIM_COLUMNS, withCount ? { count: 'exact' } : undefined)
        .eq('clinic_id', clinicId)
        .order('id')
        .range(from, to),
    ),
    readAllRows((from, to, withCount) =>
      supabase
        .from('hmo_payment_entries')
        .select(PAYMENT_COLUMNS, withCount ? { count: 'exact' } : undefined)
        .eq('clinic_id', clinicId)
        .order('id')
        .range(from, to),
    ),
  ]);
  return {
    receivables: (throwOnError(receivables) ?? []) as HmoOwedRow[],
    batches: batches as HmoBatchRow[],
    claims: claims as HmoClaimRow[],
    payments: payments as HmoPaymentRow[],
  };
}

export function useHmoClaims(clinicId: number) {
  return useQuery({ queryKey: billingKeys.hmoClaims(clinicId), queryFn: () => getHmoClaims(clinicId) });
}
