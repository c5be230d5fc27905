import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';

/** A row of hmo_claim_summaries as the tests read it. */
export interface ClaimRow {
  id: number;
  batch_id: number;
  invoice_id: number;
  visit_date: string;
  amount_centavos: number;
  settled_centavos: number;
  outstanding_centavos: number;
  status: string;
  denial_reason: string | null;
  written_off_centavos: number;
  write_off_reason: string | null;
  patient_invoice_id: number | null;
  patient_billable_centavos: number;
}

/** A row of hmo_claim_batch_summaries as the tests read it. */
export interface BatchRow {
  hmo_id: number;
  first_visit_date: string | null;
  due_date: string | null;
  claim_count: number;
  claimed_centavos: number;
  settled_centavos: number;
  outstanding_centavos: number;
  overdue: boolean;
  closed_at: string | null;
  written_off_centavos: number;
}

/** A row of hmo_receivables (what an HMO owes the clinic) as the tests read it. */
export interface ReceivableRow {
  owed_centavos: number;
  overdue_centavos: number;
  overdue_batch_count: number;
}

/**
 * Who writes (the service, as billing will) and who reads and records HMO payments (a
 * receptionist), in which clinic.
 */
export interface HmoClaimsContext {
  service: SupabaseClient;
  reader: SupabaseClient;
  clinicId: number;
}

/**
 * The data of the HMO claims tests, each call its own: an HMO, an invoice with an HMO share (its
 * claim), and the claim and batch as the views answer them. `context` is read at each call, so it
 * can be filled in beforeAll.
 */
export function hmoClaimsFixtures(context: () => HmoClaimsContext) {
  const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

  async function newHmo(claimDeadlineDays = 30): Promise<number> {
    const { service, clinicId } = context();
    const { data, error } = await service
      .from('hmos')
      .insert({ clinic_id: clinicId, name: unique('Claims HMO'), claim_deadline_days: claimDeadlineDays })
      .select('id')
      .single();
    if (error) throw error;
    return data.id as number;
  }

  async function newPatient(): Promise<number> {
    const { service, clinicId } = context();
    const { data, error } = await service
      .from('patients')
      .insert({ clinic_id: clinicId, name: unique('Claimant'), phone: '0917 555 0101' })
      .select('id')
      .single();
    if (error) throw error;
    return data.id as number;
  }

  /** An invoice of `hmoShare` for the HMO, made at noon (Manila) of `visitDate`, as billing writes one. */
  async function invoiceWithShare(hmoId: number, hmoShare: string, visitDate: string, total = '100.00') {
    const { service, clinicId } = context();
    const { data, error } = await service
      .from('invoices')
      .insert({
        clinic_id: clinicId,
        patient_id: await newPatient(),
        total,
        hmo_id: hmoId,
        hmo_share: hmoShare,
        created_at: `${visitDate}T12:00:00+08:00`,
      })
      .select('id')
      .single();
    if (error) throw error;
    return data.id as number;
  }

  async function claimOf(invoiceId: number, client = context().reader): Promise<ClaimRow> {
    const { data, error } = await client.from('hmo_claim_summaries').select('*').eq('invoice_id', invoiceId).single();
    if (error) throw error;
    return data as ClaimRow;
  }

  async function batchOf(batchId: number): Promise<BatchRow> {
    const { data, error } = await context()
      .reader.from('hmo_claim_batch_summaries')
      .select('*')
      .eq('id', batchId)
      .single();
    if (error) throw error;
    return data as BatchRow;
  }

  async function receivableOf(hmoId: number): Promise<ReceivableRow> {
    const { data, error } = await context().reader.from('hmo_receivables').select('*').eq('hmo_id', hmoId).single();
    if (error) throw error;
    return data as ReceivableRow;
  }

  /** Records the HMO's payment of `amount` on the batch as the HMO Payments form does; answers its id. */
  async function recordPayment(batchId: number, amount: string, receivedOn = '2026-10-05'): Promise<number> {
    const { data, error } = await context().reader.rpc('record_hmo_payment', {
      p_batch_id: batchId,
      p_amount: amount,
      p_received_on: receivedOn,
      p_reference_number: 'CHK-1',
      p_idempotency_key: randomUUID(),
    });
    if (error) throw error;
    return data as number;
  }

  return { newHmo, newPatient, invoiceWithShare, claimOf, batchOf, receivableOf, recordPayment };
}
