/**
 * The HMO availment form and the statutory discounts report
 * (supabase/migrations/20261201000500_billing.sql) through the calls the SPA makes:
 * rpc/hmo_availment and rpc/statutory_discounts(_export), over invoices made with the HMO and
 * discount columns set by the service role. What each role of which clinic gets, the refusals'
 * codes, and the clinic-day edges of the report's period. Runs on PGlite and, with
 * TEST_DATABASE_URL, on a real PostgreSQL server.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicTime } from '../../support/clinic-time.ts';
import { databaseTargets } from '../../support/database.ts';
import { startDemoStack } from '../../support/service.ts';
import type { TestStack } from '../../support/stack.ts';

// A month of its own, long past: only what this file bills is in it. 2017-05-02 is a Tuesday.
const VISIT_DAY = '2017-05-02';
const FIRST_DAY = '2017-05-01';
const LAST_DAY = '2017-05-31';

type Row = Record<string, unknown>;

describe.each(databaseTargets())('the availment form and the discounts report on %s', (target) => {
  let stack: TestStack;
  let service: SupabaseClient;
  let reception: SupabaseClient;
  let dentist: SupabaseClient;
  let otherAdmin: SupabaseClient;
  let anon: SupabaseClient;
  let clinicId: number;
  let otherClinicId: number;

  async function insert(table: string, values: Row): Promise<number> {
    const { data, error } = await service.from(table).insert(values).select('id').single();
    if (error) throw new Error(`${table}: ${error.message}`);
    return data.id as number;
  }

  const newPatient = (clinic = clinicId, values: Row = {}) =>
    insert('patients', {
      clinic_id: clinic,
      name: `Availment ${randomUUID().slice(0, 8)}`,
      phone: '0917 555 0000',
      ...values,
    });

  /** An invoice as create_itemised_invoice will leave it: its money columns set directly. */
  const newInvoice = (patientId: number, values: Row, clinic = clinicId) =>
    insert('invoices', { clinic_id: clinic, patient_id: patientId, ...values });

  const rpc = async (client: SupabaseClient, name: string, args: Row) => {
    const { data, error } = await client.rpc(name, args);
    return { data: data as Row | null, error };
  };

  const report = (client: SupabaseClient, from = FIRST_DAY, to = LAST_DAY, clinic = clinicId) =>
    rpc(client, 'statutory_discounts', { p_clinic_id: clinic, p_from: from, p_to: to });

  beforeAll(async () => {
    ({
      stack,
      clinics: { smile: clinicId, bright: otherClinicId },
      staff: { reception, dentist, admin2: otherAdmin },
    } = await startDemoStack(target, ['reception', 'dentist', 'admin2']));
    service = stack.serviceClient();
    anon = stack.anonClient();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  describe('hmo_availment', () => {
    let invoiceId: number;
    let hmoName: string;
    let patientName: string;
    let dentistName: string;

    beforeAll(async () => {
      hmoName = `Maxicare ${randomUUID().slice(0, 6)}`;
      const hmoId = await insert('hmos', { clinic_id: clinicId, name: hmoName });
      const patientId = await newPatient();
      patientName = (await service.from('patients').select('name').eq('id', patientId).single()).data!.name as string;
      const cardId = await insert('patient_hmo_cards', {
        clinic_id: clinicId,
        patient_id: patientId,
        hmo_id: hmoId,
        member_number: 'MX-204-5531',
        company: 'Acme Manila Inc.',
        valid_from: '2017-01-01',
        valid_until: '2017-12-31',
      });
      dentistName = `Dr. Availment ${randomUUID().slice(0, 6)}`;
      const dentistId = await insert('dentists', {
        clinic_id: clinicId,
        name: dentistName,
        email: 'availment@demo.test',
        phone: '1',
      });
      const appointmentId = await insert('appointments', {
        clinic_id: clinicId,
        patient_id: patientId,
        dentist_id: dentistId,
        // 9:00 in Manila on the visit day.
        appointment_time: clinicTime(VISIT_DAY, '09:00'),
        status: 'Completed',
        reason: 'Composite filling',
      });
      invoiceId = await newInvoice(patientId, {
        appointment_id: appointmentId,
        // Billed the day after the visit: the form's date is the visit's.
        created_at: '2017-05-03T02:00:00Z',
        total: '1500.00',
        hmo_id: hmoId,
        hmo_card_id: cardId,
        hmo_share: '1000.00',
      });
      const { error } = await service.from('invoice_items').insert([
        {
          clinic_id: clinicId,
          invoice_id: invoiceId,
          position: 1,
          description: 'Composite filling',
          tooth: 36,
          surfaces: ['O', 'M'],
          unit_price: '1500.00',
          quantity: 1,
          hmo_share: '1000.00',
        },
        {
          clinic_id: clinicId,
          invoice_id: invoiceId,
          position: 2,
          description: 'X-ray',
          tooth: null,
          surfaces: [],
          unit_price: '1000.00',
          quantity: 1,
          hmo_share: '0.00',
        },
      ]);
      if (error) throw new Error(error.message);
    });

    it('answers the clinic, dentist, patient, card, visit day and each line with its HMO share', async () => {
      const { data, error } = await rpc(reception, 'hmo_availment', { p_invoice_id: invoiceId });
      expect(error).toBeNull();
      expect(data).toMatchObject({
        invoice_id: invoiceId,
        clinic_name: 'Smile Dental',
        clinic_time_zone: 'Asia/Manila',
        dentist_name: dentistName,
        patient_name: patientName,
        hmo_name: hmoName,
        member_number: 'MX-204-5531',
        company: 'Acme Manila Inc.',
        valid_from: '2017-01-01',
        valid_until: '2017-12-31',
        visit_date: VISIT_DAY,
        voided_at: null,
        hmo_total_centavos: 100_000,
        items: [
          {
            position: 1,
            label: '36 MO Composite filling',
            tooth: 36,
            surfaces: 'MO',
            line_total_centavos: 150_000,
            hmo_share_centavos: 100_000,
          },
          {
            position: 2,
            label: 'X-ray',
            tooth: null,
            surfaces: '',
            line_total_centavos: 100_000,
            hmo_share_centavos: 0,
          },
        ],
      });
      expect(Object.keys(data!)).toEqual(expect.arrayContaining(['clinic_address', 'clinic_phone', 'clinic_email']));
    });

    it('is read by every clinic role that reads billing, dentists included', async () => {
      const { data, error } = await rpc(dentist, 'hmo_availment', { p_invoice_id: invoiceId });
      expect(error).toBeNull();
      expect(data!.invoice_id).toBe(invoiceId);
    });

    it("gives another clinic's staff nothing, as for an invoice that does not exist, and refuses anon", async () => {
      for (const id of [invoiceId, 999_999_999]) {
        const { data, error } = await rpc(otherAdmin, 'hmo_availment', { p_invoice_id: id });
        expect(error).toBeNull();
        expect(data).toBeNull();
      }
      const { error } = await rpc(anon, 'hmo_availment', { p_invoice_id: invoiceId });
      expect(error?.code).toBe('42501');
    });

    it('refuses an invoice not billed to an HMO with availment_without_hmo', async () => {
      const plain = await newInvoice(await newPatient(), { total: '500.00' });
      const { data, error } = await rpc(reception, 'hmo_availment', { p_invoice_id: plain });
      expect(data).toBeNull();
      expect(error).toMatchObject({ code: '22023', hint: 'availment_without_hmo' });
    });

    it('dates a visit without an appointment by the clinic day the invoice was made, and keeps a deleted card out', async () => {
      const hmoId = await insert('hmos', { clinic_id: clinicId, name: `Intellicare ${randomUUID().slice(0, 6)}` });
      const patientId = await newPatient();
      const cardId = await insert('patient_hmo_cards', {
        clinic_id: clinicId,
        patient_id: patientId,
        hmo_id: hmoId,
        member_number: 'IC-1',
      });
      // 00:30 on May 4 in Manila is still May 3 in UTC.
      const id = await newInvoice(patientId, {
        created_at: '2017-05-03T16:30:00Z',
        total: '200.00',
        hmo_id: hmoId,
        hmo_card_id: cardId,
        hmo_share: '800.00',
      });
      await service.from('patient_hmo_cards').delete().eq('id', cardId);
      const { data, error } = await rpc(reception, 'hmo_availment', { p_invoice_id: id });
      expect(error).toBeNull();
      expect(data).toMatchObject({
        visit_date: '2017-05-04',
        dentist_name: null,
        member_number: null,
        company: null,
        valid_from: null,
        valid_until: null,
        hmo_total_centavos: 80_000,
        items: [],
      });
    });
  });

  describe('statutory_discounts', () => {
    let seniorName: string;
    let pwdName: string;
    let seniorInvoice: number;
    let pwdInvoice: number;
    let lastMinuteInvoice: number;
    let firstMinuteInvoice: number;

    beforeAll(async () => {
      const senior = await newPatient(clinicId, { discount_id_type: 'senior_citizen', discount_id_number: 'SC-0451' });
      const pwd = await newPatient(clinicId, { discount_id_type: 'pwd', discount_id_number: 'PWD-13-77' });
      const names = await service.from('patients').select('id, name').in('id', [senior, pwd]);
      seniorName = names.data!.find((row) => row.id === senior)!.name as string;
      pwdName = names.data!.find((row) => row.id === pwd)!.name as string;
      const seniorBill = (createdAt: string, extra: Row = {}) =>
        newInvoice(senior, {
          created_at: createdAt,
          total: '1200.00',
          discount_id_type: 'senior_citizen',
          discount_id_number: 'SC-0451',
          statutory_discount: '300.00',
          ...extra,
        });
      // Midnight starting May 1 in Manila (16:00 UTC on April 30): the period's first instant.
      firstMinuteInvoice = await seniorBill('2017-04-30T16:00:00Z');
      seniorInvoice = await seniorBill(clinicTime(VISIT_DAY, '10:00'));
      pwdInvoice = await newInvoice(pwd, {
        created_at: clinicTime(VISIT_DAY, '11:00'),
        total: '800.00',
        discount_id_type: 'pwd',
        discount_id_number: 'PWD-13-77',
        vat_exemption: '120.00',
        statutory_discount: '200.00',
      });
      // 23:59 on May 31 in Manila: the period's last minute.
      lastMinuteInvoice = await seniorBill('2017-05-31T15:59:00Z');
      // Just outside: 23:59 on April 30 and midnight starting June 1, Manila time.
      await seniorBill('2017-04-30T15:59:00Z');
      await seniorBill('2017-05-31T16:00:00Z');
      // Void, and without a discount ID: neither is listed.
      await seniorBill(clinicTime(VISIT_DAY, '12:00'), { voided_at: '2017-05-02T05:00:00Z', void_reason: 'Wrong' });
      await newInvoice(senior, { created_at: clinicTime(VISIT_DAY, '13:00'), total: '999.00' });
      // Another clinic's senior on the same day.
      const bright = await newPatient(otherClinicId, { discount_id_type: 'senior_citizen', discount_id_number: 'B-1' });
      await newInvoice(
        bright,
        {
          created_at: clinicTime(VISIT_DAY, '10:00'),
          total: '80.00',
          discount_id_type: 'senior_citizen',
          discount_id_number: 'B-1',
          statutory_discount: '20.00',
        },
        otherClinicId,
      );
    });

    it('lists each discounted invoice of the clinic days, with totals per ID type and overall', async () => {
      const { data, error } = await report(reception);
      expect(error).toBeNull();
      expect(data).toMatchObject({ from: FIRST_DAY, to: LAST_DAY, time_zone: 'Asia/Manila' });
      const invoices = data!.invoices as Row[];
      expect(invoices.map((row) => row.id)).toEqual([firstMinuteInvoice, seniorInvoice, pwdInvoice, lastMinuteInvoice]);
      expect(invoices[2]).toEqual({
        id: pwdInvoice,
        created_at: expect.any(String),
        patient_name: pwdName,
        discount_id_type: 'pwd',
        discount_id_number: 'PWD-13-77',
        gross_centavos: 112_000,
        vat_exemption_centavos: 12_000,
        discount_centavos: 20_000,
        amount_due_centavos: 80_000,
      });
      expect(invoices[1]).toMatchObject({
        patient_name: seniorName,
        gross_centavos: 150_000,
        discount_centavos: 30_000,
      });
      expect(data!.by_type).toEqual([
        {
          discount_id_type: 'pwd',
          invoice_count: 1,
          gross_centavos: 112_000,
          vat_exemption_centavos: 12_000,
          discount_centavos: 20_000,
          amount_due_centavos: 80_000,
        },
        {
          discount_id_type: 'senior_citizen',
          invoice_count: 3,
          gross_centavos: 450_000,
          vat_exemption_centavos: 0,
          discount_centavos: 90_000,
          amount_due_centavos: 360_000,
        },
      ]);
      expect(data!.overall).toEqual({
        invoice_count: 4,
        gross_centavos: 562_000,
        vat_exemption_centavos: 12_000,
        discount_centavos: 110_000,
        amount_due_centavos: 440_000,
      });
    });

    it('counts the clinic days in the clinic’s time zone: a one-day period holds that day only', async () => {
      const lastDay = await report(reception, LAST_DAY, LAST_DAY);
      expect((lastDay.data!.invoices as Row[]).map((row) => row.id)).toEqual([lastMinuteInvoice]);
      const firstDay = await report(reception, FIRST_DAY, FIRST_DAY);
      expect((firstDay.data!.invoices as Row[]).map((row) => row.id)).toEqual([firstMinuteInvoice]);
      const empty = await report(reception, '2017-05-10', '2017-05-10');
      expect(empty.data).toMatchObject({
        invoices: [],
        by_type: [],
        overall: { invoice_count: 0, gross_centavos: 0, discount_centavos: 0, amount_due_centavos: 0 },
      });
    });

    it("gives another clinic's staff and dentists nothing: report_forbidden; anon is refused", async () => {
      for (const client of [otherAdmin, dentist]) {
        const { data, error } = await report(client);
        expect(data).toBeNull();
        expect(error).toMatchObject({ code: '42501', hint: 'report_forbidden' });
      }
      expect((await report(anon)).error?.code).toBe('42501');
      // Another clinic's admin reads their own clinic's report, without Smile Dental's invoices.
      const own = await report(otherAdmin, FIRST_DAY, LAST_DAY, otherClinicId);
      expect(own.error).toBeNull();
      expect((own.data!.invoices as Row[]).every((row) => row.discount_id_number === 'B-1')).toBe(true);
    });

    it('refuses a period that is missing, reversed or longer than 731 days, by code', async () => {
      expect((await report(reception, LAST_DAY, FIRST_DAY)).error).toMatchObject({
        code: '22023',
        hint: 'report_period_reversed',
      });
      expect((await report(reception, '2015-01-01', '2017-01-01')).error).toMatchObject({
        code: '22023',
        hint: 'report_period_too_long',
      });
      const missing = await rpc(reception, 'statutory_discounts', {
        p_clinic_id: clinicId,
        p_from: null,
        p_to: LAST_DAY,
      });
      expect(missing.error).toMatchObject({ code: '22023', hint: 'report_period_required' });
    });

    it('records the CSV download in the audit trail and answers what the report answers', async () => {
      const shown = await report(reception);
      const exported = await rpc(reception, 'statutory_discounts_export', {
        p_clinic_id: clinicId,
        p_from: FIRST_DAY,
        p_to: LAST_DAY,
      });
      expect(exported.error).toBeNull();
      expect(exported.data).toEqual(shown.data);
      const { data } = await service
        .from('audit_log')
        .select('entity, entity_label, action, after, source')
        .eq('entity_label', 'statutory-discounts')
        .order('id', { ascending: false })
        .limit(1)
        .single();
      expect(data).toMatchObject({
        entity: 'export',
        action: 'export',
        source: 'browser',
        after: { kind: 'statutory-discounts', rows: 4, filters: { from: FIRST_DAY, to: LAST_DAY } },
      });
      const refused = await rpc(otherAdmin, 'statutory_discounts_export', {
        p_clinic_id: clinicId,
        p_from: FIRST_DAY,
        p_to: LAST_DAY,
      });
      expect(refused.error).toMatchObject({ code: '42501', hint: 'report_forbidden' });
    });
  });
});
