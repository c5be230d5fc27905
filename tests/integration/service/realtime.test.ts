/**
 * Live updates over real sockets: the notification service as the local stack mounts it
 * (socket.io on the stack's own HTTP server, the change feed LISTENing in-process to PGlite),
 * access tokens issued by the stack's auth.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../../local/gateway/jwt.ts';
import { AUTH_ERRORS } from '../../../server/http/auth.ts';
import { NO_ACCESS_TO_CLINIC } from '../../../server/realtime/handshake.ts';
import { createRealtime } from '../../../server/realtime/realtime.ts';
import { createDentist, createPatient, insertRow } from '../../support/database.ts';
import { accessToken, DEMO, demoClinics } from '../../support/service.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';
import { waitFor } from '../../support/wait-for.ts';

let stack: TestStack;
let clinics: { smile: number; bright: number };
const sockets: Socket[] = [];

async function userIdOf(email: string): Promise<string> {
  const { rows } = await stack.db.query<{ user_id: string }>(
    'select user_id::text from public.users where email = $1',
    [email],
  );
  return rows[0]!.user_id;
}

/** A socket that does not reconnect by itself; resolves when connected or refused. */
function openSocket(
  auth: Record<string, unknown> | ((send: (data: object) => void) => void),
  options: { extraHeaders?: Record<string, string>; reconnection?: boolean } = {},
): Socket {
  const socket = connect(stack.url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: options.reconnection ?? false,
    reconnectionDelay: 100,
    reconnectionDelayMax: 200,
    auth,
    ...(options.extraHeaders ? { extraHeaders: options.extraHeaders, transports: ['polling'] } : {}),
  });
  sockets.push(socket);
  return socket;
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

function refusal(socket: Socket): Promise<Error & { data?: { status?: number } }> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('the socket was let in')));
    socket.once('connect_error', (error) => resolve(error as Error & { data?: { status?: number } }));
  });
}

interface Update {
  id: number;
  clinic_id: number;
  status: string;
  deleted: boolean;
  patient_name: string | null;
  dentist_name: string | null;
  [field: string]: unknown;
}

function collect(socket: Socket): Update[] {
  const updates: Update[] = [];
  socket.on('appointment-updated', (payload: Update) => updates.push(payload));
  return updates;
}

/** An appointment of a fresh dentist and patient (unique names), on a Tuesday at 10:00 in Manila. */
async function createAppointment(clinicId: number, label: string) {
  const tag = `${label} ${randomUUID().slice(0, 8)}`;
  const dentistId = await createDentist(stack.db, clinicId, `Dr. ${tag}`);
  const patientId = await createPatient(stack.db, clinicId, `Patient ${tag}`);
  const id = await insertRow(stack.db, 'appointments', {
    clinic_id: clinicId,
    dentist_id: dentistId,
    patient_id: patientId,
    appointment_time: '2031-03-11T10:00:00+08:00',
    reason: 'Cleaning',
  });
  return { id, patientName: `Patient ${tag}`, dentistName: `Dr. ${tag}` };
}

async function setStatus(id: number, status: string) {
  await stack.db.query('update public.appointments set status = $2 where id = $1', [id, status]);
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

/**
 * Waits until a fresh change of the clinic reaches `updates`: the feed emits in commit order and
 * a socket keeps that order, so whatever was emitted before has arrived by then.
 */
async function drained(clinicId: number, updates: Update[]) {
  const marker = await createAppointment(clinicId, 'Marker');
  await waitFor(() => updates.find((update) => update.id === marker.id));
}

describe('the socket handshake', () => {
  it('when no token is sent, then the connection is refused with a clear message', async () => {
    const error = await refusal(openSocket({}));
    expect(error.message).toBe(AUTH_ERRORS.missing);
    expect(error.data?.status).toBe(401);
  });

  it('when the token has expired, then the connection is refused', async () => {
    const sub = await userIdOf(DEMO.admin);
    const expired = signJwt(
      { sub, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) - 60 },
      stack.config.jwtSecret,
    );
    const error = await refusal(openSocket({ token: expired }));
    expect(error.message).toBe(AUTH_ERRORS.expired);
  });

  it('when the token is forged, then the connection is refused', async () => {
    const sub = await userIdOf(DEMO.admin);
    const forged = signJwt({ sub, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600 }, 'x'.repeat(40));
    const error = await refusal(openSocket({ token: forged }));
    expect(error.message).toBe(AUTH_ERRORS.invalid);
  });

  it('when a valid token is in auth, then the socket connects', async () => {
    const socket = openSocket({ token: await accessToken(stack, DEMO.reception) });
    await connected(socket);
    expect(socket.connected).toBe(true);
  });

  it('when a valid token comes as an Authorization Bearer header, then the socket connects', async () => {
    const socket = openSocket(
      {},
      { extraHeaders: { Authorization: `Bearer ${await accessToken(stack, DEMO.reception)}` } },
    );
    await connected(socket);
    expect(socket.connected).toBe(true);
  });

  it("when staff ask for another clinic's room, then they are refused", async () => {
    const error = await refusal(openSocket({ token: await accessToken(stack, DEMO.admin), clinicId: clinics.bright }));
    expect(error.message).toBe(NO_ACCESS_TO_CLINIC);
    expect(error.data?.status).toBe(403);
  });

  it('when a superadmin asks for a clinic that does not exist, then they are refused', async () => {
    const error = await refusal(openSocket({ token: await accessToken(stack, DEMO.superadmin), clinicId: 987_654 }));
    expect(error.message).toBe('Clinic not found.');
  });

  it('when the token expires, then the transport closes and the client reconnects with its fresh token', async () => {
    const sub = await userIdOf(DEMO.reception);
    const shortLived = signJwt(
      { sub, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 2 },
      stack.config.jwtSecret,
    );
    const fresh = await accessToken(stack, DEMO.reception);
    const sent: string[] = [];
    const socket = openSocket(
      (send) => {
        const token = sent.length === 0 ? shortLived : fresh;
        sent.push(token);
        send({ token });
      },
      { reconnection: true },
    );
    await connected(socket);
    const reasons: string[] = [];
    socket.on('disconnect', (reason) => reasons.push(reason));
    await waitFor(() => (sent.length >= 2 && socket.connected ? true : undefined), 6000);
    expect(reasons).toEqual(['transport close']);
    expect(sent).toEqual([shortLived, fresh]);
  });
});

describe('appointment-updated', () => {
  it("when appointments change in two clinics, then each clinic's sockets get only their clinic's change", async () => {
    const smileSocket = openSocket({ token: await accessToken(stack, DEMO.admin) });
    const brightSocket = openSocket({ token: await accessToken(stack, DEMO.admin2) });
    await Promise.all([connected(smileSocket), connected(brightSocket)]);
    const smileUpdates = collect(smileSocket);
    const brightUpdates = collect(brightSocket);
    const smile = await createAppointment(clinics.smile, 'Isolation Smile');
    const bright = await createAppointment(clinics.bright, 'Isolation Bright');
    await setStatus(smile.id, 'Confirmed');
    await setStatus(bright.id, 'Confirmed');

    await Promise.all([drained(clinics.smile, smileUpdates), drained(clinics.bright, brightUpdates)]);

    expect(smileUpdates.every((update) => update.clinic_id === clinics.smile)).toBe(true);
    expect(brightUpdates.every((update) => update.clinic_id === clinics.bright)).toBe(true);
    expect(smileUpdates.map((update) => update.id)).not.toContain(bright.id);
    expect(brightUpdates.map((update) => update.id)).not.toContain(smile.id);
    const confirmed = smileUpdates.find((update) => update.id === smile.id && update.status === 'Confirmed');
    expect(confirmed).toMatchObject({
      id: smile.id,
      clinic_id: clinics.smile,
      status: 'Confirmed',
      deleted: false,
      patient_name: smile.patientName,
      dentist_name: smile.dentistName,
      reason: 'Cleaning',
      reminder_enabled: true,
      reminder_days: [1],
    });
    expect(typeof confirmed?.dentist_id).toBe('number');
    expect(new Date(confirmed!.appointment_time as string).toISOString()).toBe('2031-03-11T02:00:00.000Z');
  });

  it("when a superadmin follows another clinic, then they get that clinic's changes", async () => {
    const socket = openSocket({ token: await accessToken(stack, DEMO.superadmin), clinicId: clinics.bright });
    await connected(socket);
    const updates = collect(socket);
    const bright = await createAppointment(clinics.bright, 'Superadmin');
    await setStatus(bright.id, 'No Show');
    const update = await waitFor(() => updates.find((u) => u.id === bright.id && u.status === 'No Show'));
    expect(update.clinic_id).toBe(clinics.bright);
  });

  // The 2 s bound is bench/realtime.bench.ts's to measure: a wall-clock bound here fails on a busy machine.
  it('when a receptionist changes an appointment through the REST API, then a socket of the clinic has it', async () => {
    const appointment = await createAppointment(clinics.smile, 'REST');
    const socket = openSocket({ token: await accessToken(stack, DEMO.admin) });
    await connected(socket);
    const updates = collect(socket);
    const receptionist = await stack.signedIn(DEMO.reception);

    const { error } = await receptionist.from('appointments').update({ status: 'Confirmed' }).eq('id', appointment.id);
    expect(error).toBeNull();
    const update = await waitFor(
      () => updates.find((u) => u.id === appointment.id && u.status === 'Confirmed'),
      10_000,
    );

    expect(update).toMatchObject({ patient_name: appointment.patientName, deleted: false });
  });

  it('when an appointment is soft-deleted, then the event says deleted', async () => {
    const appointment = await createAppointment(clinics.smile, 'Soft delete');
    const socket = openSocket({ token: await accessToken(stack, DEMO.reception) });
    await connected(socket);
    const updates = collect(socket);
    await stack.db.query('update public.appointments set deleted = true where id = $1', [appointment.id]);
    const update = await waitFor(() => updates.find((u) => u.id === appointment.id && u.deleted === true));
    expect(update).toMatchObject({ deleted: true, patient_name: appointment.patientName });
  });

  it('when an appointment is removed for good, then the event carries its id and clinic, marked deleted', async () => {
    const appointment = await createAppointment(clinics.smile, 'Hard delete');
    const socket = openSocket({ token: await accessToken(stack, DEMO.reception) });
    await connected(socket);
    const updates = collect(socket);
    await stack.db.query('delete from public.appointments where id = $1', [appointment.id]);
    const update = await waitFor(() => updates.find((u) => u.id === appointment.id && u.deleted === true));
    expect(update).toMatchObject({ id: appointment.id, clinic_id: clinics.smile, deleted: true, status: 'Scheduled' });
  });

  it('when many appointments change in one transaction, then each arrives once, with its final state', async () => {
    const appointments = [];
    for (let i = 0; i < 5; i++) appointments.push(await createAppointment(clinics.smile, `Burst ${i}`));
    const socket = openSocket({ token: await accessToken(stack, DEMO.reception) });
    await connected(socket);
    const updates = collect(socket);
    await drained(clinics.smile, updates);
    updates.length = 0;
    const ids = appointments.map((appointment) => appointment.id);
    await stack.db.transaction(async (tx) => {
      await tx.query(`update public.appointments set status = 'Confirmed' where id = any($1::bigint[])`, [ids]);
      await tx.query(`update public.appointments set status = 'Completed' where id = any($1::bigint[])`, [ids]);
    });
    await drained(clinics.smile, updates);
    const received = updates.filter((update) => ids.includes(update.id));
    expect(received.map((update) => update.id).sort()).toEqual([...ids].sort());
    expect(received.every((update) => update.status === 'Completed')).toBe(true);
  });

  it('when an update changes nothing, then no event is sent', async () => {
    const appointment = await createAppointment(clinics.smile, 'No-op');
    const socket = openSocket({ token: await accessToken(stack, DEMO.reception) });
    await connected(socket);
    const updates = collect(socket);
    await drained(clinics.smile, updates);
    updates.length = 0;
    await stack.db.query('update public.appointments set status = status where id = $1', [appointment.id]);
    await drained(clinics.smile, updates);
    expect(updates.filter((update) => update.id === appointment.id)).toEqual([]);
  });
});

describe('appointment-updated for a patient renamed', () => {
  it("when a patient is renamed, then each of their appointments reaches the clinic with the new name; another field's save sends none", async () => {
    const first = await createAppointment(clinics.smile, 'Rename');
    const { rows } = await stack.db.query<{ patient_id: number }>(
      'select patient_id from public.appointments where id = $1',
      [first.id],
    );
    const patientId = rows[0]!.patient_id;
    const second = await insertRow(stack.db, 'appointments', {
      clinic_id: clinics.smile,
      dentist_id: await createDentist(stack.db, clinics.smile, `Dr. Rename ${randomUUID().slice(0, 8)}`),
      patient_id: patientId,
      appointment_time: '2031-03-12T10:00:00+08:00',
    });
    const socket = openSocket({ token: await accessToken(stack, DEMO.reception) });
    await connected(socket);
    const updates = collect(socket);
    const receptionist = await stack.signedIn(DEMO.reception);

    const phone = await receptionist.from('patients').update({ phone: '0917 555 0199' }).eq('id', patientId);
    expect(phone.error).toBeNull();
    await drained(clinics.smile, updates);
    expect(updates.filter((update) => update.patient_id === patientId)).toEqual([]);

    const newName = `Renamed ${randomUUID().slice(0, 8)}`;
    const renamed = await receptionist.from('patients').update({ name: newName }).eq('id', patientId);
    expect(renamed.error).toBeNull();
    await drained(clinics.smile, updates);
    const received = updates.filter((update) => update.patient_id === patientId);
    expect(received.map((update) => update.id).sort()).toEqual([first.id, second].sort());
    expect(received.every((update) => update.patient_name === newName && update.deleted === false)).toBe(true);
  });
});

describe('appointment-updated for late-cancellation flags', () => {
  /** What the webhook writes when a patient taps Cancel within the hour (server/webhook/webhook-store.ts). */
  async function raiseFlag(clinicId: number, appointmentId: number): Promise<number> {
    const { rows } = await stack.db.query<{ id: number }>(
      `insert into public.appointment_flags (clinic_id, appointment_id, kind, note)
       values ($1, $2, 'late_cancellation_request', 'Cancel tapped 40 minutes before.') returning id::integer`,
      [clinicId, appointmentId],
    );
    return rows[0]!.id;
  }

  it('when a flag is raised and staff resolve it, then each reaches the clinic with the open flag, then none', async () => {
    const appointment = await createAppointment(clinics.smile, 'Flag raised');
    const socket = openSocket({ token: await accessToken(stack, DEMO.reception) });
    await connected(socket);
    const updates = collect(socket);

    const flagId = await raiseFlag(clinics.smile, appointment.id);
    const raised = await waitFor(() => updates.find((u) => u.id === appointment.id && u.open_flag != null), 2000);
    expect(raised).toMatchObject({
      status: 'Scheduled',
      patient_name: appointment.patientName,
      open_flag: { id: flagId, kind: 'late_cancellation_request', note: 'Cancel tapped 40 minutes before.' },
    });

    const receptionist = await stack.signedIn(DEMO.reception);
    const { error } = await receptionist
      .from('appointment_flags')
      .update({ resolved_at: new Date().toISOString() })
      .eq('id', flagId);
    expect(error).toBeNull();
    const resolved = await waitFor(() => updates.find((u) => u.id === appointment.id && u.open_flag === null), 2000);
    expect(resolved).toMatchObject({ status: 'Scheduled', deleted: false });
  });

  it('when staff cancel the flagged appointment, then its flag is resolved with it and the event carries no flag', async () => {
    const appointment = await createAppointment(clinics.smile, 'Flag cancel');
    const flagId = await raiseFlag(clinics.smile, appointment.id);
    const socket = openSocket({ token: await accessToken(stack, DEMO.reception) });
    await connected(socket);
    const updates = collect(socket);

    const receptionist = await stack.signedIn(DEMO.reception);
    const { error } = await receptionist.from('appointments').update({ status: 'Cancelled' }).eq('id', appointment.id);
    expect(error).toBeNull();
    const update = await waitFor(() => updates.find((u) => u.id === appointment.id && u.status === 'Cancelled'), 2000);
    expect(update.open_flag).toBeNull();
    const { rows } = await stack.db.query<{ resolved: boolean }>(
      'select resolved_at is not null as resolved from public.appointment_flags where id = $1',
      [flagId],
    );
    expect(rows[0]?.resolved).toBe(true);
  });
});

describe('a graceful stop', () => {
  /** A realtime service of its own on an HTTP server of its own, on `port` (0: any free one). */
  async function serve(port: number) {
    const realtime = createRealtime(stack.service.deps);
    const server = createServer();
    await realtime.attach(server);
    await realtime.start();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('the server has no port');
    return {
      port: address.port,
      async stop() {
        await realtime.close();
        await new Promise((resolve) => server.close(resolve));
      },
    };
  }

  it('when the service stops and starts again, then a connected client reconnects by itself', async () => {
    const first = await serve(0);
    const socket = connect(`http://127.0.0.1:${first.port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnectionDelay: 100,
      reconnectionDelayMax: 200,
      auth: { token: await accessToken(stack, DEMO.reception) },
    });
    sockets.push(socket);
    await connected(socket);
    const reasons: string[] = [];
    socket.on('disconnect', (reason) => reasons.push(reason));

    await first.stop();
    await waitFor(() => (reasons.length > 0 ? true : undefined), 2000);
    // 'io server disconnect' would leave the client offline for good (socket.active false).
    expect(reasons).toEqual(['transport close']);
    expect(socket.active).toBe(true);

    const second = await serve(first.port);
    try {
      await waitFor(() => (socket.connected ? true : undefined), 5000);
    } finally {
      socket.disconnect();
      await second.stop();
    }
  });
});

describe('Redis', () => {
  it('when REDIS_URL names a Redis that does not answer, then attaching fails with a clear message', async () => {
    const deps = stack.service.deps;
    const realtime = createRealtime({ ...deps, config: { ...deps.config, redisUrl: 'redis://127.0.0.1:1' } });
    const server = createServer();
    await expect(realtime.attach(server)).rejects.toThrow(
      /^Could not connect to Redis at REDIS_URL \(redis:\/\/127\.0\.0\.1:1\): .*ECONNREFUSED/,
    );
    expect(server.listenerCount('upgrade')).toBe(0);
    await realtime.close();
  });
});
