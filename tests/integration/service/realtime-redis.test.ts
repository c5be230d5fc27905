/**
 * Two service instances sharing Redis (socket.io Redis adapter) and one database. The design
 * (docs/realtime.md): every instance LISTENs to the database and emits a change to its own
 * sockets only, so a change reaches the clinic's sockets on every instance exactly once; what an
 * instance emits itself goes through Redis to every instance, once.
 * Needs REDIS_URL (e.g. redis://127.0.0.1:6379); uses the real PostgreSQL server too when
 * TEST_DATABASE_URL is set (each instance with its own pool and LISTEN connection).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../../local/db/database.ts';
import type { ServiceDatabase } from '../../../server/contracts.ts';
import { createCallerVerifier } from '../../../server/http/auth.ts';
import { createRealtime, type RealtimeService } from '../../../server/realtime/realtime.ts';
import { createDentist, createPatient, insertRow } from '../../support/database.ts';
import { testDatabaseUrl } from '../../support/postgres.ts';
import { accessToken, demoClinics, signIn, testServiceConfig } from '../../support/service.ts';
import { startTestStack, testLogger, type TestStack } from '../../support/stack.ts';
import { newStaffLogin } from '../../support/staff-login.ts';

const redisUrl = process.env.REDIS_URL || undefined;
if (!redisUrl) console.info('[service-realtime-redis] REDIS_URL is not set: the two-instance Redis test was skipped.');

interface Instance {
  realtime: RealtimeService;
  server: Server;
  url: string;
}

interface Update {
  id: number;
  clinic_id: number;
  status: string;
}

describe.skipIf(!redisUrl)('two service instances sharing Redis', () => {
  let stack: TestStack;
  let secondPool: Database | undefined;
  let a: Instance;
  let b: Instance;
  let clinics: { smile: number; bright: number };
  const sockets: Socket[] = [];
  // A key of this run only: parallel runs on the same Redis don't hear each other.
  const redisKey = `ngiti-test-${randomUUID()}`;

  async function startInstance(db: ServiceDatabase): Promise<Instance> {
    const config = testServiceConfig({ jwtSecret: stack.config.jwtSecret, redisUrl: redisUrl! });
    const clock = { now: () => new Date() };
    const realtime = createRealtime(
      {
        config,
        db,
        logger: testLogger('realtime-redis'),
        clock,
        callers: createCallerVerifier({ jwtSecret: config.jwtSecret, db, clock }),
        messenger: { send: async () => ({ ok: false, error: 'not used', transient: false }) },
      },
      { redisKey },
    );
    const server = createServer();
    await realtime.attach(server);
    await realtime.start();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { realtime, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  async function socketOn(
    instance: Instance,
    email: string,
    token?: string,
  ): Promise<{ socket: Socket; updates: Update[]; disconnected: Promise<string> }> {
    token ??= await accessToken(stack, email);
    const socket = connect(instance.url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      auth: { token },
    });
    sockets.push(socket);
    const updates: Update[] = [];
    socket.on('appointment-updated', (payload: Update) => updates.push(payload));
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, updates, disconnected };
  }

  function within<T>(promise: Promise<T>, timeoutMs = 5000): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`nothing happened within ${timeoutMs} ms`)), timeoutMs);
    });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  }

  async function newAppointment(clinicId: number): Promise<number> {
    const tag = randomUUID().slice(0, 8);
    return insertRow(stack.db, 'appointments', {
      clinic_id: clinicId,
      dentist_id: await createDentist(stack.db, clinicId, `Dr. Redis ${tag}`),
      patient_id: await createPatient(stack.db, clinicId, `Patient Redis ${tag}`),
      appointment_time: '2031-03-13T14:00:00+08:00',
    });
  }

  async function until(condition: () => boolean, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('timed out waiting for a condition');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  beforeAll(async () => {
    stack = await startTestStack(testDatabaseUrl ? { postgresServerUrl: testDatabaseUrl } : {});
    clinics = await demoClinics(stack.db);
    if (stack.config.databaseUrl) secondPool = await openPostgres(stack.config.databaseUrl);
    a = await startInstance(stack.db);
    b = await startInstance(secondPool ?? stack.db);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const instance of [a, b]) {
      if (!instance) continue;
      await instance.realtime.close();
      await new Promise((resolve) => instance.server.close(resolve));
    }
    await secondPool?.close();
    await stack?.stop();
  });

  it("when a change is committed, then the clinic's sockets on both instances get it exactly once, and the other clinic's none", async () => {
    const onA = await socketOn(a, 'admin@demo.test');
    const onB = await socketOn(b, 'reception@demo.test');
    const otherClinicOnB = await socketOn(b, 'admin2@demo.test');
    const tag = randomUUID().slice(0, 8);
    const dentistId = await createDentist(stack.db, clinics.smile, `Dr. Redis ${tag}`);
    const patientId = await createPatient(stack.db, clinics.smile, `Patient Redis ${tag}`);
    const id = await insertRow(stack.db, 'appointments', {
      clinic_id: clinics.smile,
      dentist_id: dentistId,
      patient_id: patientId,
      appointment_time: '2031-03-12T14:00:00+08:00',
    });
    await until(() => onA.updates.some((u) => u.id === id) && onB.updates.some((u) => u.id === id));
    await stack.db.query(`update public.appointments set status = 'Confirmed' where id = $1`, [id]);
    await until(
      () => onA.updates.some((u) => u.status === 'Confirmed') && onB.updates.some((u) => u.status === 'Confirmed'),
    );
    await Promise.all([a.realtime.settled(), b.realtime.settled()]);
    // Duplicates would arrive right behind the originals (Redis round trip): give them the chance.
    await new Promise((resolve) => setTimeout(resolve, 200));

    for (const { updates } of [onA, onB]) {
      expect(updates.filter((u) => u.id === id).map((u) => u.status)).toEqual(['Scheduled', 'Confirmed']);
    }
    expect(otherClinicOnB.updates.filter((u) => u.id === id)).toEqual([]);
  });

  it('when one instance emits to a clinic itself, then Redis carries it to that clinic on every instance, once', async () => {
    const onA = await socketOn(a, 'admin@demo.test');
    const onB = await socketOn(b, 'reception@demo.test');
    const otherClinicOnB = await socketOn(b, 'admin2@demo.test');
    const notice = { id: 999_999, clinic_id: clinics.smile, status: 'Confirmed' as const, marker: randomUUID() };

    a.realtime.broadcastToClinic(clinics.smile, 'appointment-updated', {
      ...notice,
      dentist_id: 1,
      patient_id: 1,
      appointment_time: '2031-03-12T06:00:00Z',
      deleted: false,
      patient_name: null,
      dentist_name: null,
    });
    await until(() => onB.updates.some((u) => u.id === notice.id) && onA.updates.some((u) => u.id === notice.id));
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect(onA.updates.filter((u) => u.id === notice.id)).toHaveLength(1);
    expect(onB.updates.filter((u) => u.id === notice.id)).toHaveLength(1);
    expect(otherClinicOnB.updates.filter((u) => u.id === notice.id)).toEqual([]);
  });

  it("when a user is deleted through instance A's database, then their socket on instance B closes within 5 s and the token is refused on both", async () => {
    const password = 'Revoke-me-1234!';
    const { email, userId } = await newStaffLogin(stack.serviceClient(), clinics.smile, 'receptionist', password);
    const token = (await signIn(stack, email, password)).token;
    const victimOnB = await socketOn(b, email, token);
    const colleagueOnA = await socketOn(a, 'admin@demo.test');
    const colleagueOnB = await socketOn(b, 'reception@demo.test');

    // The stack's admin API writes through stack.db, the database connection of instance A.
    const { error } = await stack.serviceClient().auth.admin.deleteUser(userId);
    expect(error).toBeNull();
    expect(await within(victimOnB.disconnected)).toBe('transport close');

    const id = await newAppointment(clinics.smile);
    await until(() => colleagueOnA.updates.some((u) => u.id === id) && colleagueOnB.updates.some((u) => u.id === id));
    expect(victimOnB.updates.filter((u) => u.id === id)).toEqual([]);
    expect(colleagueOnA.socket.connected && colleagueOnB.socket.connected).toBe(true);
    for (const instance of [a, b]) {
      await expect(socketOn(instance, email, token)).rejects.toMatchObject({ data: { status: 401 } });
    }
  });
});
