/**
 * npm run bench (recalls part): the Recalls tab's due list (rpc recall_list) through the real HTTP
 * API (the gateway's /rest/v1/rpc) as a signed-in receptionist, on a clinic with 5,000 patients
 * and 50,000 appointments (20 dentists, two years of history, some booked ahead) and a recall log.
 * Target: p95 ≤ 1 s (the Reports insight's budget). Prints the measured p50/p95 and PASS/FAIL, writes
 * bench/results/recalls.json, and exits 1 when it fails.
 * BENCH_RECALLS_DATABASE_URL=postgres://… runs it on a throwaway database of that PostgreSQL server.
 */
import {
  BENCH_PASSWORD,
  createStaffUser,
  insertClinic,
  reportSamples,
  startBenchStack,
  writeResults,
  type BenchStack,
} from './support/harness.ts';
import { seedDentists } from './support/seed.ts';

const APPOINTMENTS = 50_000;
const DENTISTS = 20;
const PATIENTS = 5_000;
const SAMPLES = 20;
const BUDGET_MS = 1000;
const ZONE = 'Asia/Manila';
const EMAIL = 'bench-recalls@bench.test';

async function seed(stack: BenchStack): Promise<number> {
  const { db } = stack;
  const clinicId = await insertClinic(stack, 'Bench Recalls Clinic', ZONE);
  await createStaffUser(stack, { email: EMAIL, clinicId, role: 'receptionist', name: 'Bench Receptionist' });
  await db.query(
    `insert into public.patients (clinic_id, name, phone, messenger_id)
     select $1, 'Patient ' || i, '0917 555 ' || lpad(i::text, 4, '0'), case when i % 3 > 0 then 'psid-' || i end
       from generate_series(1, $2) i`,
    [clinicId, PATIENTS],
  );
  await seedDentists(db, clinicId, { count: DENTISTS });
  await db.transaction(async (tx) => {
    // The booking and audit triggers are not what is measured; the constraints still hold.
    await tx.query(`set local session_replication_role = replica`);
    // 80 a day over two years back from 30 days ahead: the future ones Scheduled, the past mostly
    // Completed (a Cancelled one stamped now, as the database stamps a cancellation given no time).
    // A fifth of the patients was last seen more than 8 months ago: they are due.
    await tx.query(
      `with d as (select array_agg(id order by id) ids from public.dentists where clinic_id = $1),
            p as (select array_agg(id order by id) ids from public.patients where clinic_id = $1)
       insert into public.appointments (clinic_id, patient_id, dentist_id, appointment_time, status, reason, cancelled_at)
       select $1, p.ids[1 + (i * 7919) % (case when t.at > now() - interval '8 months' then $3 * 4 / 5 else $3 end)],
              d.ids[1 + i % $4], t.at,
              case when t.at > now() then 'Scheduled' when i % 10 = 0 then 'No Show'
                   when i % 10 = 1 then 'Cancelled' else 'Completed' end::public.appointment_status,
              'Oral Prophylaxis',
              case when t.at <= now() and i % 10 = 1 then now() end
         from generate_series(0, $2 - 1) i
         cross join d cross join p
         cross join lateral (
           select ((current_date + 30 - (i / 80)) + time '09:00' + make_interval(mins => ((i / $4) % 4) * 40))
                  at time zone $5 as at
         ) t`,
      [clinicId, APPOINTMENTS, PATIENTS, DENTISTS, ZONE],
    );
    await tx.query(
      `insert into public.recall_messages (clinic_id, patient_id, messenger_id, message, outcome, via, created_at, blocked_until)
       select $1, id, messenger_id, 'Recall', 'sent', 'template', t.at, t.at + interval '30 days'
         from public.patients
         cross join lateral (select now() - make_interval(days => (id % 60)::int) as at) t
        where clinic_id = $1 and messenger_id is not null and id % 7 = 0`,
      [clinicId],
    );
  });
  await db.exec('analyze public.appointments; analyze public.patients; analyze public.recall_messages;');
  return clinicId;
}

async function main() {
  const serverUrl = process.env.BENCH_RECALLS_DATABASE_URL;
  const stack = await startBenchStack(serverUrl ? { postgresServerUrl: serverUrl } : {});
  try {
    const seedStarted = performance.now();
    const clinicId = await seed(stack);
    console.log(
      `\nRecalls, ${APPOINTMENTS.toLocaleString('en-US')} appointments of ${PATIENTS.toLocaleString('en-US')} patients in one clinic, ${stack.db.kind} (seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s), over HTTP as a receptionist:`,
    );
    const client = await stack.signedIn(EMAIL, BENCH_PASSWORD);
    const list = async () => {
      const started = performance.now();
      const { data, error } = await client.rpc('recall_list', { p_clinic_id: clinicId });
      if (error) throw new Error(`recall_list failed: ${JSON.stringify(error)}`);
      return { elapsed: performance.now() - started, rows: (data as unknown[]).length };
    };
    console.log(`      due list: ${(await list()).rows} patients due`);
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) samples.push((await list()).elapsed);
    reportSamples('due list (rpc recall_list)', samples, BUDGET_MS);
  } finally {
    await stack.stop();
  }
  writeResults('recalls', { appointments: APPOINTMENTS, patients: PATIENTS, database: stack.db.kind });
  process.exit(process.exitCode ?? 0);
}

await main();
