/**
 * Helpers for the notification service's integration tests: the demo staff's access tokens, the
 * demo clinics, a clinic connected to a Facebook page, messages patients received at the Meta
 * stand-in and its simulated faults, hand-signed JWTs and webhook bodies, and a service
 * configuration for instances a test builds itself.
 */
import { createHmac, randomInt, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import type { Queryable } from '../../local/db/database.ts';
import { DEMO_PAGES, type SimulatedFault, type StandInPage } from '../../local/meta/state.ts';
import { createApp } from '../../server/app.ts';
import type { ServiceConfig } from '../../server/config.ts';
import type { Clock, Messenger, ServiceDatabase, ServiceDeps } from '../../server/contracts.ts';
import { clinicTime, clinicWorkday } from './clinic-time.ts';
import { insertRow, type DatabaseTarget } from './database.ts';
import { startTestStack, testLogger, type TestStack } from './stack.ts';

/** The seed's staff accounts (password Demo1234!). */
export const DEMO = {
  superadmin: 'superadmin@demo.test',
  admin: 'admin@demo.test',
  reception: 'reception@demo.test',
  dentist: 'dentist@demo.test',
  admin2: 'admin2@demo.test',
} as const;

/** The stand-in's demo page that Smile Dental is connected to. */
export const SMILE_DENTAL_PAGE = DEMO_PAGES[0]!;

/** Signs in through the stack's auth and returns the access token and the user's id. */
export async function signIn(stack: TestStack, email: string, password?: string) {
  const client = await stack.signedIn(email, password);
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error(`no session for ${email}`);
  return { token: data.session.access_token, userId: data.session.user.id };
}

export async function accessToken(stack: TestStack, email: string): Promise<string> {
  return (await signIn(stack, email)).token;
}

/** An HS256 JWT signed by hand (expired, forged or odd claims the stack's auth never issues). */
export function signHs256(claims: Record<string, unknown>, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

export async function clinicIdByName(db: Queryable, name: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>('select id::integer as id from public.clinics where name = $1', [
    name,
  ]);
  if (!rows[0]) throw new Error(`no clinic named ${name}`);
  return rows[0].id;
}

/** The seed's two clinics. */
export async function demoClinics(db: Queryable): Promise<{ smile: number; bright: number }> {
  return { smile: await clinicIdByName(db, 'Smile Dental'), bright: await clinicIdByName(db, 'Bright Teeth') };
}

/**
 * The seeded stack of a suite that runs on `target` (PGlite, or a throwaway database on
 * TEST_DATABASE_URL's server), with the demo clinics' ids and the named demo staff signed in.
 */
export async function startDemoStack<Who extends keyof typeof DEMO>(
  target: DatabaseTarget,
  signedIn: readonly Who[],
): Promise<{ stack: TestStack; clinics: { smile: number; bright: number }; staff: Record<Who, SupabaseClient> }> {
  const stack = await startTestStack({ target });
  const clients = await Promise.all(signedIn.map((who) => stack.signedIn(DEMO[who])));
  const staff = Object.fromEntries(signedIn.map((who, index) => [who, clients[index]!])) as Record<Who, SupabaseClient>;
  return { stack, clinics: await demoClinics(stack.db), staff };
}

/** Connects a clinic to a Facebook page the way the Facebook flow leaves it: page ids, name, hint, token. */
export async function connectPage(
  db: Queryable,
  clinicId: number,
  page: { id: string; accessToken: string; name?: string },
) {
  await db.query(
    `update public.clinics set fb_page_id = $2, messenger_page_id = $2, page_token_hint = right($3, 4), fb_page_name = $4
      where id = $1`,
    [clinicId, page.id, page.accessToken, page.name ?? null],
  );
  await db.query(
    `insert into public.clinic_secrets (clinic_id, fb_page_access_token) values ($1, $2)
     on conflict (clinic_id) do update set fb_page_access_token = excluded.fb_page_access_token`,
    [clinicId, page.accessToken],
  );
}

/**
 * A seeded stack (the automated-reminder scheduler off: tests drive it) with Smile Dental
 * connected to its demo page, as the Facebook flow leaves it.
 */
export async function startConnectedDemoStack(env: NodeJS.ProcessEnv = {}) {
  const stack = await startTestStack({ env: { REMINDER_SCHEDULER: 'off', ...env } });
  const clinics = await demoClinics(stack.db);
  await connectPage(stack.db, clinics.smile, SMILE_DENTAL_PAGE);
  // The service's waitlist pass offers the demo data's freed slots over Messenger: once it is done,
  // a fault a test queues on the stand-in answers that test's own send.
  await stack.service.waitlist.runOnce();
  return { stack, clinics };
}

const randomDigits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join('');

/** A fresh 16-digit page-scoped id, so each test reads only its own messages. */
export const newPsid = (firstDigit: number) => `${firstDigit}${randomDigits(15)}`;

/** A Facebook page of the test's own (unique id, name and token) that the Meta stand-in knows. */
export function newStandInPage(stack: TestStack): StandInPage {
  const tag = randomUUID().replace(/-/g, '').slice(0, 12);
  const page = {
    id: `5${randomDigits(15)}`,
    name: `Page ${tag}`,
    accessToken: `EAAPAGE${tag}${randomDigits(12)}`,
    pictureUrl: '/_meta/pictures/smile.svg',
  };
  stack.metaStandIn.state.pages.push(page);
  return page;
}

/** A clinic connected to a page: its id, the page's id and the page access token it keeps. */
export interface ConnectedClinic {
  id: number;
  pageId: string;
  pageToken: string;
}

/**
 * A clinic of the test's own (named from `label`, with more `columns` when given) connected to a
 * page of its own that the Meta stand-in knows, as the Facebook flow leaves it.
 */
export async function newConnectedClinic(
  stack: TestStack,
  label: string,
  columns: Record<string, unknown> = {},
): Promise<ConnectedClinic> {
  const page = newStandInPage(stack);
  const id = await insertRow(stack.db, 'clinics', { name: `${label} Clinic ${randomUUID().slice(0, 8)}`, ...columns });
  await connectPage(stack.db, id, page);
  return { id, pageId: page.id, pageToken: page.accessToken };
}

/**
 * A source of appointment times at `hour` Manila time, each on a new Monday–Saturday from
 * Monday 1 March 2027 on: one dentist, never an overlap. Fixed rather than from today, so the
 * texts patients receive can be written out; rows the migration owner writes may lie in the past.
 */
export function weekdaySlots(hour: number): () => Date {
  const sundayBefore = new Date('2027-02-28T12:00:00+08:00');
  const time = `${String(hour).padStart(2, '0')}:00`;
  let day = 0;
  return () => new Date(clinicTime(clinicWorkday(++day, sundayBefore), time));
}

/** A dentist with a unique name (`Dr. <label> <tag>`). */
export function newDentist(db: Queryable, clinicId: number, label: string): Promise<number> {
  return insertRow(db, 'dentists', {
    clinic_id: clinicId,
    name: `Dr. ${label} ${randomUUID().slice(0, 6)}`,
    email: `${label.toLowerCase()}-${randomUUID().slice(0, 8)}@example.test`,
    phone: '+63 917 000 0000',
  });
}

export interface PatientAppointment {
  id: number;
  clinicId: number;
  psid: string | null;
  patientName: string;
  dentistName: string;
  time: Date;
}

/** A patient of its own (unique name, the given Messenger id) booked with the dentist at `time`. */
export async function newPatientAppointment(
  db: Queryable,
  booking: {
    clinicId: number;
    dentistId: number;
    time: Date;
    messengerId: string | null;
    reason: string;
    /** More columns of the appointment (reminder settings, guardian). */
    columns?: Record<string, unknown>;
  },
): Promise<PatientAppointment> {
  const patientName = `Patient ${randomUUID().slice(0, 8)}`;
  const patientId = await insertRow(db, 'patients', {
    clinic_id: booking.clinicId,
    name: patientName,
    phone: '+63 917 111 2222',
    messenger_id: booking.messengerId,
  });
  const id = await insertRow(db, 'appointments', {
    clinic_id: booking.clinicId,
    patient_id: patientId,
    dentist_id: booking.dentistId,
    appointment_time: booking.time.toISOString(),
    reason: booking.reason,
    ...booking.columns,
  });
  const { rows } = await db.query<{ name: string }>('select name from public.dentists where id = $1', [
    booking.dentistId,
  ]);
  return {
    id,
    clinicId: booking.clinicId,
    psid: booking.messengerId,
    patientName,
    dentistName: rows[0]!.name,
    time: booking.time,
  };
}

export { messagesTo } from './messenger-outbox.ts';

interface ServiceRequest {
  method?: string;
  /** An access token, sent as a bearer token. */
  token?: string | null;
  /** JSON (a string goes as it is: malformed bodies). */
  body?: unknown;
  redirect?: RequestRedirect;
}

function requestTo(stack: Pick<TestStack, 'url'>, path: string, request: ServiceRequest): Promise<Response> {
  const { method = 'GET', token, body, redirect } = request;
  return fetch(`${stack.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    ...(redirect ? { redirect } : {}),
  });
}

/** POSTs JSON to the stack (a string goes as it is: malformed bodies), with an access token when given. */
export function postJson(
  stack: Pick<TestStack, 'url'>,
  path: string,
  body: unknown,
  token?: string | null,
): Promise<Response> {
  return requestTo(stack, path, { method: 'POST', body, token });
}

/**
 * A request to the stack as the SPA or a browser makes it (redirects not followed), with an access
 * token and a JSON body (a string goes as it is) when given; answers the status, headers and text.
 */
export async function callService(
  stack: Pick<TestStack, 'url'>,
  path: string,
  options: { method?: string; token?: string; body?: unknown } = {},
) {
  const response = await requestTo(stack, path, { ...options, redirect: 'manual' });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: () => JSON.parse(text) as Record<string, unknown>,
  };
}

/**
 * Meta's webhook body for one messaging event from `psid` to the page (`message`: its mid, text,
 * quick_reply), as raw bytes with the signature Meta computes over them with the app secret.
 */
export function signedMessagingEvent(
  appSecret: string,
  event: { pageId: string; psid: string; message: Record<string, unknown>; timestamp?: number },
): { raw: string; signature: string } {
  const timestamp = event.timestamp ?? Date.now();
  const { pageId, psid, message } = event;
  const raw = JSON.stringify({
    object: 'page',
    entry: [
      {
        id: pageId,
        time: timestamp,
        messaging: [{ sender: { id: psid }, recipient: { id: pageId }, timestamp, message }],
      },
    ],
  });
  return { raw, signature: `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}` };
}

/** Posts a signed webhook body straight to the service's /webhook, as Meta does. */
export function deliverToWebhook(stack: { url: string }, body: { raw: string; signature: string }): Promise<Response> {
  return fetch(`${stack.url}/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': body.signature },
    body: body.raw,
  });
}

/** Makes the Meta stand-in answer its next calls with an error. */
export async function queueFault(stack: TestStack, fault: SimulatedFault) {
  const response = await postJson(stack, '/_dev/messenger/faults', fault);
  if (response.status !== 201) throw new Error(`queueing a fault answered ${response.status}`);
}

/** Drops queued faults and the simulated rate limit: the stand-in answers normally again. */
export async function resetMessengerFaults(stack: TestStack) {
  await fetch(`${stack.url}/_dev/messenger/faults`, { method: 'DELETE' });
  await postJson(stack, '/_dev/messenger/rate-limit', { perSecond: null });
}

/**
 * Makes the next `failures` inserts into `table` (a log with an appointment_id) for this
 * appointment fail in the database, as a dropped connection would (SQLSTATE 08006). A trigger
 * does it; a sequence per appointment counts the attempts, since a failed insert rolls back
 * whatever it wrote. What it creates lives in a schema of the test's own database.
 */
export async function failLogInserts(
  db: Queryable,
  table: 'appointment_notifications' | 'appointment_reminders',
  appointmentId: number,
  failures: number,
): Promise<void> {
  await db.query(`create schema if not exists test_faults`);
  await db.query(
    `create table if not exists test_faults.insert_failures (
       table_name text not null, appointment_id bigint not null, failures int not null,
       primary key (table_name, appointment_id))`,
  );
  await db.query(`create sequence if not exists test_faults.attempts_${table}_${appointmentId}`);
  await db.query(`insert into test_faults.insert_failures values ($1, $2, $3)`, [table, appointmentId, failures]);
  await db.query(`
    create or replace function test_faults.fail_insert() returns trigger language plpgsql as $$
    declare v_failures int;
    begin
      select failures into v_failures from test_faults.insert_failures
       where table_name = tg_table_name and appointment_id = new.appointment_id;
      if v_failures is not null
         and nextval(format('test_faults.attempts_%s_%s', tg_table_name, new.appointment_id)::regclass) <= v_failures then
        raise exception 'injected: the database refused the % row', tg_table_name using errcode = '08006';
      end if;
      return new;
    end $$`);
  await db.query(`drop trigger if exists fail_insert on public.${table}`);
  await db.query(
    `create trigger fail_insert before insert on public.${table}
       for each row execute function test_faults.fail_insert()`,
  );
}

/** A service configuration for instances a test builds itself (Meta unreachable unless it says). */
export function testServiceConfig(overrides: Partial<ServiceConfig> = {}): ServiceConfig {
  return {
    port: 0,
    corsOrigins: [],
    publicUrl: 'http://127.0.0.1',
    siteUrl: 'http://127.0.0.1',
    jwtSecret: 'x'.repeat(40),
    metaGraphUrl: 'http://127.0.0.1:9/v21.0',
    metaOauthDialogUrl: 'http://127.0.0.1:9/dialog/oauth',
    metaAppId: 'app',
    metaAppSecret: 'secret',
    metaVerifyToken: 'verify',
    metaTimeoutMs: 3000,
    redisUrl: null,
    reminderIntervalMs: 60_000,
    logLevel: 'silent',
    ...overrides,
  };
}

/** What a reminder scheduler needs, with a silent logger and no callers (no HTTP). */
export function schedulerDeps(deps: { db: ServiceDatabase; messenger: Messenger; clock: Clock }): ServiceDeps {
  return {
    config: testServiceConfig(),
    logger: testLogger('service'),
    callers: { verify: async () => ({ ok: false, status: 401, error: 'not used' }) },
    ...deps,
  };
}

/**
 * The stack's notification service app again, on a port of its own, with its clock fixed at
 * `now` (callers are still verified against the real clock, so real access tokens work): for
 * texts and rules that depend on the clinic's today, written out without depending on the day
 * the test runs. Sends go to the stack's Meta stand-in, as the stack's own service's do.
 */
export async function serveWithClock(
  stack: TestStack,
  now: () => Date,
): Promise<{ url: string; close(): Promise<void> }> {
  const app = createApp({ ...stack.service.deps, clock: { now } });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
