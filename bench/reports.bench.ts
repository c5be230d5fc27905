/**
 * npm run bench (reports part) — issue 17's scale targets for the Reports tab, through the real
 * HTTP API (the gateway's /rest/v1/rpc) as a signed-in receptionist, on a clinic with 50,000
 * appointments (20 dentists, two years of history) and 25,000 payments on 20,000 invoices:
 *  - the day sheet of a busy day (rpc day_sheet): p95 ≤ 300 ms;
 *  - the no-show insight for a year (rpc no_show_insight, 365 days): p95 ≤ 1 s.
 * Prints each target with its measured p50/p95 and PASS/FAIL, and exits 1 when one fails.
 * BENCH_REPORTS_DATABASE_URL=postgres://… runs it on a throwaway database of that PostgreSQL server.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { addDays, clinicToday, weekdayOf } from '../common/clinic-calendar/index.ts';
import type { Database } from '../local/db/database.ts';
import { startStack } from '../local/stack.ts';
import { createScratchDatabase } from '../tests/support/postgres.ts';

const APPOINTMENTS = 50_000;
const DENTISTS = 20;
const PATIENTS = 2_500;
/** Appointments i % 10 in 2..5 are billed: 20,000 invoices; payments per invoice 0, 1, 2, 2: 25,000. */
const INVOICES = 20_000;
const PAYMENTS = 25_000;
const SAMPLES = 30;
const DAY_SHEET_BUDGET_MS = 300;
const INSIGHT_BUDGET_MS = 1000;
const ZONE = 'Asia/Manila';

const EMAIL = 'bench-reports@bench.test';
const PASSWORD = 'Bench1234!';

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** One line per target: p50, p95, max and PASS/FAIL against the budget (p95). */
function verdict(label: string, samples: number[], budget: number): boolean {
  const p95 = percentile(samples, 95);
  const ok = p95 <= budget;
  console.log(
    `${ok ? 'PASS' : 'FAIL'}  ${label.padEnd(52)} p50 ${ms(percentile(samples, 50)).padStart(9)}, p95 ${ms(p95).padStart(9)}, max ${ms(Math.max(...samples)).padStart(9)}  target p95 ≤ ${budget} ms (n=${samples.length})`,
  );
  return ok;
}

/** The clinic, its receptionist and two years of appointments and billing, made with generate_series. */
async function seed(stack: { url: string; db: Database; serviceRoleKey: string }): Promise<number> {
  const { db } = stack;
  const clinicId = (
    await db.query<{ id: number }>(
      `insert into public.clinics (name, timezone) values ('Bench Reports Clinic', $1) returning id`,
      [ZONE],
    )
  ).rows[0]!.id;
  const service = createClient(stack.url, stack.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const created = await service.auth.admin.createUser({
    email: EMAIL,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: { name: 'Bench Receptionist' },
    app_metadata: { clinic_id: clinicId, role: 'receptionist' },
  });
  if (created.error) throw created.error;
  await db.query(
    `insert into public.patients (clinic_id, name, phone)
     select $1, 'Patient ' || i || ' Peña', '0917 555 ' || lpad(i::text, 4, '0') from generate_series(1, $2) i`,
    [clinicId, PATIENTS],
  );
  await db.query(
    `insert into public.dentists (clinic_id, name, email, phone)
     select $1, 'Dr. Bench ' || i, 'dentist' || i || '@bench.test', '1' from generate_series(1, $2) i`,
    [clinicId, DENTISTS],
  );
  // History as the service writes it: the booking triggers (clinic hours, change feed, audit) are
  // not what is measured, so they are off while seeding; the constraints still hold every row.
  await db.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`);
    // 80 appointments a day (4 per dentist, 40 minutes apart from 09:00), the newest today.
    await tx.query(
      `with d as (select array_agg(id order by id) ids from public.dentists where clinic_id = $1),
            p as (select array_agg(id order by id) ids from public.patients where clinic_id = $1)
       insert into public.appointments (clinic_id, patient_id, dentist_id, appointment_time, status, reason, updated_at)
       select $1, p.ids[1 + (i * 7919) % $3], d.ids[1 + i % $4], t.at,
              case when i % 10 = 0 then 'No Show' when i % 10 = 1 then 'Cancelled'
                   when i % 10 between 2 and 6 then 'Completed' when i % 10 = 7 then 'Confirmed' else 'Scheduled' end,
              'Cleaning',
              case when i % 10 = 1 then t.at - make_interval(hours => i % 72) else t.at end
         from generate_series(0, $2 - 1) i
         cross join d cross join p
         cross join lateral (
           select ((current_date - (i / 80)) + time '09:00' + make_interval(mins => ((i / $4) % 4) * 40))
                  at time zone $5 as at
         ) t`,
      [clinicId, APPOINTMENTS, PATIENTS, DENTISTS, ZONE],
    );
    await tx.query(
      `insert into public.invoices (clinic_id, patient_id, total, appointment_id, created_at)
       select a.clinic_id, a.patient_id, 500 + (a.id % 200) * 127.50, a.id, a.appointment_time + interval '30 minutes'
         from public.appointments a
        where a.clinic_id = $1 and a.id % 10 between 2 and 5`,
      [clinicId],
    );
    await tx.query(
      `with numbered as (
         select i.*, row_number() over (order by i.id) as n from public.invoices i where i.clinic_id = $1
       )
       insert into public.payments (clinic_id, invoice_id, patient_id, amount, method, reference_number, payment_date)
       select nb.clinic_id, nb.id, nb.patient_id,
              case when s.parts = 1 then nb.total when s.seq = 1 then round(nb.total / 3, 2)
                   else nb.total - round(nb.total / 3, 2) end,
              (array['cash', 'card', 'e-wallet', 'bank'])[1 + (nb.n + s.seq) % 4],
              case when (nb.n + s.seq) % 4 > 0 then 'REF-' || nb.n || '-' || s.seq end,
              nb.created_at + make_interval(mins => s.seq * 5)
         from numbered nb
         cross join lateral (
           select seq, (array[0, 1, 2, 2])[1 + nb.n % 4] as parts
             from generate_series(1, (array[0, 1, 2, 2])[1 + nb.n % 4]) seq
         ) s`,
      [clinicId],
    );
    await tx.query(
      `update public.payments set voided_at = payment_date + interval '1 hour', void_reason = 'Bench: keyed twice', voided_by = null
        where clinic_id = $1 and id % 50 = 0`,
      [clinicId],
    );
  });
  const counts = (
    await db.query<{ appointments: number; invoices: number; payments: number }>(
      `select (select count(*)::int from public.appointments where clinic_id = $1) as appointments,
              (select count(*)::int from public.invoices where clinic_id = $1) as invoices,
              (select count(*)::int from public.payments where clinic_id = $1) as payments`,
      [clinicId],
    )
  ).rows[0]!;
  if (counts.appointments !== APPOINTMENTS || counts.invoices !== INVOICES || counts.payments !== PAYMENTS)
    throw new Error(`seeded ${JSON.stringify(counts)}`);
  await db.exec(
    'analyze public.appointments; analyze public.invoices; analyze public.payments; analyze public.patients; analyze public.dentists;',
  );
  return clinicId;
}

async function main() {
  const serverUrl = process.env.BENCH_REPORTS_DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
  const dataDir = scratch ? undefined : await mkdtemp(path.join(tmpdir(), 'ngiti-bench-reports-'));
  const stack = await startStack({
    PORT: '0',
    ...(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir }),
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    REMINDER_SCHEDULER: 'off',
  });
  let ok = false;
  try {
    const seedStarted = performance.now();
    const clinicId = await seed({ url: stack.url, db: stack.db, serviceRoleKey: stack.config.serviceRoleKey });
    console.log(
      `\nReports, ${APPOINTMENTS.toLocaleString('en-US')} appointments and ${PAYMENTS.toLocaleString('en-US')} payments in one clinic, ${stack.db.kind} (seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s), over HTTP as a receptionist:`,
    );
    const client = createClient(stack.url, stack.config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as unknown as typeof WebSocket },
    });
    const signIn = await client.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
    if (signIn.error) throw signIn.error;

    const today = clinicToday(new Date(), ZONE);
    // A busy past day (not a Sunday): 80 appointments, about 40 payments.
    let busyDay = addDays(today, -10);
    if (weekdayOf(busyDay) === 0) busyDay = addDays(busyDay, -1);
    const timed = async (call: () => PromiseLike<{ error: unknown; data: unknown }>) => {
      const started = performance.now();
      const { error, data } = await call();
      const elapsed = performance.now() - started;
      if (error) throw new Error(`report failed: ${JSON.stringify(error)}`);
      return { elapsed, data };
    };

    const daySheet = () => client.rpc('day_sheet', { p_clinic_id: clinicId, p_day: busyDay });
    const first = (await timed(daySheet)).data as { appointments: unknown[]; payments: unknown[] };
    console.log(
      `      day sheet of ${busyDay}: ${first.appointments.length} appointments, ${first.payments.length} payments`,
    );
    const daySheetSamples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) daySheetSamples.push((await timed(daySheet)).elapsed);

    const insight = () =>
      client.rpc('no_show_insight', { p_clinic_id: clinicId, p_from: addDays(today, -364), p_to: today });
    const answer = (await timed(insight)).data as { overall: { booked: number } };
    console.log(`      no-show insight for a year: ${answer.overall.booked} appointments counted`);
    const insightSamples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) insightSamples.push((await timed(insight)).elapsed);

    const dayOk = verdict('day sheet (rpc day_sheet, one busy day)', daySheetSamples, DAY_SHEET_BUDGET_MS);
    const insightOk = verdict('no-show insight (rpc no_show_insight, 365 days)', insightSamples, INSIGHT_BUDGET_MS);
    ok = dayOk && insightOk;
  } finally {
    await stack.close();
    await scratch?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
  process.exit(ok ? 0 : 1);
}

await main();
