/**
 * npm run bench — no request stalls the clinics. The stack runs as `npm start` runs it (PGlite in
 * its worker thread, demo data, the default bounds) in its own process. As dentist@demo.test, a
 * heavy read runs back to back for WINDOW_MS while this process reads `/config.json` and another
 * clinic's patient list (admin2@demo.test, Bright Teeth) every POLL_MS, one request at a time each:
 *  - phase 1, the finding's nested-embed read (payments → invoices → … seven levels): refused by
 *    the embed depth bound before it reaches the database;
 *  - phase 2, the heaviest read the bounds allow: 1,000 appointments (max rows) each with its
 *    patient and dentist (one level of embeds), about 0.9 MB, after EXTRA_APPOINTMENTS more
 *    appointments are added to the demo clinic so that the row cap is what bounds it.
 * Targets: p95 of each of the two reads < 200 ms in each phase; the stack's RSS back under 800 MB
 * within 30 s after phase 2.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiKeysFor, DEVELOPMENT_JWT_SECRET } from '../local/config.ts';
import { repoRoot } from '../scripts/build-if-stale.ts';
import {
  expectWithin,
  freePort,
  isReady,
  percentile,
  record,
  spawnStackProcess,
  summary,
  treeRss,
  writeResults,
} from './support/harness.ts';

const WINDOW_MS = Number(process.env.BENCH_BOUNDS_WINDOW_MS ?? 20_000);
const POLL_MS = 50;
const EXTRA_APPOINTMENTS = 1_500;
const P95_TARGET_MS = 200;
const RSS_TARGET_BYTES = 800 * 1024 * 1024;
const RSS_RECOVERY_MS = 30_000;
const NESTED_EMBED_READ =
  '/rest/v1/payments?select=*,invoices(*,payments(*,invoices(*,payments(*,patients(*,payments(*))))))';
const HEAVIEST_ALLOWED_READ = '/rest/v1/appointments?select=*,patients(*),dentists(*)&limit=1000';
const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function signIn(url: string, anonKey: string, email: string): Promise<string> {
  const response = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo1234!' }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function addAppointments(url: string, anonKey: string) {
  const serviceKey = apiKeysFor(DEVELOPMENT_JWT_SECRET).serviceRoleKey;
  const headers = { apikey: anonKey, authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json' };
  const read = async <T>(pathAndQuery: string) =>
    (await (await fetch(`${url}/rest/v1/${pathAndQuery}`, { headers })).json()) as T;
  const [clinic] = await read<{ id: number }[]>(`clinics?select=id&name=eq.Smile%20Dental`);
  const patients = await read<{ id: number }[]>(
    `patients?select=id&clinic_id=eq.${clinic!.id}&deleted=eq.false&limit=200`,
  );
  const dentists = await read<{ id: number }[]>(
    `dentists?select=id&clinic_id=eq.${clinic!.id}&is_active=eq.true&deleted=eq.false`,
  );
  const [procedure] = await read<{ name: string }[]>(`procedures?select=name&clinic_id=eq.${clinic!.id}&limit=1`);
  // Years back, on weekdays at 9:00 and 10:00 clinic time (01:00 and 02:00 UTC), each dentist
  // once an hour: clear of the demo data, of each other and of the lunch break.
  const rows: Record<string, unknown>[] = [];
  for (let day = Date.UTC(2010, 0, 4); rows.length < EXTRA_APPOINTMENTS; day += 86_400_000) {
    const weekday = new Date(day).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (const hour of [1, 2])
      for (const dentist of dentists)
        rows.push({
          clinic_id: clinic!.id,
          patient_id: patients[rows.length % patients.length]!.id,
          dentist_id: dentist.id,
          appointment_time: new Date(day + hour * 3_600_000).toISOString(),
          reason: procedure!.name,
          status: 'Completed',
        });
  }
  for (let i = 0; i < rows.length; i += 500) {
    const response = await fetch(`${url}/rest/v1/appointments`, {
      method: 'POST',
      headers,
      body: JSON.stringify(rows.slice(i, i + 500)),
    });
    if (!response.ok) throw new Error(`adding appointments: ${response.status} ${await response.text()}`);
  }
}

interface Phase {
  heavy: { count: number; statuses: Map<number, number>; ms: number[] };
  config: number[];
  list: number[];
}

async function runPhase(
  url: string,
  anonKey: string,
  heavyPath: string,
  dentist: string,
  otherAdmin: string,
  otherClinicId: number,
): Promise<Phase> {
  const phase: Phase = { heavy: { count: 0, statuses: new Map(), ms: [] }, config: [], list: [] };
  const until = performance.now() + WINDOW_MS;
  const auth = (token: string) => ({ apikey: anonKey, authorization: `Bearer ${token}` });
  const heavy = (async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const response = await fetch(`${url}${heavyPath}`, { headers: auth(dentist) });
      await response.arrayBuffer();
      phase.heavy.ms.push(performance.now() - started);
      phase.heavy.count += 1;
      phase.heavy.statuses.set(response.status, (phase.heavy.statuses.get(response.status) ?? 0) + 1);
    }
  })();
  const poll = async (into: number[], read: () => Promise<Response>) => {
    while (performance.now() < until) {
      const started = performance.now();
      const response = await read();
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`a poll answered ${response.status}`);
      into.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };
  await Promise.all([
    heavy,
    poll(phase.config, () => fetch(`${url}/config.json`)),
    poll(phase.list, () =>
      fetch(`${url}/rest/v1/patients?select=*&clinic_id=eq.${otherClinicId}&deleted=eq.false&order=name`, {
        headers: auth(otherAdmin),
      }),
    ),
  ]);
  return phase;
}

function report(label: string, phase: Phase) {
  const statuses = [...phase.heavy.statuses].map(([status, count]) => `${count}× ${status}`).join(', ');
  console.log(
    `${label}: ${phase.heavy.count} heavy reads (${statuses}; median ${percentile(phase.heavy.ms, 50).toFixed(0)} ms)`,
  );
  record(`${label}: heavy reads`, {
    ...summary(phase.heavy.ms),
    unit: 'ms',
    statuses: Object.fromEntries(phase.heavy.statuses),
  });
  for (const [name, samples] of [
    ['/config.json', phase.config],
    ["another clinic's patient list", phase.list],
  ] as const) {
    const stats = summary(samples);
    record(`${name} while ${label} runs`, { ...stats, unit: 'ms' });
    expectWithin(`bounds: ${name} p95 while ${label} runs`, stats.p95, P95_TARGET_MS, {
      comparison: '<',
      unit: 'ms',
      shown: `${stats.p95.toFixed(0)} ms (median ${stats.p50.toFixed(0)} ms, max ${stats.max.toFixed(0)} ms, ${stats.n} reads)`,
    });
  }
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ngiti-bench-bounds-'));
  const port = await freePort();
  const stack = spawnStackProcess(repoRoot, process.execPath, ['scripts/start.mjs'], port, {
    JWT_SECRET: DEVELOPMENT_JWT_SECRET,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
  });
  const pid = stack.child.pid!;
  try {
    const started = performance.now();
    while (!(await isReady(stack.url))) {
      if (stack.child.exitCode !== null) throw new Error(`the stack exited:\n${stack.output()}`);
      if (performance.now() - started > 300_000) throw new Error(`the stack did not start:\n${stack.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { anonKey } = (await (await fetch(`${stack.url}/config.json`)).json()) as { anonKey: string };
    await addAppointments(stack.url, anonKey);
    const dentist = await signIn(stack.url, anonKey, 'dentist@demo.test');
    const otherAdmin = await signIn(stack.url, anonKey, 'admin2@demo.test');
    const clinics = (await (
      await fetch(`${stack.url}/rest/v1/clinics?select=id&name=eq.Bright%20Teeth`, {
        headers: { apikey: anonKey, authorization: `Bearer ${otherAdmin}` },
      })
    ).json()) as { id: number }[];
    const otherClinicId = clinics[0]!.id;
    const idle = await treeRss(pid);
    record('stack RSS idle (bytes)', idle);
    console.log(`stack RSS idle: ${MB(idle)}`);

    report(
      'the nested-embed read',
      await runPhase(stack.url, anonKey, NESTED_EMBED_READ, dentist, otherAdmin, otherClinicId),
    );
    let peak = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await treeRss(pid));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    report(
      'the heaviest allowed read',
      await runPhase(stack.url, anonKey, HEAVIEST_ALLOWED_READ, dentist, otherAdmin, otherClinicId),
    );
    sampling = false;
    await sampler;
    const after = performance.now();
    let rss = await treeRss(pid);
    while (rss >= RSS_TARGET_BYTES && performance.now() - after < RSS_RECOVERY_MS) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      rss = await treeRss(pid);
    }
    const waited = (performance.now() - after) / 1000;
    record('stack RSS peak during the heaviest allowed read (bytes)', peak);
    record('seconds until RSS under the target', waited);
    expectWithin(`bounds: RSS within ${RSS_RECOVERY_MS / 1000} s after the heavy reads`, rss, RSS_TARGET_BYTES, {
      comparison: '<',
      unit: 'bytes',
      shown: `${MB(rss)} after ${waited.toFixed(1)} s (peak ${MB(peak)})`,
    });
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  writeResults('bounds', { windowMs: WINDOW_MS, pollMs: POLL_MS });
  process.exit(process.exitCode ?? 0);
}

await main();
