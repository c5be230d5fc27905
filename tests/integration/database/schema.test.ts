import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../local/db/database.ts';
import {
  attemptAs,
  createClinicFixture,
  createPatient,
  databaseTargets,
  freshDatabase,
  insertRow,
  manila,
  refusalFor,
  sqlErrorFrom,
  type ClinicFixture,
  type FreshDatabase,
} from '../../support/database.ts';

const CLINIC_SCOPED_TABLES = [
  'clinic_secrets',
  'users',
  'patients',
  'dentists',
  'dentist_availability',
  'appointments',
  'appointment_reminders',
  'procedure_categories',
  'procedures',
  'invoices',
  'payments',
];

describe.each(databaseTargets())('schema and constraints on %s', (target) => {
  let fresh: FreshDatabase;
  let db: Database;
  let a: ClinicFixture;
  let b: ClinicFixture;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    fresh = await freshDatabase(target);
    db = fresh.db;
    a = await createClinicFixture(db, 'Clinic A');
    b = await createClinicFixture(db, 'Clinic B');
    ids.appointmentA = await insertRow(db, 'appointments', {
      clinic_id: a.id,
      patient_id: a.patientId,
      dentist_id: a.dentistId,
      appointment_time: manila('2030-01-07 10:00'),
    });
    ids.categoryA = await insertRow(db, 'procedure_categories', { clinic_id: a.id, name: 'Preventive Care' });
    ids.categoryB = await insertRow(db, 'procedure_categories', { clinic_id: b.id, name: 'Preventive Care' });
    ids.invoiceA = await insertRow(db, 'invoices', { clinic_id: a.id, patient_id: a.patientId, total: 1000 });
    ids.invoiceB = await insertRow(db, 'invoices', { clinic_id: b.id, patient_id: b.patientId, total: 1000 });
    // One row of clinic A in every clinic-scoped table.
    await insertRow(db, 'procedures', {
      clinic_id: a.id,
      category_id: ids.categoryA,
      name: 'Dental Consultation',
      price: 500,
    });
    await insertRow(db, 'payments', {
      clinic_id: a.id,
      invoice_id: ids.invoiceA,
      patient_id: a.patientId,
      amount: 500,
      method: 'cash',
    });
    await insertRow(db, 'appointment_reminders', {
      clinic_id: a.id,
      appointment_id: ids.appointmentA,
      for_appointment_time: '2030-01-08T02:00:00Z',
      days_ahead: 1,
    });
    await insertRow(db, 'dentist_availability', {
      clinic_id: a.id,
      dentist_id: a.dentistId,
      specific_date: '2030-01-09',
      start_time: '09:00',
      end_time: '10:00',
    });
    await db.query(`insert into public.clinic_secrets (clinic_id, fb_page_access_token) values ($1, 'EAAB-token')`, [
      a.id,
    ]);
  });
  afterAll(async () => {
    await fresh?.cleanup();
  });

  describe('structure', () => {
    it('has row-level security enabled on every public table', async () => {
      const { rows } = await db.query<{ table: string }>(
        `select relname as table from pg_class
         where relnamespace = 'public'::regnamespace and relkind = 'r' and not relrowsecurity`,
      );
      expect(rows).toEqual([]);
    });

    it('gives anon no privilege at all on any public table', async () => {
      const { rows } = await db.query<{ table: string }>(
        `select relname as table from pg_class
         where relnamespace = 'public'::regnamespace and relkind = 'r'
           and has_table_privilege('anon', oid, 'select, insert, update, delete, truncate, references, trigger')`,
      );
      expect(rows).toEqual([]);
    });

    it('never lets a browser role truncate a table, which row-level security would not stop', async () => {
      const { rows } = await db.query<{ table: string }>(
        `select relname as table from pg_class
         where relnamespace = 'public'::regnamespace and relkind = 'r'
           and has_table_privilege('authenticated', oid, 'truncate')`,
      );
      expect(rows).toEqual([]);
    });

    it('has exactly one foreign key between any two tables, so embeds are never ambiguous', async () => {
      const { rows } = await db.query<{ pair: string }>(
        `select conrelid::regclass::text || ' -> ' || confrelid::regclass::text as pair
         from pg_constraint
         where contype = 'f' and connamespace = 'public'::regnamespace
         group by conrelid, confrelid
         having count(*) > 1`,
      );
      expect(rows).toEqual([]);
    });

    it('fixes the search_path of every function in public', async () => {
      const { rows } = await db.query<{ name: string }>(
        `select proname as name from pg_proc
         where pronamespace = 'public'::regnamespace
           and not exists (select 1 from unnest(proconfig) as setting where setting like 'search_path=%')`,
      );
      expect(rows).toEqual([]);
    });

    it('documents every public table with a comment', async () => {
      const { rows } = await db.query<{ table: string }>(
        `select relname as table from pg_class
         where relnamespace = 'public'::regnamespace and relkind = 'r' and obj_description(oid, 'pg_class') is null`,
      );
      expect(rows).toEqual([]);
    });

    it('has an index behind every list query of the app', async () => {
      const { rows } = await db.query<{ definition: string }>(
        `select indexdef as definition from pg_indexes where schemaname = 'public'`,
      );
      const definitions = rows.map((row) => row.definition.replace(/^.* USING /, ''));
      expect(definitions).toEqual(
        expect.arrayContaining([
          'btree (clinic_id, name) WHERE (NOT deleted)',
          'btree (clinic_id, appointment_time)',
          'btree (dentist_id, appointment_time)',
          'btree (patient_id, appointment_time)',
          'btree (dentist_id, specific_date)',
          'btree (appointment_id, sent_on DESC)',
          'btree (clinic_id, id DESC)',
          'btree (clinic_id, name)',
          'btree (clinic_id, payment_date DESC)',
          'btree (category_id, clinic_id)',
          'btree (appointment_id, for_appointment_time, days_ahead) WHERE (NOT is_manual)',
        ]),
      );
    });
  });

  describe('check constraints', () => {
    it.each([
      ['a blank clinic name', `insert into public.clinics (name) values ('   ')`],
      ['a clinic name over 200 characters', `insert into public.clinics (name) values (repeat('x', 201))`],
      ['an unknown time zone', `insert into public.clinics (name, timezone) values ('Zoned', 'Mars/Olympus_Mons')`],
      [
        'a malformed contact e-mail',
        `insert into public.clinics (name, contact_email) values ('Mailer', 'not-an-email')`,
      ],
      [
        'a blank Facebook page name',
        `insert into public.clinics (name, fb_page_id, fb_page_name) values ('Paged', '1000000000000009', '  ')`,
      ],
      [
        'a Facebook page name over 500 characters',
        `insert into public.clinics (name, fb_page_id, fb_page_name) values ('Paged', '1000000000000009', repeat('x', 501))`,
      ],
      [
        'a Facebook page name without a page',
        `update public.clinics set fb_page_id = null, messenger_page_id = null, fb_page_name = 'Gone Page' where id = $1`,
      ],
      ['a blank patient phone', `insert into public.patients (clinic_id, name, phone) values ($1, 'Ana', ' ')`],
      [
        'an empty messenger id',
        `insert into public.patients (clinic_id, name, phone, messenger_id) values ($1, 'Ana', '0917', '')`,
      ],
      ['a negative reminder day', `update public.appointments set reminder_days = '{1,-1}' where clinic_id = $1`],
      ['a null reminder day', `update public.appointments set reminder_days = '{1,null}' where clinic_id = $1`],
      ['no reminder days at all', `update public.appointments set reminder_days = '{}' where clinic_id = $1`],
      [
        'a negative price',
        `insert into public.procedures (clinic_id, category_id, name, price) select $1, id, 'Cleaning', -1 from public.procedure_categories where clinic_id = $1`,
      ],
      [
        'a negative invoice total',
        `insert into public.invoices (clinic_id, patient_id, total) select $1, id, -5 from public.patients where clinic_id = $1 limit 1`,
      ],
      [
        'a zero payment',
        `insert into public.payments (clinic_id, invoice_id, patient_id, amount, method) select $1, id, patient_id, 0, 'cash' from public.invoices where clinic_id = $1`,
      ],
      [
        'a block starting before 09:00',
        `insert into public.dentist_availability (clinic_id, dentist_id, specific_date, start_time, end_time) select $1, id, '2030-01-07', '08:00', '10:00' from public.dentists where clinic_id = $1 limit 1`,
      ],
      [
        'a block ending before it starts',
        `insert into public.dentist_availability (clinic_id, dentist_id, specific_date, start_time, end_time) select $1, id, '2030-01-07', '11:00', '10:00' from public.dentists where clinic_id = $1 limit 1`,
      ],
      [
        'a negative days-ahead in the reminder log',
        `insert into public.appointment_reminders (clinic_id, appointment_id, for_appointment_time, days_ahead) select $1, id, appointment_time, -1 from public.appointments where clinic_id = $1`,
      ],
    ])('refuses %s', async (_, sql) => {
      const params = sql.includes('$1') ? [a.id] : [];
      const error = await refusalFor(db, 'service_role', (tx) => tx.query(sql, params));
      expect(error.code).toBe('23514');
    });

    // Closed sets are enum types: a value outside one is not valid input (22P02).
    it.each([
      [
        'an unknown staff role',
        `insert into public.users (email, name, role, clinic_id) values ('x@example.test', 'X', 'owner', $1)`,
      ],
      ['an unknown appointment status', `update public.appointments set status = 'Pending' where clinic_id = $1`],
      [
        'an unknown reminder recipient',
        `update public.appointments set reminder_recipient_type = 'parent' where clinic_id = $1`,
      ],
      [
        'an unknown payment method',
        `insert into public.payments (clinic_id, invoice_id, patient_id, amount, method) select $1, id, patient_id, 10, 'cheque' from public.invoices where clinic_id = $1`,
      ],
      [
        'an unknown reminder outcome',
        `insert into public.appointment_reminders (clinic_id, appointment_id, days_ahead, outcome) select $1, id, 1, 'queued' from public.appointments where clinic_id = $1`,
      ],
    ])('refuses %s', async (_, sql) => {
      const params = sql.includes('$1') ? [a.id] : [];
      const error = await refusalFor(db, 'service_role', (tx) => tx.query(sql, params));
      expect(error.code).toBe('22P02');
    });

    it('accepts a real time zone other than Manila', async () => {
      expect(
        await attemptAs(db, 'service_role', (tx) =>
          insertRow(tx, 'clinics', { name: 'Tokyo Smiles', timezone: 'Asia/Tokyo' }),
        ),
      ).toMatchObject({ ok: true });
    });

    it('refuses two blocks of one dentist overlapping on the same day', async () => {
      const error = await refusalFor(db, 'service_role', async (tx) => {
        const block = { clinic_id: a.id, dentist_id: a.dentistId, specific_date: '2030-01-07' };
        await insertRow(tx, 'dentist_availability', { ...block, start_time: '14:00', end_time: '16:00' });
        await insertRow(tx, 'dentist_availability', { ...block, start_time: '15:00', end_time: '17:00' });
      });
      expect(error).toMatchObject({ code: '23P01', constraint: 'dentist_availability_no_overlap' });
    });
  });

  describe('references never cross clinics', () => {
    it.each([
      [
        'an appointment with a patient of another clinic',
        () => ({
          table: 'appointments',
          values: {
            clinic_id: a.id,
            patient_id: b.patientId,
            dentist_id: a.dentistId,
            appointment_time: manila('2030-01-08 10:00'),
          },
        }),
      ],
      [
        'an appointment with a dentist of another clinic',
        () => ({
          table: 'appointments',
          values: {
            clinic_id: a.id,
            patient_id: a.patientId,
            dentist_id: b.dentistId,
            appointment_time: manila('2030-01-08 10:00'),
          },
        }),
      ],
      [
        'a block for a dentist of another clinic',
        () => ({
          table: 'dentist_availability',
          values: {
            clinic_id: a.id,
            dentist_id: b.dentistId,
            specific_date: '2030-01-08',
            start_time: '09:00',
            end_time: '10:00',
          },
        }),
      ],
      [
        'a procedure in a category of another clinic',
        () => ({
          table: 'procedures',
          values: { clinic_id: a.id, category_id: ids.categoryB, name: 'Cleaning', price: 100 },
        }),
      ],
      [
        'an invoice for a patient of another clinic',
        () => ({ table: 'invoices', values: { clinic_id: a.id, patient_id: b.patientId, total: 100 } }),
      ],
      [
        'a payment towards an invoice of another clinic',
        () => ({
          table: 'payments',
          values: { clinic_id: a.id, invoice_id: ids.invoiceB, patient_id: b.patientId, amount: 100, method: 'cash' },
        }),
      ],
      [
        'a reminder log row for an appointment of another clinic',
        () => ({
          table: 'appointment_reminders',
          values: {
            clinic_id: b.id,
            appointment_id: ids.appointmentA,
            for_appointment_time: '2030-01-08T02:00:00Z',
            days_ahead: 5,
          },
        }),
      ],
    ])('refuses %s', async (_, build) => {
      const { table, values } = build();
      const error = await refusalFor(db, 'service_role', (tx) => insertRow(tx, table, values));
      expect(error.code).toBe('23503');
    });

    it("refuses a payment whose patient is not the invoice's patient", async () => {
      const otherPatient = await createPatient(db, a.id, 'Someone Else');
      const error = await refusalFor(db, 'service_role', (tx) =>
        insertRow(tx, 'payments', {
          clinic_id: a.id,
          invoice_id: ids.invoiceA,
          patient_id: otherPatient,
          amount: 100,
          method: 'card',
        }),
      );
      expect(error.code).toBe('23503');
    });

    it.each(CLINIC_SCOPED_TABLES)('refuses changing clinic_id of %s, even for the service role', async (table) => {
      const error = await refusalFor(db, 'service_role', (tx) =>
        tx.query(`update public.${table} set clinic_id = $2 where clinic_id = $1`, [a.id, b.id]),
      );
      expect(error).toMatchObject({ code: '42501', message: `A row of ${table} cannot move to another clinic.` });
    });
  });

  describe('other integrity rules', () => {
    it('logs an automated reminder once per appointment time and days-ahead, manual ones freely', async () => {
      const reminder = {
        clinic_id: a.id,
        appointment_id: ids.appointmentA,
        for_appointment_time: '2030-01-09T02:00:00Z',
        days_ahead: 3,
      };
      const duplicate = await refusalFor(db, 'service_role', async (tx) => {
        await insertRow(tx, 'appointment_reminders', reminder);
        await insertRow(tx, 'appointment_reminders', reminder);
      });
      expect(duplicate.code).toBe('23505');
      const manual = await attemptAs(db, 'service_role', async (tx) => {
        await insertRow(tx, 'appointment_reminders', reminder);
        // The appointment moved: its new time is reminded of too.
        await insertRow(tx, 'appointment_reminders', { ...reminder, for_appointment_time: '2030-01-11T02:00:00Z' });
        await insertRow(tx, 'appointment_reminders', { ...reminder, for_appointment_time: null, is_manual: true });
        return insertRow(tx, 'appointment_reminders', { ...reminder, for_appointment_time: null, is_manual: true });
      });
      expect(manual).toMatchObject({ ok: true });
      // Written without its time, an automated reminder is for the appointment's time now.
      const untimed = await attemptAs(db, 'service_role', async (tx) => {
        const id = await insertRow(tx, 'appointment_reminders', { ...reminder, for_appointment_time: null });
        const { rows } = await tx.query<{ same: boolean }>(
          `select r.for_appointment_time = a.appointment_time as same
             from public.appointment_reminders r join public.appointments a on a.id = r.appointment_id
            where r.id = $1`,
          [id],
        );
        return rows[0]?.same;
      });
      expect(untimed).toEqual({ ok: true, value: true });
    });

    it('keeps a dentist with appointments from being removed, and removes one without', async () => {
      const error = await refusalFor(db, 'service_role', (tx) =>
        tx.query('delete from public.dentists where id = $1', [a.dentistId]),
      );
      expect(error.code).toBe('23503');
      const removed = await attemptAs(
        db,
        'service_role',
        async (tx) => (await tx.query('delete from public.dentists where id = $1', [a.otherDentistId])).affectedRows,
      );
      expect(removed).toEqual({ ok: true, value: 1 });
    });

    it('lets a superadmin delete a whole clinic with everything in it', async () => {
      const removed = await attemptAs(db, 'service_role', async (tx) => {
        await tx.query('delete from public.clinics where id = $1', [a.id]);
        const { rows } = await tx.query<{ left: number }>(
          'select (select count(*) from public.appointments where clinic_id = $1)::integer as left',
          [a.id],
        );
        return rows[0]?.left;
      });
      expect(removed).toEqual({ ok: true, value: 0 });
    });

    it('stamps updated_at when a patient changes', async () => {
      await db.query(`update public.patients set updated_at = '2000-01-01' where id = $1`, [a.patientId]);
      await db.query(`update public.patients set name = 'Renamed Patient' where id = $1`, [a.patientId]);
      const { rows } = await db.query<{ recent: boolean }>(
        `select updated_at > now() - interval '1 minute' as recent from public.patients where id = $1`,
        [a.patientId],
      );
      expect(rows).toEqual([{ recent: true }]);
    });

    it('refuses a second profile for one sign-in account', async () => {
      const insertTwin = (tx: Pick<typeof db, 'query'>) =>
        tx.query(
          `insert into public.users (user_id, email, name, clinic_id) values ($1, 'twin@example.test', 'Twin', $2)`,
          [a.admin.sub, b.id],
        );
      // A profile for an existing account is refused outright (only its sign-up makes one) ...
      expect((await sqlErrorFrom(insertTwin(db))).code).toBe('42501');
      // ... and, even as the sign-up trigger of that account, the unique key stays behind it.
      const error = await sqlErrorFrom(
        db.transaction(async (tx) => {
          await tx.query(`select set_config('ngiti.new_account', $1, true)`, [a.admin.sub]);
          await insertTwin(tx);
        }),
      );
      expect(error.code).toBe('23505');
    });
  });
});
