import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../../local/db/database.ts';
import {
  asUser,
  attemptAs,
  createClinic,
  createClinicFixture,
  createStaff,
  databaseTargets,
  freshDatabase,
  insertRow,
  manila,
  profileIdOf,
  refusalFor,
  type Actor,
  type ClinicFixture,
  type FreshDatabase,
  type UserClaims,
} from '../../support/database.ts';

/**
 * Row-level security, table by table and verb by verb: what each kind of caller can do with a
 * row of clinic A. "allowed" touches the row, "hidden" finds no row (RLS filters it, no error),
 * "denied" fails with 42501 (no privilege, or a with-check policy refused the new row).
 */
type Outcome = 'allowed' | 'hidden' | 'denied';
type ActorName =
  | 'the superadmin'
  | 'the admin of A'
  | 'the receptionist of A'
  | 'the dentist of A'
  | 'the admin of B'
  | 'anon'
  | 'the service role';
type Verb = 'select' | 'insert' | 'update' | 'delete';
type Expectations = Record<ActorName, Outcome>;

const ACTORS: ActorName[] = [
  'the superadmin',
  'the admin of A',
  'the receptionist of A',
  'the dentist of A',
  'the admin of B',
  'anon',
  'the service role',
];

function expectations(
  superadmin: Outcome,
  adminA: Outcome,
  receptionistA: Outcome,
  dentistA: Outcome,
  adminB: Outcome,
  anon: Outcome,
  serviceRole: Outcome,
): Expectations {
  return {
    'the superadmin': superadmin,
    'the admin of A': adminA,
    'the receptionist of A': receptionistA,
    'the dentist of A': dentistA,
    'the admin of B': adminB,
    anon,
    'the service role': serviceRole,
  };
}

// The rules of the brief, as outcomes per actor.
const STAFF_OF_A = expectations('allowed', 'allowed', 'allowed', 'allowed', 'hidden', 'denied', 'allowed');
const STAFF_OF_A_WRITE = expectations('allowed', 'allowed', 'allowed', 'allowed', 'denied', 'denied', 'allowed');
const FRONT_DESK_INSERT = expectations('allowed', 'allowed', 'allowed', 'denied', 'denied', 'denied', 'allowed');
const FRONT_DESK_CHANGE = expectations('allowed', 'allowed', 'allowed', 'hidden', 'hidden', 'denied', 'allowed');
const SERVICE_ONLY = expectations('denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'allowed');

interface World {
  a: ClinicFixture;
  b: ClinicFixture;
  superadmin: UserClaims;
  /** A clinic with no secret row yet, for inserting one. */
  bareClinicId: number;
  rows: Record<string, number>;
}

interface TableCase {
  table: string;
  /** The row of clinic A the select, update and delete aim at. */
  row: (w: World) => number;
  /** Values for a new row of clinic A. */
  insert: (w: World) => Record<string, unknown>;
  /** An assignment that changes nothing, to probe update rights. */
  touch: string;
  key?: string;
  rules: Record<Verb, Expectations>;
}

const TABLES: TableCase[] = [
  {
    table: 'clinics',
    row: (w) => w.a.id,
    insert: () => ({ name: 'Brand New Clinic' }),
    touch: 'address = address',
    rules: {
      select: STAFF_OF_A,
      insert: expectations('allowed', 'denied', 'denied', 'denied', 'denied', 'denied', 'allowed'),
      update: expectations('allowed', 'allowed', 'hidden', 'hidden', 'hidden', 'denied', 'allowed'),
      delete: expectations('allowed', 'hidden', 'hidden', 'hidden', 'hidden', 'denied', 'allowed'),
    },
  },
  {
    table: 'clinic_secrets',
    key: 'clinic_id',
    row: (w) => w.a.id,
    insert: (w) => ({ clinic_id: w.bareClinicId, fb_page_access_token: 'EAAB-new' }),
    touch: 'fb_page_access_token = fb_page_access_token',
    rules: { select: SERVICE_ONLY, insert: SERVICE_ONLY, update: SERVICE_ONLY, delete: SERVICE_ONLY },
  },
  {
    table: 'users',
    row: (w) => w.rows.receptionistProfile!,
    insert: (w) => ({ email: 'new.staff@example.test', name: 'New Staff', role: 'receptionist', clinic_id: w.a.id }),
    touch: 'name = name',
    rules: {
      select: expectations('allowed', 'allowed', 'allowed', 'hidden', 'hidden', 'denied', 'allowed'),
      // Profiles come with their accounts (create-user, sign-up) and go with them (delete-user).
      insert: SERVICE_ONLY,
      update: expectations('allowed', 'allowed', 'hidden', 'hidden', 'hidden', 'denied', 'allowed'),
      delete: SERVICE_ONLY,
    },
  },
  {
    table: 'patients',
    row: (w) => w.a.patientId,
    insert: (w) => ({ clinic_id: w.a.id, name: 'Walk-in Patient', phone: '+63 917 111 2222' }),
    touch: 'name = name',
    rules: { select: STAFF_OF_A, insert: STAFF_OF_A_WRITE, update: STAFF_OF_A, delete: SERVICE_ONLY },
  },
  {
    table: 'appointments',
    row: (w) => w.rows.appointment!,
    insert: (w) => ({
      clinic_id: w.a.id,
      patient_id: w.a.patientId,
      dentist_id: w.a.otherDentistId,
      appointment_time: manila('2030-01-08 15:00'),
      reason: 'Dental Consultation',
    }),
    touch: 'reason = reason',
    rules: { select: STAFF_OF_A, insert: STAFF_OF_A_WRITE, update: STAFF_OF_A, delete: SERVICE_ONLY },
  },
  {
    table: 'appointment_reminders',
    row: (w) => w.rows.reminder!,
    insert: (w) => ({ clinic_id: w.a.id, appointment_id: w.rows.appointment, days_ahead: 2, is_manual: true }),
    touch: 'error = error',
    rules: { select: STAFF_OF_A, insert: SERVICE_ONLY, update: SERVICE_ONLY, delete: SERVICE_ONLY },
  },
  {
    table: 'dentists',
    row: (w) => w.a.dentistId,
    insert: (w) => ({ clinic_id: w.a.id, name: 'Dr. New', email: 'new@example.test', phone: '+63 917 333 4444' }),
    touch: 'name = name',
    rules: { select: STAFF_OF_A, insert: FRONT_DESK_INSERT, update: FRONT_DESK_CHANGE, delete: FRONT_DESK_CHANGE },
  },
  {
    table: 'dentist_availability',
    row: (w) => w.rows.block!,
    insert: (w) => ({
      clinic_id: w.a.id,
      dentist_id: w.a.dentistId,
      specific_date: '2030-01-10',
      start_time: '09:00',
      end_time: '10:00',
    }),
    touch: 'end_time = end_time',
    // Written through save_availability_day and delete_availability_block only.
    rules: { select: STAFF_OF_A, insert: SERVICE_ONLY, update: SERVICE_ONLY, delete: SERVICE_ONLY },
  },
  {
    table: 'procedure_categories',
    row: (w) => w.rows.category!,
    insert: (w) => ({ clinic_id: w.a.id, name: 'Orthodontics' }),
    touch: 'name = name',
    rules: { select: STAFF_OF_A, insert: FRONT_DESK_INSERT, update: FRONT_DESK_CHANGE, delete: FRONT_DESK_CHANGE },
  },
  {
    table: 'procedures',
    row: (w) => w.rows.procedure!,
    insert: (w) => ({ clinic_id: w.a.id, category_id: w.rows.category, name: 'Fluoride Treatment', price: 800 }),
    touch: 'price = price',
    rules: { select: STAFF_OF_A, insert: FRONT_DESK_INSERT, update: FRONT_DESK_CHANGE, delete: FRONT_DESK_CHANGE },
  },
  {
    table: 'invoices',
    row: (w) => w.rows.invoice!,
    insert: (w) => ({ clinic_id: w.a.id, patient_id: w.rows.billedPatient, total: 1500 }),
    touch: 'total = total',
    rules: { select: STAFF_OF_A, insert: STAFF_OF_A_WRITE, update: SERVICE_ONLY, delete: SERVICE_ONLY },
  },
  {
    table: 'payments',
    row: (w) => w.rows.payment!,
    insert: (w) => ({
      clinic_id: w.a.id,
      invoice_id: w.rows.invoice,
      patient_id: w.rows.billedPatient,
      amount: 250,
      method: 'e-wallet',
      reference_number: 'GCASH-0001',
    }),
    touch: 'notes = notes',
    rules: { select: STAFF_OF_A, insert: STAFF_OF_A_WRITE, update: SERVICE_ONLY, delete: SERVICE_ONLY },
  },
];

async function buildWorld(db: Database): Promise<World> {
  const a = await createClinicFixture(db, 'Clinic A');
  const b = await createClinicFixture(db, 'Clinic B');
  const superadmin = await createStaff(db, a.id, 'superadmin');
  const bareClinicId = await createClinic(db, 'Clinic Without Secrets');
  const billedPatient = await insertRow(db, 'patients', {
    clinic_id: a.id,
    name: 'Billed Patient',
    phone: '+63 917 555 6666',
  });
  const appointment = await insertRow(db, 'appointments', {
    clinic_id: a.id,
    patient_id: a.patientId,
    dentist_id: a.otherDentistId,
    appointment_time: manila('2030-01-08 10:00'),
    reason: 'Oral Prophylaxis (Cleaning)',
  });
  const category = await insertRow(db, 'procedure_categories', { clinic_id: a.id, name: 'Preventive Care' });
  const invoice = await insertRow(db, 'invoices', { clinic_id: a.id, patient_id: billedPatient, total: 1200 });
  await db.query('insert into public.clinic_secrets (clinic_id, fb_page_access_token) values ($1, $2), ($3, $4)', [
    a.id,
    'EAAB-secret-a',
    b.id,
    'EAAB-secret-b',
  ]);
  return {
    a,
    b,
    superadmin,
    bareClinicId,
    rows: {
      billedPatient,
      appointment,
      category,
      invoice,
      receptionistProfile: await profileIdOf(db, a.receptionist),
      reminder: await insertRow(db, 'appointment_reminders', {
        clinic_id: a.id,
        appointment_id: appointment,
        days_ahead: 1,
      }),
      block: await insertRow(db, 'dentist_availability', {
        clinic_id: a.id,
        dentist_id: a.dentistId,
        specific_date: '2030-01-09',
        start_time: '14:00',
        end_time: '15:00',
      }),
      procedure: await insertRow(db, 'procedures', {
        clinic_id: a.id,
        category_id: category,
        name: 'Dental Consultation',
        price: 500,
      }),
      payment: await insertRow(db, 'payments', {
        clinic_id: a.id,
        invoice_id: invoice,
        patient_id: billedPatient,
        amount: 600,
        method: 'cash',
      }),
    },
  };
}

function actorFor(world: World, name: ActorName): Actor {
  switch (name) {
    case 'the superadmin':
      return world.superadmin;
    case 'the admin of A':
      return world.a.admin;
    case 'the receptionist of A':
      return world.a.receptionist;
    case 'the dentist of A':
      return world.a.dentistUser;
    case 'the admin of B':
      return world.b.admin;
    case 'anon':
      return 'anon';
    case 'the service role':
      return 'service_role';
  }
}

async function outcomeOf(db: Database, actor: Actor, work: (tx: Queryable) => Promise<number>): Promise<Outcome> {
  const attempt = await attemptAs(db, actor, work);
  if (!attempt.ok) {
    if (attempt.error.code === '42501') return 'denied';
    throw new Error(`unexpected error ${attempt.error.code}: ${attempt.error.message}`);
  }
  if (attempt.value === 1) return 'allowed';
  if (attempt.value === 0) return 'hidden';
  throw new Error(`statement touched ${attempt.value} rows`);
}

function attemptVerb(db: Database, world: World, actor: Actor, tableCase: TableCase, verb: Verb): Promise<Outcome> {
  const key = tableCase.key ?? 'id';
  const table = `public.${tableCase.table}`;
  const row = tableCase.row(world);
  return outcomeOf(db, actor, async (tx) => {
    switch (verb) {
      case 'select':
        return (await tx.query(`select 1 from ${table} where ${key} = $1`, [row])).rows.length;
      case 'insert': {
        const values = tableCase.insert(world);
        const columns = Object.keys(values);
        const placeholders = columns.map((_, index) => `$${index + 1}`).join(', ');
        return (
          await tx.query(`insert into ${table} (${columns.join(', ')}) values (${placeholders})`, Object.values(values))
        ).affectedRows;
      }
      case 'update':
        return (await tx.query(`update ${table} set ${tableCase.touch} where ${key} = $1`, [row])).affectedRows;
      case 'delete':
        return (await tx.query(`delete from ${table} where ${key} = $1`, [row])).affectedRows;
    }
  });
}

const VERB_PHRASES: Record<Verb, string> = { select: 'read', insert: 'add', update: 'update', delete: 'delete' };

function caseName(actor: ActorName, outcome: Outcome, verb: Verb, table: string): string {
  const doing = VERB_PHRASES[verb];
  switch (outcome) {
    case 'allowed':
      return `${actor} can ${doing} ${table} of clinic A`;
    case 'hidden':
      return `${actor} sees no ${table} of clinic A to ${doing}`;
    case 'denied':
      return `${actor} is refused with 42501 when trying to ${doing} ${table} of clinic A`;
  }
}

const MATRIX = TABLES.flatMap((tableCase) =>
  (['select', 'insert', 'update', 'delete'] as const).flatMap((verb) =>
    ACTORS.map((actor) => ({
      name: caseName(actor, tableCase.rules[verb][actor], verb, tableCase.table),
      tableCase,
      verb,
      actor,
      expected: tableCase.rules[verb][actor],
    })),
  ),
);

describe.each(databaseTargets())('row-level security on %s', (target) => {
  let fresh: FreshDatabase;
  let db: Database;
  let world: World;

  beforeAll(async () => {
    fresh = await freshDatabase(target);
    db = fresh.db;
    world = await buildWorld(db);
  });
  afterAll(async () => {
    await fresh?.cleanup();
  });

  for (const { name, tableCase, verb, actor, expected } of MATRIX) {
    it(name, async () => {
      expect(await attemptVerb(db, world, actorFor(world, actor), tableCase, verb)).toBe(expected);
    });
  }

  it('shows a signed-in user without a staff profile nothing at all', async () => {
    const stranger: UserClaims = { sub: '00000000-0000-4000-8000-00000000dead', role: 'authenticated' };
    const seen = await asUser(db, stranger, async (tx) => {
      const counts: Record<string, number> = {};
      for (const { table } of TABLES.filter(({ table }) => table !== 'clinic_secrets')) {
        counts[table] = (await tx.query(`select 1 from public.${table}`)).rows.length;
      }
      return counts;
    });
    expect(Object.values(seen).every((count) => count === 0)).toBe(true);
  });

  it('lets the superadmin read every clinic and staff of A read only clinic A', async () => {
    const clinicsSeen = (actor: Actor) =>
      asUser(db, actor, async (tx) =>
        (await tx.query<{ id: number }>('select id::integer as id from public.clinics order by id')).rows.map(
          (r) => r.id,
        ),
      );
    expect(await clinicsSeen(world.superadmin)).toEqual(
      expect.arrayContaining([world.a.id, world.b.id, world.bareClinicId]),
    );
    expect(await clinicsSeen(world.a.dentistUser)).toEqual([world.a.id]);
    expect(await clinicsSeen(world.b.admin)).toEqual([world.b.id]);
  });

  it('answers the helper functions for the signed-in user', async () => {
    const answers = await asUser(db, world.a.admin, async (tx) => {
      const { rows } = await tx.query<Record<string, unknown>>(
        `select public.current_clinic_id()::integer as clinic, public.current_app_role() as role,
                public.is_superadmin() as superadmin, public.can_access_clinic($1) as own,
                public.can_access_clinic($2) as other, public.authorize($1, 'dentists.manage') as front_desk,
                public.authorize($2, 'dentists.manage') as front_desk_elsewhere,
                public.authorize($1, 'clinics.manage') as superadmin_only`,
        [world.a.id, world.b.id],
      );
      return rows[0];
    });
    expect(answers).toEqual({
      clinic: world.a.id,
      role: 'admin',
      superadmin: false,
      own: true,
      other: false,
      front_desk: true,
      front_desk_elsewhere: false,
      superadmin_only: false,
    });
  });

  it('does not let anon call the helper functions', async () => {
    expect(await refusalFor(db, 'anon', (tx) => tx.query('select public.current_clinic_id()'))).toMatchObject({
      code: '42501',
    });
  });
});

describe.each(databaseTargets())('privilege escalation on %s', (target) => {
  let fresh: FreshDatabase;
  let db: Database;
  let world: World;

  beforeAll(async () => {
    fresh = await freshDatabase(target);
    db = fresh.db;
    world = await buildWorld(db);
  });
  afterAll(async () => {
    await fresh?.cleanup();
  });

  const setRole = (claims: UserClaims, role: string) => (tx: Queryable) =>
    tx.query('update public.users set role = $2 where user_id = $1', [claims.sub, role]);

  it('refuses an admin changing their own role, even downwards', async () => {
    const error = await refusalFor(db, world.a.admin, setRole(world.a.admin, 'receptionist'));
    expect(error).toMatchObject({
      code: '42501',
      message: 'You cannot change your own role.',
      hint: 'own_role_change',
    });
  });

  it('refuses the superadmin changing their own role', async () => {
    expect(await refusalFor(db, world.superadmin, setRole(world.superadmin, 'admin'))).toMatchObject({ code: '42501' });
  });

  it('gives a receptionist no way to change their own role', async () => {
    const attempt = await attemptAs(
      db,
      world.a.receptionist,
      async (tx) => (await setRole(world.a.receptionist, 'admin')(tx)).affectedRows,
    );
    expect(attempt).toEqual({ ok: true, value: 0 });
  });

  it('refuses an admin promoting anyone to superadmin', async () => {
    expect(await refusalFor(db, world.a.admin, setRole(world.a.receptionist, 'superadmin'))).toMatchObject({
      code: '42501',
    });
  });

  it('refuses an admin adding a superadmin', async () => {
    const error = await refusalFor(db, world.a.admin, (tx) =>
      insertRow(tx, 'users', { email: 'boss@example.test', name: 'Boss', role: 'superadmin', clinic_id: world.a.id }),
    );
    expect(error.code).toBe('42501');
  });

  it('refuses even the superadmin making another superadmin from the browser', async () => {
    expect(await refusalFor(db, world.superadmin, setRole(world.b.admin, 'superadmin'))).toMatchObject({
      code: '42501',
    });
    const error = await refusalFor(db, world.superadmin, (tx) =>
      insertRow(tx, 'users', { email: 'boss@example.test', name: 'Boss', role: 'superadmin', clinic_id: world.b.id }),
    );
    expect(error.code).toBe('42501');
  });

  it('lets the service role make a superadmin', async () => {
    const attempt = await attemptAs(
      db,
      'service_role',
      async (tx) => (await setRole(world.b.receptionist, 'superadmin')(tx)).affectedRows,
    );
    expect(attempt).toEqual({ ok: true, value: 1 });
  });

  it('lets an admin promote a receptionist of their clinic to admin', async () => {
    const attempt = await attemptAs(
      db,
      world.a.admin,
      async (tx) => (await setRole(world.a.receptionist, 'admin')(tx)).affectedRows,
    );
    expect(attempt).toEqual({ ok: true, value: 1 });
  });

  it('refuses an admin of the same clinic any change of the superadmin profile, by its code', async () => {
    for (const change of [`name = 'Demoted'`, `role = 'receptionist'`]) {
      const error = await refusalFor(db, world.a.admin, (tx) =>
        tx.query(`update public.users set ${change} where user_id = $1`, [world.superadmin.sub]),
      );
      expect(error).toMatchObject({ code: '42501', hint: 'superadmin_account_protected' });
    }
    const own = await attemptAs(db, world.superadmin, async (tx) => {
      const renamed = await tx.query(`update public.users set name = 'Root' where user_id = $1`, [
        world.superadmin.sub,
      ]);
      return renamed.affectedRows;
    });
    expect(own).toEqual({ ok: true, value: 1 });
  });

  it('lets no browser remove a profile, their own or anyone else’s (delete-user removes accounts)', async () => {
    for (const [actor, target] of [
      [world.a.admin, world.a.admin],
      [world.a.admin, world.a.receptionist],
      [world.a.admin, world.superadmin],
      [world.superadmin, world.b.receptionist],
    ] as const) {
      const error = await refusalFor(db, actor, (tx) =>
        tx.query('delete from public.users where user_id = $1', [target.sub]),
      );
      expect(error.code).toBe('42501');
    }
  });

  it('lets no browser add a profile, not even an admin to their own clinic', async () => {
    for (const actor of [world.a.admin, world.superadmin]) {
      const error = await refusalFor(db, actor, (tx) =>
        insertRow(tx, 'users', { email: 'new@example.test', name: 'New', role: 'receptionist', clinic_id: world.a.id }),
      );
      expect(error.code).toBe('42501');
    }
  });

  it('refuses an admin adding staff to another clinic', async () => {
    const error = await refusalFor(db, world.a.admin, (tx) =>
      insertRow(tx, 'users', { email: 'mole@example.test', name: 'Mole', role: 'receptionist', clinic_id: world.b.id }),
    );
    expect(error.code).toBe('42501');
  });

  it('never rebinds a profile to another sign-in account, not even for the service role', async () => {
    const error = await refusalFor(db, 'service_role', (tx) =>
      tx.query('update public.users set user_id = $2 where user_id = $1', [
        world.a.receptionist.sub,
        world.a.dentistUser.sub,
      ]),
    );
    expect(error).toMatchObject({ code: '42501' });
  });

  it.each([
    'patients',
    'dentists',
    'appointments',
    'dentist_availability',
    'procedure_categories',
    'procedures',
    'invoices',
    'payments',
    'appointment_reminders',
    'users',
  ])('refuses moving %s to another clinic, even for the superadmin', async (table) => {
    const error = await refusalFor(db, world.superadmin, (tx) =>
      tx.query(`update public.${table} set clinic_id = $2 where clinic_id = $1`, [world.a.id, world.b.id]),
    );
    expect(error.code).toBe('42501');
  });

  it('refuses moving a row to another clinic for staff of the clinic, with a 42501 as well', async () => {
    const error = await refusalFor(db, world.a.receptionist, (tx) =>
      tx.query('update public.patients set clinic_id = $2 where id = $1', [world.a.patientId, world.b.id]),
    );
    expect(error.code).toBe('42501');
  });

  it.each(['the superadmin', 'the admin of A', 'the receptionist of A', 'anon'] as const)(
    'refuses %s reading clinic secrets',
    async (name) => {
      const error = await refusalFor(db, actorFor(world, name), (tx) =>
        tx.query('select * from public.clinic_secrets'),
      );
      expect(error.code).toBe('42501');
    },
  );

  it('lets the service role read clinic secrets', async () => {
    const attempt = await attemptAs(
      db,
      'service_role',
      async (tx) => (await tx.query('select 1 from public.clinic_secrets')).rows.length,
    );
    expect(attempt).toEqual({ ok: true, value: 2 });
  });

  it('refuses an admin connecting a Facebook page by hand, but accepts resending the stored values', async () => {
    const error = await refusalFor(db, world.a.admin, (tx) =>
      tx.query(`update public.clinics set messenger_page_id = '1234567890' where id = $1`, [world.a.id]),
    );
    expect(error.code).toBe('42501');
    const resend = await attemptAs(
      db,
      world.a.admin,
      async (tx) =>
        (
          await tx.query(
            `update public.clinics set name = 'Clinic A Renamed', fb_page_id = fb_page_id, messenger_page_id = messenger_page_id
           where id = $1`,
            [world.a.id],
          )
        ).affectedRows,
    );
    expect(resend).toEqual({ ok: true, value: 1 });
  });

  it('lets the service role store the page connection', async () => {
    const attempt = await attemptAs(
      db,
      'service_role',
      async (tx) =>
        (
          await tx.query(
            `update public.clinics set fb_page_id = '1234567890', messenger_page_id = '1234567890', page_token_hint = 'x9Qz'
           where id = $1`,
            [world.a.id],
          )
        ).affectedRows,
    );
    expect(attempt).toEqual({ ok: true, value: 1 });
  });

  it("answers a booking into another clinic with row-level security, not with that clinic's schedule", async () => {
    await db.query('update public.dentists set is_active = false where id = $1', [world.b.dentistId]);
    const error = await refusalFor(db, world.a.admin, (tx) =>
      insertRow(tx, 'appointments', {
        clinic_id: world.b.id,
        patient_id: world.b.patientId,
        dentist_id: world.b.dentistId,
        appointment_time: manila('2030-01-08 10:00'),
      }),
    );
    expect(error.code).toBe('42501');
  });
});
