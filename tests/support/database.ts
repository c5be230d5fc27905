import { randomUUID } from 'node:crypto';
import { openPglite, openPostgres, type Database, type Queryable } from '../../local/db/database.ts';
import { dayBlocksExcept } from './day-blocks.ts';
import { migratedTemplate } from './pglite-template.ts';
import { announcePostgresTarget, createScratchDatabase, testDatabaseUrl } from './postgres.ts';

/**
 * SQL-level test helpers: a migrated database per test file, statements run as a given
 * PostgREST role with JWT claims, and small fixtures (clinics, staff, dentists, patients).
 */

export type DatabaseTarget = 'pglite' | 'postgres';

export interface FreshDatabase {
  target: DatabaseTarget;
  db: Database;
  /** Closes the connection and, on a real server, drops the database. */
  cleanup(): Promise<void>;
}

/**
 * The targets to run database suites against: PGlite always, a real PostgreSQL server too when
 * TEST_DATABASE_URL names one (a superuser connection: the test creates and drops databases).
 */
export function databaseTargets(): DatabaseTarget[] {
  announcePostgresTarget('database');
  return testDatabaseUrl ? ['pglite', 'postgres'] : ['pglite'];
}

/** A new, migrated database (in-memory PGlite, or a throwaway database on TEST_DATABASE_URL's server). */
export async function freshDatabase(target: DatabaseTarget, options: { seed?: boolean } = {}): Promise<FreshDatabase> {
  const seed = options.seed ?? false;
  if (target === 'pglite') {
    // Already migrated: a copy of the template (tests/support/pglite-template.ts).
    const db = await openPglite(undefined, await migratedTemplate(seed));
    return { target, db, cleanup: () => db.close() };
  }

  if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  // Already migrated: a copy of the template database (tests/support/postgres.ts).
  const scratch = await createScratchDatabase(testDatabaseUrl, { migrated: { seed } });
  let opened: Database;
  try {
    opened = await openPostgres(scratch.url);
  } catch (error) {
    await scratch.drop();
    throw error;
  }
  return {
    target,
    db: opened,
    async cleanup() {
      await opened.close();
      await scratch.drop();
    },
  };
}

// ---------------------------------------------------------------------------
// Acting as a PostgREST caller
// ---------------------------------------------------------------------------

/** JWT claims of a signed-in user, as GoTrue issues them (only `sub` matters to the policies). */
export interface UserClaims {
  sub: string;
  email?: string;
  role?: 'authenticated';
  [claim: string]: unknown;
}

export type Actor = 'anon' | 'service_role' | UserClaims;

/** The rest of transaction `tx` runs as `actor`: role and JWT claims set, as the gateway sets them. */
export async function becomeActor(tx: Queryable, actor: Actor): Promise<void> {
  const role = actor === 'anon' || actor === 'service_role' ? actor : 'authenticated';
  const claims = typeof actor === 'string' ? { role: actor } : { ...actor, role: 'authenticated' };
  await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
    role,
    JSON.stringify(claims),
  ]);
}

/** Runs `work` in one transaction as the gateway does for a request: role and claims set, committed on success. */
export function asUser<T>(db: Database, actor: Actor, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await becomeActor(tx, actor);
    return work(tx);
  });
}

export interface SqlError {
  code: string;
  message: string;
  detail?: string;
  /** The refusal's code (common/contract/error-codes.ts), for the database's own refusals. */
  hint?: string;
  constraint?: string;
}

export type Attempt<T> = { ok: true; value: T } | { ok: false; error: SqlError };

class RollbackAfterSuccess extends Error {
  constructor(readonly value: unknown) {
    super('rolled back on purpose');
  }
}

/** Like asUser, but always rolls back: tries `work` and reports its value or its SQL error. */
export async function attemptAs<T>(
  db: Database,
  actor: Actor,
  work: (tx: Queryable) => Promise<T>,
): Promise<Attempt<T>> {
  try {
    await db.transaction(async (tx) => {
      await becomeActor(tx, actor);
      throw new RollbackAfterSuccess(await work(tx));
    });
  } catch (error) {
    if (error instanceof RollbackAfterSuccess) return { ok: true, value: error.value as T };
    const sqlError = sqlErrorOf(error);
    if (sqlError) return { ok: false, error: sqlError };
    throw error;
  }
  throw new Error('unreachable: the transaction always rolls back');
}

/** The SQLSTATE, message, detail and hint of a database error from PGlite or pg; undefined for anything else. */
export function sqlErrorOf(error: unknown): SqlError | undefined {
  if (!(error instanceof Error)) return undefined;
  const fields = error as Error & { code?: unknown; detail?: unknown; hint?: unknown; constraint?: unknown };
  if (typeof fields.code !== 'string') return undefined;
  return {
    code: fields.code,
    message: error.message,
    ...(typeof fields.detail === 'string' ? { detail: fields.detail } : {}),
    ...(typeof fields.hint === 'string' ? { hint: fields.hint } : {}),
    ...(typeof fields.constraint === 'string' ? { constraint: fields.constraint } : {}),
  };
}

/** Awaits a statement that must fail, and returns its SQL error. */
export async function sqlErrorFrom(statement: Promise<unknown>): Promise<SqlError> {
  try {
    await statement;
  } catch (error) {
    const sqlError = sqlErrorOf(error);
    if (sqlError) return sqlError;
    throw error;
  }
  throw new Error('expected the statement to fail, but it succeeded');
}

/** Tries `work` as `actor` (rolled back) and returns the SQL error it must raise. */
export async function refusalFor(
  db: Database,
  actor: Actor,
  work: (tx: Queryable) => Promise<unknown>,
): Promise<SqlError> {
  const attempt = await attemptAs(db, actor, work);
  if (attempt.ok) throw new Error('expected the statement to fail, but it succeeded');
  return attempt.error;
}

// ---------------------------------------------------------------------------
// Fixtures (written as the migration owner, so RLS does not apply)
// ---------------------------------------------------------------------------

export type StaffRole = 'superadmin' | 'admin' | 'receptionist' | 'dentist';

/** Inserts one row and returns its id. Table and column names come from test code, never from input. */
export async function insertRow(db: Queryable, table: string, values: Record<string, unknown>): Promise<number> {
  const columns = Object.keys(values);
  const placeholders = columns.map((_, index) => `$${index + 1}`);
  const { rows } = await db.query<{ id: number }>(
    `insert into public.${table} (${columns.join(', ')}) values (${placeholders.join(', ')}) returning id::integer as id`,
    Object.values(values),
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`insert into ${table} returned no id`);
  return id;
}

export async function createClinic(db: Queryable, name: string, timezone = 'Asia/Manila'): Promise<number> {
  return insertRow(db, 'clinics', { name, timezone });
}

/** An auth account whose app_metadata places it in a clinic; the sign-up trigger creates the profile. */
export async function createStaff(
  db: Queryable,
  clinicId: number,
  role: StaffRole,
  name = `Test ${role}`,
): Promise<UserClaims> {
  const id = randomUUID();
  const email = `${role}-${id.slice(0, 8)}@example.test`;
  await db.query(
    `insert into auth.users (id, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, $2, now(), $3, $4)`,
    [
      id,
      email,
      JSON.stringify({ provider: 'email', providers: ['email'], clinic_id: clinicId, role }),
      JSON.stringify({ name }),
    ],
  );
  return { sub: id, email, role: 'authenticated' };
}

export async function profileIdOf(db: Queryable, claims: UserClaims): Promise<number> {
  const { rows } = await db.query<{ id: number }>('select id::integer as id from public.users where user_id = $1', [
    claims.sub,
  ]);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no profile for ${claims.email ?? claims.sub}`);
  return id;
}

export function createDentist(
  db: Queryable,
  clinicId: number,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const slug = name.toLowerCase().replace(/[^a-z]+/g, '.');
  return insertRow(db, 'dentists', {
    clinic_id: clinicId,
    name,
    email: `${slug}@example.test`,
    phone: '+63 917 000 0000',
    ...extra,
  });
}

export function createPatient(
  db: Queryable,
  clinicId: number,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  return insertRow(db, 'patients', { clinic_id: clinicId, name, phone: '+63 918 000 0000', ...extra });
}

/** A clinic with one account per role (the superadmin optional), two dentists and a patient. */
export interface ClinicFixture {
  id: number;
  admin: UserClaims;
  receptionist: UserClaims;
  dentistUser: UserClaims;
  dentistId: number;
  otherDentistId: number;
  patientId: number;
}

/** The procedures every fixture clinic offers (a booking's reason must name one of its clinic). */
export const FIXTURE_PROCEDURES = ['Dental Consultation', 'Retainer'] as const;

export async function createProcedures(db: Queryable, clinicId: number, names: readonly string[] = FIXTURE_PROCEDURES) {
  const categoryId = await insertRow(db, 'procedure_categories', { clinic_id: clinicId, name: 'General' });
  for (const name of names) {
    await insertRow(db, 'procedures', { clinic_id: clinicId, category_id: categoryId, name, price: 500 });
  }
}

export async function createClinicFixture(db: Queryable, name: string): Promise<ClinicFixture> {
  const id = await createClinic(db, name);
  await createProcedures(db, id);
  return {
    id,
    admin: await createStaff(db, id, 'admin'),
    receptionist: await createStaff(db, id, 'receptionist'),
    dentistUser: await createStaff(db, id, 'dentist'),
    dentistId: await createDentist(db, id, `Dr. ${name} One`),
    otherDentistId: await createDentist(db, id, `Dr. ${name} Two`),
    patientId: await createPatient(db, id, `Patient of ${name}`),
  };
}

/** Two fixture clinics, Smile and Bright, and a superadmin: the cast of most policy suites. */
export interface TwoClinics {
  smile: ClinicFixture;
  bright: ClinicFixture;
  superadmin: UserClaims;
}

/** Creates TwoClinics, named `Smile <label>` and `Bright <label>`. */
export async function createTwoClinics(db: Queryable, label: string): Promise<TwoClinics> {
  const smile = await createClinicFixture(db, `Smile ${label}`);
  const bright = await createClinicFixture(db, `Bright ${label}`);
  return { smile, bright, superadmin: await createStaff(db, smile.id, 'superadmin') };
}

/** A wall-clock time in Manila (UTC+08:00, no daylight saving) as a timestamptz literal. */
export function manila(localDateTime: string): string {
  return `${localDateTime.replace(' ', 'T')}:00+08:00`;
}

/** Counts rows of a query result; handy with select-only assertions. */
export async function countOf(tx: Queryable, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await tx.query<{ count: number }>(
    `select count(*)::integer as count from (${sql}) as counted`,
    params,
  );
  return rows[0]?.count ?? 0;
}

/** Blocks the dentist's day `date` except the slots starting at `open`, so a waitlist entry finds no other. */
export async function blockDayExcept(
  db: Queryable,
  dentist: { clinicId: number; dentistId: number },
  date: string,
  open: readonly string[] = [],
): Promise<void> {
  for (const block of dayBlocksExcept(open))
    await insertRow(db, 'dentist_availability', {
      clinic_id: dentist.clinicId,
      dentist_id: dentist.dentistId,
      specific_date: date,
      is_available: false,
      ...block,
    });
}
