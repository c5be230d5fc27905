/**
 * Voiding a wrongly recorded HMO payment (supabase/migrations/20261201000500_billing.sql)
 * through the calls the SPA makes: void_hmo_payment gives the batch's claims back what the payment
 * settled (statuses, outstanding, the HMO's receivable), the day sheet stops collecting it and lists
 * it among its voids, a new payment can settle the claims again and the invoice can be voided
 * again; its refusals (a receptionist, another clinic, a second void, no reason). Runs on PGlite
 * and, with TEST_DATABASE_URL, on a real PostgreSQL server.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicDateAt } from '../../support/clinic-time.ts';
import { databaseTargets } from '../../support/database.ts';
import { hmoClaimsFixtures } from '../../support/hmo-claims.ts';
import { startDemoStack } from '../../support/service.ts';
import type { TestStack } from '../../support/stack.ts';

describe.each(databaseTargets())('voiding an HMO payment on %s', (target) => {
  let stack: TestStack;
  let service: SupabaseClient;
  let reception: SupabaseClient;
  let admin: SupabaseClient;
  let otherAdmin: SupabaseClient;
  let clinicId: number;

  const { newHmo, newPatient, invoiceWithShare, claimOf, batchOf, receivableOf, recordPayment } = hmoClaimsFixtures(
    () => ({
      service,
      reader: reception,
      clinicId,
    }),
  );

  const voidHmoPayment = (paymentId: number, reason: string | null, client = admin) =>
    client.rpc('void_hmo_payment', { p_hmo_payment_id: paymentId, p_reason: reason });

  beforeAll(async () => {
    ({
      stack,
      clinics: { smile: clinicId },
      staff: { reception, admin, admin2: otherAdmin },
    } = await startDemoStack(target, ['reception', 'admin', 'admin2']));
    service = stack.serviceClient();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('gives the claims back what the payment settled, and keeps the payment listed as void', async () => {
    // Due long ago: an unpaid batch is overdue, a paid one is not.
    const hmoId = await newHmo(30);
    const older = await invoiceWithShare(hmoId, '600', '2026-01-05', '2000.00');
    const newer = await invoiceWithShare(hmoId, '400', '2026-01-06', '2000.00');
    const { batch_id: batchId } = await claimOf(older);
    const paymentId = await recordPayment(batchId, '800');
    expect(await claimOf(older)).toMatchObject({ status: 'paid', outstanding_centavos: 0 });
    expect(await claimOf(newer)).toMatchObject({ status: 'partly_paid', outstanding_centavos: 20000 });

    const result = await voidHmoPayment(paymentId, '  Recorded against the wrong batch  ');
    expect(result.error).toBeNull();

    expect(await claimOf(older)).toMatchObject({
      status: 'submitted',
      settled_centavos: 0,
      outstanding_centavos: 60000,
    });
    expect(await claimOf(newer)).toMatchObject({
      status: 'submitted',
      settled_centavos: 0,
      outstanding_centavos: 40000,
    });
    expect(await batchOf(batchId)).toMatchObject({ settled_centavos: 0, outstanding_centavos: 100000, overdue: true });
    expect(await receivableOf(hmoId)).toMatchObject({ owed_centavos: 100000, overdue_centavos: 100000 });

    const entry = await reception.from('hmo_payment_entries').select('*').eq('id', paymentId).single();
    expect(entry.error).toBeNull();
    expect(entry.data).toMatchObject({
      amount_centavos: 80000,
      void_reason: 'Recorded against the wrong batch',
      voided_by_name: expect.any(String),
    });
    expect(entry.data!.voided_at).not.toBeNull();

    const audit = await admin
      .from('audit_log')
      .select('action, entity')
      .eq('entity', 'hmo_payment')
      .eq('entity_id', paymentId)
      .order('id');
    expect((audit.data ?? []).map((row) => row.action)).toEqual(['insert', expect.stringMatching(/^(update|void)$/)]);
  });

  it('lets a new payment settle the claims again, the whole outstanding included', async () => {
    const hmoId = await newHmo();
    const invoiceId = await invoiceWithShare(hmoId, '500', '2026-10-01', '2000.00');
    const { batch_id: batchId } = await claimOf(invoiceId);
    const wrong = await recordPayment(batchId, '500');
    const above = await reception.rpc('record_hmo_payment', {
      p_batch_id: batchId,
      p_amount: '500',
      p_received_on: '2026-10-05',
      p_reference_number: null,
      p_idempotency_key: randomUUID(),
    });
    expect(above.error).toMatchObject({ hint: 'hmo_payment_above_outstanding' });

    expect((await voidHmoPayment(wrong, 'Typed the wrong amount')).error).toBeNull();
    await recordPayment(batchId, '500');
    expect(await claimOf(invoiceId)).toMatchObject({
      status: 'paid',
      settled_centavos: 50000,
      outstanding_centavos: 0,
    });
    expect(await batchOf(batchId)).toMatchObject({ settled_centavos: 50000, outstanding_centavos: 0, overdue: false });
  });

  it('lets the invoice be voided again once the payments of its claim are void', async () => {
    const hmoId = await newHmo();
    const invoiceId = await invoiceWithShare(hmoId, '300', '2026-10-02', '2000.00');
    const paymentId = await recordPayment((await claimOf(invoiceId)).batch_id, '100');
    const refused = await admin.rpc('void_invoice', { p_invoice_id: invoiceId, p_reason: 'Billed twice' });
    expect(refused.error).toMatchObject({ hint: 'invoice_claim_paid' });

    expect((await voidHmoPayment(paymentId, 'Wrong patient')).error).toBeNull();
    const voided = await admin.rpc('void_invoice', { p_invoice_id: invoiceId, p_reason: 'Billed twice' });
    expect(voided.error).toBeNull();
    expect(await claimOf(invoiceId)).toMatchObject({ status: 'withdrawn', outstanding_centavos: 0 });
  });

  it('leaves a void HMO payment out of the day sheet’s HMO collections', async () => {
    const hmoId = await newHmo();
    const invoiceId = await invoiceWithShare(hmoId, '900', '2026-08-20', '2000.00');
    const { batch_id: batchId } = await claimOf(invoiceId);
    const kept = await recordPayment(batchId, '250.50', '2026-08-21');
    const wrong = await recordPayment(batchId, '100', '2026-08-21');
    const sheetOf = async () => {
      const sheet = await reception.rpc('day_sheet', {
        p_clinic_id: clinicId,
        p_from: '2026-08-21',
        p_to: '2026-08-21',
      });
      expect(sheet.error).toBeNull();
      return (sheet.data as { hmo_collections: { payments: { id: number }[]; total_centavos: number } })
        .hmo_collections;
    };
    expect((await sheetOf()).total_centavos).toBe(35050);

    expect((await voidHmoPayment(wrong, 'Entered twice')).error).toBeNull();
    const collections = await sheetOf();
    expect(collections.payments.map((payment) => payment.id)).toEqual([kept]);
    expect(collections.total_centavos).toBe(25050);
  });

  it('lists a void HMO payment among the day sheet’s voids, under its HMO’s name, in the order voided', async () => {
    const day = '2026-07-15';
    const hmoId = await newHmo();
    const hmo = await service.from('hmos').select('name').eq('id', hmoId).single();
    const { batch_id: batchId } = await claimOf(await invoiceWithShare(hmoId, '900', '2026-07-14', '2000.00'));
    const wrong = await recordPayment(batchId, '120.25', day);
    const kept = await recordPayment(batchId, '10', day);
    const receivedLater = await recordPayment(batchId, '20', '2026-07-21');
    const billed = await service
      .from('invoices')
      .insert({
        clinic_id: clinicId,
        patient_id: await newPatient(),
        total: '50.00',
        created_at: `${day}T12:00:00+08:00`,
      })
      .select('id')
      .single();
    const invoiceId = billed.data!.id as number;

    expect((await voidHmoPayment(wrong, 'Recorded against the wrong batch')).error).toBeNull();
    expect((await admin.rpc('void_invoice', { p_invoice_id: invoiceId, p_reason: 'Billed twice' })).error).toBeNull();
    expect((await voidHmoPayment(receivedLater, 'Entered twice')).error).toBeNull();
    const { data: me } = await admin.auth.getUser();
    const adminName = (await service.from('users').select('name').eq('user_id', me.user!.id).single()).data!.name;

    const mine = new Set([
      `hmo_payment-${wrong}`,
      `hmo_payment-${kept}`,
      `hmo_payment-${receivedLater}`,
      `invoice-${invoiceId}`,
    ]);
    const voidsOf = async (from: string) => {
      const sheet = await reception.rpc('day_sheet', { p_clinic_id: clinicId, p_from: from, p_to: from });
      expect(sheet.error).toBeNull();
      return (sheet.data as { voids: { kind: string; id: number }[] }).voids.filter((entry) =>
        mine.has(`${entry.kind}-${entry.id}`),
      );
    };

    // Received that day and void: listed beside the patient's invoice voided after it. Still
    // collected (kept) or received on another day (receivedLater): not.
    expect(await voidsOf(day)).toEqual([
      {
        kind: 'hmo_payment',
        id: wrong,
        invoice_id: null,
        patient_name: null,
        hmo_name: hmo.data!.name,
        amount_centavos: 12025,
        method: null,
        voided_at: expect.any(String),
        void_reason: 'Recorded against the wrong batch',
        voided_by_name: adminName,
      },
      {
        kind: 'invoice',
        id: invoiceId,
        invoice_id: invoiceId,
        patient_name: expect.stringMatching(/^Claimant /),
        hmo_name: null,
        amount_centavos: 5000,
        method: null,
        voided_at: expect.any(String),
        void_reason: 'Billed twice',
        voided_by_name: adminName,
      },
    ]);
    // Voided today: on today's sheet, whatever day it was received.
    const today = await voidsOf(clinicDateAt(new Date()));
    expect(today.map((entry) => `${entry.kind}-${entry.id}`)).toEqual([
      `hmo_payment-${wrong}`,
      `invoice-${invoiceId}`,
      `hmo_payment-${receivedLater}`,
    ]);
  });

  it('lists a voided invoice an HMO shared at what it billed, as production counts it', async () => {
    const day = '2026-07-16';
    const hmoId = await newHmo();
    const invoiceId = await invoiceWithShare(hmoId, '1500', day, '500.00');
    const before = await reception.rpc('day_sheet', { p_clinic_id: clinicId, p_from: day, p_to: day });
    expect(before.error).toBeNull();
    const production = (before.data as { production: { invoices: { id: number; net_centavos: number }[] } }).production
      .invoices;
    expect(production.find((invoice) => invoice.id === invoiceId)?.net_centavos).toBe(200000);

    expect((await admin.rpc('void_invoice', { p_invoice_id: invoiceId, p_reason: 'Wrong patient' })).error).toBeNull();
    const after = await reception.rpc('day_sheet', { p_clinic_id: clinicId, p_from: day, p_to: day });
    expect(after.error).toBeNull();
    const voids = (after.data as { voids: { kind: string; id: number; amount_centavos: number }[] }).voids;
    expect(voids.find((entry) => entry.kind === 'invoice' && entry.id === invoiceId)?.amount_centavos).toBe(200000);
  });

  it('refuses a receptionist, another clinic, a second void and an empty or long reason', async () => {
    const hmoId = await newHmo();
    const invoiceId = await invoiceWithShare(hmoId, '500', '2026-10-03', '2000.00');
    const paymentId = await recordPayment((await claimOf(invoiceId)).batch_id, '200');

    const byReception = await voidHmoPayment(paymentId, 'Wrong', reception);
    expect(byReception.error).toMatchObject({ code: '42501', hint: 'void_forbidden' });
    const byOtherClinic = await voidHmoPayment(paymentId, 'Wrong', otherAdmin);
    expect(byOtherClinic.status).toBe(404);
    expect(byOtherClinic.error).toMatchObject({ hint: 'hmo_payment_not_found' });
    const missing = await voidHmoPayment(2_000_000_000, 'Wrong');
    expect(missing.error).toMatchObject({ hint: 'hmo_payment_not_found' });
    for (const reason of ['', '   ', null]) {
      const empty = await voidHmoPayment(paymentId, reason);
      expect(empty.error).toMatchObject({ code: '22023', hint: 'void_reason_required' });
    }
    const long = await voidHmoPayment(paymentId, 'x'.repeat(501));
    expect(long.error).toMatchObject({ hint: 'void_reason_too_long' });
    expect(await claimOf(invoiceId)).toMatchObject({ status: 'partly_paid', settled_centavos: 20000 });

    expect((await voidHmoPayment(paymentId, 'Wrong')).error).toBeNull();
    const again = await voidHmoPayment(paymentId, 'Wrong');
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ hint: 'hmo_payment_already_void' });

    const direct = await admin.from('hmo_payments').update({ voided_at: null }).eq('id', paymentId);
    expect(direct.error).toMatchObject({ code: '42501' });
  });
});
