/**
 * Billing the patient for what the HMO did not pay (bill_patient_for_hmo_claim, in
 * supabase/migrations/20261201000500_billing.sql; docs/adr/0064-billing-the-patient-for-an-unpaid-claim.md)
 * through the calls the SPA makes: a denied claim and the rest of a written-off one become a new
 * invoice of the patient's, split like any other (a senior's discount applies), once per claim; a
 * repeated key answers the same invoice; what cannot be billed is refused by code; and voiding the
 * claim's invoice or the HMO payment behind the write-off waits until the patient's invoice is void.
 * Runs on PGlite and, with TEST_DATABASE_URL, on a real PostgreSQL server.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../support/database.ts';
import { hmoClaimsFixtures } from '../../support/hmo-claims.ts';
import { startDemoStack } from '../../support/service.ts';
import type { TestStack } from '../../support/stack.ts';

describe.each(databaseTargets())('billing the patient for an unpaid HMO claim on %s', (target) => {
  let stack: TestStack;
  let service: SupabaseClient;
  let reception: SupabaseClient;
  let admin: SupabaseClient;
  let otherAdmin: SupabaseClient;
  let clinicId: number;

  const { newHmo, invoiceWithShare, claimOf, recordPayment } = hmoClaimsFixtures(() => ({
    service,
    reader: reception,
    clinicId,
  }));

  const billPatient = (claimId: number, key: string | null = randomUUID(), client = reception) =>
    client.rpc('bill_patient_for_hmo_claim', { p_claim_id: claimId, p_idempotency_key: key });

  async function billed(claimId: number, key: string = randomUUID()): Promise<number> {
    const { data, error } = await billPatient(claimId, key);
    if (error) throw error;
    return data as number;
  }

  async function deniedClaim(share = '1000') {
    const hmoId = await newHmo(30);
    const claim = await claimOf(await invoiceWithShare(hmoId, share, '2026-03-02'));
    const denied = await reception.rpc('deny_hmo_claim', { p_claim_id: claim.id, p_reason: 'Not covered' });
    if (denied.error) throw denied.error;
    return claim;
  }

  async function invoiceOf(invoiceId: number) {
    const { data, error } = await reception
      .from('invoice_summaries')
      .select('id, patient_id, total_centavos, status, hmo_share_centavos')
      .eq('id', invoiceId)
      .single();
    if (error) throw error;
    return data;
  }

  async function linesOf(invoiceId: number) {
    const { data, error } = await reception
      .from('invoice_items')
      .select('description, unit_price, quantity, hmo_share')
      .eq('invoice_id', invoiceId);
    if (error) throw error;
    return data;
  }

  async function patientOf(invoiceId: number): Promise<number> {
    const { data, error } = await service.from('invoices').select('patient_id').eq('id', invoiceId).single();
    if (error) throw error;
    return data.patient_id as number;
  }

  beforeAll(async () => {
    ({
      stack,
      clinics: { smile: clinicId },
      staff: { reception, admin, admin2: otherAdmin },
    } = await startDemoStack(target, ['reception', 'admin', 'admin2']));
    service = stack.serviceClient();
    const { error } = await service.from('clinics').update({ vat_registered: false }).eq('id', clinicId);
    if (error) throw error;
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('bills the patient all of a denied claim, as a new invoice that names the claim', async () => {
    const claim = await deniedClaim('1000');
    expect(await claimOf(claim.invoice_id)).toMatchObject({ patient_billable_centavos: 100_000 });
    const invoiceId = await billed(claim.id);

    expect(await invoiceOf(invoiceId)).toMatchObject({
      patient_id: await patientOf(claim.invoice_id),
      total_centavos: 100_000,
      hmo_share_centavos: 0,
      status: 'Unpaid',
    });
    const [line, ...more] = await linesOf(invoiceId);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ unit_price: 1000, quantity: 1, hmo_share: 0 });
    expect(line!.description).toBe(
      `Not paid by ${await hmoNameOf(claim.id)}: claim of invoice #${claim.invoice_id}, visit of Mar 2, 2026`,
    );
    expect(await claimOf(claim.invoice_id)).toMatchObject({
      status: 'denied',
      patient_invoice_id: invoiceId,
      patient_billable_centavos: 0,
    });

    // The audit trail says, in the invoice's one row, who billed it and which claim it bills.
    const { data: audited, error } = await admin
      .from('audit_log')
      .select('action, after, actor_name')
      .eq('entity', 'invoice')
      .eq('entity_id', invoiceId)
      .order('id');
    if (error) throw error;
    expect(audited.map((row) => row.action)).toEqual(['insert']);
    expect(audited[0]!.after).toMatchObject({ rebills_claim_id: claim.id, total_centavos: 100_000 });
    expect(audited[0]!.actor_name).toBeTruthy();
  });

  it('bills the rest of a claim the HMO paid short and the clinic wrote off', async () => {
    const hmoId = await newHmo(30);
    const claim = await claimOf(await invoiceWithShare(hmoId, '1000', '2026-03-03'));
    await recordPayment(claim.batch_id, '600');
    expect((await admin.rpc('write_off_hmo_claim', { p_claim_id: claim.id, p_reason: 'Capped' })).error).toBeNull();

    expect(await claimOf(claim.invoice_id)).toMatchObject({ patient_billable_centavos: 40_000 });
    const invoiceId = await billed(claim.id);
    expect(await invoiceOf(invoiceId)).toMatchObject({ total_centavos: 40_000 });
    expect(await claimOf(claim.invoice_id)).toMatchObject({ status: 'written_off', patient_invoice_id: invoiceId });
  });

  it('takes a senior citizen’s 20% off what the HMO did not pay, as on any bill of theirs', async () => {
    const claim = await deniedClaim('1000');
    const patientId = await patientOf(claim.invoice_id);
    const { error } = await service
      .from('patients')
      .update({ discount_id_type: 'senior_citizen', discount_id_number: 'SC-7788' })
      .eq('id', patientId);
    if (error) throw error;

    const invoiceId = await billed(claim.id);
    expect(await invoiceOf(invoiceId)).toMatchObject({ total_centavos: 80_000 });
    const { data } = await reception
      .from('invoices')
      .select('statutory_discount, discount_id_number')
      .eq('id', invoiceId);
    expect(data).toEqual([{ statutory_discount: 200, discount_id_number: 'SC-7788' }]);
  });

  it('answers the same invoice to a repeated key, and bills a claim only once until that invoice is void', async () => {
    const claim = await deniedClaim('500');
    const key = randomUUID();
    const invoiceId = await billed(claim.id, key);
    expect(await billed(claim.id, key)).toBe(invoiceId);

    const again = await billPatient(claim.id);
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({
      code: 'PT409',
      hint: 'hmo_claim_already_billed',
      details: `invoice_id=${invoiceId}`,
    });
    const { data: invoices } = await reception.from('invoices').select('id').eq('rebills_claim_id', claim.id);
    expect(invoices).toEqual([{ id: invoiceId }]);

    expect((await admin.rpc('void_invoice', { p_invoice_id: invoiceId, p_reason: 'Wrong amount' })).error).toBeNull();
    expect(await claimOf(claim.invoice_id)).toMatchObject({ patient_invoice_id: null });
    const rebilled = await billed(claim.id);
    expect(rebilled).not.toBe(invoiceId);
    expect(await claimOf(claim.invoice_id)).toMatchObject({ patient_invoice_id: rebilled });
  });

  it('refuses a claim the HMO may still pay, one paid in full, a withdrawn one, a missing key and another clinic’s', async () => {
    const hmoId = await newHmo(30);
    const submitted = await claimOf(await invoiceWithShare(hmoId, '300', '2026-03-04'));
    expect(submitted.patient_billable_centavos).toBe(0);
    expect((await billPatient(submitted.id)).error).toMatchObject({ code: 'PT409', hint: 'hmo_claim_not_unpaid' });

    await recordPayment(submitted.batch_id, '300');
    expect(await claimOf(submitted.invoice_id)).toMatchObject({ status: 'paid' });
    expect((await billPatient(submitted.id)).error).toMatchObject({ hint: 'hmo_claim_not_unpaid' });

    const withdrawnInvoice = await invoiceWithShare(hmoId, '300', '2026-03-05');
    const withdrawn = await claimOf(withdrawnInvoice);
    expect((await reception.rpc('deny_hmo_claim', { p_claim_id: withdrawn.id, p_reason: 'No' })).error).toBeNull();
    expect((await admin.rpc('void_invoice', { p_invoice_id: withdrawnInvoice, p_reason: 'Wrong' })).error).toBeNull();
    expect((await billPatient(withdrawn.id)).error).toMatchObject({ hint: 'hmo_claim_not_unpaid' });

    const denied = await deniedClaim('300');
    expect((await billPatient(denied.id, null)).error).toMatchObject({ code: '22023', hint: 'invoice_key_required' });
    const foreign = await billPatient(denied.id, randomUUID(), otherAdmin);
    expect(foreign.status).toBe(404);
    expect(foreign.error).toMatchObject({ code: 'PT404', hint: 'hmo_claim_not_found' });
    expect(await claimOf(denied.invoice_id)).toMatchObject({ patient_invoice_id: null });
  });

  it('keeps the claim’s invoice and the HMO payment behind a write-off from being voided while the patient is billed', async () => {
    const denied = await deniedClaim('700');
    const rebill = await billed(denied.id);
    const voidOriginal = await admin.rpc('void_invoice', { p_invoice_id: denied.invoice_id, p_reason: 'Wrong' });
    expect(voidOriginal.status).toBe(409);
    expect(voidOriginal.error).toMatchObject({
      hint: 'invoice_claim_billed_to_patient',
      details: `invoice_id=${rebill}`,
    });

    const hmoId = await newHmo(30);
    const claim = await claimOf(await invoiceWithShare(hmoId, '1000', '2026-03-06'));
    const paymentId = await recordPayment(claim.batch_id, '600');
    expect((await admin.rpc('write_off_hmo_claim', { p_claim_id: claim.id, p_reason: 'Capped' })).error).toBeNull();
    const rest = await billed(claim.id);
    const voidPayment = await admin.rpc('void_hmo_payment', { p_hmo_payment_id: paymentId, p_reason: 'Wrong' });
    expect(voidPayment.error).toMatchObject({
      code: 'PT409',
      hint: 'hmo_payment_claim_billed_to_patient',
      details: `invoice_id=${rest}`,
    });
    expect(await claimOf(claim.invoice_id)).toMatchObject({ status: 'written_off', settled_centavos: 60_000 });

    for (const invoiceId of [rebill, rest]) {
      expect(
        (await admin.rpc('void_invoice', { p_invoice_id: invoiceId, p_reason: 'Paid at the HMO' })).error,
      ).toBeNull();
    }
    expect((await admin.rpc('void_invoice', { p_invoice_id: denied.invoice_id, p_reason: 'Wrong' })).error).toBeNull();
    expect((await admin.rpc('void_hmo_payment', { p_hmo_payment_id: paymentId, p_reason: 'Wrong' })).error).toBeNull();
    expect(await claimOf(claim.invoice_id)).toMatchObject({ status: 'submitted', outstanding_centavos: 100_000 });
  });

  it('never lets a browser name a claim on an invoice it adds', async () => {
    const denied = await deniedClaim('200');
    const { error } = await reception.from('invoices').insert({
      clinic_id: clinicId,
      patient_id: await patientOf(denied.invoice_id),
      total: '200.00',
      rebills_claim_id: denied.id,
    });
    expect(error).toMatchObject({ code: '42501' });
    expect(await claimOf(denied.invoice_id)).toMatchObject({ patient_invoice_id: null });
  });

  async function hmoNameOf(claimId: number): Promise<string> {
    const { data, error } = await reception.from('hmo_claims').select('hmos(name)').eq('id', claimId).single();
    if (error) throw error;
    return (data as unknown as { hmos: { name: string } }).hmos.name;
  }
});
