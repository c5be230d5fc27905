/**
 * The day sheet's CSV download (…_reports.sql): rpc day_sheet_export answers what
 * day_sheet answers and the database records the export in the audit trail — who, kind
 * 'day-sheet', the CSV's data rows counted from that answer (appointments, production lines,
 * invoices issued and their lines, payments, voids, open invoices) and the door 'browser' — through supabase-js against the real stack. A caller
 * day_sheet refuses (another clinic's admin, a dentist, anon) is refused here too, and then nothing
 * is recorded.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicTime } from '../../support/clinic-time.ts';
import { demoClinics, DEMO } from '../../support/service.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

type Row = Record<string, unknown>;
interface SheetAnswer {
  from: string;
  to: string;
  appointments: Row[];
  production: { by_dentist: Row[]; invoices: { items: Row[] }[] };
  payments: Row[];
  voids: Row[];
  open_invoices: Row[];
}

// A day of its own, long past: only what this file books is on it.
const DAY = '2019-06-03';

let stack: TestStack;
let service: SupabaseClient;
let reception: SupabaseClient;
let admin2: SupabaseClient;
let dentist: SupabaseClient;
let smile: number;
let receptionist: { user_id: string; name: string };

async function exportsSince(since: number): Promise<Row[]> {
  const { data, error } = await service
    .from('audit_log')
    .select('clinic_id, entity, entity_id, entity_label, action, before, after, actor_user_id, actor_name, source')
    .eq('entity', 'export')
    .gt('id', since)
    .order('id');
  if (error) throw new Error(error.message);
  return data as Row[];
}

async function lastId(): Promise<number> {
  const { rows } = await stack.db.query<{ id: string | null }>('select max(id)::text as id from public.audit_log');
  return Number(rows[0]!.id ?? 0);
}

beforeAll(async () => {
  stack = await startTestStack({ logLabel: 'day-sheet-export' });
  service = stack.serviceClient();
  [reception, admin2, dentist] = await Promise.all([
    stack.signedIn(DEMO.reception),
    stack.signedIn(DEMO.admin2),
    stack.signedIn(DEMO.dentist),
  ]);
  ({ smile } = await demoClinics(stack.db));
  const profile = await service.from('users').select('user_id, name').eq('email', DEMO.reception).single();
  receptionist = profile.data as { user_id: string; name: string };

  // Three appointments on DAY (one of them deleted, so not on the sheet), one the day after.
  const dentistRow = await service
    .from('dentists')
    .insert({ clinic_id: smile, name: `Dr. Export ${randomUUID().slice(0, 8)}`, email: 'export@demo.test', phone: '1' })
    .select('id')
    .single();
  const patientRow = await service
    .from('patients')
    .insert({ clinic_id: smile, name: 'Niño Export', phone: '0917 555 0101' })
    .select('id')
    .single();
  const booking = (at: string, status: string, deleted = false) => ({
    clinic_id: smile,
    patient_id: patientRow.data!.id as number,
    dentist_id: dentistRow.data!.id as number,
    appointment_time: at,
    status,
    reason: 'Cleaning',
    deleted,
  });
  const { error } = await service
    .from('appointments')
    .insert([
      booking(clinicTime(DAY, '09:00'), 'Completed'),
      booking(clinicTime(DAY, '10:00'), 'No Show'),
      booking(clinicTime(DAY, '11:00'), 'Scheduled', true),
      booking(clinicTime('2019-06-04', '09:00'), 'Scheduled'),
    ]);
  if (error) throw new Error(error.message);
});

afterAll(async () => {
  await stack?.stop();
});

describe('the day sheet export', () => {
  it('answers what day_sheet answers and records who, the kind, the rows counted by the database and the door', async () => {
    const sheet = await reception.rpc('day_sheet', { p_clinic_id: smile, p_from: DAY, p_to: DAY });
    expect(sheet.error).toBeNull();
    const since = await lastId();
    const exported = await reception.rpc('day_sheet_export', { p_clinic_id: smile, p_from: DAY, p_to: DAY });
    expect(exported.error).toBeNull();
    expect(exported.data).toEqual(sheet.data);

    const answer = exported.data as SheetAnswer;
    expect(answer.appointments).toHaveLength(2);
    const rows =
      answer.appointments.length +
      answer.production.by_dentist.length +
      // Each invoice issued, and its lines under it.
      answer.production.invoices.reduce((count, issued) => count + 1 + issued.items.length, 0) +
      answer.payments.length +
      answer.voids.length +
      answer.open_invoices.length;
    expect(await exportsSince(since)).toEqual([
      {
        clinic_id: smile,
        entity: 'export',
        entity_id: null,
        entity_label: 'day-sheet',
        action: 'export',
        before: null,
        after: { kind: 'day-sheet', rows, filters: { from: DAY, to: DAY } },
        actor_user_id: receptionist.user_id,
        actor_name: receptionist.name,
        source: 'browser',
      },
    ]);
    // Reading the sheet on screen (day_sheet) records nothing; only the download does.
    await reception.rpc('day_sheet', { p_clinic_id: smile, p_from: DAY, p_to: DAY });
    expect(await exportsSince(since)).toHaveLength(1);
  });

  it('counts every kind of CSV row: a day with a payment and an open invoice counts them too', async () => {
    // Today's invoice (created now) with a part payment: one payment row and one open-invoice row.
    const patient = await reception
      .from('patients')
      .insert({ clinic_id: smile, name: 'Señora Partial', phone: '0917 555 0102' })
      .select('id')
      .single();
    const invoice = await reception
      .from('invoices')
      .insert({ clinic_id: smile, patient_id: patient.data!.id, total: '1000.00', idempotency_key: randomUUID() })
      .select('id, created_at')
      .single();
    expect(invoice.error).toBeNull();
    const paid = await reception.from('payments').insert({
      clinic_id: smile,
      invoice_id: invoice.data!.id,
      patient_id: patient.data!.id,
      amount: '250.50',
      method: 'cash',
      reference_number: null,
      notes: null,
      idempotency_key: randomUUID(),
    });
    expect(paid.error).toBeNull();
    const { rows: days } = await stack.db.query<{ day: string }>(
      `select (i.created_at at time zone c.timezone)::date::text as day
         from public.invoices i join public.clinics c on c.id = i.clinic_id where i.id = $1`,
      [invoice.data!.id],
    );
    const day = days[0]!.day;

    const since = await lastId();
    const exported = await reception.rpc('day_sheet_export', { p_clinic_id: smile, p_from: day, p_to: day });
    expect(exported.error).toBeNull();
    const answer = exported.data as SheetAnswer;
    expect(answer.payments.some((row) => row.invoice_id === invoice.data!.id)).toBe(true);
    expect(answer.open_invoices.some((row) => row.id === invoice.data!.id)).toBe(true);
    const rows =
      answer.appointments.length +
      answer.production.by_dentist.length +
      // Each invoice issued, and its lines under it.
      answer.production.invoices.reduce((count, issued) => count + 1 + issued.items.length, 0) +
      answer.payments.length +
      answer.voids.length +
      answer.open_invoices.length;
    const log = await exportsSince(since);
    expect(log.map((row) => row.after)).toEqual([{ kind: 'day-sheet', rows, filters: { from: day, to: day } }]);
  });

  it('is refused, and records nothing, to another clinic’s admin, a dentist and anon, and without a day', async () => {
    const since = await lastId();
    const other = await admin2.rpc('day_sheet_export', { p_clinic_id: smile, p_from: DAY, p_to: DAY });
    expect(other.error?.code).toBe('42501');
    expect(other.data).toBeNull();
    const asDentist = await dentist.rpc('day_sheet_export', { p_clinic_id: smile, p_from: DAY, p_to: DAY });
    expect(asDentist.error?.code).toBe('42501');
    expect(asDentist.data).toBeNull();
    const anon = await stack.anonClient().rpc('day_sheet_export', { p_clinic_id: smile, p_from: DAY, p_to: DAY });
    expect(anon.error?.code).toBe('42501');
    const missing = await reception.rpc('day_sheet_export', { p_clinic_id: smile, p_from: null, p_to: null });
    expect(missing.error?.code).toBe('22023');
    expect(await exportsSince(since)).toEqual([]);
    expect(await lastId()).toBe(since);
  });
});
