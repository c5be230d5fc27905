/**
 * Itemised invoices (supabase/migrations/20261201000500_billing.sql) through the calls the
 * SPA makes: rpc/create_itemised_invoice with decimal strings and the form's idempotency key, the
 * lines as Billing, the receipt and the day sheet read them, the refusals' codes, and who may see
 * or touch the lines. Runs on PGlite and, with TEST_DATABASE_URL, on a real PostgreSQL server,
 * where concurrent calls with one key really race.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicDateAt } from '../../support/clinic-time.ts';
import { completedAppointment as completedAppointmentOf } from '../../support/completed-appointment.ts';
import { databaseTargets } from '../../support/database.ts';
import {
  createItemisedInvoice,
  itemisedInvoiceId,
  type ItemisedInvoiceOptions,
} from '../../support/itemised-invoice.ts';
import { startDemoStack } from '../../support/service.ts';
import type { TestStack } from '../../support/stack.ts';

interface Line {
  procedure_id?: number;
  description?: string;
  tooth?: number | string;
  surfaces?: unknown;
  unit_price?: string | number;
  quantity?: number | string;
  discount?: string;
}

describe.each(databaseTargets())('itemised invoices on %s', (target) => {
  let stack: TestStack;
  let service: SupabaseClient;
  let reception: SupabaseClient;
  let dentist: SupabaseClient;
  let admin: SupabaseClient;
  let otherAdmin: SupabaseClient;
  let anon: SupabaseClient;
  let clinicId: number;
  let otherClinicId: number;
  let filling: { id: number; name: string };
  let otherClinicProcedure: number;

  async function newPatient(clinic = clinicId): Promise<number> {
    const { data, error } = await service
      .from('patients')
      .insert({ clinic_id: clinic, name: `Items ${randomUUID().slice(0, 8)}`, phone: '0917 555 0000' })
      .select('id')
      .single();
    if (error) throw error;
    return data.id as number;
  }

  async function newProcedure(clinic: number, name: string, price: string): Promise<number> {
    const category = await service
      .from('procedure_categories')
      .insert({ clinic_id: clinic, name: `Items ${randomUUID().slice(0, 8)}` })
      .select('id')
      .single();
    if (category.error) throw category.error;
    const procedure = await service
      .from('procedures')
      .insert({ clinic_id: clinic, category_id: category.data.id, name, price })
      .select('id')
      .single();
    if (procedure.error) throw procedure.error;
    return procedure.data.id as number;
  }

  const bill = (
    patientId: number,
    items: unknown,
    options: ItemisedInvoiceOptions & { clinic?: number } = {},
    client = reception,
  ) => createItemisedInvoice(client, options.clinic ?? clinicId, patientId, items, options);

  const billed = (patientId: number, items: Line[], options: ItemisedInvoiceOptions = {}) =>
    itemisedInvoiceId(reception, clinicId, patientId, items, options);

  async function linesOf(invoiceId: number, client = reception) {
    const { data, error } = await client
      .from('invoice_items')
      .select('position, procedure_id, description, tooth, surfaces, unit_price, quantity, discount, line_total, label')
      .eq('invoice_id', invoiceId)
      .order('position');
    if (error) throw error;
    return data;
  }

  async function totalCentavos(invoiceId: number): Promise<number> {
    const { data, error } = await reception
      .from('invoice_summaries')
      .select('total_centavos')
      .eq('id', invoiceId)
      .single();
    if (error) throw error;
    return data.total_centavos as number;
  }

  const completedAppointment = (patientId: number, day: number) =>
    completedAppointmentOf(service, clinicId, patientId, day, { time: '10:00', reason: 'Composite filling' });

  beforeAll(async () => {
    ({
      stack,
      clinics: { smile: clinicId, bright: otherClinicId },
      staff: { reception, dentist, admin, admin2: otherAdmin },
    } = await startDemoStack(target, ['reception', 'dentist', 'admin', 'admin2']));
    service = stack.serviceClient();
    anon = stack.anonClient();
    const name = `Composite filling ${randomUUID().slice(0, 6)}`;
    filling = { id: await newProcedure(clinicId, name, '1500.00'), name };
    otherClinicProcedure = await newProcedure(otherClinicId, 'Bright filling', '900.00');
  });

  afterAll(async () => {
    await stack?.stop();
  });

  describe('totals and lines', () => {
    it('totals 3 × ₱333.33 less ₱0.99 plus ₱0.10 and ₱0.20 to exactly ₱999.30', async () => {
      const patientId = await newPatient();
      const invoiceId = await billed(patientId, [
        {
          procedure_id: filling.id,
          tooth: 36,
          surfaces: ['O', 'M'],
          unit_price: '333.33',
          quantity: 3,
          discount: '0.99',
        },
        { description: ' Fluoride varnish ', unit_price: '0.10' },
        { description: 'Floss', unit_price: '0.20', quantity: 1, discount: '0' },
      ]);
      expect(await totalCentavos(invoiceId)).toBe(99_930);
      expect(await linesOf(invoiceId)).toEqual([
        {
          position: 1,
          procedure_id: filling.id,
          description: filling.name,
          tooth: 36,
          surfaces: ['O', 'M'],
          unit_price: 333.33,
          quantity: 3,
          discount: 0.99,
          line_total: 999,
          label: `36 MO ${filling.name}`,
        },
        expect.objectContaining({
          position: 2,
          description: 'Fluoride varnish',
          label: 'Fluoride varnish',
          line_total: 0.1,
        }),
        expect.objectContaining({ position: 3, label: 'Floss', line_total: 0.2 }),
      ]);
    });

    it('keeps the procedure’s name as it was billed when the price list changes later', async () => {
      const procedureId = await newProcedure(clinicId, 'Sealant', '800.00');
      const invoiceId = await billed(await newPatient(), [
        { procedure_id: procedureId, tooth: 16, unit_price: '750.00' },
      ]);
      await service.from('procedures').update({ name: 'Pit and fissure sealant', price: 900 }).eq('id', procedureId);
      expect(await linesOf(invoiceId)).toEqual([
        expect.objectContaining({ description: 'Sealant', label: '16 Sealant', unit_price: 750, line_total: 750 }),
      ]);
      expect(await totalCentavos(invoiceId)).toBe(75_000);
    });

    it('records the invoice and its lines in the audit trail with every amount in centavos', async () => {
      const invoiceId = await billed(await newPatient(), [
        { description: 'X-ray', unit_price: '350.50', discount: '0.50' },
      ]);
      const lines = await service.from('invoice_items').select('id').eq('invoice_id', invoiceId);
      const audit = await service
        .from('audit_log')
        .select('entity, after')
        .or(
          `and(entity.eq.invoice,entity_id.eq.${invoiceId}),and(entity.eq.invoice_item,entity_id.eq.${lines.data![0]!.id})`,
        )
        .order('id');
      expect(audit.error).toBeNull();
      const [invoice, line] = audit.data!.map((row) => row.after as Record<string, unknown>);
      expect(line).toMatchObject({
        unit_price_centavos: 35050,
        discount_centavos: 50,
        line_total_centavos: 35000,
        hmo_share_centavos: 0,
        patient_share_centavos: 35000,
      });
      expect(Object.keys(line!)).not.toContain('hmo_share');
      expect(invoice).toMatchObject({ total_centavos: 35000 });
      expect(Object.keys(invoice!)).not.toContain('itemised_request_digest');
    });

    it('leaves an invoice made the spec’s way, total only, without lines', async () => {
      const patientId = await newPatient();
      const plain = await reception
        .from('invoices')
        .insert({ clinic_id: clinicId, patient_id: patientId, total: '1500.50', idempotency_key: randomUUID() })
        .select('id')
        .single();
      expect(plain.error).toBeNull();
      expect(await linesOf(plain.data!.id as number)).toEqual([]);
      expect((await reception.rpc('invoice_item_lines', { p_invoice_id: plain.data!.id })).data).toEqual([]);
    });
  });

  describe('idempotency', () => {
    it('answers a repeated key with the invoice it made, and makes no second one', async () => {
      const patientId = await newPatient();
      const key = randomUUID();
      const items = [{ procedure_id: filling.id, unit_price: '1500.00' }];
      const first = await billed(patientId, items, { key });
      expect(await billed(patientId, items, { key })).toBe(first);
      const invoices = await service.from('invoices').select('id').eq('clinic_id', clinicId).eq('idempotency_key', key);
      expect(invoices.data).toEqual([{ id: first }]);
      expect(await linesOf(first)).toHaveLength(1);
    });

    it('refuses a repeated key sent with other lines or another patient, naming the invoice it made', async () => {
      const patientId = await newPatient();
      const key = randomUUID();
      const items = [{ procedure_id: filling.id, tooth: 36, unit_price: '1500.00' }];
      const first = await billed(patientId, items, { key });
      const reused = { code: 'PT409', hint: 'invoice_key_reused', details: String(first) };

      expect((await bill(patientId, [{ ...items[0], tooth: 46 }], { key })).error).toMatchObject(reused);
      expect(
        (await bill(patientId, [...items, { description: 'X-ray', unit_price: '350.00' }], { key })).error,
      ).toMatchObject(reused);
      expect((await bill(await newPatient(), items, { key })).error).toMatchObject(reused);
      expect((await service.from('invoices').select('id').eq('idempotency_key', key)).data).toEqual([{ id: first }]);
      expect(await linesOf(first)).toMatchObject([{ tooth: 36, label: `36 ${filling.name}` }]);
    });

    it('makes one invoice and one set of lines of 12 concurrent calls with one key, even for an appointment', async () => {
      const patientId = await newPatient();
      const appointmentId = await completedAppointment(patientId, 3);
      const key = randomUUID();
      const clients = await Promise.all(Array.from({ length: 4 }, () => stack.signedIn('reception@demo.test')));
      const items = [
        { procedure_id: filling.id, tooth: 36, surfaces: ['M', 'O'], unit_price: '1500.00' },
        { description: 'X-ray', unit_price: '350.00' },
      ];
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => bill(patientId, items, { key, appointmentId }, clients[i % 4])),
      );
      expect(results.map((result) => result.error)).toEqual(Array(12).fill(null));
      const ids = new Set(results.map((result) => result.data));
      expect(ids.size).toBe(1);
      const [invoiceId] = [...ids] as number[];
      const invoices = await service.from('invoices').select('id').eq('appointment_id', appointmentId);
      expect(invoices.data).toEqual([{ id: invoiceId }]);
      expect(await linesOf(invoiceId!)).toHaveLength(2);
      expect(await totalCentavos(invoiceId!)).toBe(185_000);
    });

    it('refuses a second invoice for a billed appointment under a new key, and bills it again once voided', async () => {
      const patientId = await newPatient();
      const appointmentId = await completedAppointment(patientId, 4);
      const items = [{ procedure_id: filling.id, unit_price: '1500.00' }];
      const first = await billed(patientId, items, { appointmentId });
      const second = await bill(patientId, items, { appointmentId });
      expect(second.error).toMatchObject({ code: '23514', hint: 'appointment_already_billed' });
      expect((await admin.rpc('void_invoice', { p_invoice_id: first, p_reason: 'Wrong tooth' })).error).toBeNull();
      expect(await linesOf(first)).toHaveLength(1);
      expect((await bill(patientId, items, { appointmentId })).error).toBeNull();
    });
  });

  describe('refusals', () => {
    const good = { description: 'Cleaning', unit_price: '500.00' };
    it.each<[string, unknown, string, string]>([
      ['an empty list', [], '22023', 'invoice_items_required'],
      ['no list', { lines: [] }, '22023', 'invoice_items_required'],
      ['tooth 19', [{ ...good, tooth: 19 }], '23514', 'invoice_item_tooth_invalid'],
      ['tooth 86', [{ ...good, tooth: 86 }], '23514', 'invoice_item_tooth_invalid'],
      ['surface X', [{ ...good, tooth: 36, surfaces: ['X'] }], '23514', 'invoice_item_surfaces_invalid'],
      ['a surface twice', [{ ...good, tooth: 36, surfaces: ['M', 'M'] }], '23514', 'invoice_item_surfaces_invalid'],
      ['surfaces without a tooth', [{ ...good, surfaces: ['M'] }], '23514', 'invoice_item_surfaces_need_tooth'],
      [
        'a discount over the line',
        [{ ...good, quantity: 2, discount: '1000.01' }],
        '23514',
        'invoice_item_discount_over_line',
      ],
      ['a negative discount', [{ ...good, discount: '-1' }], '23514', 'invoice_item_discount_invalid'],
      [
        'a discount of a tenth of a centavo',
        [{ ...good, discount: '0.001' }],
        '23514',
        'invoice_item_discount_invalid',
      ],
      ['a price with three decimals', [{ ...good, unit_price: '1.005' }], '23514', 'invoice_item_price_invalid'],
      ['a negative price', [{ ...good, unit_price: '-5' }], '23514', 'invoice_item_price_invalid'],
      ['no price', [{ description: 'Cleaning' }], '23514', 'invoice_item_price_invalid'],
      ['quantity 0', [{ ...good, quantity: 0 }], '23514', 'invoice_item_quantity_invalid'],
      ['quantity 1.5', [{ ...good, quantity: 1.5 }], '22023', 'invoice_item_unreadable'],
      ['a price that is not a number', [{ ...good, unit_price: 'ten' }], '22023', 'invoice_item_unreadable'],
      [
        'a line with neither procedure nor description',
        [{ unit_price: '10' }],
        '22023',
        'invoice_item_description_required',
      ],
      ['lines adding up to ₱0.00', [{ ...good, unit_price: '0' }], '23514', 'invoice_items_total_too_small'],
      ['a discount taking the whole line', [{ ...good, discount: '500.00' }], '23514', 'invoice_items_total_too_small'],
    ])('refuses %s', async (_what, items, code, hint) => {
      const key = randomUUID();
      const answer = await bill(await newPatient(), items, { key });
      expect(answer.error).toMatchObject({ code, hint });
      const made = await service.from('invoices').select('id').eq('idempotency_key', key);
      expect(made.data).toEqual([]);
    });

    it('refuses another clinic’s procedure, and keeps nothing of a call whose last line is bad', async () => {
      const patientId = await newPatient();
      const foreign = await bill(patientId, [{ procedure_id: otherClinicProcedure, unit_price: '900.00' }]);
      expect(foreign.error).toMatchObject({ code: '22023', hint: 'invoice_item_procedure_unknown' });
      const key = randomUUID();
      const halfGood = await bill(patientId, [good, good, { ...good, tooth: 99 }], { key });
      expect(halfGood.error).toMatchObject({ hint: 'invoice_item_tooth_invalid' });
      expect((await service.from('invoices').select('id').eq('idempotency_key', key)).data).toEqual([]);
    });

    it.each<[string, Line, string]>([
      ['tooth 19', { ...good, tooth: 19 }, 'invoice_item_tooth_invalid'],
      ['surfaces without a tooth', { ...good, surfaces: ['M'] }, 'invoice_item_surfaces_need_tooth'],
      ['a discount over the line', { ...good, discount: '500.01' }, 'invoice_item_discount_over_line'],
      ['a price with three decimals', { ...good, unit_price: '1.005' }, 'invoice_item_price_invalid'],
      ['quantity 0', { ...good, quantity: 0 }, 'invoice_item_quantity_invalid'],
      ['a quantity that is not a number', { ...good, quantity: 'two' }, 'invoice_item_unreadable'],
      ['no procedure nor description', { unit_price: '10' }, 'invoice_item_description_required'],
    ])('names the place of the line refused for %s, saved or previewed', async (_what, bad, hint) => {
      const patientId = await newPatient();
      const items = [good, good, bad, { ...good, tooth: 99 }];
      const line3 = { hint, details: 'line=3' };
      expect((await bill(patientId, items, { shown: { totalCentavos: 0, hmoShareCentavos: 0 } })).error).toMatchObject(
        line3,
      );
      const preview = await reception.rpc('invoice_split', {
        p_clinic_id: clinicId,
        p_patient_id: patientId,
        p_items: items,
      });
      expect(preview.error).toMatchObject(line3);
    });

    it('names the line of another clinic’s procedure', async () => {
      const answer = await bill(await newPatient(), [good, { procedure_id: otherClinicProcedure, unit_price: '1' }]);
      expect(answer.error).toMatchObject({ hint: 'invoice_item_procedure_unknown', details: 'line=2' });
    });

    it('refuses more than 100 lines', async () => {
      const answer = await bill(await newPatient(), Array(101).fill(good));
      expect(answer.error).toMatchObject({ code: '22023', hint: 'invoice_items_too_many' });
    });
  });

  describe('who may bill and see the lines', () => {
    const items = [{ procedure_id: 0, unit_price: '1.00' }];

    it('lets the receptionist and the dentist bill; the other clinic’s admin reads nothing', async () => {
      const patientId = await newPatient();
      const byReception = await billed(patientId, [{ procedure_id: filling.id, unit_price: '100.00' }]);
      const byDentist = await bill(patientId, [{ procedure_id: filling.id, unit_price: '100.00' }], {}, dentist);
      expect(byDentist.error).toBeNull();
      const seen = await otherAdmin.from('invoice_items').select('id').in('invoice_id', [byReception, byDentist.data]);
      expect(seen.data).toEqual([]);
      expect((await otherAdmin.rpc('invoice_item_lines', { p_invoice_id: byReception })).data).toEqual([]);
      expect(await linesOf(byReception, dentist)).toHaveLength(1);
    });

    it('refuses billing in another clinic, another clinic’s patient, and anon', async () => {
      const patientId = await newPatient();
      const intoOther = await bill(
        patientId,
        [{ description: 'X', unit_price: '1' }],
        { clinic: clinicId },
        otherAdmin,
      );
      expect(intoOther.error).toMatchObject({ code: '42501', hint: 'invoice_forbidden' });
      const foreignPatient = await bill(await newPatient(otherClinicId), [{ description: 'X', unit_price: '1' }]);
      expect(foreignPatient.error).toMatchObject({ code: '23503' });
      const byAnon = await bill(patientId, items, {}, anon);
      expect(byAnon.status).toBe(401);
    });

    it('never lets a line be added, changed or removed after the invoice was made', async () => {
      const invoiceId = await billed(await newPatient(), [{ procedure_id: filling.id, unit_price: '1500.00' }]);
      for (const client of [reception, admin]) {
        const added = await client.from('invoice_items').insert({
          clinic_id: clinicId,
          invoice_id: invoiceId,
          position: 2,
          description: 'Extra',
          unit_price: 1,
          quantity: 1,
        });
        expect(added.error).toMatchObject({ code: '42501' });
        expect(
          (await client.from('invoice_items').update({ unit_price: 1 }).eq('invoice_id', invoiceId)).error,
        ).toMatchObject({
          code: '42501',
        });
        expect((await client.from('invoice_items').delete().eq('invoice_id', invoiceId)).error).toMatchObject({
          code: '42501',
        });
      }
      const bySevice = await service.from('invoice_items').update({ quantity: 2 }).eq('invoice_id', invoiceId);
      expect(bySevice.error).toMatchObject({ hint: 'invoice_item_immutable' });
      expect(await linesOf(invoiceId)).toEqual([expect.objectContaining({ quantity: 1, line_total: 1500 })]);
    });
  });

  describe('the receipt and the day sheet', () => {
    it('print each line with its label, quantity, price, discount and total', async () => {
      const patientId = await newPatient();
      const invoiceId = await billed(patientId, [
        {
          procedure_id: filling.id,
          tooth: 36,
          surfaces: ['M', 'O'],
          unit_price: '333.33',
          quantity: 3,
          discount: '0.99',
        },
        { description: 'X-ray', unit_price: '350.00' },
      ]);
      const payment = await reception
        .from('payments')
        .insert({
          clinic_id: clinicId,
          invoice_id: invoiceId,
          patient_id: patientId,
          amount: '1349.00',
          method: 'cash',
          idempotency_key: randomUUID(),
        })
        .select('id')
        .single();
      expect(payment.error).toBeNull();
      const lines = [
        {
          position: 1,
          label: `36 MO ${filling.name}`,
          quantity: 3,
          unit_price_centavos: 33_333,
          discount_centavos: 99,
          line_total_centavos: 99_900,
        },
        {
          position: 2,
          label: 'X-ray',
          quantity: 1,
          unit_price_centavos: 35_000,
          discount_centavos: 0,
          line_total_centavos: 35_000,
        },
      ];
      const receipt = await reception.rpc('payment_receipt', { p_payment_id: payment.data!.id });
      expect(receipt.data).toMatchObject({ invoice_total_centavos: 134_900, balance_after_centavos: 0, items: lines });

      const today = clinicDateAt(new Date());
      const sheet = await reception.rpc('day_sheet', { p_clinic_id: clinicId, p_from: today, p_to: today });
      expect(sheet.error).toBeNull();
      const issued = (sheet.data as { production: { invoices: { id: number }[] } }).production.invoices;
      expect(issued.find((invoice) => invoice.id === invoiceId)).toMatchObject({
        gross_centavos: 134_900,
        net_centavos: 134_900,
        patient_pays_centavos: 134_900,
        items: lines,
      });
    });
  });
});
