/**
 * The audit trail (…_audit.sql) through the real API: every audited change of a
 * browser user (supabase-js with the user's JWT) or the service role writes one row with the
 * changed fields before → after, the actor's snapshot and the right source; the log is append-only
 * for the browser roles, the service role and the table owner; only the clinic's admins and
 * superadmins read it. Runs on PGlite and, with TEST_DATABASE_URL, on a real PostgreSQL server.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicTime, clinicWorkday } from '../../support/clinic-time.ts';
import { databaseTargets, sqlErrorFrom } from '../../support/database.ts';
import { DEMO, startDemoStack } from '../../support/service.ts';
import type { TestStack } from '../../support/stack.ts';

type Row = Record<string, unknown>;
interface AuditRow {
  id: number;
  clinic_id: number;
  entity: string;
  entity_id: number;
  entity_label: string | null;
  action: string;
  before: Row | null;
  after: Row | null;
  actor_user_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  actor_role: string | null;
  source: string;
}

const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;
const iso = (value: unknown) => new Date(String(value)).toISOString();
const PASSWORD = 'Audit-pass-1';

describe.each(databaseTargets())('audit trail on %s', (target) => {
  let stack: TestStack;
  let service: SupabaseClient;
  let anon: SupabaseClient;
  let admin: SupabaseClient;
  let reception: SupabaseClient;
  let dentist: SupabaseClient;
  let admin2: SupabaseClient;
  let superadmin: SupabaseClient;
  let smile: number;
  let bright: number;
  let adminProfile: { user_id: string; name: string; email: string };
  let receptionProfile: { user_id: string; name: string };
  let procedure: string;
  let dayCounter = 30;

  async function insertAsService(table: string, row: Row): Promise<Row> {
    const { data, error } = await service.from(table).insert(row).select().single();
    if (error) throw new Error(`${table}: ${error.message}`);
    return data as Row;
  }

  async function profileOf(email: string) {
    const { data, error } = await service.from('users').select('id, user_id, name, email').eq('email', email).single();
    if (error) throw new Error(error.message);
    return data as { id: number; user_id: string; name: string; email: string };
  }

  /** The log of one record, oldest first, as the service role reads it. */
  async function logOf(entity: string, entityId: number): Promise<AuditRow[]> {
    const { data, error } = await service
      .from('audit_log')
      .select('*')
      .eq('entity', entity)
      .eq('entity_id', entityId)
      .order('id');
    if (error) throw new Error(error.message);
    return data as AuditRow[];
  }

  /** A patient and a dentist of their own in Smile Dental, and a free weekday ahead. */
  async function bookingFixture() {
    const patient = await insertAsService('patients', { clinic_id: smile, name: unique('Audit Patient'), phone: '1' });
    const dentistA = await insertAsService('dentists', {
      clinic_id: smile,
      name: unique('Dr. Audit A'),
      email: 'a@demo.test',
      phone: '1',
    });
    const dentistB = await insertAsService('dentists', {
      clinic_id: smile,
      name: unique('Dr. Audit B'),
      email: 'b@demo.test',
      phone: '1',
    });
    dayCounter += 1;
    return { patient, dentistA, dentistB, day: clinicWorkday(dayCounter) };
  }

  beforeAll(async () => {
    ({
      stack,
      clinics: { smile, bright },
      staff: { admin, reception, dentist, admin2, superadmin },
    } = await startDemoStack(target, ['admin', 'reception', 'dentist', 'admin2', 'superadmin']));
    service = stack.serviceClient();
    anon = stack.anonClient();
    adminProfile = await profileOf(DEMO.admin);
    receptionProfile = await profileOf(DEMO.reception);
    const { data } = await service.from('procedures').select('name').eq('clinic_id', smile).limit(1).single();
    procedure = data!.name as string;
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('starts empty on the demo data: seeding is nobody’s change', async () => {
    const { count } = await service
      .from('audit_log')
      .select('id', { count: 'exact', head: true })
      .lt('occurred_at', new Date(Date.now() - 60 * 60_000).toISOString());
    expect(count).toBe(0);
  });

  describe('appointments', () => {
    it('booked, status, time and dentist, deleted: one browser row each, with the user and the changed fields only', async () => {
      const { patient, dentistA, dentistB, day } = await bookingFixture();
      const booked = await reception
        .from('appointments')
        .insert({
          clinic_id: smile,
          patient_id: patient.id,
          dentist_id: dentistA.id,
          appointment_time: clinicTime(day, '10:00'),
          reason: procedure,
        })
        .select('id')
        .single();
      expect(booked.error).toBeNull();
      const id = booked.data!.id as number;

      const change = async (values: Row) => {
        const { error } = await admin.from('appointments').update(values).eq('id', id);
        expect(error).toBeNull();
      };
      await change({ status: 'Confirmed' });
      await change({ appointment_time: clinicTime(day, '11:00'), dentist_id: dentistB.id });
      await change({ reminder_message: 'Audited too' });
      await change({ deleted: true });

      const log = await logOf('appointment', id);
      expect(log.map((row) => [row.action, row.source, row.actor_name, row.entity_label])).toEqual([
        ['insert', 'browser', receptionProfile.name, patient.name],
        ['update', 'browser', adminProfile.name, patient.name],
        ['update', 'browser', adminProfile.name, patient.name],
        ['update', 'browser', adminProfile.name, patient.name],
        ['delete', 'browser', adminProfile.name, patient.name],
      ]);
      const [insert, status, moved, reminder, deleted] = log;
      expect(insert!.before).toBeNull();
      // Every field of the booking, the names beside the ids.
      expect({ ...insert!.after, appointment_time: iso(insert!.after!.appointment_time) }).toMatchObject({
        status: 'Scheduled',
        appointment_time: iso(clinicTime(day, '10:00')),
        dentist_id: dentistA.id,
        dentist: dentistA.name,
        patient_id: patient.id,
        patient: patient.name,
        reason: procedure,
        deleted: false,
      });
      expect(reminder).toMatchObject({
        before: { reminder_message: null },
        after: { reminder_message: 'Audited too' },
      });
      expect(insert!.actor_user_id).toBe(receptionProfile.user_id);
      expect(status).toMatchObject({
        before: { status: 'Scheduled' },
        after: { status: 'Confirmed' },
        actor_user_id: adminProfile.user_id,
        actor_email: adminProfile.email,
        actor_role: 'admin',
        clinic_id: smile,
      });
      expect(Object.keys(moved!.after!).sort()).toEqual(['appointment_time', 'dentist', 'dentist_id']);
      expect(iso(moved!.before!.appointment_time)).toBe(iso(clinicTime(day, '10:00')));
      expect(iso(moved!.after!.appointment_time)).toBe(iso(clinicTime(day, '11:00')));
      expect([moved!.before!.dentist, moved!.after!.dentist]).toEqual([dentistA.name, dentistB.name]);
      expect(deleted).toMatchObject({ before: { deleted: false }, after: { deleted: true } });
    });

    it('a change by the service role is recorded as service, with no user', async () => {
      const { patient, dentistA, day } = await bookingFixture();
      const appointment = await insertAsService('appointments', {
        clinic_id: smile,
        patient_id: patient.id,
        dentist_id: dentistA.id,
        appointment_time: clinicTime(day, '09:00'),
      });
      const { error } = await service.from('appointments').update({ status: 'Cancelled' }).eq('id', appointment.id);
      expect(error).toBeNull();
      const log = await logOf('appointment', appointment.id as number);
      expect(log.map((row) => [row.action, row.source, row.actor_user_id, row.actor_name])).toEqual([
        ['insert', 'service', null, null],
        ['update', 'service', null, null],
      ]);
      expect(log[1]).toMatchObject({ before: { status: 'Scheduled' }, after: { status: 'Cancelled' } });
    });
  });

  describe('invoices and payments', () => {
    it('added and voided, money as integer centavos, the void by its admin', async () => {
      const patient = await insertAsService('patients', { clinic_id: smile, name: unique('Audit Payer'), phone: '1' });
      const invoice = await reception
        .from('invoices')
        .insert({ clinic_id: smile, patient_id: patient.id, total: '1500.50', idempotency_key: randomUUID() })
        .select('id')
        .single();
      expect(invoice.error).toBeNull();
      const invoiceId = invoice.data!.id as number;
      const payment = await reception
        .from('payments')
        .insert({
          clinic_id: smile,
          patient_id: patient.id,
          invoice_id: invoiceId,
          amount: '500.25',
          method: 'e-wallet',
          reference_number: 'GC-123',
          idempotency_key: randomUUID(),
        })
        .select('id')
        .single();
      expect(payment.error).toBeNull();
      const paymentId = payment.data!.id as number;
      expect((await admin.rpc('void_payment', { p_payment_id: paymentId, p_reason: 'Wrong amount' })).error).toBeNull();
      expect((await admin.rpc('void_invoice', { p_invoice_id: invoiceId, p_reason: 'Duplicate' })).error).toBeNull();

      const payments = await logOf('payment', paymentId);
      expect(payments.map((row) => [row.action, row.source, row.actor_name])).toEqual([
        ['insert', 'browser', receptionProfile.name],
        ['void', 'browser', adminProfile.name],
      ]);
      expect(payments[0]!.after).toMatchObject({
        amount_centavos: 50025,
        method: 'e-wallet',
        invoice_id: invoiceId,
        reference_number: 'GC-123',
      });
      expect(payments[1]!.before).toEqual({
        voided_at: null,
        void_reason: null,
        voided_by: null,
        voided_by_name: null,
      });
      expect(payments[1]!.after).toMatchObject({ void_reason: 'Wrong amount', voided_by_name: adminProfile.name });
      expect(Number.isNaN(Date.parse(String(payments[1]!.after!.voided_at)))).toBe(false);

      const invoices = await logOf('invoice', invoiceId);
      expect(invoices.map((row) => [row.action, row.actor_name, row.entity_label])).toEqual([
        ['insert', receptionProfile.name, patient.name],
        ['void', adminProfile.name, patient.name],
      ]);
      expect(invoices[0]!.after).toEqual({
        total_centavos: 150050,
        // A spec-style invoice: nothing for an HMO, no statutory discount.
        hmo_share_centavos: 0,
        vat_exemption_centavos: 0,
        statutory_discount_centavos: 0,
        patient_id: patient.id,
        patient: patient.name,
        created_by: receptionProfile.user_id,
      });
      expect(invoices[1]!.after).toMatchObject({ void_reason: 'Duplicate', voided_by_name: adminProfile.name });
    });
  });

  describe('staff users', () => {
    it('role change and removal are recorded; a removed user’s own earlier changes still name them', async () => {
      const name = unique('Audit Staff');
      const email = `audit-${randomUUID().slice(0, 8)}@example.test`;
      const created = await service.auth.admin.createUser({
        email,
        password: PASSWORD,
        email_confirm: true,
        user_metadata: { name },
        app_metadata: { clinic_id: smile, role: 'receptionist' },
      });
      expect(created.error).toBeNull();
      const userId = created.data.user!.id;
      const profile = await profileOf(email);

      // The new receptionist changes something, then is removed.
      const staff = await stack.signedIn(email, PASSWORD);
      const { patient, dentistA, day } = await bookingFixture();
      const appointment = await insertAsService('appointments', {
        clinic_id: smile,
        patient_id: patient.id,
        dentist_id: dentistA.id,
        appointment_time: clinicTime(day, '13:00'),
      });
      expect(
        (await staff.from('appointments').update({ status: 'Confirmed' }).eq('id', appointment.id)).error,
      ).toBeNull();

      expect((await admin.from('users').update({ role: 'dentist' }).eq('id', profile.id)).error).toBeNull();
      // A profile is removed with its account, by delete-user, which names the admin who asked.
      expect((await admin.functions.invoke('delete-user', { body: { user_id: userId } })).error).toBeNull();

      const log = await logOf('user', profile.id);
      expect(log.map((row) => [row.action, row.source, row.actor_name, row.entity_label])).toEqual([
        ['insert', 'service', null, name],
        ['update', 'browser', adminProfile.name, name],
        // delete-user removes the account through delete_staff_account with the edge function's door.
        ['delete', 'edge_function', adminProfile.name, name],
      ]);
      expect(log[0]!.after).toEqual({ name, email, role: 'receptionist' });
      expect(log[1]).toMatchObject({ before: { role: 'receptionist' }, after: { role: 'dentist' } });
      expect(log[2]).toMatchObject({ before: { name, email, role: 'dentist' }, after: null });

      const byStaff = (await logOf('appointment', appointment.id as number)).find(
        (row) => row.actor_user_id === userId,
      );
      expect(byStaff).toMatchObject({
        action: 'update',
        source: 'browser',
        actor_name: name,
        actor_email: email,
        actor_role: 'receptionist',
        after: { status: 'Confirmed' },
      });
    });
  });

  describe('clinic settings and the Facebook page', () => {
    it('only the settings that changed, by whom; the service role as service', async () => {
      const { data: before } = await service.from('clinics').select('contact_phone').eq('id', smile).single();
      const phone = `0917 ${String(Date.now()).slice(-7)}`;
      expect((await admin.from('clinics').update({ contact_phone: phone }).eq('id', smile)).error).toBeNull();
      expect((await service.from('clinics').update({ reminder_time: '10:30' }).eq('id', smile)).error).toBeNull();
      const log = (await logOf('clinic', smile)).slice(-2);
      expect(log.map((row) => [row.action, row.source, row.actor_name, row.before, row.after])).toEqual([
        ['update', 'browser', adminProfile.name, { contact_phone: before!.contact_phone }, { contact_phone: phone }],
        ['update', 'service', null, { reminder_time: '09:00:00' }, { reminder_time: '10:30:00' }],
      ]);
    });

    it('connect, token change and disconnect are recorded; the token itself never is', async () => {
      const clinic = await insertAsService('clinics', { name: unique('Audit Page Clinic') });
      const clinicId = clinic.id as number;
      const secret = `EAASECRET${randomUUID().replace(/-/g, '')}`;
      const rotated = `EAAROTATED${randomUUID().replace(/-/g, '')}`;
      const pageId = `55${Date.now()}`.slice(0, 16);
      await stack.db.query(
        `update public.clinics set fb_page_id = $2, messenger_page_id = $2, page_token_hint = right($3, 4) where id = $1`,
        [clinicId, pageId, secret],
      );
      await stack.db.query('insert into public.clinic_secrets (clinic_id, fb_page_access_token) values ($1, $2)', [
        clinicId,
        secret,
      ]);
      await stack.db.query('update public.clinic_secrets set fb_page_access_token = $2 where clinic_id = $1', [
        clinicId,
        rotated,
      ]);
      await stack.db.query(
        'update public.clinics set fb_page_id = null, messenger_page_id = null, page_token_hint = null where id = $1',
        [clinicId],
      );
      await stack.db.query('delete from public.clinic_secrets where clinic_id = $1', [clinicId]);

      const log = await logOf('facebook_connection', clinicId);
      // Written over a direct connection that did not say which service it is: the SQL door.
      expect(log.map((row) => [row.action, row.source, row.before, row.after])).toEqual([
        [
          'connect',
          'sql',
          { fb_page_id: null, messenger_page_id: null },
          { fb_page_id: pageId, messenger_page_id: pageId },
        ],
        ['update', 'sql', { page_access_token: null }, { page_access_token: 'stored' }],
        ['update', 'sql', { page_access_token: 'stored' }, { page_access_token: 'replaced' }],
        [
          'disconnect',
          'sql',
          { fb_page_id: pageId, messenger_page_id: pageId },
          { fb_page_id: null, messenger_page_id: null },
        ],
        ['update', 'sql', { page_access_token: 'stored' }, { page_access_token: null }],
      ]);
      const { rows } = await stack.db.query<{ n: string }>(
        `select count(*) as n from public.audit_log
          where concat(before::text, after::text, entity_label) like '%' || $1 || '%'
             or concat(before::text, after::text, entity_label) like '%' || $2 || '%'
             or concat(before::text, after::text) like '%' || right($1, 4) || '%'`,
        [secret, rotated],
      );
      expect(Number(rows[0]!.n)).toBe(0);
    });

    it('a deleted clinic keeps its log (no foreign key), with the deletion itself', async () => {
      const clinic = await insertAsService('clinics', { name: unique('Audit Gone Clinic') });
      await insertAsService('patients', { clinic_id: clinic.id, name: unique('Gone Patient'), phone: '1' });
      const { error } = await superadmin.from('clinics').delete().eq('id', clinic.id);
      expect(error).toBeNull();
      const log = await logOf('clinic', clinic.id as number);
      expect(log.map((row) => [row.action, row.source, row.actor_role])).toEqual([
        ['insert', 'service', null],
        ['delete', 'browser', 'superadmin'],
      ]);
    });
  });

  describe('who reads it (row-level security)', () => {
    it('admins read their clinic’s log; receptionists, dentists and anon read nothing; another clinic’s admin sees none of it', async () => {
      expect(
        (
          await admin2
            .from('clinics')
            .update({ address: unique('Bright St.') })
            .eq('id', bright)
        ).error,
      ).toBeNull();

      const own = await admin.from('audit_log').select('clinic_id').eq('clinic_id', smile).limit(5);
      expect(own.error).toBeNull();
      expect(own.data!.length).toBeGreaterThan(0);
      expect((await admin.from('audit_log').select('id').eq('clinic_id', bright)).data).toEqual([]);

      for (const client of [reception, dentist]) {
        const read = await client.from('audit_log').select('id').limit(5);
        expect(read.error).toBeNull();
        expect(read.data).toEqual([]);
        expect((await client.rpc('audit_log_actors', { p_clinic_id: smile })).data).toEqual([]);
      }
      const other = await admin2.from('audit_log').select('clinic_id');
      expect(new Set(other.data!.map((row) => row.clinic_id))).toEqual(new Set([bright]));

      const all = await superadmin.from('audit_log').select('clinic_id').in('clinic_id', [smile, bright]);
      expect(new Set(all.data!.map((row) => row.clinic_id))).toEqual(new Set([smile, bright]));

      const stranger = await anon.from('audit_log').select('id').limit(1);
      expect(stranger.error?.code).toBe('42501');
      expect(stranger.data).toBeNull();
    });

    it('audit_log_actors lists who changed something in the clinic, for its admins', async () => {
      const actors = await admin.rpc('audit_log_actors', { p_clinic_id: smile });
      expect(actors.error).toBeNull();
      expect(actors.data).toContainEqual({
        actor_user_id: adminProfile.user_id,
        actor_name: adminProfile.name,
        actor_email: adminProfile.email,
      });
      expect((await admin.rpc('audit_log_actors', { p_clinic_id: bright })).data).toEqual([]);
    });
  });

  describe('append-only', () => {
    async function anyRowId(): Promise<number> {
      const { data } = await service.from('audit_log').select('id').eq('clinic_id', smile).limit(1).single();
      return data!.id as number;
    }

    it('a browser user, even the admin, can neither add, change nor remove a row', async () => {
      const id = await anyRowId();
      const forged = { clinic_id: smile, entity: 'clinic', entity_id: smile, action: 'update', source: 'browser' };
      for (const client of [admin, superadmin, reception]) {
        expect((await client.from('audit_log').insert(forged)).error?.code).toBe('42501');
        expect((await client.from('audit_log').update({ source: 'service' }).eq('id', id)).error?.code).toBe('42501');
        expect((await client.from('audit_log').delete().eq('id', id)).error?.code).toBe('42501');
        const write = await client.rpc('audit_append', {
          p_clinic_id: smile,
          p_entity: 'clinic',
          p_entity_id: smile,
          p_label: 'forged',
          p_action: 'update',
          p_before: null,
          p_after: null,
        });
        expect(write.error).not.toBeNull();
      }
      const { data } = await service.from('audit_log').select('id, source').eq('id', id).single();
      expect(data!.id).toBe(id);
    });

    it('the service role can neither add, change nor remove a row', async () => {
      const id = await anyRowId();
      const { data: before } = await service.from('audit_log').select('*').eq('id', id).single();
      const forged = { clinic_id: smile, entity: 'clinic', entity_id: smile, action: 'update', source: 'browser' };
      expect((await service.from('audit_log').insert(forged)).error?.code).toBe('42501');
      expect((await service.from('audit_log').update({ source: 'webhook' }).eq('id', id)).error?.code).toBe('42501');
      expect((await service.from('audit_log').delete().eq('id', id)).error?.code).toBe('42501');
      expect((await service.from('audit_log').delete().gte('id', 0)).error?.code).toBe('42501');
      const write = await service.rpc('audit_append', {
        p_clinic_id: smile,
        p_entity: 'clinic',
        p_entity_id: smile,
        p_label: 'forged',
        p_action: 'update',
        p_before: null,
        p_after: null,
      });
      expect(write.error).not.toBeNull();
      const { data: after } = await service.from('audit_log').select('*').eq('id', id).single();
      expect(after).toEqual(before);
    });

    it(`the table owner (a direct ${target} connection) is refused too: update, delete, truncate, insert`, async () => {
      const id = await anyRowId();
      const count = async () =>
        Number((await stack.db.query<{ n: string }>('select count(*) as n from public.audit_log')).rows[0]!.n);
      const rows = await count();
      const appendOnly = 'The audit log is append-only: its rows cannot be changed or removed.';
      expect(
        await sqlErrorFrom(stack.db.query(`update public.audit_log set source = 'webhook' where id = $1`, [id])),
      ).toMatchObject({
        code: '42501',
        message: appendOnly,
      });
      expect(await sqlErrorFrom(stack.db.query('delete from public.audit_log where id = $1', [id]))).toMatchObject({
        code: '42501',
        message: appendOnly,
      });
      expect(await sqlErrorFrom(stack.db.query('truncate public.audit_log'))).toMatchObject({
        code: '42501',
        message: appendOnly,
      });
      expect(
        await sqlErrorFrom(
          stack.db.query(
            `insert into public.audit_log (clinic_id, entity, entity_id, action, source) values ($1, 'clinic', $1, 'update', 'browser')`,
            [smile],
          ),
        ),
      ).toMatchObject({ code: '42501', message: 'The audit log is written by the database only.' });
      expect(
        await sqlErrorFrom(
          stack.db.query(`select public.audit_append($1, 'clinic', $1, 'forged', 'update', null, null)`, [smile]),
        ),
      ).toMatchObject({ code: '42501' });
      expect(await count()).toBe(rows);
    });
  });
});
