/**
 * HMO claims, billing batches and HMO payments (supabase/migrations/20261201000500_billing.sql)
 * through the calls the SPA makes: an invoice with an HMO share becomes a claim in its HMO's open
 * batch, the batch's due date, record_hmo_payment settling oldest visit first, its refusals and its
 * idempotency key, deny_hmo_claim, close_hmo_claim_batch, the void rules, the day sheet's HMO
 * collections, and that another clinic sees and does nothing. Invoices are written by the service
 * with their HMO columns set, as billing will. Runs on PGlite and, with TEST_DATABASE_URL, on a real
 * PostgreSQL server, where concurrent payments really race.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../../local/db/database.ts';
import { becomeActor, databaseTargets } from '../../support/database.ts';
import { whileHeldOpen } from '../../support/held-open.ts';
import { hmoClaimsFixtures } from '../../support/hmo-claims.ts';
import { startDemoStack } from '../../support/service.ts';
import type { TestStack } from '../../support/stack.ts';

describe.each(databaseTargets())('HMO claims on %s', (target) => {
  let stack: TestStack;
  let service: SupabaseClient;
  let reception: SupabaseClient;
  let admin: SupabaseClient;
  let otherAdmin: SupabaseClient;
  let anon: SupabaseClient;
  let clinicId: number;

  const { newHmo, newPatient, invoiceWithShare, claimOf, batchOf } = hmoClaimsFixtures(() => ({
    service,
    reader: reception,
    clinicId,
  }));

  const pay = (
    batchId: number,
    amount: string,
    options: { key?: string; receivedOn?: string; reference?: string } = {},
    client = reception,
  ) =>
    client.rpc('record_hmo_payment', {
      p_batch_id: batchId,
      p_amount: amount,
      p_received_on: options.receivedOn ?? '2026-11-02',
      p_reference_number: options.reference ?? 'OR-1001',
      p_idempotency_key: options.key ?? randomUUID(),
    });

  beforeAll(async () => {
    ({
      stack,
      clinics: { smile: clinicId },
      staff: { reception, admin, admin2: otherAdmin },
    } = await startDemoStack(target, ['reception', 'admin', 'admin2']));
    service = stack.serviceClient();
    anon = stack.anonClient();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  describe('claims and batches', () => {
    it('makes a claim of the HMO share when the invoice is written, in the HMO’s one open batch', async () => {
      const hmoId = await newHmo();
      const first = await invoiceWithShare(hmoId, '1200.50', '2026-01-05');
      const second = await invoiceWithShare(hmoId, '300.25', '2026-01-06');
      const a = await claimOf(first);
      const b = await claimOf(second);
      expect(a).toMatchObject({
        amount_centavos: 120050,
        settled_centavos: 0,
        status: 'submitted',
        visit_date: '2026-01-05',
      });
      expect(b.batch_id).toBe(a.batch_id);
      expect(await batchOf(a.batch_id)).toMatchObject({ claim_count: 2, claimed_centavos: 150075, closed_at: null });
    });

    it('makes no claim of an invoice without an HMO share', async () => {
      const { data } = await service
        .from('invoices')
        .insert({ clinic_id: clinicId, patient_id: await newPatient(), total: '500' })
        .select('id')
        .single();
      const claims = await reception.from('hmo_claims').select('id').eq('invoice_id', data!.id);
      expect(claims.data).toEqual([]);
    });

    it('puts the claims after a batch is closed into a new batch, and closes a batch once', async () => {
      const hmoId = await newHmo();
      const before = await claimOf(await invoiceWithShare(hmoId, '100', '2026-02-01'));
      expect((await reception.rpc('close_hmo_claim_batch', { p_batch_id: before.batch_id })).error).toBeNull();
      const again = await reception.rpc('close_hmo_claim_batch', { p_batch_id: before.batch_id });
      expect(again.status).toBe(409);
      expect(again.error).toMatchObject({ hint: 'hmo_batch_closed' });
      const after = await claimOf(await invoiceWithShare(hmoId, '200', '2026-02-02'));
      expect(after.batch_id).not.toBe(before.batch_id);
      expect((await batchOf(before.batch_id)).closed_at).not.toBeNull();
      expect((await batchOf(after.batch_id)).closed_at).toBeNull();
    });

    it('dates a batch due the HMO’s claim deadline after its first visit, overdue once passed and unpaid', async () => {
      const hmoId = await newHmo(45);
      const late = await claimOf(await invoiceWithShare(hmoId, '400', '2026-01-10'));
      await invoiceWithShare(hmoId, '600', '2026-01-05');
      expect(await batchOf(late.batch_id)).toMatchObject({
        first_visit_date: '2026-01-05',
        due_date: '2026-02-19',
        overdue: true,
        outstanding_centavos: 100000,
      });
      const owed = await reception.from('hmo_receivables').select('*').eq('hmo_id', hmoId).single();
      expect(owed.data).toMatchObject({ owed_centavos: 100000, overdue_centavos: 100000, overdue_batch_count: 1 });

      const recentHmo = await newHmo(30);
      const { data } = await service
        .from('invoices')
        .insert({ clinic_id: clinicId, patient_id: await newPatient(), total: '1', hmo_id: recentHmo, hmo_share: '50' })
        .select('id')
        .single();
      const recent = await claimOf(data!.id as number);
      expect((await batchOf(recent.batch_id)).overdue).toBe(false);
      const recentOwed = await reception.from('hmo_receivables').select('*').eq('hmo_id', recentHmo).single();
      expect(recentOwed.data).toMatchObject({ owed_centavos: 5000, overdue_centavos: 0 });
    });
  });

  describe('HMO payments', () => {
    it('settles the batch’s claims oldest visit first, leaving one partly paid, in exact centavos', async () => {
      const hmoId = await newHmo();
      const middle = await invoiceWithShare(hmoId, '1000.00', '2026-03-05');
      const oldest = await invoiceWithShare(hmoId, '500.10', '2026-03-03');
      const newest = await invoiceWithShare(hmoId, '300.00', '2026-03-07');
      const batchId = (await claimOf(oldest)).batch_id;

      const paid = await pay(batchId, '1200.50');
      expect(paid.error).toBeNull();
      expect(typeof paid.data).toBe('number');
      expect(await claimOf(oldest)).toMatchObject({ settled_centavos: 50010, outstanding_centavos: 0, status: 'paid' });
      expect(await claimOf(middle)).toMatchObject({
        settled_centavos: 70040,
        outstanding_centavos: 29960,
        status: 'partly_paid',
      });
      expect(await claimOf(newest)).toMatchObject({ settled_centavos: 0, status: 'submitted' });
      expect(await batchOf(batchId)).toMatchObject({ settled_centavos: 120050, outstanding_centavos: 59960 });
      const owed = await reception.from('hmo_receivables').select('owed_centavos').eq('hmo_id', hmoId).single();
      expect(owed.data).toEqual({ owed_centavos: 59960 });

      const entry = await reception
        .from('hmo_payment_entries')
        .select('*')
        .eq('id', paid.data as number)
        .single();
      expect(entry.data).toMatchObject({
        amount_centavos: 120050,
        received_on: '2026-11-02',
        reference_number: 'OR-1001',
      });
    });

    it('skips denied claims when settling', async () => {
      const hmoId = await newHmo();
      const oldest = await invoiceWithShare(hmoId, '100', '2026-04-01');
      const next = await invoiceWithShare(hmoId, '100', '2026-04-02');
      const denied = await claimOf(oldest);
      expect(
        (await reception.rpc('deny_hmo_claim', { p_claim_id: denied.id, p_reason: 'Not covered' })).error,
      ).toBeNull();
      expect(await claimOf(oldest)).toMatchObject({
        status: 'denied',
        denial_reason: 'Not covered',
        outstanding_centavos: 0,
      });
      expect((await pay(denied.batch_id, '100')).error).toBeNull();
      expect(await claimOf(next)).toMatchObject({ status: 'paid' });
      expect(await claimOf(oldest)).toMatchObject({ status: 'denied', settled_centavos: 0 });
    });

    it('refuses more than the batch still owes, and records nothing', async () => {
      const hmoId = await newHmo();
      const invoiceId = await invoiceWithShare(hmoId, '250.00', '2026-04-10');
      const { batch_id: batchId } = await claimOf(invoiceId);
      const refused = await pay(batchId, '250.01');
      expect(refused.status).toBe(409);
      expect(refused.error).toMatchObject({ hint: 'hmo_payment_above_outstanding' });
      expect(refused.error!.details).toBe('outstanding_centavos=25000');
      const payments = await reception.from('hmo_payments').select('id').eq('batch_id', batchId);
      expect(payments.data).toEqual([]);
    });

    it('refuses a missing, negative or sub-centavo amount, a future date and a missing key, by code', async () => {
      const hmoId = await newHmo();
      const { batch_id: batchId } = await claimOf(await invoiceWithShare(hmoId, '250.00', '2026-04-11'));
      for (const amount of ['0', '-5', '10.005'])
        expect((await pay(batchId, amount)).error).toMatchObject({ hint: 'hmo_payment_amount_invalid' });
      expect((await pay(batchId, '10', { receivedOn: '2099-01-01' })).error).toMatchObject({
        hint: 'hmo_payment_date_future',
      });
      const keyless = await reception.rpc('record_hmo_payment', {
        p_batch_id: batchId,
        p_amount: '10',
        p_received_on: '2026-11-02',
        p_reference_number: null,
        p_idempotency_key: null,
      });
      expect(keyless.error).toMatchObject({ hint: 'hmo_payment_key_required' });
      expect(keyless.status).toBe(400);
    });

    it('records a repeated key once (double click, retry), answering the same payment', async () => {
      const hmoId = await newHmo();
      const invoiceId = await invoiceWithShare(hmoId, '900', '2026-05-01');
      const { batch_id: batchId } = await claimOf(invoiceId);
      const key = randomUUID();
      const first = await pay(batchId, '400', { key });
      const retry = await pay(batchId, '400', { key });
      expect(retry.error).toBeNull();
      expect(retry.data).toBe(first.data);
      expect(await claimOf(invoiceId)).toMatchObject({ settled_centavos: 40000 });
    });

    describe('a repeated key must repeat the request', () => {
      const paymentsOf = async (batchId: number) =>
        (await service.from('hmo_payments').select('id, amount, voided_at').eq('batch_id', batchId)).data;

      it('answers a true retry with its payment, however the amount and reference were written', async () => {
        const hmoId = await newHmo();
        const invoiceId = await invoiceWithShare(hmoId, '900', '2026-05-04');
        const { batch_id: batchId } = await claimOf(invoiceId);
        const key = randomUUID();
        const first = await pay(batchId, '400', { key, reference: 'CHK-1' });
        expect(first.error).toBeNull();
        const retry = await pay(batchId, '400.00', { key, reference: '  CHK-1 ' });
        expect(retry.error).toBeNull();
        expect(retry.data).toBe(first.data);
        expect(await paymentsOf(batchId)).toHaveLength(1);
        expect(await claimOf(invoiceId)).toMatchObject({ settled_centavos: 40000 });
      });

      it('refuses the key with another amount, date, reference or batch, naming the payment it made', async () => {
        const hmoId = await newHmo();
        const invoiceId = await invoiceWithShare(hmoId, '60000', '2026-05-05');
        const { batch_id: batchId } = await claimOf(invoiceId);
        const otherBatch = (await claimOf(await invoiceWithShare(await newHmo(), '60000', '2026-05-05'))).batch_id;
        const key = randomUUID();
        const asked = { key, receivedOn: '2026-11-02', reference: 'CHK-1' };
        // The desk saves ₱50,000 CHK-1; the answer is lost; the form, still open, is corrected and saved again.
        const first = await pay(batchId, '50000', asked);
        expect(first.error).toBeNull();
        const changes: [number, string, typeof asked][] = [
          [batchId, '5000', { ...asked, receivedOn: '2026-11-01', reference: 'CHK-2' }],
          [batchId, '5000', asked],
          [batchId, '50000', { ...asked, receivedOn: '2026-11-01' }],
          [batchId, '50000', { ...asked, reference: 'CHK-2' }],
          [batchId, '50000', { ...asked, reference: '' }],
          [otherBatch, '50000', asked],
        ];
        for (const [batch, amount, options] of changes) {
          const refused = await pay(batch, amount, options);
          expect(refused.status).toBe(409);
          expect(refused.data).toBeNull();
          expect(refused.error).toMatchObject({
            code: 'PT409',
            hint: 'hmo_payment_key_reused',
            details: String(first.data),
          });
        }
        expect(await paymentsOf(batchId)).toEqual([{ id: first.data, amount: 50000, voided_at: null }]);
        expect(await paymentsOf(otherBatch)).toEqual([]);
        expect(await claimOf(invoiceId)).toMatchObject({ settled_centavos: 5000000, outstanding_centavos: 1000000 });
      });

      it('refuses a true retry of a payment voided since, naming it, and settles nothing again', async () => {
        const hmoId = await newHmo();
        const invoiceId = await invoiceWithShare(hmoId, '900', '2026-05-06');
        const { batch_id: batchId } = await claimOf(invoiceId);
        const key = randomUUID();
        const first = await pay(batchId, '300', { key });
        expect(first.error).toBeNull();
        const voided = await admin.rpc('void_hmo_payment', { p_hmo_payment_id: first.data, p_reason: 'Wrong cheque' });
        expect(voided.error).toBeNull();

        const retry = await pay(batchId, '300', { key });
        expect(retry.status).toBe(409);
        expect(retry.error).toMatchObject({
          code: 'PT409',
          hint: 'hmo_payment_key_voided',
          details: String(first.data),
        });
        const payments = await paymentsOf(batchId);
        expect(payments).toHaveLength(1);
        expect(payments![0]!.voided_at).not.toBeNull();
        expect(await claimOf(invoiceId)).toMatchObject({ settled_centavos: 0, status: 'submitted' });
      });

      it('keeps the digest from browsers and the audit trail, and answers a payment recorded without one', async () => {
        const hmoId = await newHmo();
        const invoiceId = await invoiceWithShare(hmoId, '900', '2026-05-07');
        const { batch_id: batchId } = await claimOf(invoiceId);
        const key = randomUUID();
        const first = await pay(batchId, '200', { key });
        const paymentId = first.data as number;
        const stored = await service.from('hmo_payments').select('request_digest').eq('id', paymentId).single();
        expect(stored.data!.request_digest).toMatch(/^[0-9a-f]{32}$/);
        const written = await admin.from('hmo_payments').update({ request_digest: null }).eq('id', paymentId);
        expect(written.error).toMatchObject({ code: '42501' });
        const audit = await admin
          .from('audit_log')
          .select('after')
          .eq('entity', 'hmo_payment')
          .eq('entity_id', paymentId)
          .single();
        expect(audit.data!.after).toMatchObject({ amount_centavos: 20000 });
        expect(Object.keys(audit.data!.after as object)).not.toContain('request_digest');

        // A payment recorded before the digest was kept is answered as it was, whatever the repeat asks.
        expect(
          (await service.from('hmo_payments').update({ request_digest: null }).eq('id', paymentId)).error,
        ).toBeNull();
        const repeat = await pay(batchId, '250', { key, reference: 'OR-2' });
        expect(repeat.error).toBeNull();
        expect(repeat.data).toBe(paymentId);
        expect(await paymentsOf(batchId)).toHaveLength(1);
      });
    });

    it('records one payment of 8 concurrent calls with one key, from four browsers', async () => {
      const hmoId = await newHmo();
      const invoiceId = await invoiceWithShare(hmoId, '900', '2026-05-02');
      const { batch_id: batchId } = await claimOf(invoiceId);
      const key = randomUUID();
      const clients = await Promise.all(Array.from({ length: 4 }, () => stack.signedIn('reception@demo.test')));
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => pay(batchId, '300', { key }, clients[i % 4])),
      );
      for (const result of results) expect(result.error).toBeNull();
      expect(new Set(results.map((result) => result.data)).size).toBe(1);
      const payments = await reception.from('hmo_payments').select('id').eq('batch_id', batchId);
      expect(payments.data).toHaveLength(1);
      expect(await claimOf(invoiceId)).toMatchObject({ settled_centavos: 30000, status: 'partly_paid' });
    });

    it('takes one of two concurrent payments of the whole outstanding and refuses the other', async () => {
      const hmoId = await newHmo();
      const invoiceId = await invoiceWithShare(hmoId, '700', '2026-05-03');
      const { batch_id: batchId } = await claimOf(invoiceId);
      const results = await Promise.all([pay(batchId, '700'), pay(batchId, '700', {}, admin)]);
      expect(results.filter((result) => result.error === null)).toHaveLength(1);
      expect(results.find((result) => result.error !== null)!.error).toMatchObject({
        hint: 'hmo_payment_above_outstanding',
      });
      expect(await claimOf(invoiceId)).toMatchObject({ settled_centavos: 70000, status: 'paid' });
    });
  });

  describe('denials', () => {
    it('needs a reason, and refuses a claim the HMO has paid any of, or one already denied', async () => {
      const hmoId = await newHmo();
      const invoiceId = await invoiceWithShare(hmoId, '500', '2026-06-01');
      const claim = await claimOf(invoiceId);
      const blank = await reception.rpc('deny_hmo_claim', { p_claim_id: claim.id, p_reason: '  ' });
      expect(blank.error).toMatchObject({ hint: 'hmo_claim_reason_required' });
      await pay(claim.batch_id, '1');
      const paid = await reception.rpc('deny_hmo_claim', { p_claim_id: claim.id, p_reason: 'Late' });
      expect(paid.status).toBe(409);
      expect(paid.error).toMatchObject({ hint: 'hmo_claim_paid' });

      const other = await claimOf(await invoiceWithShare(hmoId, '500', '2026-06-02'));
      expect((await reception.rpc('deny_hmo_claim', { p_claim_id: other.id, p_reason: 'Late' })).error).toBeNull();
      const twice = await reception.rpc('deny_hmo_claim', { p_claim_id: other.id, p_reason: 'Late' });
      expect(twice.error).toMatchObject({ hint: 'hmo_claim_already_denied' });
    });
  });

  describe('voiding an invoice', () => {
    it('withdraws its unpaid claim, which then no longer counts in the batch', async () => {
      const hmoId = await newHmo();
      const kept = await invoiceWithShare(hmoId, '100', '2026-07-01');
      const voided = await invoiceWithShare(hmoId, '900', '2026-06-20');
      const { batch_id: batchId } = await claimOf(voided);
      const result = await admin.rpc('void_invoice', { p_invoice_id: voided, p_reason: 'Billed twice' });
      expect(result.error).toBeNull();
      expect(await claimOf(voided)).toMatchObject({ status: 'withdrawn', outstanding_centavos: 0 });
      expect(await batchOf(batchId)).toMatchObject({
        claim_count: 1,
        outstanding_centavos: 10000,
        first_visit_date: '2026-07-01',
      });
      expect(await claimOf(kept)).toMatchObject({ status: 'submitted' });
      const deny = await reception.rpc('deny_hmo_claim', { p_claim_id: (await claimOf(voided)).id, p_reason: 'x' });
      expect(deny.error).toMatchObject({ hint: 'hmo_claim_withdrawn' });
    });

    it('refuses to void an invoice whose claim the HMO has paid', async () => {
      const hmoId = await newHmo();
      const invoiceId = await invoiceWithShare(hmoId, '100', '2026-07-02');
      await pay((await claimOf(invoiceId)).batch_id, '40');
      const result = await admin.rpc('void_invoice', { p_invoice_id: invoiceId, p_reason: 'Billed twice' });
      expect(result.status).toBe(409);
      expect(result.error).toMatchObject({ hint: 'invoice_claim_paid' });
      const invoice = await service.from('invoices').select('voided_at').eq('id', invoiceId).single();
      expect(invoice.data).toEqual({ voided_at: null });
      expect(await claimOf(invoiceId)).toMatchObject({ status: 'partly_paid' });
    });
  });

  /** The rest of `tx` runs as reception@demo.test signed in. */
  async function actAsReception(tx: Queryable) {
    const { rows } = await stack.db.query<{ id: string }>(
      `select id::text from auth.users where email = 'reception@demo.test'`,
    );
    await becomeActor(tx, { sub: rows[0]!.id });
  }

  // PGlite runs one statement at a time: nothing is held open while another write runs.
  if (target === 'postgres') {
    describe('voiding an invoice while its batch is being paid', () => {
      it('waits for the payment, then refuses the void: the HMO has paid the claim', async () => {
        const hmoId = await newHmo();
        const invoiceId = await invoiceWithShare(hmoId, '100', '2026-07-03');
        const { batch_id: batchId } = await claimOf(invoiceId);
        const voided = await whileHeldOpen(
          stack.db,
          async (tx) => {
            await actAsReception(tx);
            await tx.query(`select public.record_hmo_payment($1, 40, '2026-11-02', 'OR-2001', $2::uuid)`, [
              batchId,
              randomUUID(),
            ]);
          },
          () => admin.rpc('void_invoice', { p_invoice_id: invoiceId, p_reason: 'Billed twice' }),
        );
        expect(voided.error).toMatchObject({ hint: 'invoice_claim_paid' });
        const invoice = await service.from('invoices').select('voided_at').eq('id', invoiceId).single();
        expect(invoice.data).toEqual({ voided_at: null });
        expect(await claimOf(invoiceId)).toMatchObject({ status: 'partly_paid', settled_centavos: 4000 });
      });
    });

    describe('an invoice billed while its HMO’s batch is being closed', () => {
      it('waits for the close, then files its claim in a new open batch', async () => {
        const hmoId = await newHmo();
        const first = await invoiceWithShare(hmoId, '100', '2026-07-06');
        const { batch_id: closing } = await claimOf(first);
        const second = await whileHeldOpen(
          stack.db,
          async (tx) => {
            await actAsReception(tx);
            await tx.query('select public.close_hmo_claim_batch($1)', [closing]);
          },
          () => invoiceWithShare(hmoId, '200', '2026-07-07'),
        );
        const claim = await claimOf(second);
        expect(claim.batch_id).not.toBe(closing);
        expect(await batchOf(claim.batch_id)).toMatchObject({ claim_count: 1, closed_at: null });
        expect((await batchOf(closing)).closed_at).not.toBeNull();
      });

      it('files its claim in a new batch when the close had locked the batch before the invoice came', async () => {
        const hmoId = await newHmo();
        const first = await invoiceWithShare(hmoId, '100', '2026-07-08');
        const { batch_id: closing } = await claimOf(first);
        // close_hmo_claim_batch locks the batch first and closes it after its checks: the invoice
        // arrives in between, sees the batch still open, and waits on its lock.
        const second = await whileHeldOpen(
          stack.db,
          (tx) => tx.query('select id from public.hmo_claim_batches where id = $1 for update', [closing]),
          () => invoiceWithShare(hmoId, '200', '2026-07-09'),
          (tx) => tx.query('update public.hmo_claim_batches set closed_at = now() where id = $1', [closing]),
        );
        const claim = await claimOf(second);
        expect(claim.batch_id).not.toBe(closing);
        expect(await batchOf(claim.batch_id)).toMatchObject({ claim_count: 1, closed_at: null });
      });
    });
  }

  describe('the day sheet', () => {
    it('lists the HMO collections of the day apart from the patients’ payments', async () => {
      const hmoId = await newHmo();
      const invoiceId = await invoiceWithShare(hmoId, '800', '2026-08-01');
      await pay((await claimOf(invoiceId)).batch_id, '650.75', { receivedOn: '2026-08-14', reference: 'CHK-7' });
      const sheet = await reception.rpc('day_sheet', {
        p_clinic_id: clinicId,
        p_from: '2026-08-14',
        p_to: '2026-08-14',
      });
      expect(sheet.error).toBeNull();
      const collections = (sheet.data as { hmo_collections: { payments: unknown[]; total_centavos: number } })
        .hmo_collections;
      expect(collections.total_centavos).toBe(65075);
      expect(collections.payments).toEqual([
        expect.objectContaining({ amount_centavos: 65075, received_on: '2026-08-14', reference_number: 'CHK-7' }),
      ]);
      const patientSide = sheet.data as { grand_total_centavos: number; payments: unknown[] };
      expect(patientSide.payments).toEqual([]);
      expect(patientSide.grand_total_centavos).toBe(0);
      const exported = await reception.rpc('day_sheet_export', {
        p_clinic_id: clinicId,
        p_from: '2026-08-14',
        p_to: '2026-08-14',
      });
      expect((exported.data as typeof sheet.data).hmo_collections.total_centavos).toBe(65075);
    });
  });

  describe('who may see and do what', () => {
    it('shows another clinic’s admin nothing and lets them pay, deny or close nothing', async () => {
      const hmoId = await newHmo();
      const invoiceId = await invoiceWithShare(hmoId, '500', '2026-09-01');
      const claim = await claimOf(invoiceId);
      await pay(claim.batch_id, '100');
      for (const view of ['hmo_claims', 'hmo_claim_batches', 'hmo_payments', 'hmo_claim_settlements']) {
        const seen = await otherAdmin.from(view).select('clinic_id').eq('clinic_id', clinicId);
        expect(seen.data).toEqual([]);
      }
      const summaries = await otherAdmin.from('hmo_claim_summaries').select('id').eq('id', claim.id);
      expect(summaries.data).toEqual([]);
      const owed = await otherAdmin.from('hmo_receivables').select('hmo_id').eq('hmo_id', hmoId);
      expect(owed.data).toEqual([]);

      const payment = await pay(claim.batch_id, '100', {}, otherAdmin);
      expect(payment.status).toBe(404);
      expect(payment.error).toMatchObject({ hint: 'hmo_batch_not_found' });
      const deny = await otherAdmin.rpc('deny_hmo_claim', { p_claim_id: claim.id, p_reason: 'No' });
      expect(deny.error).toMatchObject({ hint: 'hmo_claim_not_found' });
      const close = await otherAdmin.rpc('close_hmo_claim_batch', { p_batch_id: claim.batch_id });
      expect(close.error).toMatchObject({ hint: 'hmo_batch_not_found' });
      expect(await claimOf(invoiceId)).toMatchObject({ settled_centavos: 10000, status: 'partly_paid' });
    });

    it('lets no browser write the tables directly, and anon nothing at all', async () => {
      const hmoId = await newHmo();
      const claim = await claimOf(await invoiceWithShare(hmoId, '500', '2026-09-02'));
      const insert = await admin.from('hmo_payments').insert({
        clinic_id: clinicId,
        batch_id: claim.batch_id,
        hmo_id: hmoId,
        amount: 1,
        received_on: '2026-09-02',
        idempotency_key: randomUUID(),
      });
      expect(insert.error).toMatchObject({ code: '42501' });
      const update = await admin.from('hmo_claims').update({ amount: 1 }).eq('id', claim.id);
      expect(update.error).toMatchObject({ code: '42501' });
      expect((await anon.from('hmo_claims').select('id')).data ?? []).toEqual([]);
      expect(
        (
          await anon.rpc('record_hmo_payment', {
            p_batch_id: claim.batch_id,
            p_amount: '1',
            p_received_on: '2026-09-02',
            p_reference_number: null,
            p_idempotency_key: randomUUID(),
          })
        ).error,
      ).not.toBeNull();
    });

    it('records claims, batches and HMO payments in the audit trail', async () => {
      const hmoId = await newHmo();
      const claim = await claimOf(await invoiceWithShare(hmoId, '500', '2026-09-03'));
      await pay(claim.batch_id, '100');
      const audit = await admin
        .from('audit_log')
        .select('entity')
        .eq('clinic_id', clinicId)
        .in('entity', ['hmo_claim', 'hmo_claim_batch', 'hmo_payment']);
      expect(new Set((audit.data ?? []).map((row) => row.entity))).toEqual(
        new Set(['hmo_claim', 'hmo_claim_batch', 'hmo_payment']),
      );
    });
  });
});
