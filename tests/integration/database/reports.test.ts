/**
 * The reports (supabase/migrations/20261201000900_reports.sql) through the calls the
 * Reports tab makes: rpc day_sheet and no_show_insight, and the view patient_no_show_flags. The
 * day sheet's money is checked against what the Billing tab reads (payment_entries,
 * invoice_summaries) to the centavo; the attacks (another clinic, the dentist role, anon) are refused.
 * Runs on PGlite and, with TEST_DATABASE_URL, on a real PostgreSQL server.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@common/clinic-calendar';
import { clinicDateAt, clinicTime, clinicWorkday } from '../../support/clinic-time.ts';
import { createStaff, databaseTargets } from '../../support/database.ts';
import { itemisedInvoiceId } from '../../support/itemised-invoice.ts';
import { startDemoStack } from '../../support/service.ts';
import type { TestStack } from '../../support/stack.ts';
import { newStaffLogin } from '../../support/staff-login.ts';

type Method = 'cash' | 'card' | 'e-wallet' | 'bank';
type Status = 'Scheduled' | 'Confirmed' | 'Completed' | 'No Show' | 'Cancelled';

interface ProductionAmounts {
  gross_centavos: number;
  vat_exemption_centavos: number;
  statutory_discount_centavos: number;
  net_centavos: number;
  hmo_share_centavos: number;
  patient_pays_centavos: number;
}

interface DaySheetAnswer {
  from: string;
  to: string;
  appointments: { id: number; status: Status; patient_name: string; dentist_name: string; appointment_time: string }[];
  production: ProductionAmounts & {
    invoice_count: number;
    by_dentist: (ProductionAmounts & {
      dentist_id: number | null;
      dentist_name: string | null;
      invoice_count: number;
    })[];
    invoices: (ProductionAmounts & {
      id: number;
      discount_id_type: string | null;
      items: { line_total_centavos: number; hmo_share_centavos: number; patient_share_centavos: number }[];
    })[];
  };
  payments: {
    id: number;
    amount_centavos: number;
    method: Method;
    receipt_number: number;
    cashier_name: string | null;
  }[];
  cashier_totals: {
    cashier_id: string | null;
    cashier_name: string | null;
    payment_count: number;
    total_centavos: number;
  }[];
  totals: { method: Method; payment_count: number; total_centavos: number }[];
  grand_total_centavos: number;
  voids: { kind: string; id: number; void_reason: string; amount_centavos: number; voided_by_name: string | null }[];
  open_invoices: { id: number; balance_centavos: number; paid_centavos: number; status: string }[];
}

interface Counts {
  booked: number;
  kept: number;
  no_shows: number;
  cancelled: number;
  late_cancels: number;
}
interface MissedAnswer {
  appointment_id: number;
  appointment_time: string;
  patient_id: number;
  patient_name: string;
  dentist_name: string;
  outcome: 'no_show' | 'late_cancel';
  cancelled_at: string | null;
  cancel_reason: string | null;
}
interface InsightAnswer {
  overall: Counts;
  by_dentist: (Counts & { dentist_id: number; dentist_name: string })[];
  by_weekday: (Counts & { weekday: number })[];
  by_hour: (Counts & { hour: number })[];
  by_month: (Counts & { month: string })[];
  missed: MissedAnswer[];
}

interface CancellationRow {
  status: Status;
  cancelled_at: string | null;
  cancel_reason: string | null;
}

describe.each(databaseTargets())('reports on %s', (target) => {
  let stack: TestStack;
  let reception: SupabaseClient;
  let dentist: SupabaseClient;
  let admin: SupabaseClient;
  let otherAdmin: SupabaseClient;
  let superadmin: SupabaseClient;
  let clinicId: number;

  const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

  async function newPatient(name = unique('Reports Peña')): Promise<number> {
    const { data, error } = await reception
      .from('patients')
      .insert({ clinic_id: clinicId, name, phone: '0917 555 0000' })
      .select('id')
      .single();
    if (error) throw error;
    return data.id as number;
  }

  async function newDentist(name = unique('Dr. Report')): Promise<number> {
    const { data, error } = await stack
      .serviceClient()
      .from('dentists')
      .insert({ clinic_id: clinicId, name, email: 'reports@demo.test', phone: '1' })
      .select('id')
      .single();
    if (error) throw error;
    return data.id as number;
  }

  /** History written as the service may write it (any time, status and updated_at). */
  async function appointment(fields: {
    patientId: number;
    dentistId: number;
    at: string;
    status: Status;
    updatedAt?: string;
    cancelledAt?: string;
    cancelReason?: string;
    deleted?: boolean;
  }): Promise<number> {
    const { data, error } = await stack
      .serviceClient()
      .from('appointments')
      .insert({
        clinic_id: clinicId,
        patient_id: fields.patientId,
        dentist_id: fields.dentistId,
        appointment_time: fields.at,
        status: fields.status,
        reason: 'Cleaning',
        deleted: fields.deleted ?? false,
        ...(fields.updatedAt ? { updated_at: fields.updatedAt } : {}),
        ...(fields.cancelledAt ? { cancelled_at: fields.cancelledAt } : {}),
        ...(fields.cancelReason ? { cancel_reason: fields.cancelReason } : {}),
      })
      .select('id')
      .single();
    if (error) throw error;
    return data.id as number;
  }

  async function newInvoice(total: string, patientId: number): Promise<number> {
    const { data, error } = await reception
      .from('invoices')
      .insert({ clinic_id: clinicId, patient_id: patientId, total, idempotency_key: randomUUID() })
      .select('id')
      .single();
    if (error) throw error;
    return data.id as number;
  }

  async function pay(invoiceId: number, patientId: number, amount: string, method: Method): Promise<number> {
    const { data, error } = await reception
      .from('payments')
      .insert({
        clinic_id: clinicId,
        invoice_id: invoiceId,
        patient_id: patientId,
        amount,
        method,
        reference_number: null,
        notes: null,
        idempotency_key: randomUUID(),
      })
      .select('id')
      .single();
    if (error) throw error;
    return data.id as number;
  }

  async function daySheet(from: string, to = from, client = reception): Promise<DaySheetAnswer> {
    const { data, error } = await client.rpc('day_sheet', { p_clinic_id: clinicId, p_from: from, p_to: to });
    if (error) throw error;
    return data as DaySheetAnswer;
  }

  async function insight(from: string, to: string, client = reception): Promise<InsightAnswer> {
    const { data, error } = await client.rpc('no_show_insight', { p_clinic_id: clinicId, p_from: from, p_to: to });
    if (error) throw error;
    return data as InsightAnswer;
  }

  beforeAll(async () => {
    ({
      stack,
      clinics: { smile: clinicId },
      staff: { reception, dentist, admin, admin2: otherAdmin, superadmin },
    } = await startDemoStack(target, ['reception', 'dentist', 'admin', 'admin2', 'superadmin']));
  });

  afterAll(async () => {
    await stack?.stop();
  });

  describe('the day sheet', () => {
    it('totals the payments by method exactly as the Billing tab’s payments add up, to the centavo', async () => {
      const patient = await newPatient();
      const first = await newInvoice('2000.30', patient);
      const second = await newInvoice('0.30', patient);
      const third = await newInvoice('999.99', patient);
      await pay(first, patient, '1500.10', 'cash');
      await pay(first, patient, '0.10', 'card');
      await pay(second, patient, '0.10', 'e-wallet');
      await pay(second, patient, '0.20', 'e-wallet');
      const voided = await pay(third, patient, '500.05', 'bank');
      const reason = `Entered twice — niño ${randomUUID().slice(0, 4)}`;
      const voiding = await admin.rpc('void_payment', { p_payment_id: voided, p_reason: reason });
      expect(voiding.error).toBeNull();

      const today = clinicDateAt(new Date());
      const sheet = await daySheet(today);

      // What the Billing tab reads: every payment of the clinic (payment_entries), by its clinic day.
      const billing = await reception
        .from('payment_entries')
        .select('amount_centavos, method, payment_date, voided_at');
      expect(billing.error).toBeNull();
      const live = billing.data!.filter(
        (row) => row.voided_at === null && clinicDateAt(new Date(row.payment_date as string)) === today,
      );
      const expected = new Map<string, { count: number; centavos: number }>();
      for (const row of live) {
        const sum = expected.get(row.method as string) ?? { count: 0, centavos: 0 };
        expected.set(row.method as string, {
          count: sum.count + 1,
          centavos: sum.centavos + (row.amount_centavos as number),
        });
      }
      expect(sheet.totals.map((total) => [total.method, total.payment_count, total.total_centavos]).sort()).toEqual(
        [...expected].map(([method, sum]) => [method, sum.count, sum.centavos]).sort(),
      );
      expect(sheet.grand_total_centavos).toBe(live.reduce((sum, row) => sum + (row.amount_centavos as number), 0));
      expect(sheet.payments).toHaveLength(live.length);
      // 0.10 + 0.20 is exactly 0.30 pesos here.
      const eWallet = sheet.totals.find((total) => total.method === 'e-wallet')!;
      expect(eWallet.total_centavos % 10).toBe(0);

      expect(sheet.voids).toContainEqual(
        expect.objectContaining({ kind: 'payment', id: voided, void_reason: reason, amount_centavos: 50005 }),
      );
      expect(sheet.payments.map((payment) => payment.id)).not.toContain(voided);

      // Unpaid and partial invoices with the balances invoice_summaries gives; a paid one is not listed.
      const summaries = await reception
        .from('invoice_summaries')
        .select('id, balance_centavos, paid_centavos, status')
        .in('id', [first, second, third]);
      expect(summaries.error).toBeNull();
      const open = sheet.open_invoices.filter((invoice) => [first, second, third].includes(invoice.id));
      expect(open.sort((a, b) => a.id - b.id)).toEqual(
        summaries
          .data!.filter((row) => row.status !== 'Paid')
          .sort((a, b) => (a.id as number) - (b.id as number))
          .map((row) => ({
            ...row,
            patient_name: expect.any(String),
            appointment_id: null,
            total_centavos: expect.any(Number),
            created_at: expect.any(String),
          })),
      );
      expect(open.map((invoice) => [invoice.id, invoice.status, invoice.balance_centavos])).toEqual([
        [first, 'Partial', 50010],
        [third, 'Unpaid', 99999],
      ]);
    });

    it('lists the day’s appointments with status and dentist, in the clinic’s own day', async () => {
      const dentistName = unique('Dr. Sheet');
      const dentistId = await newDentist(dentistName);
      const patientName = unique('Señora Day');
      const patientId = await newPatient(patientName);
      const day = '2021-03-15';
      const kept = [
        await appointment({ patientId, dentistId, at: clinicTime(day, '09:00'), status: 'Completed' }),
        await appointment({ patientId, dentistId, at: clinicTime(day, '10:00'), status: 'No Show' }),
        await appointment({ patientId, dentistId, at: clinicTime(day, '17:40'), status: 'Cancelled' }),
      ];
      await appointment({ patientId, dentistId, at: clinicTime(day, '11:00'), status: 'Scheduled', deleted: true });
      await appointment({ patientId, dentistId, at: clinicTime('2021-03-16', '09:00'), status: 'Scheduled' });
      await appointment({ patientId, dentistId, at: clinicTime('2021-03-13', '17:40'), status: 'Scheduled' });

      const sheet = await daySheet(day);
      const mine = sheet.appointments.filter((row) => row.dentist_name === dentistName);
      expect(mine.map((row) => [row.id, row.status, row.patient_name])).toEqual([
        [kept[0], 'Completed', patientName],
        [kept[1], 'No Show', patientName],
        [kept[2], 'Cancelled', patientName],
      ]);
    });

    it('takes a senior’s visit from its lines through the HMO, VAT exemption and 20% to what she pays', async () => {
      const service = stack.serviceClient();
      const insert = async (table: string, values: Record<string, unknown>) => {
        const { data, error } = await service.from(table).insert(values).select('id').single();
        if (error) throw error;
        return data.id as number;
      };
      const setVatRegistered = async (on: boolean) => {
        const { error } = await service.from('clinics').update({ vat_registered: on }).eq('id', clinicId);
        if (error) throw error;
      };
      const hmoId = await insert('hmos', { clinic_id: clinicId, name: unique('HMO') });
      const category = await insert('procedure_categories', { clinic_id: clinicId, name: unique('Sheet') });
      const cleaning = await insert('procedures', {
        clinic_id: clinicId,
        category_id: category,
        name: unique('Cleaning'),
        price: '1200.00',
      });
      await insert('hmo_coverages', {
        clinic_id: clinicId,
        hmo_id: hmoId,
        procedure_id: cleaning,
        covered_percent: 50,
      });
      const patientId = await insert('patients', {
        clinic_id: clinicId,
        name: unique('Lola Santos'),
        phone: '0917 555 0000',
        discount_id_type: 'senior_citizen',
        discount_id_number: 'SC-0042',
      });
      const cardDay = clinicDateAt(new Date());
      await insert('patient_hmo_cards', {
        clinic_id: clinicId,
        patient_id: patientId,
        hmo_id: hmoId,
        member_number: unique('MX'),
        valid_from: addDays(cardDay, -30),
        valid_until: addDays(cardDay, 300),
      });
      await setVatRegistered(true);
      let invoiceId: number;
      try {
        // Half the cleaning is the HMO's; the X-ray has ₱100.00 off at the desk, as much as the 20% would
        // be, so it keeps that instead (ADR 0063). The patient's ₱1,000.00: VAT out of all of it,
        // 1000 − 1000 / 1.12 = ₱107.14; 20% off the cleaning's ₱600.00 less its VAT (₱64.29) = ₱107.14;
        // she pays ₱785.72.
        invoiceId = await itemisedInvoiceId(reception, clinicId, patientId, [
          { procedure_id: cleaning, unit_price: '1200.00' },
          { description: 'X-ray', unit_price: '500.00', discount: '100.00' },
        ]);
      } finally {
        await setVatRegistered(false);
      }

      const sheet = await daySheet(clinicDateAt(new Date()));
      const invoice = sheet.production.invoices.find((issued) => issued.id === invoiceId)!;
      expect(invoice).toMatchObject({
        discount_id_type: 'senior_citizen',
        gross_centavos: 160_000,
        vat_exemption_centavos: 10_714,
        statutory_discount_centavos: 10_714,
        net_centavos: 138_572,
        hmo_share_centavos: 60_000,
        patient_pays_centavos: 78_572,
      });
      // From its lines: their totals are its gross, their HMO shares its HMO share.
      const sumOf = <T>(rows: readonly T[], amount: (row: T) => number) =>
        rows.reduce((sum, row) => sum + amount(row), 0);
      expect(sumOf(invoice.items, (item) => item.line_total_centavos)).toBe(invoice.gross_centavos);
      expect(sumOf(invoice.items, (item) => item.hmo_share_centavos)).toBe(invoice.hmo_share_centavos);
      // What she pays is what Billing says she owes.
      const billed = await reception.from('invoice_summaries').select('total_centavos').eq('id', invoiceId).single();
      expect(billed.data).toEqual({ total_centavos: invoice.patient_pays_centavos });

      // Every invoice of the day, every dentist's line and the total read the same way, and the
      // production total (net) and each of its figures is the sum of the invoices'.
      const production = sheet.production;
      for (const figures of [...production.invoices, ...production.by_dentist, production]) {
        expect(figures.net_centavos).toBe(
          figures.gross_centavos - figures.vat_exemption_centavos - figures.statutory_discount_centavos,
        );
        expect(figures.patient_pays_centavos).toBe(figures.net_centavos - figures.hmo_share_centavos);
      }
      const keys = [
        'gross_centavos',
        'vat_exemption_centavos',
        'statutory_discount_centavos',
        'net_centavos',
        'hmo_share_centavos',
        'patient_pays_centavos',
      ] as const;
      for (const key of keys) {
        expect(production[key]).toBe(sumOf(production.invoices, (issued) => issued[key]));
        expect(production[key]).toBe(sumOf(production.by_dentist, (line) => line[key]));
      }
      expect(production.invoice_count).toBe(production.invoices.length);
    });

    it('refuses a missing day, and is refused to another clinic, the dentist role and anon', async () => {
      const today = clinicDateAt(new Date());
      const missing = await reception.rpc('day_sheet', { p_clinic_id: clinicId, p_from: null, p_to: today });
      expect(missing.error?.code).toBe('22023');
      expect(missing.error?.hint).toBe('report_period_required');

      const other = await otherAdmin.rpc('day_sheet', { p_clinic_id: clinicId, p_from: today, p_to: today });
      expect(other.error?.code).toBe('42501');
      expect(other.data).toBeNull();
      const asDentist = await dentist.rpc('day_sheet', { p_clinic_id: clinicId, p_from: today, p_to: today });
      expect(asDentist.error?.code).toBe('42501');
      // Access comes before the period: a caller who may not read reports learns only that.
      for (const report of ['day_sheet', 'no_show_insight', 'statutory_discounts']) {
        const reversed = await dentist.rpc(report, { p_clinic_id: clinicId, p_from: today, p_to: '2000-01-01' });
        expect([report, reversed.error?.code, reversed.error?.hint]).toEqual([report, '42501', 'report_forbidden']);
      }
      const anon = await stack.anonClient().rpc('day_sheet', { p_clinic_id: clinicId, p_from: today, p_to: today });
      expect(anon.error?.code).toBe('42501');
      expect(anon.data).toBeNull();

      const asSuperadmin = await superadmin.rpc('day_sheet', { p_clinic_id: clinicId, p_from: today, p_to: today });
      expect(asSuperadmin.error).toBeNull();
      const asAdmin = await admin.rpc('day_sheet', { p_clinic_id: clinicId, p_from: today, p_to: today });
      expect(asAdmin.error).toBeNull();
    });
  });

  describe('the day sheet over a range', () => {
    // Days of their own, long past: only what these tests write is on them.
    const FROM = '2020-02-10';
    const TO = '2020-02-12';

    async function userOf(email: string): Promise<{ user_id: string; name: string }> {
      const { data, error } = await stack
        .serviceClient()
        .from('users')
        .select('user_id, name')
        .eq('email', email)
        .single();
      if (error) throw error;
      return data as { user_id: string; name: string };
    }

    /** An invoice issued at `createdAt` (the service may write history), billing `appointmentId` if given. */
    async function issuedInvoice(total: string, patientId: number, createdAt: string, appointmentId?: number) {
      const { data, error } = await stack
        .serviceClient()
        .from('invoices')
        .insert({
          clinic_id: clinicId,
          patient_id: patientId,
          total,
          created_at: createdAt,
          appointment_id: appointmentId ?? null,
        })
        .select('id')
        .single();
      if (error) throw error;
      return data.id as number;
    }

    /** A payment recorded at `paidAt` by the staff member `recordedBy` (history, as the service writes it). */
    async function recordedPayment(fields: {
      invoiceId: number;
      patientId: number;
      amount: string;
      method: Method;
      paidAt: string;
      recordedBy: string;
    }): Promise<number> {
      const { data, error } = await stack
        .serviceClient()
        .from('payments')
        .insert({
          clinic_id: clinicId,
          invoice_id: fields.invoiceId,
          patient_id: fields.patientId,
          amount: fields.amount,
          method: fields.method,
          payment_date: fields.paidAt,
          recorded_by: fields.recordedBy,
        })
        .select('id')
        .single();
      if (error) throw error;
      return data.id as number;
    }

    it('counts collections per cashier account: two staff of one name are two cashiers', async () => {
      const day = '2020-03-10';
      const sharedName = unique('Maria Santos');
      const [first, second] = await Promise.all(
        [0, 1].map(async () => {
          const { sub } = await createStaff(stack.db, clinicId, 'receptionist', sharedName);
          return sub;
        }),
      );
      const patientId = await newPatient();
      const invoiceId = await issuedInvoice('1000.00', patientId, clinicTime(day, '09:00'));
      for (const [recordedBy, amount] of [
        [first, '100.00'],
        [second, '200.00'],
        [second, '300.00'],
      ] as const) {
        await recordedPayment({
          invoiceId,
          patientId,
          amount,
          method: 'cash',
          paidAt: clinicTime(day, '10:00'),
          recordedBy: recordedBy!,
        });
      }

      const sheet = await daySheet(day);
      expect(sheet.cashier_totals).toEqual(
        [
          { cashier_id: first, cashier_name: sharedName, payment_count: 1, total_centavos: 10000 },
          { cashier_id: second, cashier_name: sharedName, payment_count: 2, total_centavos: 50000 },
        ].sort((a, b) => a.cashier_id!.localeCompare(b.cashier_id!)),
      );
    });

    it('gives production by dentist, collections by cashier and who voided what, over clinic days', async () => {
      const [receptionist, clinicAdmin] = await Promise.all([userOf('reception@demo.test'), userOf('admin@demo.test')]);
      const dentistA = await newDentist(unique('Dr. Alpha'));
      const dentistB = await newDentist(unique('Dr. Beta'));
      const patientId = await newPatient();
      const visitA1 = await appointment({
        patientId,
        dentistId: dentistA,
        at: clinicTime(FROM, '09:00'),
        status: 'Completed',
      });
      const visitA2 = await appointment({
        patientId,
        dentistId: dentistA,
        at: clinicTime(TO, '09:00'),
        status: 'Completed',
      });
      const visitB = await appointment({
        patientId,
        dentistId: dentistB,
        at: clinicTime('2020-02-11', '09:00'),
        status: 'Completed',
      });
      const visitB2 = await appointment({
        patientId,
        dentistId: dentistB,
        at: clinicTime('2020-02-11', '10:00'),
        status: 'Completed',
      });

      const invoiceA1 = await issuedInvoice('1000.10', patientId, clinicTime(FROM, '00:00'), visitA1);
      // 23:59 of the last day in Manila is still in the period (15:59 UTC).
      await issuedInvoice('200.20', patientId, clinicTime(TO, '23:59'), visitA2);
      const invoiceB = await issuedInvoice('300.30', patientId, clinicTime('2020-02-11', '11:00'), visitB);
      const walkIn = await issuedInvoice('50.05', patientId, clinicTime('2020-02-11', '12:00'));
      // Just outside, on either side (the day before and the day after, clinic time).
      await issuedInvoice('7.00', patientId, clinicTime('2020-02-09', '23:59'));
      const after = await issuedInvoice('8.00', patientId, clinicTime('2020-02-13', '00:00'));
      const mistaken = await issuedInvoice('999.99', patientId, clinicTime('2020-02-11', '13:00'), visitB2);

      await recordedPayment({
        invoiceId: invoiceA1,
        patientId,
        amount: '500.00',
        method: 'cash',
        paidAt: clinicTime(FROM, '10:00'),
        recordedBy: receptionist.user_id,
      });
      await recordedPayment({
        invoiceId: invoiceA1,
        patientId,
        amount: '0.10',
        method: 'card',
        paidAt: clinicTime('2020-02-11', '10:00'),
        recordedBy: clinicAdmin.user_id,
      });
      await recordedPayment({
        invoiceId: invoiceB,
        patientId,
        amount: '300.30',
        method: 'cash',
        paidAt: clinicTime(TO, '16:00'),
        recordedBy: receptionist.user_id,
      });
      await recordedPayment({
        invoiceId: after,
        patientId,
        amount: '8.00',
        method: 'cash',
        paidAt: clinicTime('2020-02-13', '00:00'),
        recordedBy: receptionist.user_id,
      });
      const wrongPayment = await recordedPayment({
        invoiceId: walkIn,
        patientId,
        amount: '50.05',
        method: 'e-wallet',
        paidAt: clinicTime(TO, '11:00'),
        recordedBy: receptionist.user_id,
      });

      const paymentReason = unique('Wrong patient');
      const invoiceReason = unique('Billed twice');
      expect(
        (await admin.rpc('void_payment', { p_payment_id: wrongPayment, p_reason: paymentReason })).error,
      ).toBeNull();
      expect((await admin.rpc('void_invoice', { p_invoice_id: mistaken, p_reason: invoiceReason })).error).toBeNull();

      const sheet = await daySheet(FROM, TO);
      expect([sheet.from, sheet.to]).toEqual([FROM, TO]);

      // Production: what was charged, void invoices left out; the walk-in has no dentist.
      expect(sheet.production.net_centavos).toBe(100010 + 20020 + 30030 + 5005);
      // Total-only invoices: no lines, HMO or discount, so gross, net and what the patients pay agree.
      expect(sheet.production.gross_centavos).toBe(sheet.production.net_centavos);
      expect(sheet.production.patient_pays_centavos).toBe(sheet.production.net_centavos);
      expect(sheet.production.invoice_count).toBe(4);
      expect(sheet.production.by_dentist.map((row) => [row.dentist_id, row.invoice_count, row.net_centavos])).toEqual(
        expect.arrayContaining([
          [dentistA, 2, 120030],
          [dentistB, 1, 30030],
          [null, 1, 5005],
        ]),
      );
      expect(sheet.production.by_dentist.at(-1)).toMatchObject({ dentist_id: null, dentist_name: null });

      // Collections by cashier: the names as recorded, the voided payment not counted.
      expect(sheet.cashier_totals).toEqual(
        [
          { cashier_id: clinicAdmin.user_id, cashier_name: clinicAdmin.name, payment_count: 1, total_centavos: 10 },
          {
            cashier_id: receptionist.user_id,
            cashier_name: receptionist.name,
            payment_count: 2,
            total_centavos: 80030,
          },
        ].sort((a, b) => a.cashier_name.localeCompare(b.cashier_name)),
      );
      expect(sheet.grand_total_centavos).toBe(80040);
      expect(sheet.payments.every((payment) => payment.receipt_number >= 1)).toBe(true);

      // Who voided what: the admin's name, set by the database.
      expect(sheet.voids).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: 'payment',
            id: wrongPayment,
            void_reason: paymentReason,
            voided_by_name: clinicAdmin.name,
          }),
          expect.objectContaining({
            kind: 'invoice',
            id: mistaken,
            void_reason: invoiceReason,
            voided_by_name: clinicAdmin.name,
            amount_centavos: 99999,
          }),
        ]),
      );
      const stored = await stack
        .serviceClient()
        .from('invoices')
        .select('voided_by, voided_by_name')
        .eq('id', mistaken)
        .single();
      expect(stored.data).toEqual({ voided_by: clinicAdmin.user_id, voided_by_name: clinicAdmin.name });

      // One day of the range: only that day's production.
      const lastDay = await daySheet(TO);
      expect(lastDay.production.by_dentist.map((row) => [row.dentist_id, row.net_centavos])).toEqual([
        [dentistA, 20020],
      ]);
    });

    it('refuses a reversed range and one over 31 days; 31 days are fine', async () => {
      const reversed = await reception.rpc('day_sheet', { p_clinic_id: clinicId, p_from: TO, p_to: FROM });
      expect([reversed.error?.code, reversed.error?.hint]).toEqual(['22023', 'report_period_reversed']);
      const tooLong = await reception.rpc('day_sheet', {
        p_clinic_id: clinicId,
        p_from: '2020-01-01',
        p_to: '2020-02-01',
      });
      expect([tooLong.error?.code, tooLong.error?.hint]).toEqual(['22023', 'report_period_too_long']);
      const month = await reception.rpc('day_sheet', {
        p_clinic_id: clinicId,
        p_from: '2020-01-01',
        p_to: '2020-01-31',
      });
      expect(month.error).toBeNull();
    });

    it('gives a receptionist or dentist of another clinic nothing, and no client can name who voided', async () => {
      const service = stack.serviceClient();
      const bright = (await service.from('clinics').select('id').eq('name', 'Bright Teeth').single()).data!
        .id as number;
      const outsiders: SupabaseClient[] = [];
      for (const role of ['receptionist', 'dentist']) {
        const { email } = await newStaffLogin(service, bright, role, 'Outsider1234!');
        outsiders.push(await stack.signedIn(email, 'Outsider1234!'));
      }
      for (const outsider of outsiders) {
        const sheet = await outsider.rpc('day_sheet', { p_clinic_id: clinicId, p_from: FROM, p_to: TO });
        expect(sheet.error?.code).toBe('42501');
        expect(sheet.data).toBeNull();
        const exported = await outsider.rpc('day_sheet_export', { p_clinic_id: clinicId, p_from: FROM, p_to: TO });
        expect(exported.error?.code).toBe('42501');
      }

      const patientId = await newPatient();
      const invoiceId = await newInvoice('10.00', patientId);
      const forged = await reception
        .from('invoices')
        .update({ voided_by_name: 'Somebody else' })
        .eq('id', invoiceId)
        .select('id');
      expect(forged.error?.code).toBe('42501');
      const forgedInsert = await reception.from('payments').insert({
        clinic_id: clinicId,
        invoice_id: invoiceId,
        patient_id: patientId,
        amount: '1.00',
        method: 'cash',
        voided_by_name: 'Somebody else',
      });
      expect(forgedInsert.error?.code).toBe('42501');

      // The service writing history (the demo data) may say who voided; the name follows from it.
      const clinicAdmin = await userOf('admin@demo.test');
      const paymentId = await pay(invoiceId, patientId, '1.00', 'cash');
      const history = await service
        .from('payments')
        .update({ voided_at: new Date().toISOString(), void_reason: 'Keyed twice', voided_by: clinicAdmin.user_id })
        .eq('id', paymentId)
        .select('voided_by, voided_by_name')
        .single();
      expect(history.data).toEqual({ voided_by: clinicAdmin.user_id, voided_by_name: clinicAdmin.name });
    });
  });

  describe('the no-show insight', () => {
    it('counts no-shows among kept and missed, late cancels by the time of cancelling, in clinic time', async () => {
      const dentistName = unique('Dr. Insight');
      const dentistId = await newDentist(dentistName);
      const patientName = unique('Insight Peña');
      const patientId = await newPatient(patientName);
      // 2019-06-03 is a Monday; 2019-06-05 a Wednesday.
      const first = await appointment({
        patientId,
        dentistId,
        at: clinicTime('2019-06-03', '09:00'),
        status: 'No Show',
      });
      const second = await appointment({
        patientId,
        dentistId,
        at: clinicTime('2019-06-03', '09:20'),
        status: 'No Show',
      });
      const late = await appointment({
        patientId,
        dentistId,
        at: clinicTime('2019-06-05', '14:00'),
        status: 'Cancelled',
        cancelledAt: clinicTime('2019-06-05', '08:00'),
        cancelReason: 'Fever',
      });
      // Cancelled four days ahead and edited on the day: still an early cancellation.
      await appointment({
        patientId,
        dentistId,
        at: clinicTime('2019-06-05', '15:00'),
        status: 'Cancelled',
        cancelledAt: clinicTime('2019-06-01', '08:00'),
        updatedAt: clinicTime('2019-06-05', '14:30'),
      });
      await appointment({ patientId, dentistId, at: clinicTime('2019-06-05', '16:00'), status: 'Completed' });
      await appointment({
        patientId,
        dentistId,
        at: clinicTime('2019-06-05', '16:20'),
        status: 'No Show',
        deleted: true,
      });
      // Never closed after its time: neither kept nor missed.
      await appointment({ patientId, dentistId, at: clinicTime('2019-06-05', '16:40'), status: 'Scheduled' });
      await appointment({ patientId, dentistId, at: clinicTime('2019-07-01', '09:00'), status: 'No Show' });

      const answer = await insight('2019-06-01', '2019-06-30');
      expect(answer.by_dentist.find((row) => row.dentist_id === dentistId)).toEqual({
        dentist_id: dentistId,
        dentist_name: dentistName,
        booked: 6,
        kept: 1,
        no_shows: 2,
        cancelled: 2,
        late_cancels: 1,
      });
      expect(answer.overall).toEqual({ booked: 6, kept: 1, no_shows: 2, cancelled: 2, late_cancels: 1 });
      expect(answer.by_weekday).toEqual([
        { weekday: 1, booked: 2, kept: 0, no_shows: 2, cancelled: 0, late_cancels: 0 },
        { weekday: 3, booked: 4, kept: 1, no_shows: 0, cancelled: 2, late_cancels: 1 },
      ]);
      expect(answer.by_hour).toEqual([
        { hour: 9, booked: 2, kept: 0, no_shows: 2, cancelled: 0, late_cancels: 0 },
        { hour: 14, booked: 1, kept: 0, no_shows: 0, cancelled: 1, late_cancels: 1 },
        { hour: 15, booked: 1, kept: 0, no_shows: 0, cancelled: 1, late_cancels: 0 },
        { hour: 16, booked: 2, kept: 1, no_shows: 0, cancelled: 0, late_cancels: 0 },
      ]);
      expect(answer.by_month).toEqual([
        { month: '2019-06', booked: 6, kept: 1, no_shows: 2, cancelled: 2, late_cancels: 1 },
      ]);
      expect(answer.missed.map((row) => [row.appointment_id, row.outcome, row.cancel_reason])).toEqual([
        [late, 'late_cancel', 'Fever'],
        [second, 'no_show', null],
        [first, 'no_show', null],
      ]);
      expect(answer.missed[0]).toMatchObject({
        patient_id: patientId,
        patient_name: patientName,
        dentist_name: dentistName,
      });
      expect(Date.parse(answer.missed[0]!.cancelled_at!)).toBe(Date.parse(clinicTime('2019-06-05', '08:00')));

      // Every month of a period, the months without appointments too.
      const months = await insight('2019-05-15', '2019-07-10');
      expect(months.by_month.map((row) => [row.month, row.booked, row.no_shows])).toEqual([
        ['2019-05', 0, 0],
        ['2019-06', 6, 2],
        ['2019-07', 1, 1],
      ]);

      const empty = await insight('2018-01-01', '2018-01-31');
      expect(empty.overall).toEqual({ booked: 0, kept: 0, no_shows: 0, cancelled: 0, late_cancels: 0 });
      expect(empty.by_hour).toEqual([]);
      expect(empty.missed).toEqual([]);
    });

    it('ends the monthly trend at the current month when the period runs into the future', async () => {
      const today = clinicDateAt(new Date());
      const answer = await insight(`${today.slice(0, 7)}-01`, clinicWorkday(60));
      expect(answer.by_month.map((row) => row.month)).toEqual([today.slice(0, 7)]);
    });

    it('validates the period and refuses another clinic, the dentist role and anon', async () => {
      const call = (from: string | null, to: string | null, client = reception) =>
        client.rpc('no_show_insight', { p_clinic_id: clinicId, p_from: from, p_to: to });
      expect((await call('2026-02-01', '2026-01-31')).error?.code).toBe('22023');
      expect((await call('2024-01-01', '2026-01-01')).error?.code).toBe('22023');
      expect((await call(null, '2026-01-01')).error?.code).toBe('22023');
      expect((await call('2024-01-02', '2026-01-01')).error).toBeNull();
      expect((await call('2026-01-01', 'not a date')).error?.code).toBe('22007');
      expect((await call('2026-01-01', '2026-01-31', otherAdmin)).error?.code).toBe('42501');
      expect((await call('2026-01-01', '2026-01-31', dentist)).error?.code).toBe('42501');
      expect((await call('2026-01-01', '2026-01-31', stack.anonClient())).error?.code).toBe('42501');
    });
  });

  describe('the time and reason of a cancellation', () => {
    async function row(id: number, client: SupabaseClient = reception): Promise<CancellationRow> {
      const { data, error } = await client
        .from('appointments')
        .select('status, cancelled_at, cancel_reason')
        .eq('id', id)
        .single();
      if (error) throw error;
      return data as CancellationRow;
    }

    async function change(id: number, fields: Record<string, unknown>, client: SupabaseClient = reception) {
      return client.from('appointments').update(fields).eq('id', id).select('status, cancelled_at, cancel_reason');
    }

    it('stamps the moment of cancelling whatever the browser sends, keeps it, and clears both on leaving', async () => {
      const dentistId = await newDentist();
      const patientId = await newPatient();
      // A Tuesday in the past: history, so the booking rules let it go back to Scheduled.
      const id = await appointment({
        patientId,
        dentistId,
        at: clinicTime('2019-06-04', '10:00'),
        status: 'Scheduled',
      });
      expect(await row(id)).toEqual({ status: 'Scheduled', cancelled_at: null, cancel_reason: null });

      const before = Date.now();
      const cancelled = await change(id, {
        status: 'Cancelled',
        cancelled_at: '2000-01-01T00:00:00Z',
        cancel_reason: 'Patient is travelling',
      });
      expect(cancelled.error).toBeNull();
      const stamped = await row(id);
      expect(stamped).toMatchObject({ status: 'Cancelled', cancel_reason: 'Patient is travelling' });
      expect(Date.parse(stamped.cancelled_at!)).toBeGreaterThan(before - 60_000);

      // Staying Cancelled: the reason may change, the time may not.
      expect(
        (await change(id, { cancel_reason: 'Travelling', cancelled_at: '2001-01-01T00:00:00Z' })).error,
      ).toBeNull();
      expect(await row(id)).toEqual({ ...stamped, cancel_reason: 'Travelling' });

      expect((await change(id, { status: 'Scheduled' })).error).toBeNull();
      expect(await row(id)).toEqual({ status: 'Scheduled', cancelled_at: null, cancel_reason: null });
    });

    it('refuses a reason on a live appointment or a blank one, by code, and lets only the clinic’s staff write it', async () => {
      const dentistId = await newDentist();
      const patientId = await newPatient();
      const id = await appointment({
        patientId,
        dentistId,
        at: clinicTime('2019-06-04', '11:00'),
        status: 'Scheduled',
      });

      const live = await change(id, { cancel_reason: 'Fever' });
      expect(live.error).toMatchObject({ code: '23514', hint: 'cancel_reason_needs_cancelled' });
      const blank = await change(id, { status: 'Cancelled', cancel_reason: '  ' });
      expect(blank.error?.code).toBe('23514');
      const tooLong = await change(id, { status: 'Cancelled', cancel_reason: 'x'.repeat(201) });
      expect(tooLong.error?.code).toBe('23514');
      expect(await row(id)).toEqual({ status: 'Scheduled', cancelled_at: null, cancel_reason: null });

      // A dentist may cancel (appointments.write), with a reason.
      expect((await change(id, { status: 'Cancelled', cancel_reason: 'Dentist ill' }, dentist)).error).toBeNull();
      expect(await row(id)).toMatchObject({ status: 'Cancelled', cancel_reason: 'Dentist ill' });

      // Another clinic's admin and anon change nothing.
      const foreign = await change(id, { cancel_reason: 'Not yours' }, otherAdmin);
      expect(foreign.data ?? []).toEqual([]);
      const anon = await change(id, { cancel_reason: 'Not yours' }, stack.anonClient());
      expect(anon.data ?? []).toEqual([]);
      expect(await row(id)).toMatchObject({ cancel_reason: 'Dentist ill' });
    });
  });

  describe('the frequent no-show flag', () => {
    it('flags 2 or more no-shows in the last 12 months, for the clinic’s own staff only', async () => {
      const dentistId = await newDentist();
      const flagged = await newPatient();
      const notFlagged = await newPatient();
      // Workdays ago (Monday to Saturday) at 10:00 clinic time: 300 workdays is about 350 days.
      const workdaysAgo = (days: number) => clinicTime(clinicWorkday(-days), '10:00');
      await appointment({ patientId: flagged, dentistId, at: workdaysAgo(10), status: 'No Show' });
      await appointment({ patientId: flagged, dentistId, at: workdaysAgo(300), status: 'No Show' });
      await appointment({ patientId: notFlagged, dentistId, at: workdaysAgo(11), status: 'No Show' });
      await appointment({ patientId: notFlagged, dentistId, at: workdaysAgo(360), status: 'No Show' });
      await appointment({ patientId: notFlagged, dentistId, at: workdaysAgo(12), status: 'No Show', deleted: true });
      await appointment({ patientId: notFlagged, dentistId, at: workdaysAgo(13), status: 'Cancelled' });

      const read = (client: SupabaseClient) =>
        client
          .from('patient_no_show_flags')
          .select('patient_id, no_show_count')
          .in('patient_id', [flagged, notFlagged]);
      expect((await read(reception)).data).toEqual([{ patient_id: flagged, no_show_count: 2 }]);
      expect((await read(dentist)).data).toEqual([{ patient_id: flagged, no_show_count: 2 }]);
      expect((await read(otherAdmin)).data).toEqual([]);
      const anon = await read(stack.anonClient());
      expect(anon.error?.code).toBe('42501');
    });
  });
});
