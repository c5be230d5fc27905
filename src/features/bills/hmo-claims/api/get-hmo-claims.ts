import { useQuery } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { readAllRows } from '../../model/api/read-all-rows';
import { billingKeys } from '../../model/query-keys';
import {
  isSettledBatch,
  type HmoBatchRow,
  type HmoClaimRow,
  type HmoClaimsOverview,
  type HmoOwedRow,
  type HmoPaymentRow,
} from '../hmo-claims-model';

const OWED_COLUMNS = 'hmo_id, hmo_name, owed_centavos, overdue_centavos';
const BATCH_COLUMNS =
  'id, hmo_id, hmo_name, opened_at, closed_at, due_date, claim_count, claimed_centavos, settled_centavos, outstanding_centavos, overdue, written_off_centavos';
const CLAIM_COLUMNS =
  'id, batch_id, invoice_id, patient_name, visit_date, amount_centavos, settled_centavos, outstanding_centavos, status, denial_reason, written_off_centavos, write_off_reason, patient_invoice_id, patient_billable_centavos';
const PAYMENT_COLUMNS =
  'id, batch_id, amount_centavos, received_on, reference_number, recorded_by_name, voided_at, void_reason, voided_by_name';

type Client = ReturnType<typeof getSupabase>;

/** The claims and HMO payments of the batches `batchIds` (none when there are none). */
async function entriesOf(
  supabase: Client,
  clinicId: number,
  batchIds: readonly number[],
): Promise<Pick<HmoClaimsOverview, 'claims' | 'payments'>> {
  if (batchIds.length === 0) return { claims: [], payments: [] };
  const [claims, payments] = await Promise.all([
    readAllRows((from, to, withCount) =>
      supabase
        .from('hmo_claim_summaries')
        .select(CLAIM_COLUMNS, withCount ? { count: 'exact' } : undefined)
        .eq('clinic_id', clinicId)
        .in('batch_id', batchIds)
        .order('id')
        .range(from, to),
    ),
    readAllRows((from, to, withCount) =>
      supabase
        .from('hmo_payment_entries')
        .select(PAYMENT_COLUMNS, withCount ? { count: 'exact' } : undefined)
        .eq('clinic_id', clinicId)
        .in('batch_id', batchIds)
        .order('id')
        .range(from, to),
    ),
  ]);
  return { claims: claims as HmoClaimRow[], payments: payments as HmoPaymentRow[] };
}

/**
 * The clinic's HMO claims as the database derives them: per HMO what it owes and what is overdue
 * (view hmo_receivables) and its batches (hmo_claim_batch_summaries), then the claims
 * (hmo_claim_summaries) and HMO payments (hmo_payment_entries, void ones included) of the batches
 * still in play (isSettledBatch: a clinic's settled batches pile up by the year, and their claims
 * are read when staff open one, useHmoBatchEntries).
 */
export async function getHmoClaims(clinicId: number): Promise<HmoClaimsOverview> {
  const supabase = getSupabase();
  const [receivables, batches] = await Promise.all([
    supabase.from('hmo_receivables').select(OWED_COLUMNS).eq('clinic_id', clinicId).order('hmo_name'),
    readAllRows((from, to, withCount) =>
      supabase
        .from('hmo_claim_batch_summaries')
        .select(BATCH_COLUMNS, withCount ? { count: 'exact' } : undefined)
        .eq('clinic_id', clinicId)
        .order('id', { ascending: false })
        .range(from, to),
    ),
  ]);
  const owed = (throwOnError(receivables) ?? []) as HmoOwedRow[];
  const allBatches = batches as HmoBatchRow[];
  const inPlay = allBatches.filter((batch) => !isSettledBatch(batch)).map((batch) => batch.id);
  return { receivables: owed, batches: allBatches, ...(await entriesOf(supabase, clinicId, inPlay)) };
}

export function useHmoClaims(clinicId: number) {
  return useQuery({ queryKey: billingKeys.hmoClaims(clinicId), queryFn: () => getHmoClaims(clinicId) });
}

/** A settled batch's claims and HMO payments, read while staff have it open (`enabled`). */
export function useHmoBatchEntries(clinicId: number, batchId: number, enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.hmoBatchEntries(clinicId, batchId),
    queryFn: () => entriesOf(getSupabase(), clinicId, [batchId]),
    enabled,
  });
}
