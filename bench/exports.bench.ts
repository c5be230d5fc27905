/**
 * npm run bench (exports part) — GET /api/exports/appointments.csv for a clinic with 50,000
 * appointments in one year (the target: "exports of 50,000 rows stream without loading them all in
 * memory"), over HTTP against a fresh local stack, the client reading and discarding the chunks:
 *  - the time from the request to the last byte, and to the first byte;
 *  - the peak growth of the process's resident memory while the file streams (the stack, its
 *    database and the client all run in this process, so it bounds the service's share).
 * Prints each target with its measured value and PASS/FAIL, writes bench/results/exports.json and
 * exits 1 when one fails.
 * BENCH_EXPORTS_DATABASE_URL=postgres://… runs it on a throwaway database of that PostgreSQL server.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { appointmentPager } from '../server/exports/export-store.ts';
import {
  expectThat,
  expectWithin,
  insertClinic,
  record,
  startBenchStack,
  summary,
  writeResults,
} from './support/harness.ts';
import { seedAppointments, seedDentists } from './support/seed.ts';

const APPOINTMENTS = 50_000;
const DENTISTS = 8;
const PATIENTS = 600;
const SAMPLES = Number(process.env.BENCH_EXPORTS_SAMPLES ?? 3);
const TIME_BUDGET_MS = 15_000;
const RSS_BUDGET_MB = 128;

async function main() {
  const serverUrl = process.env.BENCH_EXPORTS_DATABASE_URL;
  const stack = await startBenchStack(serverUrl ? { postgresServerUrl: serverUrl } : {});
  try {
    const { db } = stack;
    const seedStarted = performance.now();
    const clinicId = await insertClinic(stack, 'Bench Exports');
    await seedDentists(db, clinicId, {
      count: DENTISTS,
      emailPrefix: 'bench.dentist.',
      phone: '+63 917 000 0000',
    });
    await db.query(
      `insert into public.patients (clinic_id, name, phone, messenger_id)
       select $1, 'Pasyente Ñoño ' || i, '+63 917 ' || lpad(i::text, 7, '0'),
              case when i % 4 = 0 then null else (2400000000000000 + i)::text end
         from generate_series(1, $2) i`,
      [clinicId, PATIENTS],
    );
    // 2027's working slots × the dentists, in time order.
    await seedAppointments(db, clinicId, {
      count: APPOINTMENTS,
      patients: PATIENTS,
      period: { from: '2027-01-01', to: '2027-12-31' },
      reasons: ['Dental Consultation', 'Composite Filling — Notes: upper left, "sensitive"', 'Braces Adjustment'],
      statuses: ['Scheduled', 'Confirmed', 'Completed', 'No Show'],
      guardians: false,
    });
    const userId = randomUUID();
    await db.query(
      `insert into auth.users (id, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
       values ($1, 'bench-exports@bench.test', now(), $2, '{"name":"Bench Receptionist"}')`,
      [userId, JSON.stringify({ provider: 'email', providers: ['email'], clinic_id: clinicId, role: 'receptionist' })],
    );
    const token = await new SignJWT({ sub: userId, role: 'authenticated', email: 'bench-exports@bench.test' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(stack.config.jwtSecret));
    console.log(
      `\nAppointments export, ${APPOINTMENTS.toLocaleString('en-US')} appointments in 2027, ${db.kind} (seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s):`,
    );

    // The database's share: every page read straight from the store, as the receptionist.
    const caller = { userId, email: 'bench-exports@bench.test', role: 'receptionist' as const, clinicId };
    const period = { from: '2026-12-31T16:00:00.000Z', to: '2027-12-31T16:00:00.000Z', dentistId: null };
    const pager = appointmentPager(
      stack.service.deps.db,
      caller,
      { id: clinicId, name: 'Bench Exports', timeZone: 'Asia/Manila' },
      period,
    );
    const pages: number[] = [];
    for (;;) {
      const pageStarted = performance.now();
      const rows = await pager.next();
      pages.push(performance.now() - pageStarted);
      if (rows.length === 0) break;
    }
    const pageStats = summary(pages);
    record('database page reads of 1,000 rows', { ...pageStats, unit: 'ms' });
    console.log(
      `  database: ${pages.length} page reads of 1,000 rows, ${(pages.reduce((a, b) => a + b, 0) / 1000).toFixed(2)} s in all (median ${pageStats.p50.toFixed(0)} ms, worst ${pageStats.max.toFixed(0)} ms)`,
    );

    const url = new URL(`${stack.url}/api/exports/appointments.csv`);
    url.searchParams.set('clinicId', String(clinicId));
    url.searchParams.set('from', period.from);
    url.searchParams.set('to', period.to);
    const totals: number[] = [];
    const firstBytes: number[] = [];
    const rssDeltas: number[] = [];
    for (let sample = 0; sample < SAMPLES; sample++) {
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const probe = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 5);
      const started = performance.now();
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      if (response.status !== 200) throw new Error(`the export answered ${response.status}: ${await response.text()}`);
      const reader = response.body!.getReader();
      let bytes = 0;
      let lines = 0;
      let firstByte = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (bytes === 0) firstByte = performance.now() - started;
        bytes += value.byteLength;
        for (const byte of value) if (byte === 0x0a) lines += 1;
      }
      const total = performance.now() - started;
      clearInterval(probe);
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      if (lines !== APPOINTMENTS + 1) throw new Error(`the file has ${lines} lines, not ${APPOINTMENTS + 1}`);
      totals.push(total);
      firstBytes.push(firstByte);
      rssDeltas.push((rssPeak - rssBefore) / 1024 / 1024);
      console.log(
        `  sample ${sample + 1}: ${(bytes / 1024 / 1024).toFixed(1)} MB in ${total.toFixed(0)} ms (first byte ${firstByte.toFixed(0)} ms), peak RSS +${((rssPeak - rssBefore) / 1024 / 1024).toFixed(1)} MB`,
      );
    }
    const worstTotal = Math.max(...totals);
    const worstRss = Math.max(...rssDeltas);
    record('export total ms', totals);
    record('export first byte ms', firstBytes);
    record('export peak RSS growth MB', rssDeltas);
    expectWithin(`50,000-row export (worst of ${SAMPLES})`, worstTotal, TIME_BUDGET_MS, {
      unit: 'ms',
      shown: `${(worstTotal / 1000).toFixed(2)} s`,
    });
    expectWithin(`peak RSS growth (worst of ${SAMPLES})`, worstRss, RSS_BUDGET_MB, { unit: 'MB' });
    expectThat(
      'first byte before half the export',
      firstBytes.every((first, index) => first < totals[index]! / 2),
      `${Math.max(...firstBytes).toFixed(0)} ms of ${worstTotal.toFixed(0)} ms`,
    );
  } finally {
    await stack.stop();
  }
  writeResults('exports', { appointments: APPOINTMENTS, database: stack.db.kind });
  process.exit(process.exitCode ?? 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
