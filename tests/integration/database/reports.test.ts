/**
 * The reports of issue 17 (supabase/migrations/20261201000900_reports.sql) through the calls the
 * Reports tab makes: rpc day_sheet and no_show_insight, and the view patient_no_show_flags. The
 * day sheet's money is checked against what the Billing tab reads (payment_entries,
 * invoice_summaries) to the centavo; the attacks (another clinic, the dentist role, anon) are refused.
 * Runs on PGlite and, with TEST_DATABASE_URL, on a real PostgreSQL server.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicDateAt, clinicTime, clinicWorkday } from '../../support/clinic-time.ts';
import { announcePostgresTarget, testDatabaseUrl } from '../../support/postgres.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

const targets = ['pglite', ...(testDatabaseUrl ? ['postgres'] : [])] as const;
announcePostgresTarget('reports');

type Method = 'cash' | 'card' | 'e-wallet' | 'bank';
type Status = 'Scheduled' | 'Confirmed' | 'Completed' | 'No Show' | 'Cancelled';

interface DaySheetAnswer {
  day: string;
  appointments: { id: number; status: Status; patient_name: string; dentist_name: string; appointment_time: string }[];
  payments: { id: number; amount_centavos: number; method: Method }[];
  totals: { method: Method; payment_count: number; total_centavos: number }[];
  grand_total_centavos: number;
  voids: { kind: string; id: number; void_reason: string; amount_centavos: number }[];
  open_invoices: { id: number; balance_centavos: number; paid_centavos: number; status: string }[];
}

interface Counts {
  booked: number;
  no_shows: number;
  late_cancels: number;
}
interface InsightAnswer {
  overall: Counts;
  by_dentist: (Counts & { dentist_id: number; dentist_name: string })[];
  by_weekday: (Counts & { weekday: number })[];
  by_hour: (Counts & { hour: number })[];
}

describe.each(targets)('reports on %s', (target) => {
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

  async function daySheet(day: string, client = reception): Promise<DaySheetAnswer> {
    const { data, error } = await client.rpc('day_sheet', { p_clinic_id: clinicId, p_day: day });
    if (error) throw error;
    return data as DaySheetAnswer;
  }

  async function insight(from: string, to: string, client = reception): Promise<InsightAnswer> {
    const { data, error } = await client.rpc('no_show_insight', { p_clinic_id: clinicId, p_from: from, p_to: to });
    if (error) throw error;
    return data as InsightAnswer;
  }

  beforeAll(async () => {
    stack = await startTestStack(target === 'postgres' ? { postgresServerUrl: testDatabaseUrl } : {});
    [reception, dentist, admin, otherAdmin, superadmin] = await Promise.all([
      stack.signedIn('reception@demo.test'),
      stack.signedIn('dentist@demo.test'),
      stack.signedIn('admin@demo.test'),
      stack.signedIn('admin2@demo.test'),
      stack.signedIn('superadmin@demo.test'),
    ]);
    const clinics = await stack.serviceClient().from('clinics').select('id, name');
    clinicId = clinics.data!.find((clinic) => clinic.name === 'Smile Dental')!.id as number;
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

    it('refuses a missing day, and is refused to another clinic, the dentist role and anon', async () => {
      const today = clinicDateAt(new Date());
      const missing = await reception.rpc('day_sheet', { p_clinic_id: clinicId, p_day: null });
      expect(missing.error?.code).toBe('22023');

      const other = await otherAdmin.rpc('day_sheet', { p_clinic_id: clinicId, p_day: today });
      expect(other.error?.code).toBe('42501');
      expect(other.data).toBeNull();
      const asDentist = await dentist.rpc('day_sheet', { p_clinic_id: clinicId, p_day: today });
      expect(asDentist.error?.code).toBe('42501');
      const anon = await stack.anonClient().rpc('day_sheet', { p_clinic_id: clinicId, p_day: today });
      expect(anon.error?.code).toBe('42501');
      expect(anon.data).toBeNull();

      const asSuperadmin = await superadmin.rpc('day_sheet', { p_clinic_id: clinicId, p_day: today });
      expect(asSuperadmin.error).toBeNull();
      const asAdmin = await admin.rpc('day_sheet', { p_clinic_id: clinicId, p_day: today });
      expect(asAdmin.error).toBeNull();
    });
  });

  describe('the no-show insight', () => {
    it('counts no-shows and late cancellations by dentist, weekday and hour in clinic time', async () => {
      const dentistName = unique('Dr. Insight');
      const dentistId = await newDentist(dentistName);
      const patientId = await newPatient();
      // 2019-06-03 is a Monday; 2019-06-05 a Wednesday.
      await appointment({ patientId, dentistId, at: clinicTime('2019-06-03', '09:00'), status: 'No Show' });
      await appointment({ patientId, dentistId, at: clinicTime('2019-06-03', '09:20'), status: 'No Show' });
      await appointment({
        patientId,
        dentistId,
        at: clinicTime('2019-06-05', '14:00'),
        status: 'Cancelled',
        updatedAt: clinicTime('2019-06-05', '08:00'),
      });
      await appointment({
        patientId,
        dentistId,
        at: clinicTime('2019-06-05', '15:00'),
        status: 'Cancelled',
        updatedAt: clinicTime('2019-06-01', '08:00'),
      });
      await appointment({ patientId, dentistId, at: clinicTime('2019-06-05', '16:00'), status: 'Completed' });
      await appointment({
        patientId,
        dentistId,
        at: clinicTime('2019-06-05', '16:20'),
        status: 'No Show',
        deleted: true,
      });
      await appointment({ patientId, dentistId, at: clinicTime('2019-07-01', '09:00'), status: 'No Show' });

      const answer = await insight('2019-06-01', '2019-06-30');
      expect(answer.by_dentist.find((row) => row.dentist_id === dentistId)).toEqual({
        dentist_id: dentistId,
        dentist_name: dentistName,
        booked: 5,
        no_shows: 2,
        late_cancels: 1,
      });
      expect(answer.overall).toEqual({ booked: 5, no_shows: 2, late_cancels: 1 });
      expect(answer.by_weekday).toEqual([
        { weekday: 1, booked: 2, no_shows: 2, late_cancels: 0 },
        { weekday: 3, booked: 3, no_shows: 0, late_cancels: 1 },
      ]);
      expect(answer.by_hour).toEqual([
        { hour: 9, booked: 2, no_shows: 2, late_cancels: 0 },
        { hour: 14, booked: 1, no_shows: 0, late_cancels: 1 },
        { hour: 15, booked: 1, no_shows: 0, late_cancels: 0 },
        { hour: 16, booked: 1, no_shows: 0, late_cancels: 0 },
      ]);

      const empty = await insight('2018-01-01', '2018-01-31');
      expect(empty.overall).toEqual({ booked: 0, no_shows: 0, late_cancels: 0 });
      expect(empty.by_hour).toEqual([]);
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
