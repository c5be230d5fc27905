/**
 * npm run bench (reports part) — the Reports tab's scale targets, through the real
 * HTTP API (the gateway's /rest/v1/rpc) as a signed-in receptionist, on a clinic with 50,000
 * appointments (20 dentists, two years of history) and 25,000 payments on 20,000 invoices:
 *  - the day sheet of a busy day (rpc day_sheet): p95 ≤ 300 ms;
 *  - the no-show insight for a year (rpc no_show_insight, 365 days): p95 ≤ 1 s.
 * Prints each target with its measured p50/p95 and PASS/FAIL, writes bench/results/reports.json, and
 * exits 1 when one fails.
 * BENCH_REPORTS_DATABASE_URL=postgres://… runs it on a throwaway database of that PostgreSQL server.
 */
import { addDays, clinicToday, weekdayOf } from '../common/clinic-calendar/index.ts';
import {
  BENCH_PASSWORD,
  createStaffUser,
  insertClinic,
  reportSamples,
  startBenchStack,
  writeResults,
  type BenchStack,
} from './support/harness.ts';
import { seedDentists, voidEvery50thPayment } from './support/seed.ts';

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

/** The clinic, its receptionist and two years of appointments and billing, made with generate_series. */
async function seed(stack: BenchStack): Promise<number> {
  const { db } = stack;
  const clinicId = await insertClinic(stack, 'Bench Reports Clinic', ZONE);
  await createStaffUser(stack, { email: EMAIL, clinicId, role: 'receptionist', name: 'Bench Receptionist' });
  await db.query(
    `insert into public.patients (clinic_id, name, phone)
     select $1, 'Patient ' || i || ' Peña', '0917 555 ' || lpad(i::text, 4, '0') from generate_series(1, $2) i`,
    [clinicId, PATIENTS],
  );
  await seedDentists(db, clinicId, { count: DENTISTS });
  // History as the service writes it: the booking triggers (clinic hours, change feed, audit) are
  // not what is measured, so they are off while seeding; the constraints still hold every row.
  await db.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`);
    // 80 appointments a day (4 per dentist, 40 minutes apart from 09:00), the newest today; a
    // Cancelled one was cancelled at its last change, up to 3 days before its time.
    await tx.query(
      `with d as (select array_agg(id order by id) ids from public.dentists where clinic_id = $1),
            p as (select array_agg(id order by id) ids from public.patients where clinic_id = $1)
       insert into public.appointments (clinic_id, patient_id, dentist_id, appointment_time, status, reason, updated_at, cancelled_at)
       select $1, p.ids[1 + (i * 7919) % $3], d.ids[1 + i % $4], t.at,
              case when i % 10 = 0 then 'No Show' when i % 10 = 1 then 'Cancelled'
                   when i % 10 between 2 and 6 then 'Completed' when i % 10 = 7 then 'Confirmed' else 'Scheduled' end::public.appointment_status,
              'Cleaning',
              case when i % 10 = 1 then t.at - make_interval(hours => i % 72) else t.at end,
              case when i % 10 = 1 then t.at - make_interval(hours => i % 72) end
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
    // With the receipt numbers 1, 2, … in id order and the clinic's counter at the last, as the
    // numbering trigger (off with the others) would have given them.
    await tx.query(
      `with numbered as (
         select i.*, row_number() over (order by i.id) as n from public.invoices i where i.clinic_id = $1
       )
       insert into public.payments (clinic_id, invoice_id, patient_id, amount, method, reference_number, payment_date, receipt_number)
       select nb.clinic_id, nb.id, nb.patient_id,
              case when s.parts = 1 then nb.total when s.seq = 1 then round(nb.total / 3, 2)
                   else nb.total - round(nb.total / 3, 2) end,
              (array['cash', 'card', 'e-wallet', 'bank'])[1 + (nb.n + s.seq) % 4]::public.payment_method,
              case when (nb.n + s.seq) % 4 > 0 then 'REF-' || nb.n || '-' || s.seq end,
              nb.created_at + make_interval(mins => s.seq * 5),
              row_number() over (order by nb.id, s.seq)
         from numbered nb
         cross join lateral (
           select seq, (array[0, 1, 2, 2])[1 + nb.n % 4] as parts
             from generate_series(1, (array[0, 1, 2, 2])[1 + nb.n % 4]) seq
         ) s`,
      [clinicId],
    );
    await tx.query(
      `insert into private.receipt_counters (clinic_id, last_number)
       select $1, max(receipt_number) from public.payments where clinic_id = $1`,
      [clinicId],
    );
    await voidEvery50thPayment(tx, clinicId);
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
  const stack = await startBenchStack(serverUrl ? { postgresServerUrl: serverUrl } : {});
  try {
    const seedStarted = performance.now();
    const clinicId = await seed(stack);
    console.log(
      `\nReports, ${APPOINTMENTS.toLocaleString('en-US')} appointments and ${PAYMENTS.toLocaleString('en-US')} payments in one clinic, ${stack.db.kind} (seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s), over HTTP as a receptionist:`,
    );
    const client = await stack.signedIn(EMAIL, BENCH_PASSWORD);

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

    const daySheet = () => client.rpc('day_sheet', { p_clinic_id: clinicId, p_from: busyDay, p_to: busyDay });
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

    reportSamples('day sheet (rpc day_sheet, one busy day)', daySheetSamples, DAY_SHEET_BUDGET_MS);
    reportSamples('no-show insight (rpc no_show_insight, 365 days)', insightSamples, INSIGHT_BUDGET_MS);
  } finally {
    await stack.stop();
  }
  writeResults('reports', { appointments: APPOINTMENTS, payments: PAYMENTS, database: stack.db.kind });
  process.exit(process.exitCode ?? 0);
}

await main();
