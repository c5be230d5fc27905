/**
 * npm run bench — automated-reminder throughput: 10,000 reminders due today in one clinic, sent by
 * the notification service's scheduler through its real Messenger client to the local stack's Meta
 * stand-in with a Send API rate limit set on it (Meta's error 613 beyond it). Runs on the embedded
 * database (PGlite), and also on a scratch database of a real PostgreSQL server when
 * TEST_DATABASE_URL is set. Prints reminders/s and the total time and writes
 * bench/results/reminders.json; it has no budget, so nothing here fails a build.
 *
 * BENCH_REMINDERS (default 10000), BENCH_RATE_LIMIT (messages/s, default 200; 0 = none).
 */
import { randomUUID } from 'node:crypto';
import { addDays, clinicToday, weekdayOf } from '@common/clinic-calendar';
import { DEMO_PAGES } from '../local/meta/state.ts';
import { createReminderScheduler } from '../server/reminders/scheduler.ts';
import { record, startBenchStack, writeResults } from './support/harness.ts';

const REMINDERS = Number(process.env.BENCH_REMINDERS ?? 10_000);
const RATE_LIMIT = Number(process.env.BENCH_RATE_LIMIT ?? 200);
// 20 bookable 20-minute slots a day per dentist (09:00–11:40, 13:00–16:20).
const SLOTS_PER_DENTIST = 20;

/** Days from the clinic's today to the next day the clinic is open (not Sunday). */
function bookableDaysAhead(now: Date, timeZone: string): { daysAhead: number; date: string } {
  const today = clinicToday(now, timeZone);
  for (let daysAhead = 1; ; daysAhead++) {
    const date = addDays(today, daysAhead);
    if (weekdayOf(date) !== 0) return { daysAhead, date };
  }
}

async function run(target: 'pglite' | 'postgres') {
  const stack = await startBenchStack(
    target === 'postgres' ? { postgresServerUrl: process.env.TEST_DATABASE_URL! } : {},
  );
  try {
    const page = DEMO_PAGES[0]!;
    const { rows } = await stack.db.query<{ id: number }>(
      `insert into public.clinics (name, reminder_time, messenger_page_id, fb_page_id)
       values ($1, '00:00', $2, $2) returning id::integer as id`,
      [`Bench Dental ${randomUUID().slice(0, 8)}`, page.id],
    );
    const clinicId = rows[0]!.id;
    await stack.db.query('insert into public.clinic_secrets (clinic_id, fb_page_access_token) values ($1, $2)', [
      clinicId,
      page.accessToken,
    ]);
    const { daysAhead, date } = bookableDaysAhead(new Date(), 'Asia/Manila');
    const setupStarted = performance.now();
    await stack.db.query(
      `insert into public.dentists (clinic_id, name, email, phone)
       select $1, 'Dr. Bench ' || g, 'bench' || g || '@example.test', '+63 917 000 0000'
         from generate_series(1, ceil($2::numeric / $3)::int) g`,
      [clinicId, REMINDERS, SLOTS_PER_DENTIST],
    );
    await stack.db.query(
      `insert into public.patients (clinic_id, name, phone, messenger_id)
       select $1, 'Bench Patient ' || g, '+63 918 000 0000', 'psid-bench-' || g from generate_series(1, $2::int) g`,
      [clinicId, REMINDERS],
    );
    await stack.db.query(
      `with d as (select id, row_number() over (order by id) - 1 as n from public.dentists where clinic_id = $1),
            p as (select id, row_number() over (order by id) - 1 as n from public.patients where clinic_id = $1)
       insert into public.appointments (clinic_id, dentist_id, patient_id, appointment_time, reminder_days)
       select $1, d.id, p.id,
              ($2::date + make_interval(mins => case when p.n % $3 < 9 then 540 + 20 * (p.n % $3)::int
                                                     else 780 + 20 * (p.n % $3 - 9)::int end))
                at time zone 'Asia/Manila',
              array[$4::int]
         from p join d on d.n = p.n / $3`,
      [clinicId, date, SLOTS_PER_DENTIST, daysAhead],
    );
    console.log(
      `[${target}] set up ${REMINDERS} due reminders in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
    );

    const limit = await fetch(`${stack.url}/_dev/messenger/rate-limit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ perSecond: RATE_LIMIT > 0 ? RATE_LIMIT : null }),
    });
    if (!limit.ok) throw new Error(`could not set the stand-in's rate limit: ${limit.status}`);

    const scheduler = createReminderScheduler(stack.service.deps);
    const started = performance.now();
    const report = await scheduler.runOnce();
    const seconds = (performance.now() - started) / 1000;
    const delivered = stack.metaStandIn.state.messages.length;

    const { rows: outcomes } = await stack.db.query<{ outcome: string; count: number }>(
      'select outcome, count(*)::int as count from public.appointment_reminders where clinic_id = $1 group by outcome',
      [clinicId],
    );
    console.log(
      `[${target}] reminders: ${REMINDERS} due, stand-in rate limit ${RATE_LIMIT > 0 ? `${RATE_LIMIT}/s` : 'none'}`,
    );
    console.log(`  sent ${report.sent}, failed ${report.failed}, left for later ${report.skipped}`);
    console.log(
      `  delivered to the stand-in: ${delivered}; log: ${outcomes.map((o) => `${o.outcome} ${o.count}`).join(', ')}`,
    );
    console.log(`  total ${seconds.toFixed(1)} s, ${(report.sent / seconds).toFixed(0)} reminders/s`);
    record(target, {
      due: REMINDERS,
      sent: report.sent,
      failed: report.failed,
      skipped: report.skipped,
      delivered,
      seconds,
      remindersPerSecond: report.sent / seconds,
    });
  } finally {
    await stack.stop();
  }
}

await run('pglite');
if (process.env.TEST_DATABASE_URL) await run('postgres');
else console.log('(TEST_DATABASE_URL is not set: the PostgreSQL run was skipped)');
writeResults('reminders', { rateLimitPerSecond: RATE_LIMIT });
