/**
 * npm run bench — measures the local stack against its performance targets, printing each with its
 * value and PASS/FAIL, and exits 1 when one fails:
 *  1. cold start of `npm start` on an empty data directory to its first answered request, then a warm
 *     start (target: ≤ 3 s on an existing data directory);
 *  2. p50/p95 of the patient list (1,000 patients) and of a month of appointments (2,000 rows with
 *     patient embeds) through the gateway with supabase-js as a signed-in admin, against the same
 *     query run directly on the same database with the same role and claims (RLS included), read as
 *     a program reads it: rows through the database driver. The ratio is the gateway's overhead
 *     (target: ≤ 1.3× at p50; see docs/adr/0037-benchmarks.md).
 *     Gateway and direct samples alternate, so a change in the machine's load weighs on both alike.
 *  3. for reference (not targets): the JSON built in SQL (json_agg, as the gateway does) read as one
 *     text value, the strictest baseline, and a bare node:http server that runs that SQL and answers
 *     its body, the least any HTTP gateway can cost in this process.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { clinicMonthRange, monthOf } from '@common/clinic-calendar';
import { repoRoot } from '../local/db/migrate.ts';
import {
  BENCH_PASSWORD,
  createStaffUser,
  expectWithin,
  freePort,
  insertClinic,
  record,
  startBenchStack,
  summary,
  writeResults,
  type Summary,
} from './support/harness.ts';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const WARMUP = 20;
const MAX_GATEWAY_OVERHEAD = 1.3;
const MAX_WARM_START_MS = 3000;

/** Starts the stack as `npm start` does (`node scripts/start.mjs`) and returns the ms until /config.json answers. */
async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
  try {
    const deadline = started + 120_000;
    while (performance.now() < deadline) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/config.json`);
        if (response.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the stack did not answer within 120 s');
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

type Timing = Summary;

/** Times `runs` alternately (the order rotating each round) so that load changes hit all of them alike. */
async function measureTogether(runs: (() => Promise<unknown>)[]): Promise<Timing[]> {
  for (let i = 0; i < WARMUP; i++) for (const run of runs) await run();
  const samples = runs.map(() => [] as number[]);
  for (let i = 0; i < SAMPLES; i++) {
    for (let k = 0; k < runs.length; k++) {
      const index = (i + k) % runs.length;
      const start = performance.now();
      await runs[index]!();
      samples[index]!.push(performance.now() - start);
    }
  }
  return samples.map((times) => summary(times));
}

const format = (ms: number) => `${ms.toFixed(1)} ms`;

async function main() {
  const startDir = await mkdtemp(path.join(tmpdir(), 'ngiti-bench-start-'));
  const cold = await timeStart(startDir);
  const warm = await timeStart(startDir);
  await rm(startDir, { recursive: true, force: true });
  console.log(`npm start, empty data dir → first answered request: ${format(cold)}`);
  console.log(`npm start, existing data dir → first answered request: ${format(warm)}`);
  record('npm start, empty data dir → first answered request (ms)', cold);
  record('npm start, existing data dir → first answered request (ms)', warm);
  expectWithin('npm start on an existing data dir', warm, MAX_WARM_START_MS, { unit: 'ms', shown: format(warm) });

  // The month read is 2,000 rows in one answer: above the gateway's default row cap (REST_MAX_ROWS,
  // 1,000), which bounds what a client may ask and is not what this measures.
  const stack = await startBenchStack({ env: { REST_MAX_ROWS: '2000' } });
  try {
    const { db } = stack;
    const clinicId = await insertClinic(stack, 'Bench Clinic');
    await createStaffUser(stack, {
      email: 'bench-admin@bench.test',
      clinicId,
      role: 'admin',
      name: 'Bench Admin',
    });
    await db.query(
      `insert into public.patients (clinic_id, name, phone, messenger_id)
       select $1, 'Patient ' || lpad(i::text, 4, '0'), '+63917' || lpad(i::text, 7, '0'), (1000000 + i)::text
         from generate_series(1, 1000) i`,
      [clinicId],
    );
    await db.query(
      `insert into public.dentists (clinic_id, name, email, phone)
       select $1, 'Dr. Bench ' || d, 'bench' || d || '@bench.test', '+6391700000' || d from generate_series(1, 4) d`,
      [clinicId],
    );
    // 500 appointments per dentist in next month: every 20-minute slot of Mon–Sat, lunch excluded.
    const monthStart = (
      await db.query<{ start: string }>(
        `select (date_trunc('month', now() at time zone 'Asia/Manila') + interval '1 month')::date::text as start`,
      )
    ).rows[0]!.start;
    await db.query(
      `with slots as (
         select ((day + slot) at time zone 'Asia/Manila') as at
           from generate_series($2::timestamp, $2::timestamp + interval '1 month' - interval '1 day', interval '1 day') day,
                (select interval '9 hours' + i * interval '20 minutes' as slot from generate_series(0, 26) i) slots_of_day
          where extract(isodow from day) < 7 and not (slot >= interval '12 hours' and slot < interval '13 hours')
       ), numbered as (
         select d.id as dentist_id, s.at, row_number() over (partition by d.id order by s.at) as n
           from public.dentists d cross join slots s where d.clinic_id = $1
       )
       insert into public.appointments (clinic_id, dentist_id, patient_id, appointment_time, reason)
       select $1, n.dentist_id, (select id from public.patients p where p.clinic_id = $1 order by id offset (n.n % 1000) limit 1), n.at, 'Cleaning'
         from numbered n where n.n <= 500`,
      [clinicId, monthStart],
    );
    const count = (
      await db.query<{ n: number }>('select count(*)::int as n from public.appointments where clinic_id = $1', [
        clinicId,
      ])
    ).rows[0]!.n;

    const admin = await stack.signedIn('bench-admin@bench.test', BENCH_PASSWORD);
    const session = (await admin.auth.getSession()).data.session!;
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString());
    const month = clinicMonthRange(monthOf(monthStart), 'Asia/Manila');
    const from = month.start.toISOString();
    const to = month.end.toISOString();

    // The direct path sets the same role and claims in one statement, read-only, as the gateway does.
    const direct = (sql: string, params: unknown[]) =>
      db.transaction(async (tx) => {
        await tx.query(
          `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true),
                  set_config('transaction_read_only', 'on', true)`,
          [JSON.stringify(claims)],
        );
        return (await tx.query<{ body: string }>(sql, params)).rows[0]!.body;
      });

    const patientsQuery = (client: typeof admin) => async () => {
      const { data, error } = await client
        .from('patients')
        .select('*')
        .eq('clinic_id', clinicId)
        .eq('deleted', false)
        .order('name');
      if (error || data.length !== 1000) throw error ?? new Error(`expected 1000 patients, got ${data.length}`);
    };
    const patientsSql = () =>
      direct(
        `select coalesce(json_agg(_r), '[]'::json)::text as body from (select * from public.patients t0
          where t0.clinic_id = $1 and t0.deleted = false order by t0.name) _r`,
        [clinicId],
      );
    // What a program gets by querying the database itself: the rows, through the driver.
    const directRows = (sql: string, params: unknown[]) =>
      db.transaction(async (tx) => {
        await tx.query(
          `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true),
                  set_config('transaction_read_only', 'on', true)`,
          [JSON.stringify(claims)],
        );
        const { rows } = await tx.query(sql, params);
        if (rows.length === 0) throw new Error('the direct query returned no rows');
        return rows;
      });
    const patientsRows = () =>
      directRows(`select * from public.patients t0 where t0.clinic_id = $1 and t0.deleted = false order by t0.name`, [
        clinicId,
      ]);
    const appointmentsQuery = (client: typeof admin) => async () => {
      const { data, error } = await client
        .from('appointments')
        .select('*, patients(name)')
        .eq('clinic_id', clinicId)
        .eq('deleted', false)
        .gte('appointment_time', from)
        .lt('appointment_time', to)
        .order('appointment_time');
      if (error || data.length !== count)
        throw error ?? new Error(`expected ${count} appointments, got ${data.length}`);
    };
    const appointmentsSql = () =>
      direct(
        `select coalesce(json_agg(_r), '[]'::json)::text as body from (
           select t0.*, (select row_to_json(_e) from (select t1.name from public.patients t1
                          where t1.id = t0.patient_id and t1.clinic_id = t0.clinic_id) _e) as patients
             from public.appointments t0
            where t0.clinic_id = $1 and t0.deleted = false and t0.appointment_time >= $2 and t0.appointment_time < $3
            order by t0.appointment_time) _r`,
        [clinicId, from, to],
      );

    const appointmentsRows = () =>
      directRows(
        `select t0.*, t1.name as patient_name
           from public.appointments t0 join public.patients t1 on t1.id = t0.patient_id and t1.clinic_id = t0.clinic_id
          where t0.clinic_id = $1 and t0.deleted = false and t0.appointment_time >= $2 and t0.appointment_time < $3
          order by t0.appointment_time`,
        [clinicId, from, to],
      );

    // The reference floor: a bare HTTP server answering the direct SQL's body, read with supabase-js.
    const floorServer = createHttpServer((req, res) => {
      const run = req.url?.startsWith('/rest/v1/patients') ? patientsSql : appointmentsSql;
      run().then(
        (body) => {
          res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Range': '0-0/*' });
          res.end(body);
        },
        () => {
          res.writeHead(500);
          res.end();
        },
      );
    });
    await new Promise<void>((resolve) => floorServer.listen(0, '127.0.0.1', resolve));
    const floor = createClient(
      `http://127.0.0.1:${(floorServer.address() as { port: number }).port}`,
      stack.config.anonKey,
      {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: ws as unknown as typeof WebSocket },
      },
    );

    try {
      const [patientsViaGateway, patientsDirect, patientsJson, patientsFloor] = await measureTogether([
        patientsQuery(admin),
        patientsRows,
        patientsSql,
        patientsQuery(floor),
      ]);
      const [appointmentsViaGateway, appointmentsDirect, appointmentsJson, appointmentsFloor] = await measureTogether([
        appointmentsQuery(admin),
        appointmentsRows,
        appointmentsSql,
        appointmentsQuery(floor),
      ]);

      console.log(`\n${SAMPLES} samples each after ${WARMUP} warm-up requests; database: ${db.kind}`);
      const row = (label: string, gateway: Timing, sql: Timing, json: Timing, bare: Timing) => {
        const ratio = gateway.p50 / sql.p50;
        console.log(
          `${label.padEnd(50)} gateway p50 ${format(gateway.p50)}, p95 ${format(gateway.p95)} | direct SQL (driver rows) p50 ${format(sql.p50)}, p95 ${format(sql.p95)}`,
        );
        console.log(
          `  reference: JSON built in SQL, read as text p50 ${format(json.p50)} (gateway ×${(gateway.p50 / json.p50).toFixed(2)}); bare HTTP server + that SQL p50 ${format(bare.p50)} (×${(bare.p50 / json.p50).toFixed(2)}); the gateway's own share ${format(gateway.p50 - bare.p50)}`,
        );
        record(label, { gateway, directSql: sql, jsonInSql: json, bareHttp: bare, unit: 'ms' });
        expectWithin(`${label}: gateway p50 / direct SQL p50`, ratio, MAX_GATEWAY_OVERHEAD, {
          shown: `×${ratio.toFixed(2)}`,
        });
      };
      row('patient list (1,000 patients)', patientsViaGateway!, patientsDirect!, patientsJson!, patientsFloor!);
      row(
        `month of appointments (${count} rows + patient embed)`,
        appointmentsViaGateway!,
        appointmentsDirect!,
        appointmentsJson!,
        appointmentsFloor!,
      );
    } finally {
      await new Promise((resolve) => floorServer.close(resolve));
    }
  } finally {
    await stack.stop();
  }
  writeResults('gateway', { samples: SAMPLES, warmup: WARMUP, database: stack.db.kind });
}

await main();
