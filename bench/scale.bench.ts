/**
 * npm run bench (scale part) — the schema at the size a clinic group outgrows the embedded database
 * into, on real PostgreSQL (TEST_DATABASE_URL): 100 clinics, 10,000 patients each (1,000,000) and
 * 1,000,000 appointments. Through the gateway, signed in as one clinic's admin so that every
 * policy applies:
 *  1. a month of the clinic's appointments, as the Appointments list reads them (patient embedded);
 *  2. the booking form's patient type-ahead (name, phone or Messenger id containing the term).
 * Each p95 ≤ 150 ms. Then prints the plans of both reads as the admin (EXPLAIN with the admin's
 * claims), so that index use under the policies shows. Without TEST_DATABASE_URL it says so and
 * exits 0.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { startStack } from '../local/stack.ts';
import { patientSearchFilter } from '../src/features/appointments/booking/patient-search-filter.ts';
import { createScratchDatabase } from '../tests/support/postgres.ts';

const CLINICS = 100;
const PATIENTS_PER_CLINIC = 10_000;
const DENTISTS_PER_CLINIC = 5;
/** 10,000 appointments per clinic: 5 dentists × 250 working days × 8 hourly slots. */
const WORKING_DAYS = 250;
const SLOTS_PER_DAY = 8;
const BUDGET_MS = 150;
const SAMPLES = Number(process.env.BENCH_SCALE_SAMPLES ?? 60);
const LIST_COLUMNS =
  'id, clinic_id, dentist_id, patient_id, appointment_time, reason, status, booking_origin, guardian_messenger_id, patient:patients(name, messenger_id)';
const SEARCHES = ['santos', 'maria', 'dela c', '0917', 'zzz', 'reyes 12'];

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.log('scale: SKIPPED — TEST_DATABASE_URL is not set (a real PostgreSQL server is needed).');
  process.exit(0);
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function report(label: string, samples: number[]): boolean {
  const p50 = percentile(samples, 50);
  const p95 = percentile(samples, 95);
  const ok = p95 <= BUDGET_MS;
  console.log(
    `${label.padEnd(44)} p50 ${p50.toFixed(1).padStart(7)} ms, p95 ${p95.toFixed(1).padStart(7)} ms (n=${samples.length})  budget ${BUDGET_MS} ms: ${ok ? 'OK' : 'OVER'}`,
  );
  return ok;
}

const FIRST_NAMES = ['Maria', 'Jose', 'Juan', 'Ana', 'Mark', 'Angelica', 'John Paul', 'Kristine', 'Rafael', 'Carmela'];
const LAST_NAMES = [
  'Santos',
  'Reyes',
  'Cruz',
  'Bautista',
  'Ocampo',
  'Garcia',
  'Mendoza',
  'Dela Cruz',
  'Ramos',
  'Aquino',
];
const sqlArray = (values: string[]) => `array[${values.map((value) => `'${value}'`).join(', ')}]`;

/** Fills the database: an admin account for clinic 1 through the sign-up trigger, the rest in bulk. */
async function seed(url: string, adminEmail: string, password: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    await client.query(
      `insert into public.clinics (name) select 'Scale Clinic ' || c from generate_series(1, ${CLINICS}) c order by c`,
    );
    const adminId = randomUUID();
    await client.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         confirmation_token, recovery_token, email_change_token_new, email_change,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2,
         extensions.crypt($3, extensions.gen_salt('bf', 10)), now(), '', '', '', '',
         jsonb_build_object('provider', 'email', 'providers', jsonb_build_array('email'), 'clinic_id',
           (select min(id) from public.clinics), 'role', 'admin'),
         jsonb_build_object('name', 'Scale Admin'), now(), now())`,
      [adminId, adminEmail, password],
    );
    await client.query(
      `insert into auth.identities (id, provider_id, user_id, identity_data, provider, created_at, updated_at)
       values ($1::uuid, $3, $1::uuid, jsonb_build_object('sub', $3::text, 'email', $2::text, 'email_verified', true), 'email', now(), now())`,
      [adminId, adminEmail, adminId],
    );
    // The bulk rows skip the triggers (audit, change feed, booking rules): they are generated
    // within the rules (Monday–Saturday, hourly slots from 09:00, no overlaps).
    await client.query('begin');
    await client.query(`set local session_replication_role = replica`);
    await client.query(
      `insert into public.dentists (clinic_id, name, email, phone)
       select c.id, 'Dr. Scale ' || c.id || '-' || d, 'dentist' || c.id || '-' || d || '@scale.test', '+63 917 000 0000'
       from public.clinics c, generate_series(1, ${DENTISTS_PER_CLINIC}) d order by c.id, d`,
    );
    await client.query(
      `insert into public.patients (clinic_id, name, phone, messenger_id)
       select c.id,
         (${sqlArray(FIRST_NAMES)})[1 + p % ${FIRST_NAMES.length}] || ' ' ||
           (${sqlArray(LAST_NAMES)})[1 + (p / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] || ' ' || p,
         '+63 9' || lpad(((p * 37) % 100)::text, 2, '0') || ' ' || lpad(((p * 7919) % 10000000)::text, 7, '0'),
         case when p % 3 = 0 then 'psid-' || c.id || '-' || p end
       from public.clinics c, generate_series(1, ${PATIENTS_PER_CLINIC}) p order by c.id, p`,
    );
    await client.query(
      `with days as (
         select day from generate_series(date '2026-01-05', date '2026-12-31', interval '1 day') day
         where extract(isodow from day) <= 6 limit ${WORKING_DAYS}
       ), numbered as (select day::date as day, row_number() over (order by day) - 1 as n from days)
       insert into public.appointments (clinic_id, patient_id, dentist_id, appointment_time, reason, status)
       select dentist.clinic_id,
         first_patient.id + ((numbered.n * ${SLOTS_PER_DAY} + slot) * ${DENTISTS_PER_CLINIC} + dentist.rank) % ${PATIENTS_PER_CLINIC},
         dentist.id,
         (numbered.day + time '09:00' + slot * interval '1 hour') at time zone 'Asia/Manila',
         'Check-up',
         (array['Scheduled', 'Confirmed', 'Completed', 'No Show', 'Cancelled'])[1 + (numbered.n + slot) % 5]
       from numbered
       cross join generate_series(0, ${SLOTS_PER_DAY - 1}) slot
       cross join (
         select id, clinic_id, row_number() over (partition by clinic_id order by id) - 1 as rank from public.dentists
       ) dentist
       join lateral (select min(id) as id from public.patients where clinic_id = dentist.clinic_id) first_patient on true`,
    );
    await client.query('commit');
    await client.query('analyze');
    const counts = await client.query<{ patients: string; appointments: string }>(
      `select (select count(*) from public.patients) as patients, (select count(*) from public.appointments) as appointments`,
    );
    console.log(
      `seeded ${CLINICS} clinics, ${counts.rows[0]!.patients} patients, ${counts.rows[0]!.appointments} appointments in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return adminId;
  } finally {
    await client.end();
  }
}

/** The plan of `sql` as the admin sees it: the authenticated role with their claims, so policies apply. */
async function planAsAdmin(url: string, adminId: string, sql: string, params: unknown[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('set local role authenticated');
    await client.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: adminId, role: 'authenticated' }),
    ]);
    const plan = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, costs off, timing off) ${sql}`,
      params,
    );
    await client.query('rollback');
    return plan.rows.map((row) => row['QUERY PLAN']);
  } finally {
    await client.end();
  }
}

const scratch = await createScratchDatabase(serverUrl);
const stack = await startStack({
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  SEED_DEMO_DATA: 'false',
  DATABASE_URL: scratch.url,
});
let ok = false;
try {
  const email = 'scale-admin@scale.test';
  const password = 'Scale1234!';
  const adminId = await seed(scratch.url, email, password);
  const admin = createClient(stack.url, stack.config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const { error: signInError } = await admin.auth.signInWithPassword({ email, password });
  if (signInError) throw new Error(`sign-in failed: ${signInError.message}`);
  const { data: profile } = await admin.from('users').select('clinic_id').single();
  const clinicId = profile!.clinic_id as number;

  const monthStarts = ['2026-02-01', '2026-03-01', '2026-05-01', '2026-07-01', '2026-09-01'];
  const monthRange = (start: string) => {
    const from = new Date(`${start}T00:00:00+08:00`);
    const to = new Date(from);
    to.setUTCMonth(to.getUTCMonth() + 1);
    return { from: from.toISOString(), to: to.toISOString() };
  };
  const readMonth = async (start: string) => {
    const range = monthRange(start);
    const { data, error } = await admin
      .from('appointments')
      .select(LIST_COLUMNS)
      .eq('clinic_id', clinicId)
      .eq('deleted', false)
      .gte('appointment_time', range.from)
      .lt('appointment_time', range.to)
      .order('appointment_time')
      .order('id')
      .range(0, 999);
    if (error) throw new Error(`month read failed: ${error.message}`);
    return data.length;
  };
  const search = async (term: string) => {
    const { data, error } = await admin
      .from('patients')
      .select('id, name, phone')
      .eq('clinic_id', clinicId)
      .eq('deleted', false)
      .or(patientSearchFilter(term)!)
      .order('name')
      .order('id')
      .limit(20);
    if (error) throw new Error(`search failed: ${error.message}`);
    return data.length;
  };

  const timed = async (work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    return performance.now() - started;
  };
  for (const start of monthStarts) await readMonth(start);
  for (const term of SEARCHES) await search(term);
  console.log(`a month holds ${await readMonth(monthStarts[1]!)} of the clinic's appointments`);

  const monthSamples: number[] = [];
  const searchSamples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    monthSamples.push(await timed(() => readMonth(monthStarts[i % monthStarts.length]!)));
    searchSamples.push(await timed(() => search(SEARCHES[i % SEARCHES.length]!)));
  }
  const monthOk = report("a clinic's month of appointments (admin, RLS)", monthSamples);
  const searchOk = report('patient search, 20 matches (admin, RLS)', searchSamples);
  ok = monthOk && searchOk;

  const range = monthRange(monthStarts[1]!);
  console.log('\nplan of the month read as the admin:');
  for (const line of await planAsAdmin(
    scratch.url,
    adminId,
    `select a.id, a.appointment_time, a.status, p.name from public.appointments a
     left join public.patients p on p.id = a.patient_id
     where a.clinic_id = $1 and not a.deleted and a.appointment_time >= $2 and a.appointment_time < $3
     order by a.appointment_time, a.id limit 1000`,
    [clinicId, range.from, range.to],
  ))
    console.log(`  ${line}`);
  console.log('\nplan of the patient search as the admin:');
  for (const line of await planAsAdmin(
    scratch.url,
    adminId,
    `select id, name, phone from public.patients
     where clinic_id = $1 and not deleted and (name ilike $2 or phone ilike $2 or messenger_id ilike $2)
     order by name, id limit 20`,
    [clinicId, '%santos%'],
  ))
    console.log(`  ${line}`);
} finally {
  await stack.close();
  await scratch.drop();
}
console.log(`\nscale: ${ok ? 'PASS' : 'FAIL'}`);
process.exit(ok ? 0 : 1);
