/**
 * Billing rules enforced by the database (supabase/migrations/20261201000500_billing.sql), seen
 * through the calls the Billing System tab makes: plain inserts with decimal strings and an
 * idempotency key, the invoice_summaries and payment_entries views, and the void and receipt RPCs.
 * Runs on PGlite and, with TEST_DATABASE_URL, on a real PostgreSQL server, where the concurrent
 * inserts with one idempotency key really race.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completedAppointment as completedAppointmentOf } from '../../support/completed-appointment.ts';
import { databaseTargets } from '../../support/database.ts';
import { whileHeldOpen } from '../../support/held-open.ts';
import { createItemisedInvoice } from '../../support/itemised-invoice.ts';
import { startDemoStack } from '../../support/service.ts';
import type { TestStack } from '../../support/stack.ts';

type Method = 'cash' | 'card' | 'e-wallet' | 'bank';

describe.each(databaseTargets())('billing on %s', (target) => {
  let stack: TestStack;
  let reception: SupabaseClient;
  let dentist: SupabaseClient;
  let admin: SupabaseClient;
  let otherAdmin: SupabaseClient;
  let superadmin: SupabaseClient;
  let clinicId: number;
  let otherClinicId: number;

  async function newPatient(client = reception, clinic = clinicId): Promise<number> {
    const { data, error } = await client
      .from('patients')
      .insert({ clinic_id: clinic, name: `Billing ${randomUUID().slice(0, 8)}`, phone: '0917 555 0000' })
      .select('id')
      .single();
    if (error) throw error;
    return data.id as number;
  }

  const addInvoice = (
    total: string,
    patientId: number,
    fields: { appointment_id?: number; idempotency_key?: string; clinic_id?: number } = {},
    client = reception,
  ) =>
    client
      .from('invoices')
      .insert({ patient_id: patientId, total, clinic_id: clinicId, idempotency_key: randomUUID(), ...fields })
      .select('id')
      .single();

  async function newInvoice(total: string, patientId?: number): Promise<{ id: number; patientId: number }> {
    const patient = patientId ?? (await newPatient());
    const { data, error } = await addInvoice(total, patient);
    if (error) throw error;
    return { id: data.id as number, patientId: patient };
  }

  const addPayment = (
    invoice: { id: number; patientId: number },
    amount: string,
    fields: {
      idempotency_key?: string;
      method?: Method;
      reference_number?: string | null;
      overpayment_accepted?: boolean;
      accepted_balance?: string | null;
    } = {},
    client = reception,
  ) =>
    client
      .from('payments')
      .insert({
        patient_id: invoice.patientId,
        invoice_id: invoice.id,
        amount,
        method: 'cash',
        reference_number: null,
        notes: null,
        clinic_id: clinicId,
        idempotency_key: randomUUID(),
        ...fields,
      })
      .select('id')
      .single();

  async function newPayment(invoice: { id: number; patientId: number }, amount: string): Promise<number> {
    const { data, error } = await addPayment(invoice, amount);
    if (error) throw error;
    return data.id as number;
  }

  async function summary(invoiceId: number, client = reception) {
    const { data, error } = await client
      .from('invoice_summaries')
      .select('total_centavos, paid_centavos, balance_centavos, status, payment_count, voided_at, void_reason')
      .eq('id', invoiceId)
      .maybeSingle();
    if (error) throw error;
    return data;
  }

  /** A Completed appointment of the patient with a dentist of its own, so no other test's booking collides. */
  const completedAppointment = (patientId: number, day: number) =>
    completedAppointmentOf(stack.serviceClient(), clinicId, patientId, day);

  beforeAll(async () => {
    ({
      stack,
      clinics: { smile: clinicId, bright: otherClinicId },
      staff: { reception, dentist, admin, admin2: otherAdmin, superadmin },
    } = await startDemoStack(target, ['reception', 'dentist', 'admin', 'admin2', 'superadmin']));
  });

  afterAll(async () => {
    await stack?.stop();
  });

  describe('status, paid and balance', () => {
    it('derives Unpaid, Partial and Paid from the payments, in exact centavos', async () => {
      const invoice = await newInvoice('1500.50');
      expect(await summary(invoice.id)).toMatchObject({
        total_centavos: 150050,
        paid_centavos: 0,
        balance_centavos: 150050,
        status: 'Unpaid',
        payment_count: 0,
      });
      await newPayment(invoice, '500.25');
      expect(await summary(invoice.id)).toMatchObject({
        paid_centavos: 50025,
        balance_centavos: 100025,
        status: 'Partial',
        payment_count: 1,
      });
      await newPayment(invoice, '1000.25');
      expect(await summary(invoice.id)).toMatchObject({ paid_centavos: 150050, balance_centavos: 0, status: 'Paid' });
    });

    it('counts a total of 0.30 paid as 0.10 + 0.20 as Paid', async () => {
      const invoice = await newInvoice('0.30');
      await newPayment(invoice, '0.10');
      await newPayment(invoice, '0.20');
      expect(await summary(invoice.id)).toMatchObject({ total_centavos: 30, paid_centavos: 30, status: 'Paid' });
    });

    it('keeps an accepted overpayment as a negative balance, still Paid', async () => {
      const invoice = await newInvoice('100');
      const accepted = { overpayment_accepted: true, accepted_balance: '100.00' };
      expect((await addPayment(invoice, '150', accepted)).error).toBeNull();
      expect(await summary(invoice.id)).toMatchObject({ balance_centavos: -5000, status: 'Paid' });
    });

    it('stops counting a payment an admin voided, and still lists it with its reason', async () => {
      const invoice = await newInvoice('1000');
      const kept = await newPayment(invoice, '400');
      const mistaken = await newPayment(invoice, '600');
      expect((await summary(invoice.id))!.status).toBe('Paid');
      expect(
        (await admin.rpc('void_payment', { p_payment_id: mistaken, p_reason: ' Wrong invoice ' })).error,
      ).toBeNull();
      expect(await summary(invoice.id)).toMatchObject({ paid_centavos: 40000, status: 'Partial', payment_count: 1 });
      const entries = await reception
        .from('payment_entries')
        .select('id, amount_centavos, voided_at, void_reason')
        .eq('invoice_id', invoice.id)
        .order('id');
      expect(entries.data).toEqual([
        { id: kept, amount_centavos: 40000, voided_at: null, void_reason: null },
        { id: mistaken, amount_centavos: 60000, voided_at: expect.any(String), void_reason: 'Wrong invoice' },
      ]);
    });
  });

  describe('bad amounts', () => {
    it.each([
      ['zero', '0'],
      ['negative', '-5'],
      ['more than 9,999,999,999.99', '10000000000.00'],
      ['not a number', '1,500'],
    ])('refuses an invoice total that is %s and saves nothing', async (_case, total) => {
      const patientId = await newPatient();
      const result = await addInvoice(total, patientId);
      expect(result.error).not.toBeNull();
      expect(result.status).toBeGreaterThanOrEqual(400);
      const saved = await stack.serviceClient().from('invoices').select('id').eq('patient_id', patientId);
      expect(saved.data).toEqual([]);
    });

    it.each([
      ['zero', '0'],
      ['negative', '-0.01'],
      ['more than 9,999,999,999.99', '10000000000'],
    ])('refuses a payment amount that is %s and saves nothing', async (_case, amount) => {
      const invoice = await newInvoice('100');
      const result = await addPayment(invoice, amount);
      expect(result.error).not.toBeNull();
      expect((await summary(invoice.id))!.payment_count).toBe(0);
    });

    it('refuses money with more than two decimals instead of rounding it, as the form does', async () => {
      const patientId = await newPatient();
      const total = await addInvoice('100.004', patientId);
      expect(total.error).toMatchObject({ code: '23514' });
      const invoice = await newInvoice('100.5', patientId);
      expect(await summary(invoice.id)).toMatchObject({ total_centavos: 10_050 });
      const tiny = await addPayment(invoice, '0.004');
      expect(tiny.error).toMatchObject({ code: '23514' });
      expect((await summary(invoice.id))!.payment_count).toBe(0);
    });

    it('takes the largest amount there is, to the centavo', async () => {
      const invoice = await newInvoice('9999999999.99');
      await newPayment(invoice, '9999999999.99');
      expect(await summary(invoice.id)).toMatchObject({ total_centavos: 999_999_999_999, status: 'Paid' });
    });
  });

  describe('clinics, roles and append-only rows', () => {
    it("refuses an invoice for another clinic's patient and a payment on another clinic's invoice", async () => {
      const theirPatient = await newPatient(otherAdmin, otherClinicId);
      const crossPatient = await addInvoice('100', theirPatient);
      expect(crossPatient.error).not.toBeNull();
      const intoTheirClinic = await addInvoice('100', await newPatient(), { clinic_id: otherClinicId });
      expect(intoTheirClinic.error).toMatchObject({ code: '42501' });

      const theirs = await addInvoice('100', theirPatient, { clinic_id: otherClinicId }, otherAdmin);
      expect(theirs.error).toBeNull();
      const crossPayment = await addPayment({ id: theirs.data!.id as number, patientId: theirPatient }, '50');
      expect(crossPayment.error).not.toBeNull();
      expect(await summary(theirs.data!.id as number)).toBeNull();
      expect((await summary(theirs.data!.id as number, otherAdmin))!.payment_count).toBe(0);
    });

    it('lets every role add invoices and payments of its clinic', async () => {
      for (const client of [reception, dentist, admin, superadmin]) {
        const patientId = await newPatient(client);
        const invoice = await addInvoice('250.75', patientId, {}, client);
        expect(invoice.error).toBeNull();
        const payment = await addPayment({ id: invoice.data!.id as number, patientId }, '250.75', {}, client);
        expect(payment.error).toBeNull();
      }
    });

    it('lets only an admin of the clinic or a superadmin void, with a reason, once', async () => {
      const invoice = await newInvoice('300');
      const payment = await newPayment(invoice, '100');
      for (const client of [reception, dentist]) {
        const refused = await client.rpc('void_payment', { p_payment_id: payment, p_reason: 'Mistake' });
        expect(refused.error).toMatchObject({
          code: '42501',
          message: 'Only an admin can void.',
          hint: 'void_forbidden',
        });
      }
      const elsewhere = await otherAdmin.rpc('void_payment', { p_payment_id: payment, p_reason: 'Mistake' });
      expect(elsewhere.error).not.toBeNull();
      const noReason = await admin.rpc('void_payment', { p_payment_id: payment, p_reason: '   ' });
      expect(noReason.error).toMatchObject({ message: 'A reason is required to void.', hint: 'void_reason_required' });
      expect((await summary(invoice.id))!.payment_count).toBe(1);

      expect((await admin.rpc('void_payment', { p_payment_id: payment, p_reason: 'Mistake' })).error).toBeNull();
      const again = await superadmin.rpc('void_payment', { p_payment_id: payment, p_reason: 'Mistake' });
      expect(again.error).toMatchObject({ message: 'This payment is already void.', hint: 'payment_already_void' });
    });

    it('voids an invoice only once its payments are void; then it takes no payment and frees nothing else', async () => {
      const invoice = await newInvoice('300');
      const payment = await newPayment(invoice, '100');
      const early = await admin.rpc('void_invoice', { p_invoice_id: invoice.id, p_reason: 'Duplicate' });
      expect(early.error).toMatchObject({
        message: "Void this invoice's payments first.",
        hint: 'invoice_has_payments',
      });
      expect((await admin.rpc('void_payment', { p_payment_id: payment, p_reason: 'Duplicate' })).error).toBeNull();
      expect(
        (await reception.rpc('void_invoice', { p_invoice_id: invoice.id, p_reason: 'Duplicate' })).error,
      ).toMatchObject({ code: '42501' });
      expect(
        (await superadmin.rpc('void_invoice', { p_invoice_id: invoice.id, p_reason: 'Duplicate' })).error,
      ).toBeNull();
      expect(await summary(invoice.id)).toMatchObject({ voided_at: expect.any(String), void_reason: 'Duplicate' });
      const again = await admin.rpc('void_invoice', { p_invoice_id: invoice.id, p_reason: 'Duplicate' });
      expect(again.error).toMatchObject({ message: 'This invoice is already void.', hint: 'invoice_already_void' });

      const late = await addPayment(invoice, '50');
      expect(late.error).toMatchObject({
        message: 'This invoice is void; it takes no more payments.',
        hint: 'invoice_void',
      });
    });

    it('refuses every update and delete from the browser, and void columns on insert', async () => {
      const invoice = await newInvoice('300');
      const payment = await newPayment(invoice, '100');
      for (const client of [reception, admin, superadmin]) {
        const changedTotal = await client.from('invoices').update({ total: '1' }).eq('id', invoice.id);
        expect(changedTotal.error).toMatchObject({ code: '42501' });
        const voidedByHand = await client
          .from('payments')
          .update({ voided_at: new Date().toISOString() })
          .eq('id', payment);
        expect(voidedByHand.error).toMatchObject({ code: '42501' });
        expect((await client.from('payments').delete().eq('id', payment)).error).toMatchObject({ code: '42501' });
        expect((await client.from('invoices').delete().eq('id', invoice.id)).error).toMatchObject({ code: '42501' });
      }
      const bornVoid = await reception.from('payments').insert({
        patient_id: invoice.patientId,
        invoice_id: invoice.id,
        amount: '5',
        method: 'cash',
        clinic_id: clinicId,
        voided_at: new Date().toISOString(),
        void_reason: 'x',
      });
      expect(bornVoid.error).toMatchObject({ code: '42501' });
      expect(await summary(invoice.id)).toMatchObject({
        total_centavos: 30000,
        paid_centavos: 10000,
        payment_count: 1,
      });
    });
  });

  describe('idempotency keys', () => {
    it('makes exactly one payment of 12 concurrent inserts with one key; the others answer 23505', async () => {
      const invoice = await newInvoice('1000');
      const key = randomUUID();
      const clients = await Promise.all(Array.from({ length: 4 }, () => stack.signedIn('reception@demo.test')));
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => addPayment(invoice, '250', { idempotency_key: key }, clients[i % 4])),
      );
      expect(results.filter((result) => result.error === null)).toHaveLength(1);
      for (const refused of results.filter((result) => result.error !== null)) {
        expect(refused.status).toBe(409);
        expect(refused.error!.code).toBe('23505');
      }
      const existing = await reception
        .from('payment_entries')
        .select('invoice_id, amount_centavos')
        .eq('idempotency_key', key);
      expect(existing.data).toEqual([{ invoice_id: invoice.id, amount_centavos: 25000 }]);
      expect(await summary(invoice.id)).toMatchObject({ paid_centavos: 25000, payment_count: 1 });
    });

    it('makes exactly one invoice of 12 concurrent inserts with one key, even for an appointment', async () => {
      const patientId = await newPatient();
      const appointmentId = await completedAppointment(patientId, 3);
      const key = randomUUID();
      const results = await Promise.all(
        Array.from({ length: 12 }, () =>
          addInvoice('800', patientId, { appointment_id: appointmentId, idempotency_key: key }),
        ),
      );
      expect(results.filter((result) => result.error === null)).toHaveLength(1);
      for (const refused of results.filter((result) => result.error !== null))
        expect(refused.error!.code).toBe('23505');
      const rows = await stack.serviceClient().from('invoices').select('id').eq('patient_id', patientId);
      expect(rows.data).toHaveLength(1);
    });

    it('of two payments sent at once, each accepted at the balance both desks saw, keeps only the first', async () => {
      const invoice = await newInvoice('1000');
      const accepted = { overpayment_accepted: true, accepted_balance: '1000' };
      const answers = await Promise.all([
        addPayment(invoice, '300', accepted),
        addPayment(invoice, '900', accepted, admin),
      ]);
      // Whichever the invoice's lock let in first fits the balance; the other then exceeds another.
      expect(answers.filter((answer) => answer.error === null)).toHaveLength(1);
      expect(answers.find((answer) => answer.error !== null)!.error).toMatchObject({
        code: 'PT409',
        hint: 'payment_balance_changed',
      });
      expect((await summary(invoice.id))!.payment_count).toBe(1);
    });

    it('lets two clinics use the same key', async () => {
      const key = randomUUID();
      const ours = await addInvoice('10', await newPatient(), { idempotency_key: key });
      const theirPatient = await newPatient(otherAdmin, otherClinicId);
      const theirs = await addInvoice(
        '10',
        theirPatient,
        { idempotency_key: key, clinic_id: otherClinicId },
        otherAdmin,
      );
      expect(ours.error).toBeNull();
      expect(theirs.error).toBeNull();
    });
  });

  describe('an overpayment accepted at the balance the desk was warned of', () => {
    const acceptedAt = (balance: string) => ({ overpayment_accepted: true, accepted_balance: balance });

    it('saves it while the invoice still owes that balance, at any credit of an invoice paid in full', async () => {
      const invoice = await newInvoice('1000');
      const first = await addPayment(invoice, '1200', acceptedAt('1000.00'));
      expect(first.error).toBeNull();
      // Paid in full and more: it owes ₱0.00, whatever the credit.
      const second = await addPayment(invoice, '50', acceptedAt('0'));
      expect(second.error).toBeNull();
      expect(await summary(invoice.id)).toMatchObject({ paid_centavos: 125000, balance_centavos: -25000 });
      const { rows } = await stack.db.query<{ accepted: string | null }>(
        'select accepted_balance::text as accepted from public.payments where id = $1',
        [first.data!.id],
      );
      expect(rows).toEqual([{ accepted: '1000.00' }]);
    });

    it('refuses it when another desk took a payment after the warning, then saves it accepted at the new balance', async () => {
      const invoice = await newInvoice('1000');
      // Desk A reads the balance and is warned: ₱200 more than ₱1,000.
      expect((await summary(invoice.id))!.balance_centavos).toBe(100000);
      // Desk B takes the ₱1,000.
      expect((await addPayment(invoice, '1000', {}, admin)).error).toBeNull();
      // Desk A presses 'Add Payment anyway'.
      const late = await addPayment(invoice, '1200', acceptedAt('1000'));
      expect(late.status).toBe(409);
      expect(late.error).toMatchObject({
        code: 'PT409',
        message: 'The balance of the invoice changed since this overpayment was accepted.',
        details: 'balance_centavos=0',
        hint: 'payment_balance_changed',
      });
      expect(await summary(invoice.id)).toMatchObject({ paid_centavos: 100000, payment_count: 1 });

      // Asked again with the new figures, desk A accepts ₱1,200 more than ₱0.
      expect((await addPayment(invoice, '1200', acceptedAt('0'))).error).toBeNull();
      expect(await summary(invoice.id)).toMatchObject({ paid_centavos: 220000, balance_centavos: -120000 });
    });

    it('refuses one accepted at no balance, or at a balance the invoice never owed', async () => {
      const invoice = await newInvoice('100');
      for (const fields of [{ overpayment_accepted: true }, acceptedAt('99.99'), acceptedAt('100.01')]) {
        const answer = await addPayment(invoice, '150', fields);
        expect(answer.error).toMatchObject({ hint: 'payment_balance_changed', details: 'balance_centavos=10000' });
      }
      expect((await summary(invoice.id))!.payment_count).toBe(0);
    });

    it('takes the amount as a payment when the balance grew past it since the warning', async () => {
      const invoice = await newInvoice('1000');
      const mistaken = await newPayment(invoice, '600');
      // Warned of ₱100 more than ₱400; an admin voids the ₱600 before 'Add Payment anyway'.
      expect((await admin.rpc('void_payment', { p_payment_id: mistaken, p_reason: 'Wrong invoice' })).error).toBeNull();
      expect((await addPayment(invoice, '500', acceptedAt('400'))).error).toBeNull();
      expect(await summary(invoice.id)).toMatchObject({ paid_centavos: 50000, balance_centavos: 50000 });
      // No overpayment was made, so none is recorded as accepted (nor a balance nobody was warned of).
      const { rows } = await stack.db.query<{ accepted: boolean; balance: string | null }>(
        `select overpayment_accepted as accepted, accepted_balance::text as balance from public.payments
          where invoice_id = $1 and voided_at is null`,
        [invoice.id],
      );
      expect(rows).toEqual([{ accepted: false, balance: null }]);
    });

    it('stores no balance given without accepting an overpayment, or below ₱0.00 (23514)', async () => {
      const invoice = await newInvoice('100');
      for (const fields of [{ accepted_balance: '100' }, acceptedAt('-50')]) {
        expect((await addPayment(invoice, '50', fields)).error).toMatchObject({ code: '23514' });
      }
      expect((await summary(invoice.id))!.payment_count).toBe(0);
    });

    // PGlite runs one statement at a time: nothing is held open while another write runs.
    if (target === 'postgres') {
      it("waits for another desk's payment in progress, then refuses the balance it no longer is", async () => {
        const invoice = await newInvoice('1000');
        const late = await whileHeldOpen(
          stack.db,
          (tx) =>
            tx.query(
              `insert into public.payments (clinic_id, invoice_id, patient_id, amount, method)
               values ($1, $2, $3, 1000, 'cash')`,
              [clinicId, invoice.id, invoice.patientId],
            ),
          () => addPayment(invoice, '1200', acceptedAt('1000')),
        );
        expect(late.error).toMatchObject({ hint: 'payment_balance_changed', details: 'balance_centavos=0' });
        expect(await summary(invoice.id)).toMatchObject({ paid_centavos: 100000, payment_count: 1 });
      });
    }
  });

  describe('a deleted patient', () => {
    async function deletedPatient(): Promise<number> {
      const patientId = await newPatient();
      const deleted = await reception.rpc('delete_patient', { p_patient_id: patientId });
      expect(deleted.error).toBeNull();
      return patientId;
    }

    it('is not invoiced, with a total or with lines', async () => {
      const patientId = await deletedPatient();
      const refusal = { code: '23514', message: 'This patient has been deleted.', hint: 'patient_deleted' };
      expect((await addInvoice('500', patientId)).error).toMatchObject(refusal);
      const itemised = await createItemisedInvoice(reception, clinicId, patientId, [
        { description: 'Consultation', unit_price: '500' },
      ]);
      expect(itemised.error).toMatchObject(refusal);
      const saved = await stack.serviceClient().from('invoices').select('id').eq('patient_id', patientId);
      expect(saved.data).toEqual([]);
    });

    it('keeps the invoices made before the delete, which still take payments', async () => {
      const patientId = await newPatient();
      const invoice = await newInvoice('300', patientId);
      expect((await reception.rpc('delete_patient', { p_patient_id: patientId })).error).toBeNull();
      expect((await addPayment(invoice, '300')).error).toBeNull();
      expect((await summary(invoice.id))!.status).toBe('Paid');
    });

    if (target === 'postgres') {
      it('waits for a delete in progress, then refuses the invoice', async () => {
        const patientId = await newPatient();
        const answer = await whileHeldOpen(
          stack.db,
          (tx) => tx.query('update public.patients set deleted = true where id = $1', [patientId]),
          () => addInvoice('500', patientId),
        );
        expect(answer.error).toMatchObject({ hint: 'patient_deleted' });
      });
    }
  });

  describe('billing an appointment', () => {
    it('keeps one invoice per appointment until it is voided, and refuses another patient', async () => {
      const patientId = await newPatient();
      const appointmentId = await completedAppointment(patientId, 5);
      const first = await addInvoice('1500', patientId, { appointment_id: appointmentId });
      expect(first.error).toBeNull();
      const second = await addInvoice('1500', patientId, { appointment_id: appointmentId });
      expect(second.error).toMatchObject({
        message: 'This appointment already has an invoice.',
        hint: 'appointment_already_billed',
      });

      const otherPatient = await addInvoice('1500', await newPatient(), { appointment_id: appointmentId });
      expect(otherPatient.error).toMatchObject({
        message: 'The appointment belongs to another patient.',
        hint: 'invoice_patient_mismatch',
      });

      expect(
        (await admin.rpc('void_invoice', { p_invoice_id: first.data!.id, p_reason: 'Wrong price' })).error,
      ).toBeNull();
      const rebilled = await addInvoice('1200', patientId, { appointment_id: appointmentId });
      expect(rebilled.error).toBeNull();
      const appointment = await reception
        .from('invoice_summaries')
        .select('id, total_centavos, voided_at')
        .eq('appointment_id', appointmentId)
        .order('id');
      expect(appointment.data).toEqual([
        { id: first.data!.id, total_centavos: 150000, voided_at: expect.any(String) },
        { id: rebilled.data!.id, total_centavos: 120000, voided_at: null },
      ]);
    });
  });

  describe('receipt', () => {
    async function lastReceiptNumber(clinic: number): Promise<number> {
      const { rows } = await stack.db.query<{ last: string | null }>(
        'select max(receipt_number)::text as last from public.payments where clinic_id = $1',
        [clinic],
      );
      return Number(rows[0]!.last ?? 0);
    }

    const receiptNumberOf = async (paymentId: number) =>
      (await reception.from('payments').select('receipt_number').eq('id', paymentId).single()).data!.receipt_number;

    it("numbers each clinic's receipts 1, 2, 3, … without gaps, whatever is refused or sent at once", async () => {
      const before = await lastReceiptNumber(clinicId);
      const otherBefore = await lastReceiptNumber(otherClinicId);
      const invoice = await newInvoice('100');
      const first = await newPayment(invoice, '10');
      expect(await receiptNumberOf(first)).toBe(before + 1);

      // Refused (above the balance) and repeated (same key): neither uses a number.
      expect((await addPayment(invoice, '500')).error).toMatchObject({ hint: 'payment_above_balance' });
      const key = randomUUID();
      expect((await addPayment(invoice, '5', { idempotency_key: key })).error).toBeNull();
      expect((await addPayment(invoice, '5', { idempotency_key: key })).error).toMatchObject({ code: '23505' });
      expect(await lastReceiptNumber(clinicId)).toBe(before + 2);

      // Five desks at once: five different numbers, the next five.
      const invoices = await Promise.all(Array.from({ length: 5 }, () => newInvoice('50')));
      const sent = await Promise.all(invoices.map((each) => addPayment(each, '50')));
      const numbers = await Promise.all(sent.map(({ data }) => receiptNumberOf(data!.id as number)));
      expect([...numbers].sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7].map((n) => before + n));

      // Another clinic keeps its own series.
      expect(await lastReceiptNumber(otherClinicId)).toBe(otherBefore);
    });

    it('keeps the name of the staff member who recorded the payment, and lets no browser choose a number', async () => {
      const invoice = await newInvoice('100');
      const paymentId = await newPayment(invoice, '20');
      const { rows } = await stack.db.query<{ recorded: string | null; staff: string }>(
        `select p.recorded_by_name as recorded, u.name as staff
           from public.payments p join public.users u on u.user_id = p.recorded_by where p.id = $1`,
        [paymentId],
      );
      expect(rows[0]!.recorded).toBe(rows[0]!.staff);
      expect((await reception.rpc('payment_receipt', { p_payment_id: paymentId })).data).toMatchObject({
        cashier_name: rows[0]!.staff,
      });

      const chosen = await reception
        .from('payments')
        .insert({
          patient_id: invoice.patientId,
          invoice_id: invoice.id,
          amount: '1',
          method: 'cash',
          clinic_id: clinicId,
          receipt_number: 999_999,
        })
        .select('id')
        .single();
      expect(chosen.error).toMatchObject({ code: '42501' });
    });

    it('answers the clinic, patient, amounts and the balance after each payment; not for another clinic', async () => {
      const invoice = await newInvoice('1000');
      const first = await newPayment(invoice, '300.50');
      const voided = await newPayment(invoice, '100');
      const { data: paid, error } = await addPayment(invoice, '200', {
        method: 'e-wallet',
        reference_number: 'GCASH-1',
      });
      expect(error).toBeNull();
      expect((await admin.rpc('void_payment', { p_payment_id: voided, p_reason: 'Duplicate' })).error).toBeNull();

      const receipt = await reception.rpc('payment_receipt', { p_payment_id: paid!.id });
      expect(receipt.error).toBeNull();
      expect(receipt.data).toMatchObject({
        payment_id: paid!.id,
        invoice_id: invoice.id,
        clinic_name: 'Smile Dental',
        amount_centavos: 20000,
        method: 'e-wallet',
        reference_number: 'GCASH-1',
        voided_at: null,
        invoice_total_centavos: 100000,
        balance_after_centavos: 49950,
      });
      expect(receipt.data).toHaveProperty('patient_name');
      expect(receipt.data).toHaveProperty('clinic_address');
      expect(receipt.data).toHaveProperty('clinic_phone');
      expect(receipt.data).toHaveProperty('clinic_email');
      expect(receipt.data).toHaveProperty('payment_date');
      expect((await reception.rpc('payment_receipt', { p_payment_id: first })).data).toMatchObject({
        balance_after_centavos: 69950,
      });
      expect((await otherAdmin.rpc('payment_receipt', { p_payment_id: paid!.id })).data).toBeNull();
    });
  });
});
