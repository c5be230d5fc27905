/**
 * Live updates do not outlive access: a socket opened before its user was deleted, banned, signed
 * out, or had their role or clinic changed is closed within seconds (the access_changes feed),
 * and its token is refused afterwards. Real stack (PGlite, the stack's auth and edge functions),
 * real HTTP, real sockets.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_REVOKED, ACCESS_REVOKED_REASONS, REVOKED_ACCESS_CODES } from '@common/contract';
import { openServiceDatabase } from '../../../server/db.ts';
import { AUTH_ERRORS, createCallerVerifier } from '../../../server/http/auth.ts';
import { createRealtime } from '../../../server/realtime/realtime.ts';
import { createDentist, createPatient, insertRow } from '../../support/database.ts';
import { announcePostgresTarget, testDatabaseUrl } from '../../support/postgres.ts';
import { accessToken, DEMO, demoClinics, postJson, signIn, testServiceConfig } from '../../support/service.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

announcePostgresTarget('service-realtime-revocation');

let stack: TestStack;
let clinics: { smile: number; bright: number };
const sockets: Socket[] = [];
const PASSWORD = 'Revoke-me-1234!';

interface Update {
  id: number;
  clinic_id: number;
}

interface Watched {
  socket: Socket;
  updates: Update[];
  /** The reasons of the `access-revoked` notices it got (sent just before the service closes it). */
  revoked: string[];
  /** Resolves with the reason of the first disconnect. */
  disconnected: Promise<string>;
}

/** A connected socket that does not reconnect by itself, recording its updates and its disconnect. */
async function watch(token: string, clinicId?: number, url = stack.url): Promise<Watched> {
  const socket = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    auth: clinicId === undefined ? { token } : { token, clinicId },
  });
  sockets.push(socket);
  const updates: Update[] = [];
  socket.on('appointment-updated', (payload: Update) => updates.push(payload));
  const revoked: string[] = [];
  socket.on(ACCESS_REVOKED, (payload: { reason: string }) => revoked.push(payload.reason));
  const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, updates, revoked, disconnected };
}

/** The reason of the socket's disconnect, which must come within `timeoutMs`. */
function disconnectWithin(watched: Watched, timeoutMs = 5000): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the socket was not disconnected within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([watched.disconnected, timeout]).finally(() => clearTimeout(timer));
}

/** How the handshake with `token` is refused (fails when it is let in). */
function refusal(token: string, clinicId?: number): Promise<Error & { data?: { status?: number; code?: string } }> {
  const socket = connect(stack.url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    auth: clinicId === undefined ? { token } : { token, clinicId },
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('the socket was let in')));
    socket.once('connect_error', (error) => resolve(error as Error & { data?: { status?: number; code?: string } }));
  });
}

async function until(condition: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A fresh staff account (own e-mail) with a profile in `clinicId`, and its id. */
async function newStaff(clinicId: number, role = 'receptionist'): Promise<{ email: string; userId: string }> {
  const email = `revoke-${randomUUID().slice(0, 8)}@example.test`;
  const { data, error } = await stack.serviceClient().auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    app_metadata: { clinic_id: clinicId, role },
  });
  if (error || !data.user) throw new Error(`creating ${email} failed: ${error?.message}`);
  return { email, userId: data.user.id };
}

async function staffToken(email: string): Promise<string> {
  return (await signIn(stack, email, PASSWORD)).token;
}

/** A new appointment of the clinic; resolves once `witness` has its event (so it went out to everyone). */
async function changeIn(clinicId: number, witness: Watched): Promise<number> {
  const tag = randomUUID().slice(0, 8);
  const id = await insertRow(stack.db, 'appointments', {
    clinic_id: clinicId,
    dentist_id: await createDentist(stack.db, clinicId, `Dr. Revocation ${tag}`),
    patient_id: await createPatient(stack.db, clinicId, `Patient Revocation ${tag}`),
    appointment_time: '2031-04-08T10:00:00+08:00',
  });
  await until(() => witness.updates.some((update) => update.id === id));
  return id;
}

/**
 * After `revoke`, the victim's socket is told why (one `access-revoked`, so its screen can leave
 * the session) and disconnected within 5 s and hears nothing more, while a colleague's socket in
 * the same clinic stays connected, is told nothing and still gets the clinic's changes.
 */
async function expectClosedWhileColleagueStays(victim: Watched, colleague: Watched, revoke: () => Promise<void>) {
  await revoke();
  expect(await disconnectWithin(victim)).toBe('transport close');
  expect(victim.revoked).toHaveLength(1);
  expect(ACCESS_REVOKED_REASONS).toContain(victim.revoked[0]);
  expect(colleague.revoked).toEqual([]);
  const after = await changeIn(clinics.smile, colleague);
  expect(colleague.socket.connected).toBe(true);
  expect(victim.updates.map((update) => update.id)).not.toContain(after);
}

beforeAll(async () => {
  stack = await startTestStack({ env: { REMINDER_SCHEDULER: 'off' } });
  clinics = await demoClinics(stack.db);
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

afterAll(async () => {
  await stack?.stop();
});

describe('a live-update socket whose access ends', () => {
  it('when an admin deletes the user (delete-user function), then the socket closes and the token is refused', async () => {
    const staff = await newStaff(clinics.smile);
    const token = await staffToken(staff.email);
    const victim = await watch(token);
    const colleague = await watch(await accessToken(stack, DEMO.reception));
    // Both hear the clinic before the deletion.
    const before = await changeIn(clinics.smile, colleague);
    await until(() => victim.updates.some((update) => update.id === before));

    await expectClosedWhileColleagueStays(victim, colleague, async () => {
      const response = await postJson(
        stack,
        '/functions/v1/delete-user',
        { user_id: staff.userId },
        await accessToken(stack, DEMO.admin),
      );
      expect(response.status).toBe(200);
    });
    // Deleting the account ends its sessions first (the foreign key's cascade): either is the reason.
    expect(['user_deleted', 'session_ended']).toContain(victim.revoked[0]);
    const refused = await refusal(token);
    expect(refused.data?.status).toBe(401);
    // The code tells a screen that the access it had is gone (not a token to refresh).
    expect(REVOKED_ACCESS_CODES).toContain(refused.data?.code);
  });

  it('when the user is deleted through the admin API, then the socket closes', async () => {
    const staff = await newStaff(clinics.smile);
    const victim = await watch(await staffToken(staff.email));
    const colleague = await watch(await accessToken(stack, DEMO.reception));
    await expectClosedWhileColleagueStays(victim, colleague, async () => {
      const { error } = await stack.serviceClient().auth.admin.deleteUser(staff.userId);
      expect(error).toBeNull();
    });
  });

  it('when the user is banned (admin API ban_duration), then the socket closes and the token is refused', async () => {
    const staff = await newStaff(clinics.smile);
    const token = await staffToken(staff.email);
    const victim = await watch(token);
    const colleague = await watch(await accessToken(stack, DEMO.reception));
    await expectClosedWhileColleagueStays(victim, colleague, async () => {
      const { error } = await stack.serviceClient().auth.admin.updateUserById(staff.userId, { ban_duration: '24h' });
      expect(error).toBeNull();
    });
    const refused = await refusal(token);
    expect(refused.data?.status).toBe(401);
    expect([AUTH_ERRORS.sessionEnded, AUTH_ERRORS.accountDisabled]).toContain(refused.message);
  });

  it("when an admin changes the user's role, then the socket closes and the same token is let in again", async () => {
    const staff = await newStaff(clinics.smile);
    const token = await staffToken(staff.email);
    const victim = await watch(token);
    const colleague = await watch(await accessToken(stack, DEMO.reception));
    await expectClosedWhileColleagueStays(victim, colleague, async () => {
      const admin = await stack.signedIn(DEMO.admin);
      const { error } = await admin.from('users').update({ role: 'dentist' }).eq('user_id', staff.userId);
      expect(error).toBeNull();
    });
    expect(victim.revoked).toEqual(['profile_changed']);
    // The token is still good: the handshake lets it in with the profile as it is now.
    const again = await watch(token);
    const id = await changeIn(clinics.smile, again);
    expect(again.updates.map((update) => update.id)).toContain(id);
  });

  it("when the user's clinic changes, then the socket closes and the token is refused the old clinic's room", async () => {
    const staff = await newStaff(clinics.smile);
    const token = await staffToken(staff.email);
    const victim = await watch(token);
    const colleague = await watch(await accessToken(stack, DEMO.reception));
    await expectClosedWhileColleagueStays(victim, colleague, async () => {
      // clinic_id is fixed by a trigger for every role; the database owner can still move a profile.
      await stack.db.transaction(async (tx) => {
        await tx.query('alter table public.users disable trigger users_clinic_id_is_fixed');
        await tx.query('update public.users set clinic_id = $2 where user_id = $1', [staff.userId, clinics.bright]);
        await tx.query('alter table public.users enable trigger users_clinic_id_is_fixed');
      });
    });
    const refused = await refusal(token, clinics.smile);
    expect(refused.data?.status).toBe(403);
  });

  it('when the staff profile is removed, then the socket closes', async () => {
    const staff = await newStaff(clinics.smile);
    const victim = await watch(await staffToken(staff.email));
    const colleague = await watch(await accessToken(stack, DEMO.reception));
    await expectClosedWhileColleagueStays(victim, colleague, async () => {
      await stack.db.query('delete from public.users where user_id = $1', [staff.userId]);
    });
    expect(victim.revoked).toEqual(['profile_deleted']);
  });

  it('when the user signs out everywhere (scope global), then the sockets of all their sessions close', async () => {
    const staff = await newStaff(clinics.smile);
    const first = await stack.signedIn(staff.email, PASSWORD);
    const second = await stack.signedIn(staff.email, PASSWORD);
    const firstToken = (await first.auth.getSession()).data.session!.access_token;
    const secondToken = (await second.auth.getSession()).data.session!.access_token;
    const onFirst = await watch(firstToken);
    const onSecond = await watch(secondToken);
    const colleague = await watch(await accessToken(stack, DEMO.reception));

    await expectClosedWhileColleagueStays(onFirst, colleague, async () => {
      const { error } = await first.auth.signOut({ scope: 'global' });
      expect(error).toBeNull();
    });
    expect(await disconnectWithin(onSecond)).toBe('transport close');
    const refused = await refusal(secondToken);
    expect({ status: refused.data?.status, message: refused.message }).toEqual({
      status: 401,
      message: AUTH_ERRORS.sessionEnded,
    });
  });

  it("when the user signs out of one session (scope local), then only that session's socket closes", async () => {
    const staff = await newStaff(clinics.smile);
    const first = await stack.signedIn(staff.email, PASSWORD);
    const second = await stack.signedIn(staff.email, PASSWORD);
    const firstToken = (await first.auth.getSession()).data.session!.access_token;
    const onFirst = await watch(firstToken);
    const onSecond = await watch((await second.auth.getSession()).data.session!.access_token);

    await expectClosedWhileColleagueStays(onFirst, onSecond, async () => {
      const { error } = await first.auth.signOut({ scope: 'local' });
      expect(error).toBeNull();
    });
    expect((await refusal(firstToken)).message).toBe(AUTH_ERRORS.sessionEnded);
  });

  it('when a used refresh token comes back (the session family is revoked), then the socket of that session closes', async () => {
    const staff = await newStaff(clinics.smile);
    const signedIn = await stack.signedIn(staff.email, PASSWORD);
    const { session } = (await signedIn.auth.getSession()).data;
    const victim = await watch(session!.access_token);
    const colleague = await watch(await accessToken(stack, DEMO.reception));
    const refresh = (token: string) =>
      fetch(`${stack.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: stack.config.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: token }),
      });

    await expectClosedWhileColleagueStays(victim, colleague, async () => {
      expect((await refresh(session!.refresh_token)).status).toBe(200);
      // The same token again: reuse, so the whole family (the session) ends.
      expect((await refresh(session!.refresh_token)).status).toBe(400);
    });
    expect((await refusal(session!.access_token)).message).toBe(AUTH_ERRORS.sessionEnded);
  });

  it('when a session ends without a notice (LISTEN was down), then the access re-check closes its socket', async () => {
    const staff = await newStaff(clinics.smile);
    const victim = await watch(await staffToken(staff.email));
    const colleague = await watch(await accessToken(stack, DEMO.reception));
    await stack.db.transaction(async (tx) => {
      await tx.query('alter table auth.sessions disable trigger access_revoked_on_session_end');
      await tx.query('delete from auth.sessions where user_id = $1', [staff.userId]);
      await tx.query('alter table auth.sessions enable trigger access_revoked_on_session_end');
    });
    expect(victim.socket.connected).toBe(true);

    expect(await stack.service.realtime.recheck()).toBe(1);
    expect(await disconnectWithin(victim)).toBe('transport close');
    expect(victim.revoked).toEqual(['access_rechecked']);
    expect(colleague.socket.connected).toBe(true);
  });
});

describe('the service HTTP API with a revoked token', () => {
  it('when the session has ended, then 401 with a clear {error}', async () => {
    const staff = await newStaff(clinics.smile);
    const client = await stack.signedIn(staff.email, PASSWORD);
    const token = (await client.auth.getSession()).data.session!.access_token;
    await client.auth.signOut({ scope: 'global' });
    const response = await postJson(stack, '/status-notifications/1', { status: 'Cancelled' }, token);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: AUTH_ERRORS.sessionEnded, code: 'session_ended' });
  });
});

describe.skipIf(!testDatabaseUrl)('a service instance on PostgreSQL whose LISTEN connection is lost', () => {
  let pgStack: TestStack;

  beforeAll(async () => {
    pgStack = await startTestStack({ postgresServerUrl: testDatabaseUrl!, env: { REMINDER_SCHEDULER: 'off' } });
  });

  afterAll(async () => {
    await pgStack?.stop();
  });

  it('when it listens again, then every socket is checked again and one whose session ended meanwhile closes', async () => {
    const logger = pino({ level: 'silent' });
    const db = await openServiceDatabase(pgStack.config.databaseUrl!, logger);
    const config = testServiceConfig({ jwtSecret: pgStack.config.jwtSecret });
    const clock = { now: () => new Date() };
    // No periodic re-check within the test: only the reconnection can find the ended session.
    const realtime = createRealtime(
      {
        config,
        db,
        logger,
        clock,
        callers: createCallerVerifier({ jwtSecret: config.jwtSecret, db, clock }),
        messenger: { send: async () => ({ ok: false, error: 'not used', transient: false }) },
      },
      { recheckIntervalMs: 3_600_000 },
    );
    const server = createServer();
    try {
      await realtime.attach(server);
      await realtime.start();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const smile = (await demoClinics(pgStack.db)).smile;
      const email = `revoke-pg-${randomUUID().slice(0, 8)}@example.test`;
      const created = await pgStack.serviceClient().auth.admin.createUser({
        email,
        password: PASSWORD,
        email_confirm: true,
        app_metadata: { clinic_id: smile, role: 'receptionist' },
      });
      expect(created.error).toBeNull();
      const victim = await watch((await signIn(pgStack, email, PASSWORD)).token, undefined, url);
      const colleague = await watch((await signIn(pgStack, DEMO.reception)).token, undefined, url);

      // The session ends without a notice, as if it had been sent while nobody listened.
      await pgStack.db.transaction(async (tx) => {
        await tx.query('alter table auth.sessions disable trigger access_revoked_on_session_end');
        await tx.query('delete from auth.sessions where user_id = $1', [created.data.user!.id]);
        await tx.query('alter table auth.sessions enable trigger access_revoked_on_session_end');
      });
      expect(victim.socket.connected).toBe(true);
      const { rows } = await pgStack.db.query<{ terminated: boolean }>(
        `select pg_terminate_backend(pid, 5000) as terminated from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query = 'listen "access_changes"'`,
      );
      expect(rows.length).toBeGreaterThan(0);

      expect(await disconnectWithin(victim)).toBe('transport close');
      expect(colleague.socket.connected).toBe(true);
    } finally {
      await realtime.close();
      await new Promise((resolve) => server.close(resolve));
      await db.close();
    }
  });
});
