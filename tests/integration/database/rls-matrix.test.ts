/**
 * Row-level security through the real API: for every table and verb, what each role of clinic A may
 * do, that clinic B's admin can neither see nor touch clinic A's rows, that anon gets nothing, and
 * that role and clinic escalation are refused. Runs on PGlite and, with TEST_DATABASE_URL, on a
 * real PostgreSQL server.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicTime, clinicWorkday } from '../../support/clinic-time.ts';
import { databaseTargets } from '../../support/database.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

type Role = 'superadmin' | 'admin' | 'receptionist' | 'dentist';
const ROLES: Role[] = ['superadmin', 'admin', 'receptionist', 'dentist'];
const EMAILS: Record<Role, string> = {
  superadmin: 'superadmin@demo.test',
  admin: 'admin@demo.test',
  receptionist: 'reception@demo.test',
  dentist: 'dentist@demo.test',
};
const ALL = ROLES;
const MANAGERS: Role[] = ['superadmin', 'admin', 'receptionist'];
const NOBODY: Role[] = [];
/** Who may chart (chart.write): dentists and admins, not the front desk. */
const CHARTERS: Role[] = ['superadmin', 'admin', 'dentist'];
/** Who manages the clinic's HMOs and what they cover (hmos.manage). */
const ADMINS: Role[] = ['superadmin', 'admin'];

interface ClinicFixture {
  id: number;
  patientId: number;
  dentistId: number;
  categoryId: number;
  invoiceId: number;
  appointmentId: number;
  hmoId: number;
  /** The fixture HMO's open billing batch (made by the claim of an invoice with an HMO share). */
  hmoBatchId: number;
  /** Procedures for HMO coverage rows: an HMO covers a procedure once, so each row takes the next. */
  procedureIds: number[];
  /** A planned chart entry, for treatment plan items to point at. */
  plannedEntryId: number;
}

type Row = Record<string, unknown>;

interface TableRules {
  table: string;
  /** A new row of this table in the clinic. */
  payload: (clinic: ClinicFixture) => Row;
  /** A change to an existing row (fresh each call, so unique columns stay unique). */
  change: () => Row;
  select: Role[];
  insert: Role[];
  update: Role[];
  delete: Role[];
}

// Every appointment and availability block goes to the fixture clinic's one dentist, whose
// bookings and blocks must not overlap: each call takes a slot or a day no other call took.
let slotCounter = 0;
let blockedDayCounter = 0;
let coveredProcedureCounter = 0;
// Each invoice line of the fixture invoice takes the next position (unique per invoice).
let itemPosition = 0;

/** A distinct, valid 20-minute slot each call: Mon–Sat from the 20th clinic day on, 09:00–11:40 or 13:00–17:40. */
function freshSlot(): string {
  const index = slotCounter++;
  const slots = [
    ...Array.from({ length: 9 }, (_, i) => 9 * 60 + i * 20),
    ...Array.from({ length: 15 }, (_, i) => 13 * 60 + i * 20),
  ];
  const minutes = slots[index % slots.length]!;
  const date = clinicWorkday(20 + Math.floor(index / slots.length));
  return clinicTime(
    date,
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
  );
}

const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

const TABLES: TableRules[] = [
  {
    table: 'patients',
    payload: (c) => ({ clinic_id: c.id, name: unique('RLS patient'), phone: '09170000000' }),
    change: () => ({ phone: '09991112222' }),
    select: ALL,
    insert: ALL,
    update: ALL,
    delete: NOBODY,
  },
  {
    table: 'dentists',
    payload: (c) => ({ clinic_id: c.id, name: unique('Dr. RLS'), email: 'rls@demo.test', phone: '1' }),
    change: () => ({ phone: '2' }),
    select: ALL,
    insert: MANAGERS,
    update: MANAGERS,
    delete: MANAGERS,
  },
  {
    table: 'dentist_availability',
    payload: (c) => ({
      clinic_id: c.id,
      dentist_id: c.dentistId,
      // Well after the appointments' days, a new day per block.
      specific_date: clinicWorkday(200 + blockedDayCounter++),
      start_time: '16:00',
      end_time: '17:00',
      is_available: false,
    }),
    change: () => ({ end_time: '18:00' }),
    select: ALL,
    // Browsers only read blocks: save_availability_day and delete_availability_block
    // (tests/integration/database/booking-rules.test.ts) make every change, under the dentist's lock.
    insert: NOBODY,
    update: NOBODY,
    delete: NOBODY,
  },
  {
    table: 'appointments',
    payload: (c) => ({
      clinic_id: c.id,
      dentist_id: c.dentistId,
      patient_id: c.patientId,
      appointment_time: freshSlot(),
      reason: 'Oral Prophylaxis (Cleaning)',
    }),
    change: () => ({ status: 'Confirmed' }),
    select: ALL,
    insert: ALL,
    update: ALL,
    delete: NOBODY,
  },
  {
    table: 'appointment_reminders',
    payload: (c) => ({
      clinic_id: c.id,
      appointment_id: c.appointmentId,
      days_ahead: 1,
      messenger_id: 'psid-1',
      is_manual: true,
    }),
    change: () => ({ messenger_id: 'psid-2' }),
    select: ALL,
    insert: NOBODY,
    update: NOBODY,
    delete: NOBODY,
  },
  {
    table: 'procedure_categories',
    payload: (c) => ({ clinic_id: c.id, name: unique('Category') }),
    change: () => ({ name: unique('Renamed') }),
    select: ALL,
    insert: MANAGERS,
    update: MANAGERS,
    delete: MANAGERS,
  },
  {
    table: 'procedures',
    payload: (c) => ({ clinic_id: c.id, category_id: c.categoryId, name: unique('Procedure'), price: 999.5 }),
    change: () => ({ price: 1200 }),
    select: ALL,
    insert: MANAGERS,
    update: MANAGERS,
    delete: MANAGERS,
  },
  {
    table: 'invoices',
    payload: (c) => ({ clinic_id: c.id, patient_id: c.patientId, total: 2500 }),
    change: () => ({ total: 1 }),
    select: ALL,
    insert: ALL,
    update: NOBODY,
    delete: NOBODY,
  },
  {
    table: 'payments',
    payload: (c) => ({
      clinic_id: c.id,
      invoice_id: c.invoiceId,
      patient_id: c.patientId,
      // Every role pays the one fixture invoice a peso: the rows here are about who may write, not the balance.
      amount: 1,
      method: 'cash',
    }),
    change: () => ({ amount: 2 }),
    select: ALL,
    insert: ALL,
    update: NOBODY,
    delete: NOBODY,
  },
  {
    // Lines are written with their invoice by rpc/create_itemised_invoice only (invoice-items.test.ts):
    // nobody inserts, changes or removes one directly.
    table: 'invoice_items',
    payload: (c) => ({
      clinic_id: c.id,
      invoice_id: c.invoiceId,
      position: ++itemPosition,
      description: 'Composite filling',
      tooth: 36,
      surfaces: ['M', 'O'],
      unit_price: 1500,
      quantity: 1,
    }),
    change: () => ({ quantity: 2 }),
    select: ALL,
    insert: NOBODY,
    update: NOBODY,
    delete: NOBODY,
  },
  {
    table: 'chart_entries',
    payload: (c) => ({
      clinic_id: c.id,
      patient_id: c.patientId,
      tooth: 36,
      surfaces: ['M', 'O'],
      condition: 'caries',
      state: 'existing',
    }),
    // The one change an entry takes is its removal, stamped now() by the database whatever is sent:
    // the check compares the stored time's date (UTC, as the gateway answers) with today's.
    change: () => ({ removed_at: new Date().toISOString().slice(0, 10) }),
    select: ALL,
    insert: CHARTERS,
    update: CHARTERS,
    delete: NOBODY,
  },
  {
    table: 'hmos',
    payload: (c) => ({ clinic_id: c.id, name: unique('RLS HMO') }),
    change: () => ({ claim_deadline_days: 45 }),
    select: ALL,
    insert: ADMINS,
    update: ADMINS,
    delete: NOBODY,
  },
  {
    table: 'hmo_coverages',
    payload: (c) => ({
      clinic_id: c.id,
      hmo_id: c.hmoId,
      procedure_id: c.procedureIds[coveredProcedureCounter++ % c.procedureIds.length],
      covered_percent: 80,
    }),
    change: () => ({ covered_percent: 90 }),
    select: ALL,
    insert: ADMINS,
    update: ADMINS,
    delete: ADMINS,
  },
  {
    table: 'patient_hmo_cards',
    payload: (c) => ({
      clinic_id: c.id,
      patient_id: c.patientId,
      hmo_id: c.hmoId,
      member_number: unique('RLS card'),
      valid_from: '2026-01-01',
      valid_until: '2026-12-31',
    }),
    change: () => ({ note: 'Renewed' }),
    select: ALL,
    insert: ALL,
    update: ALL,
    delete: ALL,
  },
  {
    // Batches are opened by the claims trigger and closed by rpc/close_hmo_claim_batch only
    // (hmo-claims.test.ts): browsers read them. Closed here, so the one open batch per HMO stays the fixture's.
    table: 'hmo_claim_batches',
    payload: (c) => ({ clinic_id: c.id, hmo_id: c.hmoId, closed_at: '2026-01-31T00:00:00Z' }),
    change: () => ({ closed_at: '2026-02-28' }),
    select: ALL,
    insert: NOBODY,
    update: NOBODY,
    delete: NOBODY,
  },
  {
    // HMO payments are written by rpc/record_hmo_payment only, which settles the claims with them.
    table: 'hmo_payments',
    payload: (c) => ({
      clinic_id: c.id,
      batch_id: c.hmoBatchId,
      hmo_id: c.hmoId,
      amount: 1,
      received_on: '2026-01-02',
      idempotency_key: randomUUID(),
    }),
    change: () => ({ reference_number: unique('Ref') }),
    select: ALL,
    insert: NOBODY,
    update: NOBODY,
    delete: NOBODY,
  },
  {
    // Browsers only read plan items: plan_treatment, decide_plan_item, link_plan_item_appointment,
    // complete_plan_items and withdraw_plan_item (tests/integration/database/treatment-plans.test.ts)
    // make every change.
    table: 'treatment_plan_items',
    payload: (c) => ({
      clinic_id: c.id,
      patient_id: c.patientId,
      procedure_name: 'Composite Filling',
      price: 1500,
      tooth: 36,
      surfaces: ['M', 'O'],
      condition: 'filling',
      planned_entry_id: c.plannedEntryId,
    }),
    change: () => ({ phase: 2 }),
    select: ALL,
    insert: NOBODY,
    update: NOBODY,
    delete: NOBODY,
  },
];

/**
 * An allowed write answers without error; a refused one either fails with 42501 (no privilege or
 * policy) or silently matches no row — the caller's real check is whether the row changed.
 */
function expectAllowedOrRefused(result: { error: { code: string } | null; status: number }, allowed: boolean) {
  if (allowed || result.error === null) {
    expect(result.error).toBeNull();
  } else {
    expect(result.status).toBe(403);
    expect(result.error.code).toBe('42501');
  }
}

describe.each(databaseTargets())('row-level security on %s', (target) => {
  let stack: TestStack;
  let service: SupabaseClient;
  let anon: SupabaseClient;
  const as = {} as Record<Role, SupabaseClient>;
  let otherAdmin: SupabaseClient;
  let clinicA: ClinicFixture;
  let clinicB: ClinicFixture;

  async function insertAsService(table: string, row: Row): Promise<Row> {
    const { data, error } = await service.from(table).insert(row).select().single();
    if (error) throw new Error(`${table}: ${error.message}`);
    return data as Row;
  }

  async function fixture(name: string): Promise<ClinicFixture> {
    const clinic = await service.from('clinics').select('id').eq('name', name).single();
    const id = clinic.data!.id as number;
    const patientId = (await insertAsService('patients', { clinic_id: id, name: unique('Fixture'), phone: '1' }))
      .id as number;
    const dentistId = (
      await insertAsService('dentists', {
        clinic_id: id,
        name: unique('Dr. Fixture'),
        email: 'f@demo.test',
        phone: '1',
      })
    ).id as number;
    const categoryId = (
      await insertAsService('procedure_categories', { clinic_id: id, name: unique('Fixture category') })
    ).id as number;
    const invoiceId = (await insertAsService('invoices', { clinic_id: id, patient_id: patientId, total: 1000 }))
      .id as number;
    // Lines are never inserted by a browser: the clinic starts with one, so there is a line to read.
    await insertAsService('invoice_items', {
      clinic_id: id,
      invoice_id: invoiceId,
      position: ++itemPosition,
      description: 'Fixture line',
      unit_price: 1000,
      quantity: 1,
    });
    const appointmentId = (
      await insertAsService('appointments', {
        clinic_id: id,
        dentist_id: dentistId,
        patient_id: patientId,
        appointment_time: freshSlot(),
        reason: 'Checkup',
      })
    ).id as number;
    const hmoId = (await insertAsService('hmos', { clinic_id: id, name: unique('Fixture HMO') })).id as number;
    // An invoice with an HMO share: its claim opens the HMO's batch, which takes one payment to read.
    await insertAsService('invoices', {
      clinic_id: id,
      patient_id: patientId,
      total: 100,
      hmo_id: hmoId,
      hmo_share: 50,
    });
    const hmoBatchId = (await service.from('hmo_claim_batches').select('id').eq('hmo_id', hmoId).single()).data!
      .id as number;
    await insertAsService('hmo_payments', {
      clinic_id: id,
      batch_id: hmoBatchId,
      hmo_id: hmoId,
      amount: 1,
      received_on: '2026-01-02',
      idempotency_key: randomUUID(),
    });
    const procedureIds: number[] = [];
    for (let index = 0; index < 40; index++) {
      const procedure = { clinic_id: id, category_id: categoryId, name: unique('Covered procedure'), price: 100 };
      procedureIds.push((await insertAsService('procedures', procedure)).id as number);
    }
    // One coverage row and one card, so every role has a row of each to read before it writes any.
    await insertAsService('hmo_coverages', {
      clinic_id: id,
      hmo_id: hmoId,
      procedure_id: procedureIds.pop(),
      covered_percent: 50,
    });
    await insertAsService('patient_hmo_cards', {
      clinic_id: id,
      patient_id: patientId,
      hmo_id: hmoId,
      member_number: 'F-1',
    });
    const plannedEntryId = (
      await insertAsService('chart_entries', {
        clinic_id: id,
        patient_id: patientId,
        tooth: 36,
        surfaces: ['M', 'O'],
        condition: 'filling',
        state: 'planned',
      })
    ).id as number;
    // A plan item to read (browsers cannot insert one).
    await insertAsService('treatment_plan_items', {
      clinic_id: id,
      patient_id: patientId,
      procedure_name: 'Composite Filling',
      price: 1500,
      tooth: 36,
      condition: 'filling',
      planned_entry_id: plannedEntryId,
    });
    return {
      id,
      patientId,
      dentistId,
      categoryId,
      invoiceId,
      appointmentId,
      plannedEntryId,
      hmoId,
      hmoBatchId,
      procedureIds,
    };
  }

  beforeAll(async () => {
    stack = await startTestStack({ target });
    service = stack.serviceClient();
    anon = stack.anonClient();
    for (const role of ROLES) as[role] = await stack.signedIn(EMAILS[role]);
    otherAdmin = await stack.signedIn('admin2@demo.test');
    clinicA = await fixture('Smile Dental');
    clinicB = await fixture('Bright Teeth');
  });

  afterAll(async () => {
    await stack?.stop();
  });

  describe.each(TABLES)('$table', (rules) => {
    it.each(ROLES)('%s of the clinic reads, inserts, updates and deletes exactly as the rules say', async (role) => {
      const client = as[role];
      const read = await client.from(rules.table).select('*').eq('clinic_id', clinicA.id).limit(5);
      expect(read.error).toBeNull();
      expect((read.data ?? []).length > 0).toBe(rules.select.includes(role));

      const inserted = await client.from(rules.table).insert(rules.payload(clinicA));
      if (rules.insert.includes(role)) {
        expect(inserted.error).toBeNull();
        expect(inserted.status).toBe(201);
      } else {
        expect(inserted.status).toBe(403);
        expect(inserted.error!.code).toBe('42501');
      }

      const target = await insertAsService(rules.table, rules.payload(clinicA));
      const change = rules.change();
      const updated = await client
        .from(rules.table)
        .update(change)
        .eq('id', target.id as number);
      expectAllowedOrRefused(updated, rules.update.includes(role));
      const afterUpdate = (
        await service
          .from(rules.table)
          .select('*')
          .eq('id', target.id as number)
          .single()
      ).data as Row;
      const changed = Object.entries(change).every(
        ([key, value]) => String(afterUpdate[key]).slice(0, String(value).length) === String(value),
      );
      expect(changed).toBe(rules.update.includes(role));

      const victim = await insertAsService(rules.table, rules.payload(clinicA));
      const deleted = await client
        .from(rules.table)
        .delete()
        .eq('id', victim.id as number);
      expectAllowedOrRefused(deleted, rules.delete.includes(role));
      const stillThere = await service
        .from(rules.table)
        .select('id')
        .eq('id', victim.id as number);
      expect(stillThere.data!.length === 0).toBe(rules.delete.includes(role));
    });

    it('the admin of another clinic can neither see nor change this clinic’s rows', async () => {
      const row = await insertAsService(rules.table, rules.payload(clinicA));
      const seen = await otherAdmin
        .from(rules.table)
        .select('*')
        .eq('id', row.id as number);
      expect(seen.data).toEqual([]);
      const everything = await otherAdmin.from(rules.table).select('clinic_id');
      expect((everything.data ?? []).every((r) => r.clinic_id === clinicB.id)).toBe(true);
      await otherAdmin
        .from(rules.table)
        .update(rules.change())
        .eq('id', row.id as number);
      await otherAdmin
        .from(rules.table)
        .delete()
        .eq('id', row.id as number);
      const after = await service
        .from(rules.table)
        .select('*')
        .eq('id', row.id as number)
        .single();
      expect(after.data).toEqual(row);
      const intoOtherClinic = await otherAdmin.from(rules.table).insert(rules.payload(clinicA));
      expect([403, 409]).toContain(intoOtherClinic.status);
    });

    it('anon can neither read nor write', async () => {
      const read = await anon.from(rules.table).select('*').limit(1);
      expect(read.data ?? []).toEqual([]);
      const write = await anon.from(rules.table).insert(rules.payload(clinicA));
      expect(write.status).toBe(401);
    });

    it('no staff member can move a row to another clinic', async () => {
      const row = await insertAsService(rules.table, rules.payload(clinicA));
      for (const role of ROLES) {
        const moved = await as[role]
          .from(rules.table)
          .update({ clinic_id: clinicB.id })
          .eq('id', row.id as number);
        const after = await service
          .from(rules.table)
          .select('clinic_id')
          .eq('id', row.id as number)
          .single();
        expect(after.data!.clinic_id).toBe(clinicA.id);
        if (rules.update.includes(role)) expect(moved.error).not.toBeNull();
      }
    });
  });

  it('a superadmin reaches every clinic', async () => {
    const both = await as.superadmin.from('patients').select('clinic_id').in('clinic_id', [clinicA.id, clinicB.id]);
    expect(new Set(both.data!.map((row) => row.clinic_id))).toEqual(new Set([clinicA.id, clinicB.id]));
    const insert = await as.superadmin
      .from('patients')
      .insert({ clinic_id: clinicB.id, name: unique('By superadmin'), phone: '1' });
    expect(insert.error).toBeNull();
  });

  it('an appointment cannot point at another clinic’s patient', async () => {
    const { status, error } = await otherAdmin.from('appointments').insert({
      clinic_id: clinicB.id,
      dentist_id: clinicB.dentistId,
      patient_id: clinicA.patientId,
      appointment_time: freshSlot(),
      reason: 'X',
    });
    expect(status).toBe(409);
    expect(error!.code).toBe('23503');
  });

  describe('clinics', () => {
    it('staff read only their own clinic; the superadmin reads all', async () => {
      for (const role of ['admin', 'receptionist', 'dentist'] as const) {
        const { data } = await as[role].from('clinics').select('id');
        expect(data!.map((row) => row.id)).toEqual([clinicA.id]);
      }
      const all = await as.superadmin.from('clinics').select('id');
      expect(all.data!.map((row) => row.id)).toEqual(expect.arrayContaining([clinicA.id, clinicB.id]));
    });

    it('only the superadmin creates or deletes clinics', async () => {
      for (const role of ['admin', 'receptionist', 'dentist'] as const) {
        const { status } = await as[role].from('clinics').insert({ name: unique('Rogue clinic') });
        expect(status).toBe(403);
      }
      const created = await as.superadmin
        .from('clinics')
        .insert({ name: unique('New clinic') })
        .select('id')
        .single();
      expect(created.error).toBeNull();
      await as.admin.from('clinics').delete().eq('id', clinicA.id);
      expect((await service.from('clinics').select('id').eq('id', clinicA.id)).data).toHaveLength(1);
      await as.superadmin.from('clinics').delete().eq('id', created.data!.id);
      expect((await service.from('clinics').select('id').eq('id', created.data!.id)).data).toHaveLength(0);
    });

    it('an admin updates their own clinic; receptionists and dentists cannot; nobody updates another clinic', async () => {
      const address = unique('Rizal Ave');
      await as.admin.from('clinics').update({ address }).eq('id', clinicA.id);
      expect((await service.from('clinics').select('address').eq('id', clinicA.id).single()).data!.address).toBe(
        address,
      );
      for (const role of ['receptionist', 'dentist'] as const) {
        await as[role].from('clinics').update({ address: 'hijacked' }).eq('id', clinicA.id);
      }
      await otherAdmin.from('clinics').update({ address: 'hijacked' }).eq('id', clinicA.id);
      expect((await service.from('clinics').select('address').eq('id', clinicA.id).single()).data!.address).toBe(
        address,
      );
    });

    it('no browser role can read clinic secrets', async () => {
      for (const client of [...Object.values(as), otherAdmin, anon]) {
        const { data, status } = await client.from('clinic_secrets').select('*');
        expect(data ?? []).toEqual([]);
        expect([401, 403]).toContain(status);
      }
    });
  });

  describe('users (staff profiles)', () => {
    async function profile(role: 'admin' | 'receptionist' | 'dentist', clinicId = clinicA.id) {
      return insertAsService('users', {
        email: `${randomUUID().slice(0, 8)}@staff.test`,
        name: unique('Staff'),
        role,
        clinic_id: clinicId,
      });
    }

    it('everyone reads their own profile; only admins and the superadmin list the clinic’s staff', async () => {
      for (const role of ROLES) {
        const own = await as[role].from('users').select('email').eq('email', EMAILS[role]).single();
        expect(own.data!.email).toBe(EMAILS[role]);
      }
      const listed = async (role: Role) =>
        (await as[role].from('users').select('id').eq('clinic_id', clinicA.id)).data!.length;
      expect(await listed('admin')).toBeGreaterThan(1);
      expect(await listed('superadmin')).toBeGreaterThan(1);
      expect(await listed('receptionist')).toBe(1);
      expect(await listed('dentist')).toBe(1);
    });

    it('admins rename staff of their clinic; nobody adds or removes a profile through the API', async () => {
      for (const role of ROLES) {
        const row = {
          email: `${randomUUID().slice(0, 8)}@staff.test`,
          name: unique('New'),
          role: 'receptionist',
          clinic_id: clinicA.id,
        };
        // Profiles come with their accounts (create-user, sign-up) and go with them (delete-user).
        const inserted = await as[role].from('users').insert(row);
        expect(inserted.status).toBe(403);
        const target = await profile('dentist');
        await as[role]
          .from('users')
          .update({ name: 'Renamed' })
          .eq('id', target.id as number);
        const renamed =
          (
            await service
              .from('users')
              .select('name')
              .eq('id', target.id as number)
              .single()
          ).data!.name === 'Renamed';
        expect(renamed).toBe(role === 'admin' || role === 'superadmin');
        const removed = await as[role]
          .from('users')
          .delete()
          .eq('id', target.id as number);
        expect(removed.status).toBe(403);
        const gone =
          (
            await service
              .from('users')
              .select('id')
              .eq('id', target.id as number)
          ).data!.length === 0;
        expect(gone).toBe(false);
      }
    });

    it('admins change a colleague’s name and role only: not the e-mail, account or date added', async () => {
      const target = await profile('receptionist');
      const before = (
        await service
          .from('users')
          .select('*')
          .eq('id', target.id as number)
          .single()
      ).data!;
      for (const change of [
        { email: 'someone@else.test' },
        { created_at: '2001-01-01T00:00:00Z' },
        { name: 'Renamed', email: 'someone@else.test' },
      ]) {
        const answer = await as.admin
          .from('users')
          .update(change)
          .eq('id', target.id as number);
        expect(answer.error, JSON.stringify(change)).toMatchObject({ code: '42501' });
      }
      expect(
        (
          await service
            .from('users')
            .select('*')
            .eq('id', target.id as number)
            .single()
        ).data,
      ).toEqual(before);
    });

    it('nobody creates a superadmin or promotes anyone to superadmin', async () => {
      for (const role of ['admin', 'superadmin'] as const) {
        const created = await as[role].from('users').insert({
          email: `${randomUUID().slice(0, 8)}@staff.test`,
          name: 'Sneaky',
          role: 'superadmin',
          clinic_id: clinicA.id,
        });
        expect(created.error).not.toBeNull();
        const target = await profile('receptionist');
        await as[role]
          .from('users')
          .update({ role: 'superadmin' })
          .eq('id', target.id as number);
        expect(
          (
            await service
              .from('users')
              .select('role')
              .eq('id', target.id as number)
              .single()
          ).data!.role,
        ).toBe('receptionist');
      }
    });

    it('nobody changes their own role or clinic', async () => {
      for (const role of ROLES) {
        const own = (await service.from('users').select('id, role, clinic_id').eq('email', EMAILS[role]).single())
          .data!;
        await as[role]
          .from('users')
          .update({ role: role === 'admin' ? 'dentist' : 'admin' })
          .eq('id', own.id);
        await as[role].from('users').update({ clinic_id: clinicB.id }).eq('id', own.id);
        const after = (await service.from('users').select('role, clinic_id').eq('id', own.id).single()).data!;
        expect(after).toEqual({ role: own.role, clinic_id: own.clinic_id });
      }
    });

    it('an admin of another clinic cannot touch this clinic’s staff', async () => {
      const target = await profile('receptionist');
      await otherAdmin
        .from('users')
        .update({ name: 'Hijacked', role: 'admin' })
        .eq('id', target.id as number);
      await otherAdmin
        .from('users')
        .delete()
        .eq('id', target.id as number);
      const after = (
        await service
          .from('users')
          .select('name, role')
          .eq('id', target.id as number)
          .single()
      ).data!;
      expect(after).toEqual({ name: target.name, role: 'receptionist' });
      const planted = await otherAdmin
        .from('users')
        .insert({ email: 'plant@staff.test', name: 'Plant', role: 'admin', clinic_id: clinicA.id });
      expect(planted.status).toBe(403);
    });
  });
});
