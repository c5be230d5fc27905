/**
 * npm run bench — memory of the local stack. The stack runs as `npm start` runs
 * it (`node scripts/start.mjs`: PGlite, demo data) in its own process; the load comes from this process
 * over loopback, so only the stack's process tree is measured (RSS from /proc, every 100 ms):
 *  - idle: after a warm-up (5 clients, one round each: the code paths are compiled, the pools
 *    open) and a settle of SETTLE_MS, the median of a few samples;
 *  - load: CLIENTS concurrent clients, each with its own account: sign in (supabase-js), a socket.io
 *    live-update socket held for the whole run, then ROUNDS rounds of — a month of appointments
 *    with patient and dentist embeds, the patient list, a new patient and an edit of it, a booking
 *    of that patient, a service call (the CSV export or a status notice), a signed Messenger webhook
 *    post. Bounded: CLIENTS × ROUNDS rounds, and the whole load must finish within LOAD_TIMEOUT_MS.
 *  - after: sockets closed, the RSS sampled until it is back within 10% + 16 MB of idle, for at
 *    most RECOVERY_MS (V8 and PGlite's WASM heap give memory back lazily: the bench waits, it
 *    does not force a GC).
 * Targets: peak < 700 MB; back to idle ("within 10% + 16 MB") within RECOVERY_MS after the load.
 * One loopback address stands for 50 clinics' browsers, so the per-IP rate limits of auth and
 * the service are raised for the run (AUTH_RATE_LIMIT_PER_IP, RATE_LIMIT_PER_MINUTE).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { io as connect, type Socket } from 'socket.io-client';
import ws from 'ws';
import { apiKeysFor, DEVELOPMENT_JWT_SECRET, LOCAL_META_APP } from '../local/config.ts';
import { repoRoot } from '../scripts/build-if-stale.ts';
import {
  expectThat,
  expectWithin,
  freePort,
  isReady,
  record,
  spawnStackProcess,
  treeRss,
  writeResults,
  type StackProcess,
} from './support/harness.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const MAX_PEAK_BYTES = 700 * 1024 * 1024;
const RETURN_RATIO = 1.1;
const RETURN_SLACK_BYTES = 16 * 1024 * 1024;
const SETTLE_MS = 5_000;
const RECOVERY_MS = 60_000;
const LOAD_TIMEOUT_MS = 300_000;
const PAGE_ID = '1000000000000001';
const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: ws as unknown as typeof WebSocket },
};

interface Setup {
  url: string;
  anonKey: string;
  clinicId: number;
  dentistIds: number[];
  /** A procedure of the clinic's price list (a booking's reason must name one). */
  procedure: string;
  accounts: { email: string; password: string }[];
}

/** Samples the tree's RSS every 100 ms until stopped: the peak and the last value. */
function sampler(pid: number) {
  let peak = 0;
  let last = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      last = await treeRss(pid);
      peak = Math.max(peak, last);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    get peak() {
      return peak;
    },
    get last() {
      return last;
    },
    async stop() {
      running = false;
      await done;
    },
  };
}

async function median(pid: number, samples = 5): Promise<number> {
  const values: number[] = [];
  for (let i = 0; i < samples; i++) {
    values.push(await treeRss(pid));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

async function setUp(url: string): Promise<Setup> {
  const config = (await (await fetch(`${url}/config.json`)).json()) as { anonKey: string };
  // The stack runs with the development JWT secret (no JWT_SECRET is passed to it).
  const service = createClient(url, apiKeysFor(DEVELOPMENT_JWT_SECRET).serviceRoleKey, clientOptions);
  const clinic = await service.from('clinics').select('id').eq('name', 'Smile Dental').single();
  if (clinic.error) throw clinic.error;
  const dentists = await service
    .from('dentists')
    .select('id')
    .eq('clinic_id', clinic.data.id)
    .eq('deleted', false)
    .eq('is_active', true);
  if (dentists.error || dentists.data.length === 0) throw dentists.error ?? new Error('no dentist in the demo data');
  const procedure = await service.from('procedures').select('name').eq('clinic_id', clinic.data.id).limit(1).single();
  if (procedure.error) throw procedure.error;
  const accounts: Setup['accounts'] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const account = { email: `load-${i}-${randomUUID().slice(0, 6)}@bench.test`, password: `Load-${randomUUID()}` };
    const created = await service.auth.admin.createUser({
      email: account.email,
      password: account.password,
      email_confirm: true,
      user_metadata: { name: `Load Client ${i}` },
      app_metadata: { clinic_id: clinic.data.id, role: 'receptionist' },
    });
    if (created.error) throw created.error;
    accounts.push(account);
  }
  return {
    url,
    anonKey: config.anonKey,
    clinicId: clinic.data.id,
    dentistIds: dentists.data.map((d) => d.id as number),
    procedure: procedure.data.name as string,
    accounts,
  };
}

const errors = new Map<string, { count: number; example: string }>();
let requests = 0;
/** A connection reset or refused by the loaded machine (not an answer of the stack). */
const isTransportFailure = (error: unknown) =>
  /fetch failed|ECONNRESET|socket hang up/i.test(error instanceof Error ? error.message : JSON.stringify(error));
function recordError(kind: string, error: unknown) {
  if (isTransportFailure(error)) kind = `${kind} (connection reset)`;
  const entry = errors.get(kind) ?? { count: 0, example: '' };
  entry.count += 1;
  entry.example ||= error instanceof Error ? error.message : JSON.stringify(error);
  errors.set(kind, entry);
}
async function step(kind: string, run: () => Promise<unknown>) {
  requests += 1;
  try {
    await run();
  } catch (error) {
    recordError(kind, error);
  }
}
const check = <T extends { error: unknown }>(result: T): T => {
  if (result.error) throw result.error;
  return result;
};

function signedWebhook(psid: string, text: string) {
  const body = JSON.stringify({
    object: 'page',
    entry: [
      {
        id: PAGE_ID,
        time: Date.now(),
        messaging: [
          {
            sender: { id: psid },
            recipient: { id: PAGE_ID },
            timestamp: Date.now(),
            message: { mid: `m_${randomUUID()}`, text },
          },
        ],
      },
    ],
  });
  const signature = `sha256=${createHmac('sha256', LOCAL_META_APP.appSecret).update(body).digest('hex')}`;
  return { body, signature };
}

/**
 * The n-th 20-minute slot of the clinic's week next year (Smile Dental: Asia/Manila, UTC+8, open
 * Monday–Saturday 09:00–18:00 with lunch 12:00–13:00): a slot of its own per client and round.
 */
function slotTime(n: number): Date {
  const year = new Date().getUTCFullYear() + 1;
  const firstMonday = new Date(Date.UTC(year, 0, 1));
  while (firstMonday.getUTCDay() !== 1) firstMonday.setUTCDate(firstMonday.getUTCDate() + 1);
  const day = Math.floor(n / 24);
  const slot = n % 24;
  const date = firstMonday.getTime() + (Math.floor(day / 6) * 7 + (day % 6)) * 86_400_000;
  const minutesAfterNine = slot < 9 ? slot * 20 : 240 + (slot - 9) * 20;
  // 09:00 in Manila is 01:00 UTC.
  return new Date(date + (60 + minutesAfterNine) * 60_000);
}

/** One client: its own account, a socket for the whole run, ROUNDS rounds of mixed work. */
async function runClient(setup: Setup, index: number, rounds: number, firstSlot = 0): Promise<void> {
  const client: SupabaseClient = createClient(setup.url, setup.anonKey, clientOptions);
  const account = setup.accounts[index % setup.accounts.length]!;
  const signIn = await client.auth.signInWithPassword(account);
  if (signIn.error) {
    recordError('sign-in', signIn.error);
    return;
  }
  const token = signIn.data.session.access_token;
  const auth = { authorization: `Bearer ${token}` };
  let socket: Socket | undefined;
  try {
    socket = connect(setup.url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      auth: { token, clinicId: setup.clinicId },
    });
    const live = socket;
    await new Promise<void>((resolve, reject) => {
      live.once('connect', () => resolve());
      live.once('connect_error', reject);
    }).catch((error: unknown) => recordError('socket', error));

    const from = new Date();
    const to = new Date(from.getTime() + 31 * 86_400_000);
    for (let round = 0; round < rounds; round++) {
      await step('list appointments', async () =>
        check(
          await client
            .from('appointments')
            .select('*, patients(name, phone), dentists(name)')
            .eq('clinic_id', setup.clinicId)
            .eq('deleted', false)
            .gte('appointment_time', from.toISOString())
            .lt('appointment_time', to.toISOString())
            .order('appointment_time'),
        ),
      );
      await step('list patients', async () =>
        check(
          await client
            .from('patients')
            .select('*')
            .eq('clinic_id', setup.clinicId)
            .eq('deleted', false)
            .order('name')
            .limit(500),
        ),
      );
      let patientId: number | undefined;
      await step('add patient', async () => {
        const { data } = check(
          await client
            .from('patients')
            .insert({
              clinic_id: setup.clinicId,
              name: `Load ${index}-${round} ${randomUUID().slice(0, 6)}`,
              phone: '+639170000000',
            })
            .select('id')
            .single(),
        );
        patientId = data!.id as number;
      });
      if (patientId !== undefined) {
        await step('edit patient', async () =>
          check(
            await client
              .from('patients')
              .update({ phone: `+63917${String(index * 100 + round).padStart(7, '0')}` })
              .eq('id', patientId!),
          ),
        );
        let appointmentId: number | undefined;
        await step('book', async () => {
          const at = slotTime(firstSlot + index * rounds + round);
          const { data } = check(
            await client
              .from('appointments')
              .insert({
                clinic_id: setup.clinicId,
                dentist_id: setup.dentistIds[index % setup.dentistIds.length],
                patient_id: patientId,
                appointment_time: at.toISOString(),
                reason: setup.procedure,
              })
              .select('id')
              .single(),
          );
          appointmentId = data!.id as number;
        });
        await step(round % 2 === 0 ? 'service: CSV export' : 'service: status notice', async () => {
          const response =
            round % 2 === 0 || appointmentId === undefined
              ? await fetch(`${setup.url}/api/exports/patients.csv?clinicId=${setup.clinicId}`, { headers: auth })
              : await fetch(`${setup.url}/status-notifications/${appointmentId}`, {
                  method: 'POST',
                  headers: { ...auth, 'content-type': 'application/json' },
                  body: JSON.stringify({ clinic_id: setup.clinicId, status: 'Confirmed' }),
                });
          await response.arrayBuffer();
          if (response.status >= 500 || response.status === 429) throw new Error(`HTTP ${response.status}`);
        });
      }
      await step('webhook', async () => {
        const { body, signature } = signedWebhook(
          `load-psid-${index}`,
          `Hello from load client ${index}, round ${round}`,
        );
        const response = await fetch(`${setup.url}/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
          body,
        });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
      });
    }
  } finally {
    socket?.disconnect();
    await client.auth.signOut().catch(() => undefined);
  }
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ngiti-bench-memory-'));
  const port = await freePort();
  const stack: StackProcess = spawnStackProcess(repoRoot, process.execPath, ['scripts/start.mjs'], port, {
    JWT_SECRET: DEVELOPMENT_JWT_SECRET,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    RATE_LIMIT_PER_MINUTE: '100000',
    REMINDER_RATE_LIMIT_PER_MINUTE: '10000',
  });
  const pid = stack.child.pid!;
  try {
    const started = performance.now();
    while (!(await isReady(stack.url))) {
      if (stack.child.exitCode !== null) throw new Error(`the stack exited:\n${stack.output()}`);
      if (performance.now() - started > 300_000) throw new Error(`the stack did not start:\n${stack.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const setup = await setUp(stack.url);
    const fresh = await median(pid);
    await Promise.all(Array.from({ length: 5 }, (_, i) => runClient(setup, i, 1, CLIENTS * ROUNDS)));
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const idle = await median(pid);
    console.log(`stack RSS: ${MB(fresh)} after start and setup, ${MB(idle)} idle after a warm-up of 5 clients`);
    record('stack RSS after start and setup (bytes)', fresh);
    record('stack RSS idle after a warm-up (bytes)', idle);

    errors.clear();
    requests = 0;
    const samples = sampler(pid);
    const loadStarted = performance.now();
    const load = Promise.all(Array.from({ length: CLIENTS }, (_, i) => runClient(setup, i, ROUNDS)));
    const outcome = await Promise.race([
      load.then(() => 'done' as const),
      new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), LOAD_TIMEOUT_MS)),
    ]);
    const loadMs = performance.now() - loadStarted;
    await samples.stop();
    const operations = CLIENTS * ROUNDS;
    console.log(
      `load: ${CLIENTS} clients × ${ROUNDS} rounds (${operations} rounds of 7–8 requests, ${CLIENTS} sockets) in ${(loadMs / 1000).toFixed(1)} s${outcome === 'timeout' ? ' — TIMED OUT' : ''}`,
    );
    for (const [kind, { count, example }] of errors) console.log(`  errors: ${kind} × ${count} (e.g. ${example})`);
    const count = (transport: boolean) =>
      [...errors]
        .filter(([kind]) => kind.endsWith('(connection reset)') === transport)
        .reduce((n, [, e]) => n + e.count, 0);
    const refused = count(false);
    const resets = count(true);
    // Every answer must be right; a few connections reset by an overloaded machine are tolerated (≤ 1%).
    record('load', { clients: CLIENTS, rounds: ROUNDS, seconds: loadMs / 1000, requests, errors: refused, resets });
    expectThat(
      `memory: ${CLIENTS}-client mixed load answered (no error answer, connection resets ≤ 1%)`,
      outcome === 'done' && refused === 0 && resets <= requests / 100,
      `${refused} errors, ${resets} resets of ${requests} requests`,
    );
    expectWithin('memory: stack RSS peak under load', samples.peak, MAX_PEAK_BYTES, {
      comparison: '<',
      unit: 'bytes',
      shown: MB(samples.peak),
    });

    const limit = idle * RETURN_RATIO + RETURN_SLACK_BYTES;
    const after = performance.now();
    let current = await treeRss(pid);
    while (current > limit && performance.now() - after < RECOVERY_MS) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      current = await treeRss(pid);
    }
    const waited = performance.now() - after;
    console.log(
      `after the load: ${MB(current)} after ${(waited / 1000).toFixed(1)} s (idle ${MB(idle)}, limit ${MB(limit)})`,
    );
    record('seconds back to idle', waited / 1000);
    expectWithin(
      `memory: back to idle (≤ idle × ${RETURN_RATIO} + ${MB(RETURN_SLACK_BYTES)}) within ${RECOVERY_MS / 1000} s of the load`,
      current,
      limit,
      { unit: 'bytes', shown: `${MB(current)} vs idle ${MB(idle)}` },
    );
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  writeResults('memory');
}

await main();
