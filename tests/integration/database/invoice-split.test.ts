/**
 * Who pays an itemised invoice (supabase/migrations/20261201000500_billing.sql) through the
 * calls the SPA makes: rpc/invoice_split (the Add Invoice preview) and rpc/create_itemised_invoice
 * (the save), which stores exactly what the preview answers. HMO cards, coverage at a contracted
 * price or a percentage, the HMO's annual limit across invoices, an expired card, the senior
 * citizen / PWD discount with and without VAT, a ₱0.00 invoice, a repeated save, and browsers
 * that try to set the shares themselves. Runs on PGlite and, with TEST_DATABASE_URL, on a real
 * PostgreSQL server.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@common/clinic-calendar';
import { clinicDateAt } from '../../support/clinic-time.ts';
import { completedAppointment } from '../../support/completed-appointment.ts';
import { databaseTargets } from '../../support/database.ts';
import {
  createItemisedInvoice,
  itemisedInvoiceId,
  shownSplit,
  type ItemisedInvoiceOptions,
} from '../../support/itemised-invoice.ts';
import { startDemoStack } from '../../support/service.ts';
import type { TestStack } from '../../support/stack.ts';

interface Line {
  procedure_id?: number;
  description?: string;
  unit_price: string;
  quantity?: number;
  discount?: string;
}

interface Split {
  card: { id: number; hmo_id: number; hmo_name: string; member_number: string } | null;
  card_problem: { hmo_name: string; member_number: string; status: string } | null;
  discount_id_type: string | null;
  lines: {
    position: number;
    unit_price_centavos: number;
    entered_discount_centavos: number;
    discount_centavos: number;
    statutory_discount: boolean;
    line_total_centavos: number;
    hmo_share_centavos: number;
    patient_share_centavos: number;
    coverage: string | null;
    limit_reached: boolean;
  }[];
  gross_centavos: number;
  hmo_share_centavos: number;
  patient_share_centavos: number;
  vat_exemption_centavos: number;
  statutory_discount_centavos: number;
  total_centavos: number;
}

describe.each(databaseTargets())('the HMO split and the statutory discount on %s', (target) => {
  let stack: TestStack;
  let service: SupabaseClient;
  let reception: SupabaseClient;
  let admin: SupabaseClient;
  let otherAdmin: SupabaseClient;
  let anon: SupabaseClient;
  let clinicId: number;
  const today = () => clinicDateAt(new Date());

  const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

  async function insert(table: string, values: Record<string, unknown>): Promise<number> {
    const { data, error } = await service.from(table).insert(values).select('id').single();
    if (error) throw error;
    return data.id as number;
  }

  const newPatient = (values: Record<string, unknown> = {}) =>
    insert('patients', { clinic_id: clinicId, name: unique('Split'), phone: '0917 555 0000', ...values });

  async function newProcedure(price: string): Promise<number> {
    const category = await insert('procedure_categories', { clinic_id: clinicId, name: unique('Split') });
    return insert('procedures', { clinic_id: clinicId, category_id: category, name: unique('Procedure'), price });
  }

  const newHmo = (annualLimit: string | null = null) =>
    insert('hmos', { clinic_id: clinicId, name: unique('HMO'), annual_limit: annualLimit });

  const cover = (hmoId: number, procedureId: number, terms: { contracted_price?: string; covered_percent?: number }) =>
    insert('hmo_coverages', { clinic_id: clinicId, hmo_id: hmoId, procedure_id: procedureId, ...terms });

  const giveCard = (patientId: number, hmoId: number, from = addDays(today(), -30), until = addDays(today(), 300)) =>
    insert('patient_hmo_cards', {
      clinic_id: clinicId,
      patient_id: patientId,
      hmo_id: hmoId,
      member_number: unique('MX'),
      valid_from: from,
      valid_until: until,
    });

  async function setVatRegistered(on: boolean) {
    const { error } = await service.from('clinics').update({ vat_registered: on }).eq('id', clinicId);
    if (error) throw error;
  }

  async function preview(patientId: number, items: Line[], appointmentId: number | null = null): Promise<Split> {
    const { data, error } = await reception.rpc('invoice_split', {
      p_clinic_id: clinicId,
      p_patient_id: patientId,
      p_items: items,
      ...(appointmentId === null ? {} : { p_appointment_id: appointmentId }),
    });
    if (error) throw error;
    return data as Split;
  }

  const billed = (patientId: number, items: Line[], options: ItemisedInvoiceOptions = {}) =>
    itemisedInvoiceId(reception, clinicId, patientId, items, options);

  async function invoiceRow(invoiceId: number) {
    const { data, error } = await reception
      .from('invoices')
      .select(
        'total, hmo_id, hmo_card_id, hmo_share, discount_id_type, discount_id_number, vat_exemption, statutory_discount',
      )
      .eq('id', invoiceId)
      .single();
    if (error) throw error;
    return data;
  }

  async function linesOf(invoiceId: number) {
    const { data, error } = await reception
      .from('invoice_items')
      .select('position, unit_price, discount, line_total, hmo_share, patient_share')
      .eq('invoice_id', invoiceId)
      .order('position');
    if (error) throw error;
    return data;
  }

  /** The preview and the saved invoice agree, line by line and in the totals. */
  async function expectStoredAsPreviewed(invoiceId: number, split: Split) {
    const invoice = await invoiceRow(invoiceId);
    expect(Math.round(invoice.total * 100)).toBe(split.total_centavos);
    expect(Math.round(invoice.hmo_share * 100)).toBe(split.hmo_share_centavos);
    expect(Math.round(invoice.vat_exemption * 100)).toBe(split.vat_exemption_centavos);
    expect(Math.round(invoice.statutory_discount * 100)).toBe(split.statutory_discount_centavos);
    const lines = await linesOf(invoiceId);
    expect(
      lines.map((line) => ({
        unit_price_centavos: Math.round(line.unit_price * 100),
        discount_centavos: Math.round(line.discount * 100),
        line_total_centavos: Math.round(line.line_total * 100),
        hmo_share_centavos: Math.round(line.hmo_share * 100),
        patient_share_centavos: Math.round(line.patient_share * 100),
      })),
    ).toEqual(
      split.lines.map((line) => ({
        unit_price_centavos: line.unit_price_centavos,
        discount_centavos: line.discount_centavos,
        line_total_centavos: line.line_total_centavos,
        hmo_share_centavos: line.hmo_share_centavos,
        patient_share_centavos: line.patient_share_centavos,
      })),
    );
  }

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

  describe('the HMO', () => {
    it('bills a procedure covered at a contracted price at that price, all of it to the HMO', async () => {
      const hmoId = await newHmo();
      const cleaning = await newProcedure('1200.00');
      const crown = await newProcedure('15000.00');
      await cover(hmoId, cleaning, { contracted_price: '900.00' });
      const patientId = await newPatient();
      const cardId = await giveCard(patientId, hmoId);
      const items = [
        { procedure_id: cleaning, unit_price: '1200.00' },
        { procedure_id: crown, unit_price: '15000.00' },
      ];

      const split = await preview(patientId, items);
      expect(split.card).toMatchObject({ id: cardId, hmo_id: hmoId });
      expect(split.card_problem).toBeNull();
      expect(split.lines).toMatchObject([
        { unit_price_centavos: 90_000, hmo_share_centavos: 90_000, patient_share_centavos: 0, coverage: 'contracted' },
        { unit_price_centavos: 1_500_000, hmo_share_centavos: 0, patient_share_centavos: 1_500_000, coverage: null },
      ]);
      expect(split).toMatchObject({
        gross_centavos: 1_590_000,
        hmo_share_centavos: 90_000,
        patient_share_centavos: 1_500_000,
        total_centavos: 1_500_000,
      });

      const invoiceId = await billed(patientId, items);
      await expectStoredAsPreviewed(invoiceId, split);
      expect(await invoiceRow(invoiceId)).toMatchObject({ hmo_id: hmoId, hmo_card_id: cardId, total: 15000 });
    });

    it('splits a percentage to the centavo: 80% of ₱333.33 is ₱266.66, the patient pays ₱66.67', async () => {
      const hmoId = await newHmo();
      const extraction = await newProcedure('333.33');
      await cover(hmoId, extraction, { covered_percent: 80 });
      const patientId = await newPatient();
      await giveCard(patientId, hmoId);
      const items = [
        { procedure_id: extraction, unit_price: '333.33' },
        { procedure_id: extraction, unit_price: '333.33', quantity: 3, discount: '0.01' },
      ];

      const split = await preview(patientId, items);
      expect(split.lines).toMatchObject([
        { line_total_centavos: 33_333, hmo_share_centavos: 26_666, patient_share_centavos: 6_667, coverage: 'percent' },
        // 999.98 × 0.8 = 799.984
        { line_total_centavos: 99_998, hmo_share_centavos: 79_998, patient_share_centavos: 20_000 },
      ]);
      expect(split).toMatchObject({ hmo_share_centavos: 106_664, total_centavos: 26_667 });
      await expectStoredAsPreviewed(await billed(patientId, items), split);
    });

    /** A patient whose HMO pays up to ₱1,000 a year, and an ₱800 consultation it covers in full. */
    async function cardHolderWithLimit() {
      const hmoId = await newHmo('1000.00');
      const consultation = await newProcedure('800.00');
      await cover(hmoId, consultation, { covered_percent: 100 });
      const patientId = await newPatient();
      await giveCard(patientId, hmoId);
      return { patientId, line: { procedure_id: consultation, unit_price: '800.00' } };
    }

    it('never pays past the annual limit across two invoices: the rest goes to the patient, line by line', async () => {
      const { patientId, line } = await cardHolderWithLimit();

      const first = await billed(patientId, [line]);
      expect(await invoiceRow(first)).toMatchObject({ hmo_share: 800, total: 0 });

      const split = await preview(patientId, [line, line]);
      expect(split.lines).toMatchObject([
        { hmo_share_centavos: 20_000, patient_share_centavos: 60_000, limit_reached: true },
        { hmo_share_centavos: 0, patient_share_centavos: 80_000, limit_reached: true },
      ]);
      const second = await billed(patientId, [line, line]);
      await expectStoredAsPreviewed(second, split);
      expect(await invoiceRow(second)).toMatchObject({ hmo_share: 200, total: 1400 });

      // A void invoice gives its share back to the year.
      const voided = await admin.rpc('void_invoice', { p_invoice_id: second, p_reason: 'Billed twice' });
      expect(voided.error).toBeNull();
      expect((await preview(patientId, [line])).hmo_share_centavos).toBe(20_000);
    });

    it('gives a denied claim’s share back to the year: the HMO paid nothing of it', async () => {
      const { patientId, line } = await cardHolderWithLimit();

      const first = await billed(patientId, [line]);
      expect((await preview(patientId, [line])).hmo_share_centavos).toBe(20_000);
      const claim = await service.from('hmo_claims').select('id').eq('invoice_id', first).single();
      if (claim.error) throw claim.error;
      const denied = await admin.rpc('deny_hmo_claim', { p_claim_id: claim.data.id, p_reason: 'Not covered by plan' });
      expect(denied.error).toBeNull();

      const split = await preview(patientId, [line]);
      expect(split).toMatchObject({ hmo_share_centavos: 80_000, total_centavos: 0 });
      expect(split.lines[0]).toMatchObject({ limit_reached: false });
    });

    it('gives a written-off part back to the year, and takes it again when the HMO’s payment is voided', async () => {
      const { patientId, line } = await cardHolderWithLimit();

      const first = await billed(patientId, [line]);
      const claim = await service.from('hmo_claims').select('id, batch_id').eq('invoice_id', first).single();
      if (claim.error) throw claim.error;
      const payment = await reception.rpc('record_hmo_payment', {
        p_batch_id: claim.data.batch_id,
        p_amount: '500.00',
        p_received_on: today(),
        p_reference_number: 'CHK-SHORT',
        p_idempotency_key: randomUUID(),
      });
      if (payment.error) throw payment.error;
      const writtenOff = await admin.rpc('write_off_hmo_claim', {
        p_claim_id: claim.data.id,
        p_reason: 'HMO paid short',
      });
      expect(writtenOff.error).toBeNull();

      // ₱1,000 a year, of which the HMO paid ₱500 and will never pay the written-off ₱300.
      const split = await preview(patientId, [line]);
      expect(split).toMatchObject({ hmo_share_centavos: 50_000, total_centavos: 30_000 });
      expect(split.lines[0]).toMatchObject({ limit_reached: true });

      const voided = await admin.rpc('void_hmo_payment', { p_hmo_payment_id: payment.data, p_reason: 'Wrong cheque' });
      expect(voided.error).toBeNull();
      expect((await preview(patientId, [line])).hmo_share_centavos).toBe(20_000);
    });

    it('does not split on an expired card and says why', async () => {
      const hmoId = await newHmo();
      const cleaning = await newProcedure('1200.00');
      await cover(hmoId, cleaning, { contracted_price: '900.00' });
      const patientId = await newPatient();
      await giveCard(patientId, hmoId, addDays(today(), -400), addDays(today(), -1));
      const items = [{ procedure_id: cleaning, unit_price: '1200.00' }];

      const split = await preview(patientId, items);
      expect(split.card).toBeNull();
      expect(split.card_problem).toMatchObject({ status: 'expired' });
      expect(split).toMatchObject({ hmo_share_centavos: 0, total_centavos: 120_000 });
      const invoiceId = await billed(patientId, items);
      expect(await invoiceRow(invoiceId)).toMatchObject({ hmo_id: null, hmo_card_id: null, hmo_share: 0, total: 1200 });
    });

    it('reads the card on the appointment’s day, not the day of billing', async () => {
      const hmoId = await newHmo();
      const cleaning = await newProcedure('1200.00');
      await cover(hmoId, cleaning, { contracted_price: '900.00' });
      const patientId = await newPatient();
      const appointmentId = await completedAppointment(service, clinicId, patientId, -2);
      // Valid until yesterday: the visit two workdays ago is covered, a visit today is not.
      await giveCard(patientId, hmoId, addDays(today(), -30), addDays(today(), -1));
      const items = [{ procedure_id: cleaning, unit_price: '1200.00' }];

      expect((await preview(patientId, items)).card_problem).toMatchObject({ status: 'expired' });
      const split = await preview(patientId, items, appointmentId);
      expect(split).toMatchObject({ hmo_share_centavos: 90_000, total_centavos: 0 });
      await expectStoredAsPreviewed(await billed(patientId, items, { appointmentId }), split);
    });
  });

  describe('senior citizens and persons with disability', () => {
    it('takes the VAT out, then 20% off, at a VAT-registered clinic', async () => {
      await setVatRegistered(true);
      const patientId = await newPatient({ discount_id_type: 'senior_citizen', discount_id_number: 'SC-0001' });
      const items = [{ description: 'Root canal', unit_price: '1000.00' }];

      const split = await preview(patientId, items);
      // 1000 − 1000 / 1.12 = 107.142…; (1000 − 107.14) × 0.20 = 178.572
      expect(split).toMatchObject({
        discount_id_type: 'senior_citizen',
        patient_share_centavos: 100_000,
        vat_exemption_centavos: 10_714,
        statutory_discount_centavos: 17_857,
        total_centavos: 71_429,
      });
      const invoiceId = await billed(patientId, items);
      await expectStoredAsPreviewed(invoiceId, split);
      expect(await invoiceRow(invoiceId)).toMatchObject({
        discount_id_type: 'senior_citizen',
        discount_id_number: 'SC-0001',
      });
    });

    it('takes only the 20% off at a clinic that is not VAT-registered', async () => {
      await setVatRegistered(false);
      const patientId = await newPatient({ discount_id_type: 'senior_citizen', discount_id_number: 'SC-0002' });
      const split = await preview(patientId, [{ description: 'Root canal', unit_price: '1000.00' }]);
      expect(split).toMatchObject({
        vat_exemption_centavos: 0,
        statutory_discount_centavos: 20_000,
        total_centavos: 80_000,
      });
    });

    it('gives a PWD the same, rounded to the centavo: 20% of ₱1,234.56 is ₱246.91', async () => {
      await setVatRegistered(false);
      const patientId = await newPatient({ discount_id_type: 'pwd', discount_id_number: 'PWD-0001' });
      const items = [{ description: 'Denture repair', unit_price: '1234.56' }];
      const split = await preview(patientId, items);
      expect(split).toMatchObject({
        discount_id_type: 'pwd',
        statutory_discount_centavos: 24_691,
        total_centavos: 98_765,
      });
      const invoiceId = await billed(patientId, items);
      await expectStoredAsPreviewed(invoiceId, split);
      expect(await invoiceRow(invoiceId)).toMatchObject({ discount_id_type: 'pwd', discount_id_number: 'PWD-0001' });
    });

    it('discounts only the patient’s share when the HMO pays part of the visit', async () => {
      await setVatRegistered(true);
      const hmoId = await newHmo();
      const cleaning = await newProcedure('1200.00');
      const crown = await newProcedure('15000.00');
      await cover(hmoId, cleaning, { contracted_price: '900.00' });
      const patientId = await newPatient({ discount_id_type: 'senior_citizen', discount_id_number: 'SC-0003' });
      await giveCard(patientId, hmoId);
      const items = [
        { procedure_id: cleaning, unit_price: '1200.00' },
        { procedure_id: crown, unit_price: '15000.00' },
      ];
      const split = await preview(patientId, items);
      // S = 15000: VAT 15000 − 13392.857… = 1607.14; (15000 − 1607.14) × 0.2 = 2678.572
      expect(split).toMatchObject({
        hmo_share_centavos: 90_000,
        patient_share_centavos: 1_500_000,
        vat_exemption_centavos: 160_714,
        statutory_discount_centavos: 267_857,
        total_centavos: 1_071_429,
      });
      await expectStoredAsPreviewed(await billed(patientId, items), split);
    });
  });

  describe('a line’s own discount and the statutory discount: the higher, not both', () => {
    const senior = (id: string) => newPatient({ discount_id_type: 'senior_citizen', discount_id_number: id });

    it('bills a line without its ₱100 discount when 20% off the whole line is more, and stores that', async () => {
      await setVatRegistered(false);
      const patientId = await senior(unique('SC'));
      const items = [{ description: 'Root canal', unit_price: '1000.00', discount: '100.00' }];
      const split = await preview(patientId, items);
      expect(split.lines).toMatchObject([
        {
          entered_discount_centavos: 10_000,
          discount_centavos: 0,
          statutory_discount: true,
          line_total_centavos: 100_000,
        },
      ]);
      expect(split).toMatchObject({ statutory_discount_centavos: 20_000, total_centavos: 80_000 });
      await expectStoredAsPreviewed(await billed(patientId, items), split);
    });

    it('keeps a ₱300 discount, which is more than 20%, and takes no statutory discount off that line', async () => {
      await setVatRegistered(false);
      const patientId = await senior(unique('SC'));
      const items = [{ description: 'Root canal', unit_price: '1000.00', discount: '300.00' }];
      const split = await preview(patientId, items);
      expect(split.lines).toMatchObject([
        { entered_discount_centavos: 30_000, discount_centavos: 30_000, statutory_discount: false },
      ]);
      expect(split).toMatchObject({ statutory_discount_centavos: 0, total_centavos: 70_000 });
      await expectStoredAsPreviewed(await billed(patientId, items), split);
    });

    it('keeps the line as typed when both come to the same, ₱200 off ₱1,000', async () => {
      await setVatRegistered(false);
      const split = await preview(await senior(unique('SC')), [
        { description: 'Root canal', unit_price: '1000.00', discount: '200.00' },
      ]);
      expect(split.lines).toMatchObject([{ discount_centavos: 20_000, statutory_discount: false }]);
      expect(split).toMatchObject({ statutory_discount_centavos: 0, total_centavos: 80_000 });
    });

    it('exempts every line from VAT but discounts only the lines without a higher discount of their own', async () => {
      await setVatRegistered(true);
      const patientId = await senior(unique('SC'));
      const items = [
        { description: 'Root canal', unit_price: '1000.00' },
        { description: 'Night guard', unit_price: '500.00', discount: '150.00' },
      ];
      const split = await preview(patientId, items);
      // S = 1000 + 350: VAT round(1350 − 1350 / 1.12) = 144.64; D = 1000: (1000 − 107.14) × 0.2 = 178.572
      expect(split.lines).toMatchObject([
        { discount_centavos: 0, statutory_discount: true },
        { discount_centavos: 15_000, statutory_discount: false },
      ]);
      expect(split).toMatchObject({
        patient_share_centavos: 135_000,
        vat_exemption_centavos: 14_464,
        statutory_discount_centavos: 17_857,
        total_centavos: 102_679,
      });
      await expectStoredAsPreviewed(await billed(patientId, items), split);
    });

    it('compares what the patient pays after the HMO’s share, which follows the line billed', async () => {
      await setVatRegistered(false);
      const hmoId = await newHmo();
      const filling = await newProcedure('1000.00');
      await cover(hmoId, filling, { covered_percent: 50 });
      const patientId = await senior(unique('SC'));
      await giveCard(patientId, hmoId);
      const items = [{ procedure_id: filling, unit_price: '1000.00', discount: '100.00' }];
      const split = await preview(patientId, items);
      // Kept: 900, the HMO pays 450, the patient 450. Without it: the HMO pays 500, the patient 500 − 20% = 400.
      expect(split.lines).toMatchObject([
        { discount_centavos: 0, statutory_discount: true, hmo_share_centavos: 50_000, patient_share_centavos: 50_000 },
      ]);
      expect(split).toMatchObject({
        hmo_share_centavos: 50_000,
        statutory_discount_centavos: 10_000,
        total_centavos: 40_000,
      });
      await expectStoredAsPreviewed(await billed(patientId, items), split);
    });

    it('leaves a line’s discount alone for a patient without a senior citizen or PWD ID', async () => {
      await setVatRegistered(false);
      const split = await preview(await newPatient(), [
        { description: 'Root canal', unit_price: '1000.00', discount: '100.00' },
      ]);
      expect(split.lines).toMatchObject([
        { entered_discount_centavos: 10_000, discount_centavos: 10_000, statutory_discount: false },
      ]);
      expect(split).toMatchObject({ statutory_discount_centavos: 0, total_centavos: 90_000 });
    });
  });

  describe('saving', () => {
    it('saves a visit the HMO pays in full as a ₱0.00 invoice that reads Paid', async () => {
      const hmoId = await newHmo();
      const cleaning = await newProcedure('1200.00');
      await cover(hmoId, cleaning, { contracted_price: '900.00' });
      const patientId = await newPatient();
      await giveCard(patientId, hmoId);
      const invoiceId = await billed(patientId, [{ procedure_id: cleaning, unit_price: '1200.00' }]);
      const summary = await reception
        .from('invoice_summaries')
        .select('total_centavos, balance_centavos, status')
        .eq('id', invoiceId)
        .single();
      expect(summary.data).toEqual({ total_centavos: 0, balance_centavos: 0, status: 'Paid' });
      expect(await invoiceRow(invoiceId)).toMatchObject({ hmo_share: 900, total: 0 });
    });

    it('answers a repeated key with the invoice it made, spending the limit once', async () => {
      const hmoId = await newHmo('1000.00');
      const consultation = await newProcedure('800.00');
      await cover(hmoId, consultation, { covered_percent: 100 });
      const patientId = await newPatient();
      await giveCard(patientId, hmoId);
      const key = randomUUID();
      const line = { procedure_id: consultation, unit_price: '800.00' };
      // The retry sends what the first call sent: the split shown then, before this invoice spent the limit.
      const shown = await shownSplit(reception, clinicId, patientId, [line]);
      const first = await billed(patientId, [line], { key, shown });
      expect(await billed(patientId, [line], { key, shown })).toBe(first);
      const invoices = await reception.from('invoices').select('id').eq('patient_id', patientId);
      expect(invoices.data).toHaveLength(1);
      expect((await preview(patientId, [line])).hmo_share_centavos).toBe(20_000);
    });

    describe('the split the desk was shown', () => {
      /** A Maxicare holder billed a cleaning it pays ₱900 of at its contracted price, and a crown it does not cover. */
      async function cardHolderBilledTwoLines() {
        const hmoId = await newHmo();
        const cleaning = await newProcedure('1200.00');
        const crown = await newProcedure('15000.00');
        await cover(hmoId, cleaning, { contracted_price: '900.00' });
        const patientId = await newPatient();
        await giveCard(patientId, hmoId);
        const items = [
          { procedure_id: cleaning, unit_price: '1200.00' },
          { procedure_id: crown, unit_price: '15000.00' },
        ];
        return { hmoId, cleaning, patientId, items };
      }

      const changed = (totalCentavos: number, hmoShareCentavos: number) => ({
        code: 'PT409',
        hint: 'invoice_split_changed',
        details: `total_centavos=${totalCentavos}, hmo_share_centavos=${hmoShareCentavos}`,
      });

      async function invoicesOf(patientId: number) {
        return (await reception.from('invoices').select('id').eq('patient_id', patientId)).data;
      }

      it('refuses a split shown for the lines as they were a moment before, saving nothing', async () => {
        const { patientId, items } = await cardHolderBilledTwoLines();
        const shownForFirstLine = await shownSplit(reception, clinicId, patientId, items.slice(0, 1));
        const answer = await createItemisedInvoice(reception, clinicId, patientId, items, { shown: shownForFirstLine });
        expect(answer.error).toMatchObject(changed(1_500_000, 90_000));
        expect(await invoicesOf(patientId)).toEqual([]);

        // Saved again with the split now shown, under the same key: the refusal made nothing to repeat.
        const key = randomUUID();
        const refused = await createItemisedInvoice(reception, clinicId, patientId, items, {
          key,
          shown: { totalCentavos: 1_500_000, hmoShareCentavos: 0 },
        });
        expect(refused.error).toMatchObject(changed(1_500_000, 90_000));
        const invoiceId = await billed(patientId, items, {
          key,
          shown: { totalCentavos: 1_500_000, hmoShareCentavos: 90_000 },
        });
        expect(await invoiceRow(invoiceId)).toMatchObject({ total: 15000, hmo_share: 900 });
      });

      it('refuses a save with no split shown', async () => {
        const { patientId, items } = await cardHolderBilledTwoLines();
        const answer = await createItemisedInvoice(reception, clinicId, patientId, items, {
          shown: { totalCentavos: null, hmoShareCentavos: null },
        });
        expect(answer.error).toMatchObject(changed(1_500_000, 90_000));
        expect(await invoicesOf(patientId)).toEqual([]);
      });

      it('refuses a split the HMO’s coverage changed since it was shown', async () => {
        const { hmoId, cleaning, patientId, items } = await cardHolderBilledTwoLines();
        const shown = await shownSplit(reception, clinicId, patientId, items);
        const coverage = await service
          .from('hmo_coverages')
          .update({ contracted_price: '1000.00' })
          .eq('hmo_id', hmoId)
          .eq('procedure_id', cleaning);
        expect(coverage.error).toBeNull();
        const answer = await createItemisedInvoice(reception, clinicId, patientId, items, { shown });
        expect(answer.error).toMatchObject(changed(1_500_000, 100_000));
        expect(await invoicesOf(patientId)).toEqual([]);
      });

      it('answers a retry with the same split shown, and refuses one with another as another call', async () => {
        const { patientId, items } = await cardHolderBilledTwoLines();
        const key = randomUUID();
        const shown = await shownSplit(reception, clinicId, patientId, items);
        const first = await billed(patientId, items, { key, shown });
        expect(await billed(patientId, items, { key, shown })).toBe(first);
        const other = await createItemisedInvoice(reception, clinicId, patientId, items, {
          key,
          shown: { totalCentavos: 1_500_000, hmoShareCentavos: 0 },
        });
        expect(other.error).toMatchObject({ code: 'PT409', hint: 'invoice_key_reused', details: String(first) });
        expect(await invoicesOf(patientId)).toEqual([{ id: first }]);
      });

      it('answers concurrent saves of one form with the invoice they made, though it spent the limit', async () => {
        const hmoId = await newHmo('1000.00');
        const consultation = await newProcedure('800.00');
        await cover(hmoId, consultation, { covered_percent: 100 });
        const patientId = await newPatient();
        await giveCard(patientId, hmoId);
        const items = [{ procedure_id: consultation, unit_price: '800.00' }];
        const key = randomUUID();
        const shown = await shownSplit(reception, clinicId, patientId, items);
        const clients = await Promise.all(Array.from({ length: 4 }, () => stack.signedIn('reception@demo.test')));
        const results = await Promise.all(
          clients.map((client) => createItemisedInvoice(client, clinicId, patientId, items, { key, shown })),
        );
        expect(results.map((result) => result.error)).toEqual(Array(4).fill(null));
        expect(new Set(results.map((result) => result.data)).size).toBe(1);
        expect(await invoicesOf(patientId)).toHaveLength(1);
      });
    });

    it('keeps the spec’s invoices (a total only) at ₱0.01 or more', async () => {
      const patientId = await newPatient();
      const zero = await reception
        .from('invoices')
        .insert({ clinic_id: clinicId, patient_id: patientId, total: 0, idempotency_key: randomUUID() });
      expect(zero.error).toMatchObject({ code: '23514' });
    });
  });

  describe('who may', () => {
    it('never lets a browser set a share, an HMO, an ID or a discount itself', async () => {
      const hmoId = await newHmo();
      const patientId = await newPatient();
      const cardId = await giveCard(patientId, hmoId);
      const forged = [
        { hmo_share: 100 },
        { hmo_id: hmoId },
        { hmo_card_id: cardId },
        { discount_id_type: 'senior_citizen', discount_id_number: 'SC-FAKE' },
        { vat_exemption: 10, statutory_discount: 10 },
      ];
      for (const columns of forged) {
        const insert = await reception.from('invoices').insert({
          clinic_id: clinicId,
          patient_id: patientId,
          total: 100,
          idempotency_key: randomUUID(),
          ...columns,
        });
        expect(insert.error).toMatchObject({ code: '42501' });
      }
      const invoiceId = await billed(patientId, [{ description: 'Consultation', unit_price: '500.00' }]);
      const update = await reception.from('invoices').update({ hmo_share: 500, total: 0 }).eq('id', invoiceId);
      expect(update.error).toMatchObject({ code: '42501' });
      const lineUpdate = await reception.from('invoice_items').update({ hmo_share: 500 }).eq('invoice_id', invoiceId);
      expect(lineUpdate.error).toMatchObject({ code: '42501' });
      // Extra keys in a line are not read: the database decides the shares.
      const smuggled = await billed(patientId, [
        { description: 'Consultation', unit_price: '500.00', hmo_share: '500.00' } as Line,
      ]);
      expect(await invoiceRow(smuggled)).toMatchObject({ hmo_share: 0, total: 500 });
      expect(await invoiceRow(invoiceId)).toMatchObject({ hmo_share: 0, total: 500 });
    });

    it('refuses the preview to another clinic, for another clinic’s patient, and to anon', async () => {
      const patientId = await newPatient();
      const items = [{ description: 'Consultation', unit_price: '500.00' }];
      const args = { p_clinic_id: clinicId, p_patient_id: patientId, p_items: items };
      expect((await otherAdmin.rpc('invoice_split', args)).error).toMatchObject({
        code: '42501',
        hint: 'invoice_forbidden',
      });
      const clinics = await service.from('clinics').select('id').neq('id', clinicId).limit(1).single();
      const foreign = await insert('patients', { clinic_id: clinics.data!.id, name: unique('Other'), phone: '1' });
      expect((await reception.rpc('invoice_split', { ...args, p_patient_id: foreign })).error).toMatchObject({
        code: '23503',
        hint: 'invoice_patient_unknown',
      });
      expect((await anon.rpc('invoice_split', args)).status).toBe(401);
    });
  });
});
