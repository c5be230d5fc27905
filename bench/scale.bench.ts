/**
 * npm run bench (scale part) — the row-level security at scale, on a real PostgreSQL server: 100
 * clinics × 10,000 patients (1,000,000) and 1,000,000 appointments (10,000 per clinic), read
 * through the real HTTP API (the gateway's /rest/v1) as one clinic's admin, so every policy and
 * public.authorize() is on the path:
 *  - a month of the clinic's appointments, as the Appointments tab reads them: p95 ≤ 150 ms;
 *  - a patient name search, as the patient pickers ask it (search_patients): p95 ≤ 150 ms.
 * Prints each target with its measured p50/p95 and PASS/FAIL, then each query's plan (EXPLAIN
 * ANALYZE as that admin, under RLS) and whether it reads through an index; writes
 * bench/results/scale.json and exits 1 when a target fails or a plan scans the whole table.
 * BENCH_SCALE_DATABASE_URL (or TEST_DATABASE_URL)=postgres://… names the server; without one
 * the bench says so and is skipped (PGlite is not what this measures).
 */
import { addDays, clinicToday } from '../common/clinic-calendar/index.ts';
import type { Database } from '../local/db/database.ts';
import { patientNameRegex } from '../src/entities/patient/name-match.ts';
import {
  BENCH_PASSWORD,
  createStaffUser,
  expectThat,
  reportSamples,
  startBenchStack,
  writeResults,
  type BenchStack,
} from './support/harness.ts';

const CLINICS = 100;
const PATIENTS_PER_CLINIC = 10_000;
const DENTISTS_PER_CLINIC = 10;
const APPOINTMENTS_PER_CLINIC = 10_000;
/** 8 slots a day for each of the 10 dentists: 80 a day, so 10,000 appointments span 125 days. */
const APPOINTMENTS_PER_DAY = 80;
const SAMPLES = 30;
const BUDGET_MS = 150;
const ZONE = 'Asia/Manila';
const SEARCH_TERM = 'santos';
const NAME_PATTERN = patientNameRegex(SEARCH_TERM)!;

const EMAIL = 'bench-scale-admin@bench.test';

const FIRST_NAMES = ['Maria', 'Jose', 'Juan', 'Ana', 'Mark', 'Grace', 'Paolo', 'Liza', 'Ramon', 'Joy'];
const LAST_NAMES = ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Ocampo', 'Garcia', 'Mendoza', 'Torres', 'Tolentino'];

/** 100 clinics, their dentists, patients and appointments (generate_series), and the measured clinic's admin. */
async function seed(stack: BenchStack): Promise<{
  clinicId: number;
  adminId: string;
}> {
  const { db } = stack;
  // The rows as a bulk import writes them: the triggers (change feed, audit, booking guards) are not
  // what is measured, so they are off while seeding; constraints and indexes still hold every row.
  await db.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`);
    await tx.query(
      `insert into public.clinics (name, timezone)
       select 'Scale Clinic ' || lpad(i::text, 3, '0'), $2 from generate_series(1, $1) i order by i`,
      [CLINICS, ZONE],
    );
    await tx.query(
      `insert into public.dentists (clinic_id, name, email, phone)
       select c.id, 'Dr. Scale ' || i, 'dentist' || i || '@bench.test', '1'
         from public.clinics c cross join generate_series(1, $1) i
        order by c.id, i`,
      [DENTISTS_PER_CLINIC],
    );
    await tx.query(
      `insert into public.patients (clinic_id, name, phone)
       select c.id,
              ($2::text[])[1 + i % cardinality($2::text[])] || ' ' || ($3::text[])[1 + (i / 7) % cardinality($3::text[])]
                || ' ' || i,
              '0917 ' || lpad(i::text, 7, '0')
         from public.clinics c cross join generate_series(1, $1) i
        order by c.id, i`,
      [PATIENTS_PER_CLINIC, FIRST_NAMES, LAST_NAMES],
    );
    // Per clinic and day: dentist i % 10 at slot (i / 10) % 8, 40 minutes apart from 09:00, so no
    // dentist's bookings overlap; from 100 days ago to 25 days ahead.
    await tx.query(
      `with pc as (select clinic_id, min(id) as first_id from public.patients group by clinic_id),
            dc as (select clinic_id, array_agg(id order by id) as ids from public.dentists group by clinic_id)
       insert into public.appointments (clinic_id, patient_id, dentist_id, appointment_time, status, reason)
       select pc.clinic_id, pc.first_id + (i * 7919) % $2, dc.ids[1 + i % $3], t.at,
              case when t.at > now() then 'Scheduled' when i % 10 = 0 then 'No Show' else 'Completed' end::public.appointment_status,
              'Oral Prophylaxis (Cleaning)'
         from pc join dc using (clinic_id)
        cross join generate_series(0, $1 - 1) i
        cross join lateral (
          select ((current_date - 100 + i / $4) + time '09:00' + make_interval(mins => ((i / $3) % 8) * 40))
                 at time zone $5 as at
        ) t`,
      [APPOINTMENTS_PER_CLINIC, PATIENTS_PER_CLINIC, DENTISTS_PER_CLINIC, APPOINTMENTS_PER_DAY, ZONE],
    );
  });
  await db.exec(
    'analyze public.clinics; analyze public.dentists; analyze public.patients; analyze public.appointments;',
  );

  const clinicId = (
    await db.query<{ id: number }>(`select id::integer as id from public.clinics where name = 'Scale Clinic 050'`)
  ).rows[0]!.id;
  const adminId = await createStaffUser(stack, { email: EMAIL, clinicId, role: 'admin', name: 'Bench Admin' });

  const counts = (
    await db.query<{ patients: number; appointments: number }>(
      `select (select count(*)::int from public.patients) as patients,
              (select count(*)::int from public.appointments) as appointments`,
    )
  ).rows[0]!;
  if (counts.patients !== CLINICS * PATIENTS_PER_CLINIC || counts.appointments !== CLINICS * APPOINTMENTS_PER_CLINIC)
    throw new Error(`seeded ${JSON.stringify(counts)}`);
  return { clinicId, adminId };
}

/** EXPLAIN ANALYZE of `sql` as the admin, under row-level security, as the gateway runs a request. */
async function planAsAdmin(db: Database, adminId: string, sql: string): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: adminId, role: 'authenticated' }),
    ]);
    const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off, timing off) ${sql}`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

/** Judges and prints the plan and whether it reads `table` through one of its indexes (never a sequential scan of it). */
function usesIndex(label: string, plan: string, table: string): boolean {
  const seqScan = new RegExp(`Seq Scan on ${table}\\b`).test(plan);
  const indexScan = new RegExp(
    `Index (Only )?Scan (Backward )?using \\w+ on ${table}\\b|Bitmap Heap Scan on ${table}\\b`,
  ).test(plan);
  const ok = indexScan && !seqScan;
  console.log('');
  expectThat(`${label}: reads through an index`, ok, ok ? 'reads through an index' : 'scans the table');
  console.log(plan.replace(/^/gm, '      '));
  return ok;
}

async function main() {
  const serverUrl = process.env.BENCH_SCALE_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.log('SKIP  scale: set BENCH_SCALE_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server.');
    process.exit(0);
  }
  const stack = await startBenchStack({ postgresServerUrl: serverUrl });
  try {
    const seedStarted = performance.now();
    const { clinicId, adminId } = await seed(stack);
    console.log(
      `\nScale, ${CLINICS} clinics, ${(CLINICS * PATIENTS_PER_CLINIC).toLocaleString('en-US')} patients and ${(CLINICS * APPOINTMENTS_PER_CLINIC).toLocaleString('en-US')} appointments, ${stack.db.kind} (seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s), over HTTP as one clinic's admin:`,
    );
    const client = await stack.signedIn(EMAIL, BENCH_PASSWORD);

    const today = clinicToday(new Date(), ZONE);
    const monthStart = new Date(`${addDays(today, -60)}T00:00:00+08:00`).toISOString();
    const monthEnd = new Date(`${addDays(today, -30)}T00:00:00+08:00`).toISOString();
    const timed = async (call: () => PromiseLike<{ error: unknown; data: unknown[] | null }>) => {
      const started = performance.now();
      const { error, data } = await call();
      const elapsed = performance.now() - started;
      if (error) throw new Error(`read failed: ${JSON.stringify(error)}`);
      return { elapsed, rows: data?.length ?? 0 };
    };

    // The Appointments tab's columns and order (src/features/appointments/model/api).
    const month = () =>
      client
        .from('appointments')
        .select(
          'id, clinic_id, dentist_id, patient_id, appointment_time, reason, status, booking_origin, guardian_messenger_id, patient:patients(name, messenger_id)',
        )
        .eq('clinic_id', clinicId)
        .eq('deleted', false)
        .gte('appointment_time', monthStart)
        .lt('appointment_time', monthEnd)
        .order('appointment_time')
        .order('id');
    // The patient pickers' search, as searchPatients (src/entities/patient/api/search-patients.ts)
    // asks it: the name rule as a regex, in search_patients' request body.
    const search = () =>
      client.rpc('search_patients', { p_clinic_id: clinicId, p_limit: 20, p_name_pattern: NAME_PATTERN });

    console.log(`      a month of appointments: ${(await timed(month)).rows} rows (one page, as the gateway caps it)`);
    console.log(`      patients named like '${SEARCH_TERM}': ${(await timed(search)).rows} rows (first 20)`);
    const monthSamples: number[] = [];
    const searchSamples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      monthSamples.push((await timed(month)).elapsed);
      searchSamples.push((await timed(search)).elapsed);
    }
    reportSamples('a month of appointments (GET /rest/v1/appointments)', monthSamples, BUDGET_MS);
    reportSamples(`patient search '${SEARCH_TERM}' (POST /rest/v1/rpc/search_patients)`, searchSamples, BUDGET_MS);

    usesIndex(
      'appointments of a month, as the admin',
      await planAsAdmin(
        stack.db,
        adminId,
        `select a.id, a.appointment_time, a.status from public.appointments a
          where a.clinic_id = ${clinicId} and not a.deleted
            and a.appointment_time >= '${monthStart}' and a.appointment_time < '${monthEnd}'
          order by a.appointment_time, a.id`,
      ),
      'appointments',
    );
    usesIndex(
      `patients named like '${SEARCH_TERM}', as the admin`,
      await planAsAdmin(
        stack.db,
        adminId,
        `select p.id, p.name, p.phone from public.patients p
          where p.clinic_id = ${clinicId} and not p.deleted and p.name ~* '${NAME_PATTERN}'
          order by p.name, p.id limit 20`,
      ),
      'patients',
    );
  } finally {
    await stack.stop();
  }
  writeResults('scale', { clinics: CLINICS, patientsPerClinic: PATIENTS_PER_CLINIC, database: stack.db.kind });
  process.exit(process.exitCode ?? 0);
}

await main();
