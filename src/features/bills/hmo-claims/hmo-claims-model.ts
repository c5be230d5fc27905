/**
 * The HMO claims part as staff read it: batches grouped under their HMO, what each claim's status
 * allows, and a batch as a CSV file. Pure: every number comes from the database's views
 * (hmo_receivables, hmo_claim_batch_summaries, hmo_claim_summaries), never recomputed here.
 */
import { toCsv, type CsvColumn } from '@common/csv';
import { centavosToDecimal } from '@/entities/money';
import type {
  HmoClaimBatchSummaryRow,
  HmoClaimStatus,
  HmoClaimSummaryRow,
  HmoPaymentEntryRow,
  HmoReceivableRow,
} from '@/lib/database.types';
import { HMO_BATCH_CSV_TEXT, HMO_CLAIM_STATUS_LABELS } from './messages';

export type HmoClaimRow = Pick<
  HmoClaimSummaryRow,
  | 'id'
  | 'batch_id'
  | 'invoice_id'
  | 'patient_name'
  | 'visit_date'
  | 'amount_centavos'
  | 'settled_centavos'
  | 'outstanding_centavos'
  | 'status'
  | 'denial_reason'
  | 'written_off_centavos'
  | 'write_off_reason'
  | 'patient_invoice_id'
  | 'patient_billable_centavos'
>;

export type HmoBatchRow = Pick<
  HmoClaimBatchSummaryRow,
  | 'id'
  | 'hmo_id'
  | 'hmo_name'
  | 'opened_at'
  | 'closed_at'
  | 'due_date'
  | 'claim_count'
  | 'claimed_centavos'
  | 'settled_centavos'
  | 'outstanding_centavos'
  | 'overdue'
  | 'written_off_centavos'
>;

export type HmoPaymentRow = Pick<
  HmoPaymentEntryRow,
  | 'id'
  | 'batch_id'
  | 'amount_centavos'
  | 'received_on'
  | 'reference_number'
  | 'recorded_by_name'
  | 'voided_at'
  | 'void_reason'
  | 'voided_by_name'
>;

export type HmoOwedRow = Pick<HmoReceivableRow, 'hmo_id' | 'hmo_name' | 'owed_centavos' | 'overdue_centavos'>;

export interface HmoClaimsOverview {
  receivables: HmoOwedRow[];
  /** Every batch, settled ones included. */
  batches: HmoBatchRow[];
  /** The claims and HMO payments of the batches that are not settled. */
  claims: HmoClaimRow[];
  payments: HmoPaymentRow[];
}

/**
 * A batch that is done with: closed (sent) and owing nothing more (every claim paid, denied,
 * withdrawn or written off). Its claims are shown, and read, only when staff open it.
 */
export const isSettledBatch = (batch: Pick<HmoBatchRow, 'closed_at' | 'outstanding_centavos'>) =>
  batch.closed_at !== null && batch.outstanding_centavos <= 0;

export interface BatchWithClaims {
  batch: HmoBatchRow;
  claims: HmoClaimRow[];
  /** The HMO's payments for the batch, void ones included, in the order received. */
  payments: HmoPaymentRow[];
}

export interface HmoGroup {
  owed: HmoOwedRow;
  batches: BatchWithClaims[];
}

/**
 * One group per HMO in the order of `receivables`, each with its batches newest first and each
 * batch's claims oldest visit first (the order payments settle them) and its payments in the order
 * received.
 */
export function groupByHmo(overview: HmoClaimsOverview): HmoGroup[] {
  const claimsOf = byBatch(overview.claims);
  const paymentsOf = byBatch(overview.payments);
  const byReceived = (a: HmoPaymentRow, b: HmoPaymentRow) =>
    a.received_on === b.received_on ? a.id - b.id : a.received_on < b.received_on ? -1 : 1;
  const byVisit = (a: HmoClaimRow, b: HmoClaimRow) =>
    a.visit_date === b.visit_date ? a.id - b.id : a.visit_date < b.visit_date ? -1 : 1;
  return overview.receivables.map((owed) => ({
    owed,
    batches: overview.batches
      .filter((batch) => batch.hmo_id === owed.hmo_id)
      .toSorted((a, b) => b.id - a.id)
      .map((batch) => ({
        batch,
        claims: (claimsOf.get(batch.id) ?? []).toSorted(byVisit),
        payments: (paymentsOf.get(batch.id) ?? []).toSorted(byReceived),
      })),
  }));
}

function byBatch<Row extends { batch_id: number }>(rows: readonly Row[]): Map<number, Row[]> {
  const of = new Map<number, Row[]>();
  for (const row of rows) {
    const list = of.get(row.batch_id) ?? [];
    list.push(row);
    of.set(row.batch_id, list);
  }
  return of;
}

/** A claim can be denied while the HMO has paid none of it and it is neither denied nor withdrawn. */
export const canDeny = (claim: Pick<HmoClaimRow, 'status'>) => claim.status === 'submitted';

/** What the HMO has not paid of a claim can be written off while the claim still owes it. */
export const canWriteOff = (claim: Pick<HmoClaimRow, 'outstanding_centavos'>) => claim.outstanding_centavos > 0;

/**
 * What the HMO did not pay of a denied or written-off claim can be billed to the patient while the
 * database says there is some to bill (once, until that invoice is void).
 */
export const canBillPatient = (claim: Pick<HmoClaimRow, 'patient_billable_centavos'>) =>
  claim.patient_billable_centavos > 0;

export const claimStatusLabel = (status: HmoClaimStatus) => HMO_CLAIM_STATUS_LABELS[status];

const columns = HMO_BATCH_CSV_TEXT.columns;
const BATCH_COLUMNS: readonly CsvColumn<HmoClaimRow>[] = [
  { header: columns.claim, value: (claim) => claim.id },
  { header: columns.invoice, value: (claim) => claim.invoice_id },
  { header: columns.patient, value: (claim) => claim.patient_name },
  { header: columns.visitDate, value: (claim) => claim.visit_date },
  { header: columns.amount, value: (claim) => centavosToDecimal(claim.amount_centavos) },
  { header: columns.settled, value: (claim) => centavosToDecimal(claim.settled_centavos) },
  { header: columns.outstanding, value: (claim) => centavosToDecimal(claim.outstanding_centavos) },
  { header: columns.status, value: (claim) => claimStatusLabel(claim.status) },
  { header: columns.denialReason, value: (claim) => claim.denial_reason },
];

/** A batch's claims as a CSV file (the shared encoder: BOM, RFC 4180, formula guard), oldest visit first. */
export function batchCsv(claims: readonly HmoClaimRow[]): string {
  return toCsv(BATCH_COLUMNS, claims);
}

export const batchFileName = (batch: Pick<HmoBatchRow, 'id' | 'hmo_name'>) =>
  HMO_BATCH_CSV_TEXT.fileName(batch.hmo_name, batch.id);
