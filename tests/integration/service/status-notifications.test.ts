/**
 * POST /status-notifications/:id over real HTTP on the local stack, with real Supabase JWTs
 * (demo users signed in through supabase-js) and hand-signed ones, sending through the Meta
 * stand-in: who may call, what bad input gets, the texts patients receive, the 24-hour rule's
 * two paths, and Meta's errors as staff see them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inboundKey, type SimulatedFault } from '../../../local/meta/state.ts';
import {
  DEMO,
  failLogInserts,
  messagesTo,
  newDentist,
  newPatientAppointment,
  newPsid,
  postJson,
  queueFault,
  resetMessengerFaults,
  signHs256,
  signIn,
  startConnectedDemoStack,
  SMILE_DENTAL_PAGE,
  weekdaySlots,
  type PatientAppointment,
} from '../../support/service.ts';
import type { TestStack } from '../../support/stack.ts';

const HOUR = 60 * 60 * 1000;

let stack: TestStack;
let smileClinic: number;
let brightClinic: number;
let smileDentist: number;
let brightDentist: number;
const tokens: Record<'reception' | 'admin2' | 'superadmin', string> = { reception: '', admin2: '', superadmin: '' };
let receptionUserId: string;

/** 09:00 Manila on a new Monday–Saturday each time. */
const nextSlot = weekdaySlots(9);

function newAppointment(
  options: { clinic?: number; dentist?: number; messengerId?: string | null; time?: Date } = {},
): Promise<PatientAppointment> {
  return newPatientAppointment(stack.db, {
    clinicId: options.clinic ?? smileClinic,
    dentistId: options.dentist ?? smileDentist,
    time: options.time ?? nextSlot(),
    messengerId: options.messengerId === undefined ? newPsid(9) : options.messengerId,
    reason: 'Oral Prophylaxis',
  });
}

function notify(id: number | string, body: unknown, token: string | null = tokens.reception, rawBody?: string) {
  return postJson(stack, `/status-notifications/${id}`, rawBody ?? body, token);
}

async function noticesOf(appointmentId: number) {
  const { rows } = await stack.db.query<{
    status: string;
    messenger_id: string | null;
    message: string;
    outcome: string;
    error: string | null;
    via: string | null;
  }>(
    `select status, messenger_id, message, outcome, error, via from public.appointment_notifications
      where appointment_id = $1 order by id`,
    [appointmentId],
  );
  return rows;
}

/** The patient wrote to the page `agoMs` ago: known to the service (messenger_contacts) and to Meta. */
async function patientWrote(appointment: PatientAppointment, agoMs: number, options: { metaKnows?: boolean } = {}) {
  const at = new Date(Date.now() - agoMs);
  await stack.db.query(
    `insert into public.messenger_contacts (clinic_id, page_id, psid, last_inbound_at) values ($1, $2, $3, $4)
     on conflict (page_id, psid) do update set last_inbound_at = excluded.last_inbound_at`,
    [appointment.clinicId, SMILE_DENTAL_PAGE.id, appointment.psid, at.toISOString()],
  );
  if (options.metaKnows ?? true)
    stack.metaStandIn.state.lastInbound.set(inboundKey(SMILE_DENTAL_PAGE.id, appointment.psid!), at);
}

beforeAll(async () => {
  ({
    stack,
    clinics: { smile: smileClinic, bright: brightClinic },
  } = await startConnectedDemoStack());
  smileDentist = await newDentist(stack.db, smileClinic, 'Notice');
  brightDentist = await newDentist(stack.db, brightClinic, 'Notice');
  const reception = await signIn(stack, DEMO.reception);
  tokens.reception = reception.token;
  receptionUserId = reception.userId;
  tokens.admin2 = (await signIn(stack, DEMO.admin2)).token;
  tokens.superadmin = (await signIn(stack, DEMO.superadmin)).token;
});

afterAll(() => stack?.stop());
afterEach(() => resetMessengerFaults(stack));

describe('callers', () => {
  it('when no token is sent, then 401 with a clear error and nothing is sent or recorded', async () => {
    const appointment = await newAppointment();
    const response = await notify(appointment.id, { status: 'Cancelled', clinic_id: smileClinic }, null);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'You are not signed in. Please log in again.' });
    expect(await messagesTo(stack, appointment.psid!)).toEqual([]);
    expect(await noticesOf(appointment.id)).toEqual([]);
  });

  it('when the token is malformed or not a bearer token, then 401', async () => {
    const appointment = await newAppointment();
    for (const authorization of ['Bearer not-a-jwt', 'Basic cmVjZXB0aW9uOnBhc3M=', 'Bearer a.b.c']) {
      const response = await fetch(`${stack.url}/status-notifications/${appointment.id}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'Cancelled', clinic_id: smileClinic }),
      });
      expect(response.status, authorization).toBe(401);
      expect(await response.json()).toEqual({ error: 'Your session is not valid. Please log in again.' });
    }
  });

  it('when the token has expired, then 401 saying so', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await signHs256(
      { sub: receptionUserId, role: 'authenticated', aud: 'authenticated', iat: now - 7200, exp: now - 3600 },
      stack.config.jwtSecret,
    );
    const appointment = await newAppointment();
    const response = await notify(appointment.id, { status: 'Cancelled', clinic_id: smileClinic }, expired);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Your session has expired. Please log in again.' });
  });

  it('when the token is signed with another secret, then 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = await signHs256(
      { sub: receptionUserId, role: 'authenticated', exp: now + 3600 },
      'another-secret-that-is-at-least-32-characters-long',
    );
    const appointment = await newAppointment();
    const response = await notify(appointment.id, { status: 'Cancelled', clinic_id: smileClinic }, forged);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Your session is not valid. Please log in again.' });
    expect(await messagesTo(stack, appointment.psid!)).toEqual([]);
  });

  it('when the token is an API key rather than a signed-in user, then 401', async () => {
    for (const key of [stack.config.anonKey, stack.config.serviceRoleKey]) {
      const response = await notify(1, { status: 'Cancelled', clinic_id: smileClinic }, key);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'Only signed-in staff can use this service.' });
    }
  });

  it('when a valid token belongs to an account without a staff profile, then 403', async () => {
    const now = Math.floor(Date.now() / 1000);
    const stranger = await signHs256(
      { sub: randomUUID(), role: 'authenticated', exp: now + 3600 },
      stack.config.jwtSecret,
    );
    const response = await notify(1, { status: 'Cancelled', clinic_id: smileClinic }, stranger);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'Your account has no staff profile.', code: 'no_profile' });
  });

  it("when the clinic_id is another clinic's, then 403 and nothing is sent", async () => {
    const appointment = await newAppointment({ clinic: brightClinic, dentist: brightDentist });
    const response = await notify(appointment.id, { status: 'Cancelled', clinic_id: brightClinic });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'You do not have access to this clinic.' });
    expect(await noticesOf(appointment.id)).toEqual([]);
  });

  it("when the appointment is another clinic's but the clinic_id is the caller's, then 404 like an unknown id", async () => {
    const theirs = await newAppointment({ clinic: brightClinic, dentist: brightDentist });
    const response = await notify(theirs.id, { status: 'Cancelled', clinic_id: smileClinic });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Appointment not found.' });
    expect(await messagesTo(stack, theirs.psid!)).toEqual([]);
    expect(await noticesOf(theirs.id)).toEqual([]);

    const unknown = await notify(987_654_321, { status: 'Cancelled', clinic_id: smileClinic });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Appointment not found.' });
  });

  it('when the appointment is soft-deleted, then 404', async () => {
    const appointment = await newAppointment();
    await stack.db.query('update public.appointments set deleted = true where id = $1', [appointment.id]);
    const response = await notify(appointment.id, { status: 'Cancelled', clinic_id: smileClinic });
    expect(response.status).toBe(404);
  });

  it('when the superadmin names another clinic, then the request is served (here: that clinic has no page)', async () => {
    const appointment = await newAppointment({ clinic: brightClinic, dentist: brightDentist });
    const response = await notify(appointment.id, { status: 'Cancelled', clinic_id: brightClinic }, tokens.superadmin);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: 'This clinic is not connected to a Facebook page. Connect one in Clinic Config.',
    });
  });
});

describe('bad input', () => {
  it('when the status is not one of the five, then 400 and nothing is sent or recorded', async () => {
    const appointment = await newAppointment();
    for (const status of ['Done', 'cancelled', '', null, 3]) {
      const response = await notify(appointment.id, { status, clinic_id: smileClinic });
      expect(response.status, String(status)).toBe(400);
      expect(await response.json()).toEqual({
        error: 'status must be one of Scheduled, Confirmed, Completed, No Show, Cancelled.',
      });
    }
    expect(await messagesTo(stack, appointment.psid!)).toEqual([]);
    expect(await noticesOf(appointment.id)).toEqual([]);
  });

  it('when the id or clinic_id is not a positive whole number, then 400', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '99999999999999999999']) {
      const response = await notify(id, { status: 'Cancelled', clinic_id: smileClinic });
      expect(response.status, id).toBe(400);
      expect(await response.json()).toEqual({ error: 'The appointment id must be a positive whole number.' });
    }
    const appointment = await newAppointment();
    for (const clinic_id of [undefined, '1', -1, 0, 1.5]) {
      const response = await notify(appointment.id, { status: 'Cancelled', clinic_id });
      expect(response.status, String(clinic_id)).toBe(400);
      expect(await response.json()).toEqual({ error: 'clinic_id must be a positive whole number.' });
    }
    expect(await noticesOf(appointment.id)).toEqual([]);
  });

  it('when the id cannot be percent-decoded or holds NUL, then 400 {error} on the local stack too, never 500', async () => {
    for (const id of ['%ff%fe', '%E0%A4%A', '%ED%A0%80']) {
      for (const path of [
        `/status-notifications/${id}`,
        `/appointments/${id}/send-reminder?clinic_id=${smileClinic}`,
      ]) {
        const response = await postJson(
          stack,
          path,
          { status: 'Cancelled', clinic_id: smileClinic, days_ahead: 1 },
          tokens.reception,
        );
        expect(response.status, path).toBe(400);
        expect(await response.json()).toEqual({
          error: 'The request path has an invalid percent-encoding',
        });
      }
    }
    for (const id of ['%00', '1%00', '1e308']) {
      const response = await notify(id, { status: 'Cancelled', clinic_id: smileClinic });
      expect(response.status, id).toBe(400);
      expect(await response.json()).toEqual({ error: 'The appointment id must be a positive whole number.' });
    }
  });

  it('when the message is over 1000 characters, then 400', async () => {
    const appointment = await newAppointment();
    const response = await notify(appointment.id, {
      status: 'Cancelled',
      clinic_id: smileClinic,
      message: 'x'.repeat(1001),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'message must be at most 1000 characters.' });
    expect(await noticesOf(appointment.id)).toEqual([]);
  });

  it('when the body is malformed JSON, too large or not JSON, then 400, 413 or 415 with {error}', async () => {
    const appointment = await newAppointment();
    const malformed = await notify(appointment.id, undefined, tokens.reception, '{"status": "Cancelled",');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'Malformed JSON body' });

    const huge = JSON.stringify({ status: 'Cancelled', clinic_id: smileClinic, message: 'x'.repeat(40_000) });
    const tooLarge = await notify(appointment.id, undefined, tokens.reception, huge);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ error: 'Request body is too large' });

    const plain = await fetch(`${stack.url}/status-notifications/${appointment.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.reception}`, 'content-type': 'text/plain' },
      body: 'status=Cancelled',
    });
    expect(plain.status).toBe(415);
    expect(await plain.json()).toEqual({ error: 'Send the request body as JSON (Content-Type: application/json).' });
    expect(await noticesOf(appointment.id)).toEqual([]);
  });
});

describe('sending', () => {
  it('when no message is given, then the default text for the status reaches the patient in clinic time', async () => {
    // The text names the day: a dentist of its own, as nextSlot hands smileDentist this Saturday too.
    const appointment = await newAppointment({
      dentist: await newDentist(stack.db, smileClinic, 'Notice'),
      time: new Date('2027-03-06T01:00:00Z'),
    });
    const response = await notify(appointment.id, { status: 'Cancelled', clinic_id: smileClinic });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; messageId: string; via: string };
    expect(body).toEqual({ ok: true, messageId: expect.stringMatching(/^m_/), via: 'template' });

    const expected =
      `Hi ${appointment.patientName}, your appointment with ${appointment.dentistName} at Smile Dental on ` +
      'Saturday, 6 March 2027 at 9:00 AM has been cancelled. Please message us if you would like to book a new time.';
    const [message] = await messagesTo(stack, appointment.psid!);
    expect(message).toMatchObject({
      id: body.messageId,
      pageId: SMILE_DENTAL_PAGE.id,
      kind: 'template',
      text: expected,
    });
    expect(await noticesOf(appointment.id)).toEqual([
      {
        status: 'Cancelled',
        messenger_id: appointment.psid,
        message: expected,
        outcome: 'sent',
        error: null,
        via: 'template',
      },
    ]);
  });

  it('when staff write a message, then exactly that message is sent, and every status has a default', async () => {
    const appointment = await newAppointment();
    const custom = await notify(appointment.id, {
      status: 'No Show',
      clinic_id: smileClinic,
      message: '  We missed you today! Reply here to rebook.  ',
    });
    expect(custom.status).toBe(200);
    expect((await messagesTo(stack, appointment.psid!))[0]!.text).toBe('We missed you today! Reply here to rebook.');

    const blank = await notify(appointment.id, { status: 'Completed', clinic_id: smileClinic, message: '   ' });
    expect(blank.status).toBe(200);
    expect((await messagesTo(stack, appointment.psid!))[0]!.text).toMatch(
      /^Hi Patient .*thank you for visiting Smile Dental/,
    );

    for (const status of ['Scheduled', 'Confirmed']) {
      const response = await notify(appointment.id, { status, clinic_id: smileClinic });
      expect(response.status).toBe(200);
    }
    const texts = (await messagesTo(stack, appointment.psid!)).map((message) => message.text);
    expect(texts[0]).toContain('is confirmed');
    expect(texts[1]).toContain('is scheduled for');
    expect((await noticesOf(appointment.id)).map((notice) => notice.status)).toEqual([
      'No Show',
      'Completed',
      'Scheduled',
      'Confirmed',
    ]);
  });

  it('when notices about one appointment come faster than a status can change, then 429 past five a minute', async () => {
    const flooded = await newAppointment();
    const other = await newAppointment();
    const send = (id: number) => notify(id, { status: 'Confirmed', clinic_id: smileClinic, message: 'Hello again' });
    for (let notice = 0; notice < 5; notice++) expect((await send(flooded.id)).status).toBe(200);
    const refused = await send(flooded.id);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: 'Too many messages about this appointment in a short time. Please wait a minute and try again.',
    });
    expect(await messagesTo(stack, flooded.psid!)).toHaveLength(5);
    expect((await send(other.id)).status).toBe(200);
  });

  it('when the patient has no Messenger ID, then 422 telling staff to add it, recorded as failed', async () => {
    const appointment = await newAppointment({ messengerId: null });
    const response = await notify(appointment.id, { status: 'Cancelled', clinic_id: smileClinic });
    expect(response.status).toBe(422);
    const error = "This patient has no Messenger ID. Add it on the patient's record to notify them.";
    expect(await response.json()).toEqual({ error });
    expect(await noticesOf(appointment.id)).toEqual([
      expect.objectContaining({ outcome: 'failed', error, messenger_id: null, via: null }),
    ]);
  });

  it('when the clinic is not connected to a page, then 422 telling staff to connect one', async () => {
    const appointment = await newAppointment({ clinic: brightClinic, dentist: brightDentist });
    const response = await notify(appointment.id, { status: 'Cancelled', clinic_id: brightClinic }, tokens.admin2);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: 'This clinic is not connected to a Facebook page. Connect one in Clinic Config.',
    });
    expect(await messagesTo(stack, appointment.psid!)).toEqual([]);
  });
});

describe('unsendable text and recording', () => {
  it('when the message holds a NUL or half an emoji, then 400 before anything is sent; the clean retry is sent once', async () => {
    const appointment = await newAppointment();
    for (const message of ['Your visit is cancelled.\u0000', 'Cancelled \ud83d', '\ude00']) {
      const response = await notify(appointment.id, { status: 'Cancelled', clinic_id: smileClinic, message });
      expect(response.status, JSON.stringify(message)).toBe(400);
      expect(await response.json()).toEqual({
        error: 'message contains a character that cannot be sent (a NUL character or a broken emoji).',
      });
    }
    expect(await messagesTo(stack, appointment.psid!)).toEqual([]);
    expect(await noticesOf(appointment.id)).toEqual([]);

    const retry = await notify(appointment.id, {
      status: 'Cancelled',
      clinic_id: smileClinic,
      message: 'Your visit is cancelled. \ud83d\ude00',
    });
    expect(retry.status).toBe(200);
    expect(await messagesTo(stack, appointment.psid!)).toHaveLength(1);
    expect(await noticesOf(appointment.id)).toEqual([
      expect.objectContaining({ outcome: 'sent', message: 'Your visit is cancelled. \ud83d\ude00' }),
    ]);
  });

  it('when recording the sent notice fails twice, then it is retried: one row, one message, 200', async () => {
    const appointment = await newAppointment();
    await failLogInserts(stack.db, 'appointment_notifications', appointment.id, 2);
    const response = await notify(appointment.id, {
      status: 'No Show',
      clinic_id: smileClinic,
      message: 'We missed you.',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { messageId: string };
    expect(body).toEqual({ ok: true, messageId: expect.stringMatching(/^m_/), via: 'template' });
    expect(await messagesTo(stack, appointment.psid!)).toEqual([expect.objectContaining({ id: body.messageId })]);
    expect(await noticesOf(appointment.id)).toEqual([
      expect.objectContaining({ status: 'No Show', message: 'We missed you.', outcome: 'sent', via: 'template' }),
    ]);
  });

  it('when the sent notice cannot be recorded at all, then still 200 saying so (not a 5xx that invites a resend)', async () => {
    const appointment = await newAppointment();
    await failLogInserts(stack.db, 'appointment_notifications', appointment.id, 1000);
    const response = await notify(appointment.id, { status: 'Completed', clinic_id: smileClinic });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      messageId: expect.stringMatching(/^m_/),
      via: 'template',
      recorded: false,
    });
    expect(await messagesTo(stack, appointment.psid!)).toHaveLength(1);
    expect(await noticesOf(appointment.id)).toEqual([]);
  });

  it("when recording a refused send fails, then staff still get Meta's error, not a 500", async () => {
    const appointment = await newAppointment();
    await failLogInserts(stack.db, 'appointment_notifications', appointment.id, 1000);
    await queueFault(stack, { httpStatus: 400, code: 190, message: 'Error validating access token', remaining: 1 });
    const response = await notify(appointment.id, { status: 'Cancelled', clinic_id: smileClinic });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      error:
        "The clinic's Facebook page connection has expired or was revoked. Reconnect the page in Clinic Config, then try again.",
    });
  });

  it("when Meta's error text holds a NUL, then the failure is still recorded, with U+FFFD in its place", async () => {
    const appointment = await newAppointment();
    await queueFault(stack, { httpStatus: 400, code: 9999, message: 'odd\u0000error', remaining: 1 });
    const response = await notify(appointment.id, { status: 'Cancelled', clinic_id: smileClinic });
    expect(response.status).toBe(502);
    const { error } = (await response.json()) as { error: string };
    expect(error).toBe('Messenger notification failed: odd\u0000error');
    expect(await noticesOf(appointment.id)).toEqual([
      expect.objectContaining({ outcome: 'failed', error: 'Messenger notification failed: odd\ufffderror' }),
    ]);
  });
});

describe('the 24-hour rule', () => {
  it('when the patient wrote to the page within 24 hours, then a plain message is sent', async () => {
    const appointment = await newAppointment();
    await patientWrote(appointment, 2 * HOUR);
    const response = await notify(appointment.id, { status: 'Cancelled', clinic_id: smileClinic });
    expect(await response.json()).toMatchObject({ ok: true, via: 'message' });
    expect((await messagesTo(stack, appointment.psid!))[0]!.kind).toBe('text');
    expect((await noticesOf(appointment.id))[0]!.via).toBe('message');
  });

  it('when the patient last wrote more than 24 hours ago, or never, then the utility template is sent', async () => {
    const stale = await newAppointment();
    await patientWrote(stale, 25 * HOUR);
    const response = await notify(stale.id, { status: 'Cancelled', clinic_id: smileClinic });
    expect(await response.json()).toMatchObject({ ok: true, via: 'template' });
    expect((await messagesTo(stack, stale.psid!))[0]!.kind).toBe('template');
  });

  it('when the service thinks the window is open but Meta says it closed, then the template is sent instead', async () => {
    const appointment = await newAppointment();
    await patientWrote(appointment, HOUR, { metaKnows: false });
    const response = await notify(appointment.id, { status: 'Cancelled', clinic_id: smileClinic });
    expect(await response.json()).toMatchObject({ ok: true, via: 'template' });
    expect((await messagesTo(stack, appointment.psid!)).map((message) => message.kind)).toEqual(['template']);
  });
});

describe("Meta's errors", () => {
  const cases: Array<{ name: string; fault: SimulatedFault; inside?: boolean; status: number; error: string }> = [
    {
      name: 'an expired page token (190)',
      fault: { httpStatus: 400, code: 190, message: 'Error validating access token', remaining: 1 },
      status: 502,
      error:
        "The clinic's Facebook page connection has expired or was revoked. Reconnect the page in Clinic Config, then try again.",
    },
    {
      name: 'a rate limit (613)',
      fault: { httpStatus: 400, code: 613, message: 'Calls to this api have exceeded the rate limit.', remaining: 1 },
      status: 503,
      error: "Messenger is limiting how many messages the clinic's page can send. Please try again in a few minutes.",
    },
    {
      name: 'the 24-hour window (10/2018278) on a plain send and then on the template',
      fault: {
        httpStatus: 400,
        code: 10,
        subcode: 2018278,
        message: '(#10) This message is sent outside of allowed window.',
        remaining: 2,
      },
      inside: true,
      status: 502,
      error:
        "Messenger refused the message: the patient has not written to the clinic's page in the last 24 hours, and the reminder template was not accepted.",
    },
    {
      name: 'a server error (500)',
      fault: { httpStatus: 500, code: 2, message: 'An unexpected error has occurred.', remaining: 1 },
      status: 503,
      error: 'Messenger is not reachable right now. Please try again.',
    },
  ];

  for (const { name, fault, inside, status, error } of cases) {
    it(`when Meta answers ${name}, then ${status} with a message staff can act on, recorded as failed`, async () => {
      const appointment = await newAppointment();
      if (inside) await patientWrote(appointment, HOUR);
      await queueFault(stack, fault);
      const response = await notify(appointment.id, { status: 'Cancelled', clinic_id: smileClinic });
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ error });
      if (status === 503) expect(response.headers.get('retry-after')).toBe('60');
      expect(await messagesTo(stack, appointment.psid!)).toEqual([]);
      expect(await noticesOf(appointment.id)).toEqual([
        expect.objectContaining({ outcome: 'failed', error, via: null }),
      ]);
      expect(stack.metaStandIn.state.faults).toEqual([]);
    });
  }

  it('when Meta is slow, then staff get an answer after the service’s timeout, not Meta’s', async () => {
    const appointment = await newAppointment();
    // Meta would answer only after two minutes, far beyond the test's own time limit.
    await queueFault(stack, { httpStatus: 500, code: 2, message: 'slow', remaining: 1, delayMs: 120_000 });
    const abandonedBefore = stack.metaStandIn.state.abandonedCalls;
    const started = performance.now();
    const response = await notify(appointment.id, { status: 'Cancelled', clinic_id: smileClinic });
    const elapsed = performance.now() - started;
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: 'Messenger is not reachable right now. Please try again.' });
    // It waited for its timeout (a timer never fires early), then hung up on Meta rather than
    // waiting for Meta's answer.
    expect(elapsed).toBeGreaterThanOrEqual(stack.service.deps.config.metaTimeoutMs - 100);
    await expect.poll(() => stack.metaStandIn.state.abandonedCalls).toBe(abandonedBefore + 1);
  });
});

describe('the dev inbox', () => {
  it('lists the messages sent, newest first, as HTML escaped', async () => {
    const appointment = await newAppointment();
    await notify(appointment.id, { status: 'Cancelled', clinic_id: smileClinic, message: 'first <b>notice</b>' });
    await notify(appointment.id, { status: 'Cancelled', clinic_id: smileClinic, message: 'second notice' });
    const page = await fetch(`${stack.url}/_dev/messenger?recipientId=${appointment.psid}`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('first &lt;b&gt;notice&lt;/b&gt;');
    expect(html.indexOf('second notice')).toBeLessThan(html.indexOf('first &lt;b&gt;'));
    expect(html).toContain('Smile Dental Clinic');
  });
});
