/**
 * Billing live updates over real sockets: a payment or a void made by one client reaches the other
 * devices of its clinic as 'billing-updated', and no other clinic. The billing feed LISTENs
 * in-process to PGlite and, with TEST_DATABASE_URL, over `pg` to a real PostgreSQL server.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_UPDATED } from '@common/contract';
import { databaseTargets } from '../../support/database.ts';
import { liveEvents } from '../../support/live-events.ts';
import { DEMO, demoClinics } from '../../support/service.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';
import { waitFor } from '../../support/wait-for.ts';

describe.each(databaseTargets())('billing-updated on %s', (target) => {
  let stack: TestStack;
  let clinics: { smile: number; bright: number };
  let reception: SupabaseClient;
  let admin: SupabaseClient;
  let otherAdmin: SupabaseClient;
  const live = liveEvents(() => stack);

  async function newInvoice(client: SupabaseClient, clinicId: number) {
    const patient = await client
      .from('patients')
      .insert({ clinic_id: clinicId, name: `Live ${randomUUID().slice(0, 8)}`, phone: '1' })
      .select('id')
      .single();
    if (patient.error) throw patient.error;
    const invoice = await client
      .from('invoices')
      .insert({ clinic_id: clinicId, patient_id: patient.data.id, total: '1000.00', idempotency_key: randomUUID() })
      .select('id')
      .single();
    if (invoice.error) throw invoice.error;
    return { id: invoice.data.id as number, patientId: patient.data.id as number };
  }

  async function pay(client: SupabaseClient, clinicId: number, invoice: { id: number; patientId: number }) {
    const payment = await client
      .from('payments')
      .insert({
        clinic_id: clinicId,
        invoice_id: invoice.id,
        patient_id: invoice.patientId,
        amount: '400.00',
        method: 'cash',
        idempotency_key: randomUUID(),
      })
      .select('id')
      .single();
    if (payment.error) throw payment.error;
    return payment.data.id as number;
  }

  beforeAll(async () => {
    stack = await startTestStack({
      env: { REMINDER_SCHEDULER: 'off' },
      target,
    });
    clinics = await demoClinics(stack.db);
    [reception, admin, otherAdmin] = await Promise.all([
      stack.signedIn(DEMO.reception),
      stack.signedIn(DEMO.admin),
      stack.signedIn(DEMO.admin2),
    ]);
  });

  afterEach(() => {
    live.closeAll();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it("when a receptionist takes a payment, then the clinic's other devices hear of it and another clinic hears nothing", async () => {
    const [adminDesk, otherClinic] = await Promise.all([
      live.follow(DEMO.admin, BILLING_UPDATED),
      live.follow(DEMO.admin2, BILLING_UPDATED),
    ]);
    const invoice = await newInvoice(reception, clinics.smile);
    const paymentId = await pay(reception, clinics.smile, invoice);

    const update = await waitFor(() => adminDesk.find((event) => event.table === 'payments' && event.id === paymentId));
    expect(update).toEqual({
      table: 'payments',
      op: 'INSERT',
      id: paymentId,
      clinic_id: clinics.smile,
      invoice_id: invoice.id,
    });
    expect(adminDesk).toContainEqual({
      table: 'invoices',
      op: 'INSERT',
      id: invoice.id,
      clinic_id: clinics.smile,
      invoice_id: invoice.id,
    });

    // The other clinic's own change arrives after ours would have: it heard nothing of Smile Dental.
    const theirs = await newInvoice(otherAdmin, clinics.bright);
    await waitFor(() => otherClinic.find((event) => event.id === theirs.id && event.table === 'invoices'));
    expect(otherClinic.filter((event) => event.clinic_id !== clinics.bright)).toEqual([]);
  });

  it('when an admin voids a payment, then the clinic hears an UPDATE of it', async () => {
    const receptionDesk = await live.follow(DEMO.reception, BILLING_UPDATED);
    const invoice = await newInvoice(reception, clinics.smile);
    const paymentId = await pay(reception, clinics.smile, invoice);
    expect((await admin.rpc('void_payment', { p_payment_id: paymentId, p_reason: 'Wrong amount' })).error).toBeNull();
    const update = await waitFor(() => receptionDesk.find((event) => event.op === 'UPDATE' && event.id === paymentId));
    expect(update).toMatchObject({ table: 'payments', invoice_id: invoice.id, clinic_id: clinics.smile });
  });

  it('when a patient is renamed, then the clinic hears of it (no one invoice); a save that keeps the name says nothing', async () => {
    const adminDesk = await live.follow(DEMO.admin, BILLING_UPDATED);
    const { patientId } = await newInvoice(reception, clinics.smile);
    const unchanged = await reception
      .from('patients')
      .update({ phone: '2' })
      .eq('id', patientId)
      .select('name')
      .single();
    expect(unchanged.error).toBeNull();
    const renamed = await reception
      .from('patients')
      .update({ name: `Renamed ${randomUUID().slice(0, 8)}` })
      .eq('id', patientId);
    expect(renamed.error).toBeNull();
    const update = await waitFor(() => adminDesk.find((event) => event.table === 'patients'));
    expect(update).toEqual({
      table: 'patients',
      op: 'UPDATE',
      id: patientId,
      clinic_id: clinics.smile,
      invoice_id: null,
    });
    // A later invoice's notice arrives after the phone change's would have: there was only the one.
    const later = await newInvoice(reception, clinics.smile);
    await waitFor(() => adminDesk.find((event) => event.table === 'invoices' && event.id === later.id));
    expect(adminDesk.filter((event) => event.table === 'patients' && event.id === patientId)).toHaveLength(1);
  });

  it("when an invoice's HMO share is claimed and the HMO pays, then the clinic hears of the claim, batch and payment", async () => {
    const adminDesk = await live.follow(DEMO.admin, BILLING_UPDATED);
    const service = stack.serviceClient();
    const hmo = await service
      .from('hmos')
      .insert({ clinic_id: clinics.smile, name: `Live HMO ${randomUUID().slice(0, 8)}` })
      .select('id')
      .single();
    if (hmo.error) throw hmo.error;
    const { patientId } = await newInvoice(reception, clinics.smile);
    const invoice = await service
      .from('invoices')
      .insert({
        clinic_id: clinics.smile,
        patient_id: patientId,
        total: '100.00',
        hmo_id: hmo.data.id,
        hmo_share: '300',
      })
      .select('id')
      .single();
    if (invoice.error) throw invoice.error;
    const claim = await waitFor(() =>
      adminDesk.find((event) => event.table === 'hmo_claims' && event.invoice_id === invoice.data.id),
    );
    expect(claim).toMatchObject({ op: 'INSERT', clinic_id: clinics.smile });
    const batch = await waitFor(() => adminDesk.find((event) => event.table === 'hmo_claim_batches'));
    expect(batch).toMatchObject({ op: 'INSERT', clinic_id: clinics.smile, invoice_id: null });

    const paid = await reception.rpc('record_hmo_payment', {
      p_batch_id: batch.id,
      p_amount: '300.00',
      p_received_on: '2026-11-02',
      p_reference_number: null,
      p_idempotency_key: randomUUID(),
    });
    expect(paid.error).toBeNull();
    const payment = await waitFor(() =>
      adminDesk.find((event) => event.table === 'hmo_payments' && event.id === paid.data),
    );
    expect(payment).toEqual({
      table: 'hmo_payments',
      op: 'INSERT',
      id: paid.data,
      clinic_id: clinics.smile,
      invoice_id: null,
    });
  });
});
