/**
 * Money rules and RPC refusals as an API client meets them (public.pesos and the billing RPCs in
 * supabase/migrations), through supabase-js and raw HTTP against the local stack:
 *
 * - every door that writes money (procedures.price insert and update, invoices.total,
 *   payments.amount) refuses NaN, ±Infinity, three decimals and non-decimal text ('0x10',
 *   '1_000'), which were stored (NaN) or rounded before, and every money column stores a value
 *   with two decimals (1500 reads back 1500.00);
 * - concurrent payments cannot pay an invoice beyond its total unless each accepts the overpayment
 *   at the balance it is recorded against;
 * - the RPCs answer a missing row or another clinic's with 404 (PT404) and a row in the wrong
 *   state with 409 (PT409), in PostgREST's error shape, where they answered 500.
 *
 * Runs on PGlite and, with TEST_DATABASE_URL, on a real PostgreSQL server, where the concurrent
 * payments really race.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../support/database.ts';
import { startDemoStack } from '../../support/service.ts';
import type { TestStack } from '../../support/stack.ts';

/** What no money column takes, and the code it is refused with. */
const BAD_MONEY: readonly (readonly [string, string | number, string])[] = [
  ['NaN', 'NaN', '23514'],
  ['Infinity', 'Infinity', '23514'],
  ['-Infinity', '-Infinity', '23514'],
  ['hexadecimal', '0x10', '22P02'],
  ['octal', '0o20', '22P02'],
  ['binary', '0b10000', '22P02'],
  ['grouped with underscores', '1_000', '22P02'],
  ['three decimals as text', '12.345', '23514'],
  ['three decimals as a JSON number', 12.345, '23514'],
];

const MISSING_ID = 987_654_321;

describe.each(databaseTargets())('money rules on %s', (target) => {
  let stack: TestStack;
  let reception: SupabaseClient;
  let admin: SupabaseClient;
  let otherAdmin: SupabaseClient;
  let superadmin: SupabaseClient;
  let clinicId: number;
  let otherClinicId: number;

  const tag = () => randomUUID().slice(0, 8);

  async function newPatient(client = reception, clinic = clinicId): Promise<number> {
    const { data, error } = await client
      .from('patients')
      .insert({ clinic_id: clinic, name: `Money ${tag()}`, phone: '0917 555 0000' })
      .select('id')
      .single();
    if (error) throw error;
    return data.id as number;
  }

  async function newInvoice(
    total: string,
    client = reception,
    clinic = clinicId,
  ): Promise<{ id: number; patientId: number; clinicId: number }> {
    const patientId = await newPatient(client, clinic);
    const { data, error } = await client
      .from('invoices')
      .insert({ clinic_id: clinic, patient_id: patientId, total, idempotency_key: randomUUID() })
      .select('id')
      .single();
    if (error) throw error;
    return { id: data.id as number, patientId, clinicId: clinic };
  }

  const addPayment = (
    invoice: { id: number; patientId: number; clinicId: number },
    amount: string | number,
    fields: { idempotency_key?: string; overpayment_accepted?: boolean; accepted_balance?: string } = {},
    client = reception,
  ) =>
    client
      .from('payments')
      .insert({
        clinic_id: invoice.clinicId,
        patient_id: invoice.patientId,
        invoice_id: invoice.id,
        amount,
        method: 'cash',
        idempotency_key: randomUUID(),
        ...fields,
      })
      .select('id, amount::text, overpayment_accepted')
      .single();

  async function paidCentavos(invoiceId: number, client = reception): Promise<number> {
    const { data, error } = await client.from('invoice_summaries').select('paid_centavos').eq('id', invoiceId).single();
    if (error) throw error;
    return Number(data.paid_centavos);
  }

  async function newCategory(): Promise<number> {
    const { data, error } = await reception
      .from('procedure_categories')
      .insert({ clinic_id: clinicId, name: `Money ${tag()}` })
      .select('id')
      .single();
    if (error) throw error;
    return data.id as number;
  }

  async function tokenOf(client: SupabaseClient): Promise<string> {
    const { data } = await client.auth.getSession();
    return data.session!.access_token;
  }

  /** An RPC over plain HTTP, as any API client sends it: the status and the body as parsed. */
  async function rawRpc(client: SupabaseClient, name: string, args: Record<string, unknown>) {
    const response = await fetch(`${stack.url}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: {
        apikey: stack.config.anonKey,
        Authorization: `Bearer ${await tokenOf(client)}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(args),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  }

  /** PostgREST's error body: exactly code, message, details and hint. */
  function expectRefusal(answer: { status: number; body: Record<string, unknown> | null }, status: number) {
    expect(answer).toMatchObject({ status, body: { code: `PT${status}` } });
    expect(Object.keys(answer.body!).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(typeof answer.body!.message).toBe('string');
  }

  beforeAll(async () => {
    ({
      stack,
      clinics: { smile: clinicId, bright: otherClinicId },
      staff: { reception, admin, admin2: otherAdmin, superadmin },
    } = await startDemoStack(target, ['reception', 'admin', 'admin2', 'superadmin']));
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
  });

  describe('every door that writes money', () => {
    it.each(BAD_MONEY)('refuses a procedure price that is %s and saves nothing', async (_case, price, code) => {
      const category = await newCategory();
      const name = `Price ${tag()}`;
      const answer = await reception
        .from('procedures')
        .insert({ clinic_id: clinicId, category_id: category, name, price });
      expect(answer.error?.code).toBe(code);
      expect(answer.status).toBe(400);
      const saved = await reception.from('procedures').select('id').eq('name', name);
      expect(saved.data).toEqual([]);
    });

    it.each(BAD_MONEY)(
      'refuses a changed procedure price that is %s and keeps the old one',
      async (_case, price, code) => {
        const category = await newCategory();
        const { data, error } = await reception
          .from('procedures')
          .insert({ clinic_id: clinicId, category_id: category, name: `Change ${tag()}`, price: '800.50' })
          .select('id')
          .single();
        if (error) throw error;
        const answer = await reception.from('procedures').update({ price }).eq('id', data.id);
        expect(answer.error?.code).toBe(code);
        expect(answer.status).toBe(400);
        const stored = await reception.from('procedures').select('price::text').eq('id', data.id).single();
        expect(stored.data).toEqual({ price: '800.50' });
      },
    );

    it.each(BAD_MONEY)('refuses an invoice total that is %s and saves nothing', async (_case, total, code) => {
      const patientId = await newPatient();
      const answer = await reception
        .from('invoices')
        .insert({ clinic_id: clinicId, patient_id: patientId, total, idempotency_key: randomUUID() });
      expect(answer.error?.code).toBe(code);
      expect(answer.status).toBe(400);
      const saved = await reception.from('invoices').select('id').eq('patient_id', patientId);
      expect(saved.data).toEqual([]);
    });

    it.each(BAD_MONEY)('refuses a payment amount that is %s and saves nothing', async (_case, amount, code) => {
      const invoice = await newInvoice('100');
      const answer = await addPayment(invoice, amount, { overpayment_accepted: true });
      expect(answer.error?.code).toBe(code);
      expect(answer.status).toBe(400);
      expect(await paidCentavos(invoice.id)).toBe(0);
    });

    it('keeps every other amount as numeric(12,2) kept it: to the centavo, written with two decimals', async () => {
      const invoice = await newInvoice('100.5');
      const stored = await reception.from('invoices').select('total::text').eq('id', invoice.id).single();
      expect(stored.data).toEqual({ total: '100.50' });
      const payment = await addPayment(invoice, 10);
      expect(payment.error).toBeNull();
      expect(payment.data).toMatchObject({ amount: '10.00' });
      const largest = await addPayment(invoice, '9999999999.99', {
        overpayment_accepted: true,
        accepted_balance: '90.50',
      });
      expect(largest.error).toBeNull();
      const tooLarge = await addPayment(invoice, '10000000000.00', { overpayment_accepted: true });
      expect(tooLarge.error?.code).toBe('23514');
    });

    it('when an HMO’s annual limit is written without centavos, then it is stored with two decimals', async () => {
      const { data, error } = await admin
        .from('hmos')
        .insert({ clinic_id: clinicId, name: `Limit ${tag()}`, annual_limit: 30000 })
        .select('id, annual_limit::text')
        .single();
      if (error) throw error;
      expect(data.annual_limit).toBe('30000.00');
      const changed = await admin
        .from('hmos')
        .update({ annual_limit: '45000.5' })
        .eq('id', data.id)
        .select('annual_limit::text')
        .single();
      expect(changed.data).toEqual({ annual_limit: '45000.50' });
    });

    it('when an HMO’s contracted price is written without centavos, then it is stored with two decimals', async () => {
      const hmo = await admin
        .from('hmos')
        .insert({ clinic_id: clinicId, name: `Contract ${tag()}` })
        .select('id')
        .single();
      if (hmo.error) throw hmo.error;
      const procedure = await reception
        .from('procedures')
        .insert({ clinic_id: clinicId, category_id: await newCategory(), name: `Covered ${tag()}`, price: '2000' })
        .select('id')
        .single();
      if (procedure.error) throw procedure.error;
      const { data, error } = await admin
        .from('hmo_coverages')
        .insert({ clinic_id: clinicId, hmo_id: hmo.data.id, procedure_id: procedure.data.id, contracted_price: 1500 })
        .select('id, contracted_price::text')
        .single();
      if (error) throw error;
      expect(data.contracted_price).toBe('1500.00');
      const changed = await admin
        .from('hmo_coverages')
        .update({ contracted_price: '1200.5' })
        .eq('id', data.id)
        .select('contracted_price::text')
        .single();
      expect(changed.data).toEqual({ contracted_price: '1200.50' });
    });

    it('when a treatment plan item’s price is written without centavos, then it is stored with two decimals', async () => {
      const service = stack.serviceClient();
      const patientId = await newPatient();
      const entry = await service
        .from('chart_entries')
        .insert({ clinic_id: clinicId, patient_id: patientId, tooth: 36, condition: 'filling', state: 'planned' })
        .select('id')
        .single();
      if (entry.error) throw entry.error;
      const { data, error } = await service
        .from('treatment_plan_items')
        .insert({
          clinic_id: clinicId,
          patient_id: patientId,
          procedure_name: 'Composite Filling',
          price: 1500,
          tooth: 36,
          condition: 'filling',
          planned_entry_id: entry.data.id,
        })
        .select('id, price::text')
        .single();
      if (error) throw error;
      expect(data.price).toBe('1500.00');
    });

    it('when a payment’s accepted balance is written without centavos, then it is stored with two decimals', async () => {
      const invoice = await newInvoice('100');
      expect((await addPayment(invoice, 10)).error).toBeNull();
      const overpaid = await addPayment(invoice, 200, { overpayment_accepted: true, accepted_balance: '90' });
      if (overpaid.error) throw overpaid.error;
      const stored = await reception
        .from('payments')
        .select('accepted_balance::text')
        .eq('id', overpaid.data.id)
        .single();
      expect(stored.data).toEqual({ accepted_balance: '90.00' });
    });

    it('when an HMO payment is recorded without centavos, then it and what it settles are stored with two decimals', async () => {
      const service = stack.serviceClient();
      const hmo = await service
        .from('hmos')
        .insert({ clinic_id: clinicId, name: `Pays ${tag()}` })
        .select('id')
        .single();
      if (hmo.error) throw hmo.error;
      const invoice = await service
        .from('invoices')
        .insert({
          clinic_id: clinicId,
          patient_id: await newPatient(),
          total: '100.00',
          hmo_id: hmo.data.id,
          hmo_share: '1000',
        })
        .select('id')
        .single();
      if (invoice.error) throw invoice.error;
      const claim = await reception
        .from('hmo_claims')
        .select('id, batch_id, amount::text')
        .eq('invoice_id', invoice.data.id)
        .single();
      if (claim.error) throw claim.error;
      expect(claim.data.amount).toBe('1000.00');
      const paid = await reception.rpc('record_hmo_payment', {
        p_batch_id: claim.data.batch_id,
        p_amount: '600',
        p_received_on: '2026-10-05',
        p_reference_number: `CHK-${tag()}`,
        p_idempotency_key: randomUUID(),
      });
      if (paid.error) throw paid.error;
      const payment = await reception.from('hmo_payments').select('amount::text').eq('id', paid.data).single();
      expect(payment.data).toEqual({ amount: '600.00' });
      const settled = await reception
        .from('hmo_claim_settlements')
        .select('amount::text')
        .eq('claim_id', claim.data.id);
      expect(settled.data).toEqual([{ amount: '600.00' }]);
    });
  });

  describe('payments beyond the balance', () => {
    it('takes exactly ₱100 of 20 concurrent ₱10 payments on a ₱100 invoice; the others are refused (409)', async () => {
      const invoice = await newInvoice('100.00');
      const answers = await Promise.all(Array.from({ length: 20 }, () => addPayment(invoice, '10.00')));
      const taken = answers.filter((answer) => answer.error === null);
      const refused = answers.filter((answer) => answer.error !== null);
      expect(taken).toHaveLength(10);
      expect(refused).toHaveLength(10);
      for (const answer of refused) {
        expect(answer.status).toBe(409);
        expect(answer.error).toMatchObject({ code: 'PT409' });
      }
      expect(await paidCentavos(invoice.id)).toBe(10_000);
    });

    it('takes no more than ₱100 of 20 concurrent ₱10 payments each accepted at the ₱100 it was warned of', async () => {
      const invoice = await newInvoice('100.00');
      const accepted = { overpayment_accepted: true, accepted_balance: '100.00' };
      const answers = await Promise.all(Array.from({ length: 20 }, () => addPayment(invoice, '10.00', accepted)));
      expect(answers.filter((answer) => answer.error === null)).toHaveLength(10);
      for (const answer of answers.filter((each) => each.error !== null)) {
        expect(answer.status).toBe(409);
        expect(answer.error).toMatchObject({ code: 'PT409', hint: 'payment_balance_changed' });
      }
      expect(await paidCentavos(invoice.id)).toBe(10_000);
    });

    it('refuses one centavo beyond the balance, takes the balance exactly, and counts a voided payment out', async () => {
      const invoice = await newInvoice('100.00');
      expect((await addPayment(invoice, '60.00')).error).toBeNull();
      const beyond = await addPayment(invoice, '40.01');
      expect(beyond.error).toMatchObject({ code: 'PT409' });
      expect(beyond.error!.details).toBe('balance_centavos=4000');
      const paidUp = await addPayment(invoice, '40.00');
      expect(paidUp.error).toBeNull();
      const onPaid = await addPayment(invoice, '0.01');
      expect(onPaid.error).toMatchObject({ code: 'PT409' });

      const voided = await admin.rpc('void_payment', { p_payment_id: paidUp.data!.id, p_reason: 'Wrong amount' });
      expect(voided.error).toBeNull();
      expect((await addPayment(invoice, '40.00')).error).toBeNull();
      expect(await paidCentavos(invoice.id)).toBe(10_000);
    });

    it('answers a repeat of a counted payment with 23505 (the form takes it as saved), not as an overpayment', async () => {
      const invoice = await newInvoice('100.00');
      const key = randomUUID();
      expect((await addPayment(invoice, '100.00', { idempotency_key: key })).error).toBeNull();
      const again = await addPayment(invoice, '100.00', { idempotency_key: key });
      expect(again.error).toMatchObject({ code: '23505' });
      expect(await paidCentavos(invoice.id)).toBe(10_000);
    });

    it('still refuses a payment on a void invoice, accepted or not', async () => {
      const invoice = await newInvoice('100.00');
      expect((await admin.rpc('void_invoice', { p_invoice_id: invoice.id, p_reason: 'Duplicate' })).error).toBeNull();
      const answer = await addPayment(invoice, '10.00', { overpayment_accepted: true });
      expect(answer.error).toMatchObject({
        code: '23514',
        message: 'This invoice is void; it takes no more payments.',
      });
    });
  });

  describe('refusals of the RPCs', () => {
    it("answers void_payment for a missing or another clinic's payment with 404, and a void one with 409", async () => {
      const theirs = await newInvoice('50.00', otherAdmin, otherClinicId);
      const theirPayment = await addPayment(theirs, '10.00', {}, otherAdmin);
      if (theirPayment.error) throw theirPayment.error;
      for (const id of [MISSING_ID, theirPayment.data!.id]) {
        expectRefusal(await rawRpc(admin, 'void_payment', { p_payment_id: id, p_reason: 'Test' }), 404);
      }
      const ours = await newInvoice('50.00');
      const payment = await addPayment(ours, '10.00');
      const args = { p_payment_id: payment.data!.id, p_reason: 'Test' };
      expect((await rawRpc(admin, 'void_payment', args)).status).toBe(204);
      expectRefusal(await rawRpc(admin, 'void_payment', args), 409);
    });

    it("answers void_invoice for a missing or another clinic's invoice with 404, and one not voidable with 409", async () => {
      const theirs = await newInvoice('50.00', otherAdmin, otherClinicId);
      for (const id of [MISSING_ID, theirs.id]) {
        expectRefusal(await rawRpc(admin, 'void_invoice', { p_invoice_id: id, p_reason: 'Test' }), 404);
      }
      const withPayment = await newInvoice('50.00');
      await addPayment(withPayment, '10.00');
      expectRefusal(await rawRpc(admin, 'void_invoice', { p_invoice_id: withPayment.id, p_reason: 'Test' }), 409);
      const bare = await newInvoice('50.00');
      expect((await rawRpc(admin, 'void_invoice', { p_invoice_id: bare.id, p_reason: 'Test' })).status).toBe(204);
      expectRefusal(await rawRpc(admin, 'void_invoice', { p_invoice_id: bare.id, p_reason: 'Test' }), 409);
    });

    it("answers dismiss_recall_request for a missing or another clinic's request with 404, and a handled one with 409", async () => {
      const service = stack.serviceClient();
      const request = async (clinic: number, client: SupabaseClient) => {
        const { data, error } = await service
          .from('recall_requests')
          .insert({ clinic_id: clinic, patient_id: await newPatient(client, clinic), psid: 'p', mid: `m_${tag()}` })
          .select('id')
          .single();
        if (error) throw error;
        return data.id as number;
      };
      const theirs = await request(otherClinicId, otherAdmin);
      for (const id of [MISSING_ID, theirs]) {
        expectRefusal(await rawRpc(reception, 'dismiss_recall_request', { p_request_id: id }), 404);
      }
      const ours = await request(clinicId, reception);
      expect((await rawRpc(reception, 'dismiss_recall_request', { p_request_id: ours })).status).toBe(204);
      expectRefusal(await rawRpc(reception, 'dismiss_recall_request', { p_request_id: ours }), 409);
    });

    it("answers delete_patient for a missing or another clinic's patient with 404", async () => {
      const theirs = await newPatient(otherAdmin, otherClinicId);
      for (const id of [MISSING_ID, theirs]) {
        expectRefusal(await rawRpc(admin, 'delete_patient', { p_patient_id: id }), 404);
      }
      const ours = await newPatient();
      expect((await rawRpc(admin, 'delete_patient', { p_patient_id: ours })).status).toBe(200);
      expectRefusal(await rawRpc(admin, 'delete_patient', { p_patient_id: ours }), 404);
    });

    it("answers delete_dentist and save_availability_day for a missing or another clinic's dentist with 404", async () => {
      const { data, error } = await stack
        .serviceClient()
        .from('dentists')
        .insert({ clinic_id: otherClinicId, name: `Dr. ${tag()}`, email: 'money@demo.test', phone: '1' })
        .select('id')
        .single();
      if (error) throw error;
      for (const id of [MISSING_ID, data.id as number]) {
        expectRefusal(await rawRpc(admin, 'delete_dentist', { p_dentist_id: id }), 404);
        expectRefusal(
          await rawRpc(admin, 'save_availability_day', {
            p_dentist_id: id,
            p_date: '2030-01-07',
            p_blocks: [],
            p_read: [],
          }),
          404,
        );
      }
    });

    it('answers the reports of a missing clinic with 404, and those of another clinic with 403', async () => {
      expectRefusal(
        await rawRpc(superadmin, 'day_sheet', { p_clinic_id: MISSING_ID, p_from: '2030-01-07', p_to: '2030-01-07' }),
        404,
      );
      const period = { p_from: '2030-01-01', p_to: '2030-01-31' };
      expectRefusal(await rawRpc(superadmin, 'no_show_insight', { p_clinic_id: MISSING_ID, ...period }), 404);
      const theirs = await rawRpc(admin, 'day_sheet', {
        p_clinic_id: otherClinicId,
        p_from: '2030-01-07',
        p_to: '2030-01-07',
      });
      expect(theirs).toMatchObject({ status: 403, body: { code: '42501' } });
    });
  });
});
