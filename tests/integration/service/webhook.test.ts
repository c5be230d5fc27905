/**
 * The Messenger webhook over real HTTP on the local stack: Meta's subscription check, signatures
 * over the raw bytes, and what a patient's Confirm / Cancel reply does — posted by the Meta
 * stand-in (/_dev/messenger/inbound) exactly as Meta would, and answered through the stand-in's
 * Send API. Every test makes its own clinic, page, patient and appointment.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_REPLY_PAYLOAD } from '../../../server/contracts.ts';
import { whenWebhookIdle } from '../../../server/webhook/processor.ts';
import { clinicTime, clinicWorkday } from '../../support/clinic-time.ts';
import { asUser, createStaff, insertRow } from '../../support/database.ts';
import { messagesTo, newConnectedClinic, postJson, type ConnectedClinic } from '../../support/service.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

const PASSWORD = 'Webhook-pass-1';

let stack: TestStack;
let appSecret: string;
let verifyToken: string;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  appSecret = stack.service.deps.config.metaAppSecret;
  verifyToken = stack.service.deps.config.metaVerifyToken;
});

afterAll(async () => {
  await stack?.stop();
});

const unique = () => randomUUID().replace(/-/g, '').slice(0, 12);

const connectedClinic = (options: { phone?: string } = {}) =>
  newConnectedClinic(stack, 'Webhook', { contact_phone: options.phone ?? null });

async function patientOf(clinic: ConnectedClinic, messengerId: string | null = `psid-${unique()}`) {
  const { rows } = await stack.db.query<{ id: string }>(
    `insert into public.patients (clinic_id, name, phone, messenger_id) values ($1, $2, '0917 000 0000', $3) returning id`,
    [clinic.id, `Patient ${unique()}`, messengerId],
  );
  return { id: Number(rows[0]!.id), psid: messengerId };
}

async function dentistOf(clinic: ConnectedClinic) {
  const { rows } = await stack.db.query<{ id: string }>(
    `insert into public.dentists (clinic_id, name, email, phone) values ($1, $2, $3, '0917 111 1111') returning id`,
    [clinic.id, `Dr ${unique()}`, `dr-${unique()}@example.test`],
  );
  return Number(rows[0]!.id);
}

/**
 * An appointment at `time`. `bypassBookingRules` inserts it without the booking trigger, for times
 * the clinic's hours would refuse (e.g. "in 30 minutes" while the tests run at night).
 */
async function appointmentOf(
  clinic: ConnectedClinic,
  patientId: number,
  time: string,
  options: { status?: string; guardianPsid?: string; bypassBookingRules?: boolean } = {},
): Promise<number> {
  const dentistId = await dentistOf(clinic);
  const insert = (run: (sql: string, params: unknown[]) => Promise<{ rows: { id: string }[] }>) =>
    run(
      `insert into public.appointments (clinic_id, patient_id, dentist_id, appointment_time, reason, status, guardian_messenger_id)
       values ($1, $2, $3, $4, 'Cleaning', $5, $6) returning id`,
      [clinic.id, patientId, dentistId, time, options.status ?? 'Scheduled', options.guardianPsid ?? null],
    );
  const { rows } = options.bypassBookingRules
    ? await stack.db.transaction(async (tx) => {
        await tx.query(`set local session_replication_role = replica`);
        return insert((sql, params) => tx.query(sql, params));
      })
    : await insert((sql, params) => stack.db.query(sql, params));
  return Number(rows[0]!.id);
}

async function statusOf(appointmentId: number): Promise<string> {
  const { rows } = await stack.db.query<{ status: string }>('select status from public.appointments where id = $1', [
    appointmentId,
  ]);
  return rows[0]!.status;
}

/** A patient writing to the page, through the Meta stand-in; resolves once the service processed it. */
async function patientSends(body: {
  pageId: string;
  psid: string;
  text?: string;
  quickReplyPayload?: string;
  postbackPayload?: string;
}): Promise<{ mid: string; status: number }> {
  const response = await postJson(stack, '/_dev/messenger/inbound', body);
  expect(response.status).toBe(200);
  const delivery = (await response.json()) as { mid: string; status: number };
  await whenWebhookIdle();
  return delivery;
}

async function replay(mid: string) {
  const response = await postJson(stack, '/_dev/messenger/inbound/replay', { mid });
  expect(response.status).toBe(200);
  await whenWebhookIdle();
  return (await response.json()) as { mid: string; status: number };
}

const sign = (raw: string, secret = appSecret) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

function postWebhook(raw: string, headers: Record<string, string> = {}) {
  return fetch(`${stack.url}/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: raw,
  });
}

const textEvent = (pageId: string, psid: string, timestamp: number) =>
  JSON.stringify({
    object: 'page',
    entry: [
      {
        id: pageId,
        time: timestamp,
        messaging: [
          { sender: { id: psid }, recipient: { id: pageId }, timestamp, message: { mid: `m_${unique()}`, text: 'Hi' } },
        ],
      },
    ],
  });

async function contactOf(pageId: string, psid: string) {
  const { rows } = await stack.db.query<{ clinic_id: string; patient_id: string | null; last_inbound_at: Date }>(
    'select clinic_id, patient_id, last_inbound_at from public.messenger_contacts where page_id = $1 and psid = $2',
    [pageId, psid],
  );
  return rows[0];
}

describe('GET /webhook (subscription check)', () => {
  it('when the verify token matches, then the challenge is echoed as plain text', async () => {
    const response = await fetch(
      `${stack.url}/webhook?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(verifyToken)}&hub.challenge=1158201444`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('1158201444');
  });

  it('when the verify token is wrong or the mode is not subscribe, then 403 with an error', async () => {
    for (const query of [
      `hub.mode=subscribe&hub.verify_token=wrong-token&hub.challenge=1`,
      `hub.mode=unsubscribe&hub.verify_token=${encodeURIComponent(verifyToken)}&hub.challenge=1`,
      `hub.challenge=1`,
    ]) {
      const response = await fetch(`${stack.url}/webhook?${query}`);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: 'Webhook verification failed.' });
    }
  });
});

describe('POST /webhook (signatures and bodies)', () => {
  it('when the body is signed with the app secret, then it is accepted with 200', async () => {
    const raw = JSON.stringify({ object: 'page', entry: [] });
    const response = await postWebhook(raw, { 'x-hub-signature-256': sign(raw) });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('EVENT_RECEIVED');
  });

  it('when the signature is missing, then 401', async () => {
    const response = await postWebhook(JSON.stringify({ object: 'page', entry: [] }));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Missing X-Hub-Signature-256.' });
  });

  it('when the signature is made with another secret, then 403 and nothing is recorded', async () => {
    const clinic = await connectedClinic();
    const psid = `psid-${unique()}`;
    const raw = textEvent(clinic.pageId, psid, Date.now());
    const response = await postWebhook(raw, { 'x-hub-signature-256': sign(raw, 'not-the-app-secret') });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'Invalid X-Hub-Signature-256.' });
    await whenWebhookIdle();
    expect(await contactOf(clinic.pageId, psid)).toBeUndefined();
  });

  it('when the body was re-serialised after signing, then the signature no longer matches (raw bytes count)', async () => {
    const clinic = await connectedClinic();
    const psid = `psid-${unique()}`;
    const raw = textEvent(clinic.pageId, psid, Date.now());
    const reserialised = JSON.stringify(JSON.parse(raw), null, 1);
    const response = await postWebhook(reserialised, { 'x-hub-signature-256': sign(raw) });
    expect(response.status).toBe(403);
    await whenWebhookIdle();
    expect(await contactOf(clinic.pageId, psid)).toBeUndefined();
  });

  it('when a signed body is not JSON, then 400 with an error', async () => {
    const raw = '{"object":"page","entry":[';
    const response = await postWebhook(raw, { 'x-hub-signature-256': sign(raw) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'The webhook body is not valid JSON.' });
  });

  it('when a signed body is JSON but not an object, then 400', async () => {
    const raw = '[1,2,3]';
    const response = await postWebhook(raw, { 'x-hub-signature-256': sign(raw) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'The webhook body must be a JSON object.' });
  });

  it('when the body is over 256 kB, then 413 before anything else', async () => {
    const raw = JSON.stringify({ object: 'page', entry: [], padding: 'x'.repeat(300 * 1024) });
    const response = await postWebhook(raw, { 'x-hub-signature-256': sign(raw) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'The webhook body is too large.' });
  });
});

async function deadLettersOf(pageId: string) {
  const { rows } = await stack.db.query<{ page_id: string; reason: string; event: Record<string, unknown> }>(
    'select page_id, reason, event from public.webhook_dead_letters where page_id = $1 order by id',
    [pageId],
  );
  return rows;
}

describe('events that fail after the 200 (dead letters)', () => {
  it('when a batch holds a NUL sender id and a 1e20 timestamp, then 200, both are dead-lettered with why, the rest is processed', async () => {
    const clinic = await connectedClinic();
    const patient = await patientOf(clinic);
    const appointmentId = await appointmentOf(clinic, patient.id, clinicTime(clinicWorkday(3), '10:00'));
    const writer = `psid-${unique()}`;
    const at = Date.parse('2026-11-20T02:00:00Z');
    const nulSender = {
      sender: { id: 'psid-\u0000-x' },
      recipient: { id: clinic.pageId },
      timestamp: at,
      message: { mid: `m_${unique()}`, text: 'Hi \u0000 there' },
    };
    const farFuture = {
      sender: { id: writer },
      recipient: { id: clinic.pageId },
      timestamp: 1e20,
      message: { mid: `m_${unique()}`, text: 'Hello' },
    };
    const raw = JSON.stringify({
      object: 'page',
      entry: [
        {
          id: clinic.pageId,
          time: at,
          messaging: [
            nulSender,
            farFuture,
            {
              sender: { id: patient.psid },
              recipient: { id: clinic.pageId },
              timestamp: at,
              message: {
                mid: `m_${unique()}`,
                text: 'Confirm',
                quick_reply: { payload: QUICK_REPLY_PAYLOAD.confirm(appointmentId) },
              },
            },
            {
              sender: { id: writer },
              recipient: { id: clinic.pageId },
              timestamp: at,
              message: { mid: `m_${unique()}`, text: 'Hi' },
            },
          ],
        },
      ],
    });
    const response = await postWebhook(raw, { 'x-hub-signature-256': sign(raw) });
    expect(response.status).toBe(200);
    await whenWebhookIdle();

    expect(await deadLettersOf(clinic.pageId)).toEqual([
      {
        page_id: clinic.pageId,
        reason: 'The sender id contains a NUL character or an unpaired surrogate.',
        // jsonb cannot hold U+0000: it is kept as U+FFFD.
        event: {
          ...nulSender,
          sender: { id: 'psid-\ufffd-x' },
          message: { ...nulSender.message, text: 'Hi \ufffd there' },
        },
      },
      { page_id: clinic.pageId, reason: 'The timestamp is out of range.', event: farFuture },
    ]);
    // The rest of the batch: the Confirm applied, the other writer recorded (at its own time).
    expect(await statusOf(appointmentId)).toBe('Confirmed');
    expect(new Date((await contactOf(clinic.pageId, writer))!.last_inbound_at).getTime()).toBe(at);
    expect(await messagesTo(stack, patient.psid!)).toHaveLength(1);
  });

  it('when an event holds a lone surrogate in its payload, then it is dead-lettered and storable', async () => {
    const clinic = await connectedClinic();
    const psid = `psid-${unique()}`;
    const raw = `{"object":"page","entry":[{"id":"${clinic.pageId}","messaging":[{"sender":{"id":"${psid}"},"timestamp":1763604000000,"postback":{"mid":"m_${unique()}","payload":"CONFIRM_APPOINTMENT:1\\ud800"}}]}]}`;
    const response = await postWebhook(raw, { 'x-hub-signature-256': sign(raw) });
    expect(response.status).toBe(200);
    await whenWebhookIdle();
    const [letter] = await deadLettersOf(clinic.pageId);
    expect(letter).toMatchObject({
      reason: 'The payload contains a NUL character or an unpaired surrogate.',
      event: { postback: { payload: 'CONFIRM_APPOINTMENT:1\ufffd' } },
    });
    expect(await contactOf(clinic.pageId, psid)).toBeUndefined();
  });

  it('keeps dead letters from browsers: anon has no privilege, staff see none, the superadmin reads them', async () => {
    const clinic = await connectedClinic();
    await stack.db.query(`insert into public.webhook_dead_letters (page_id, reason, event) values ($1, 'test', '{}')`, [
      clinic.pageId,
    ]);
    await expect(
      asUser(stack.db, 'anon', (tx) => tx.query('select * from public.webhook_dead_letters')),
    ).rejects.toMatchObject({ code: '42501' });
    const admin = await createStaff(stack.db, clinic.id, 'admin');
    const superadmin = await createStaff(stack.db, clinic.id, 'superadmin');
    const seenBy = async (claims: typeof admin) =>
      (
        await asUser(stack.db, claims, (tx) =>
          tx.query('select page_id from public.webhook_dead_letters where page_id = $1', [clinic.pageId]),
        )
      ).rows;
    expect(await seenBy(admin)).toEqual([]);
    expect(await seenBy(superadmin)).toEqual([{ page_id: clinic.pageId }]);
    await expect(
      asUser(stack.db, superadmin, (tx) =>
        tx.query(`delete from public.webhook_dead_letters where page_id = $1`, [clinic.pageId]),
      ),
    ).rejects.toMatchObject({ code: '42501' });
  });
});

describe('Messenger contacts', () => {
  it('when an unknown person writes, then they are kept unlinked for staff, with their last message time', async () => {
    const clinic = await connectedClinic();
    const psid = `psid-${unique()}`;
    const before = Date.now();
    await patientSends({ pageId: clinic.pageId, psid, text: 'Hello, can I book?' });
    const contact = await contactOf(clinic.pageId, psid);
    expect(contact).toMatchObject({ patient_id: null });
    expect(Number(contact!.clinic_id)).toBe(clinic.id);
    expect(new Date(contact!.last_inbound_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('when exactly one patient of the clinic has that Messenger id, then the contact is linked to them', async () => {
    const clinic = await connectedClinic();
    const patient = await patientOf(clinic);
    await patientSends({ pageId: clinic.pageId, psid: patient.psid!, text: 'Hi' });
    expect(Number((await contactOf(clinic.pageId, patient.psid!))!.patient_id)).toBe(patient.id);
  });

  it('when only a deleted patient had that Messenger id, then the contact stays unlinked; a live one later takes it', async () => {
    // Two live patients of a clinic cannot share a Messenger id (patients_clinic_messenger_id_key).
    const clinic = await connectedClinic();
    const psid = `psid-${unique()}`;
    const gone = await patientOf(clinic, psid);
    await stack.db.query('update public.patients set deleted = true where id = $1', [gone.id]);
    await patientSends({ pageId: clinic.pageId, psid, text: 'Hi' });
    expect((await contactOf(clinic.pageId, psid))!.patient_id).toBeNull();
    const live = await patientOf(clinic, psid);
    expect(Number((await contactOf(clinic.pageId, psid))!.patient_id)).toBe(live.id);
  });

  it('when an older event arrives after a newer one, then the last message time does not go backwards', async () => {
    const clinic = await connectedClinic();
    const psid = `psid-${unique()}`;
    const newer = Date.parse('2026-01-02T00:00:00Z');
    const older = Date.parse('2026-01-01T00:00:00Z');
    for (const time of [newer, older]) {
      const raw = textEvent(clinic.pageId, psid, time);
      expect((await postWebhook(raw, { 'x-hub-signature-256': sign(raw) })).status).toBe(200);
    }
    await whenWebhookIdle();
    expect(new Date((await contactOf(clinic.pageId, psid))!.last_inbound_at).getTime()).toBe(newer);
  });

  it('when the page is connected to no clinic, then the event is ignored', async () => {
    const psid = `psid-${unique()}`;
    const pageId = `99${Date.now()}`;
    const raw = textEvent(pageId, psid, Date.now());
    expect((await postWebhook(raw, { 'x-hub-signature-256': sign(raw) })).status).toBe(200);
    await whenWebhookIdle();
    expect(await contactOf(pageId, psid)).toBeUndefined();
  });

  it('when the patient has written, then a following status notice goes as a plain message, otherwise as a template', async () => {
    const clinic = await connectedClinic();
    const silent = await patientOf(clinic);
    const writer = await patientOf(clinic);
    const silentAppointment = await appointmentOf(clinic, silent.id, clinicTime(clinicWorkday(4), '10:00'));
    const writerAppointment = await appointmentOf(clinic, writer.id, clinicTime(clinicWorkday(4), '11:00'));
    await patientSends({ pageId: clinic.pageId, psid: writer.psid!, text: 'Hi, see you soon' });

    const messenger = stack.service.deps.messenger;
    for (const [psid, appointmentId] of [
      [silent.psid!, silentAppointment],
      [writer.psid!, writerAppointment],
    ] as const) {
      const result = await messenger.send({
        pageId: clinic.pageId,
        pageAccessToken: clinic.pageToken,
        recipientId: psid,
        text: `Your appointment ${appointmentId} is confirmed.`,
        kind: 'status',
      });
      expect(result.ok).toBe(true);
    }
    expect((await messagesTo(stack, silent.psid!)).map((message) => message.kind)).toEqual(['template']);
    expect((await messagesTo(stack, writer.psid!)).map((message) => message.kind)).toEqual(['text']);
  });
});

describe('Confirm and Cancel replies', () => {
  it('when the patient taps Confirm on a reminder, then the appointment is Confirmed and they are thanked in Messenger', async () => {
    const clinic = await connectedClinic();
    const patient = await patientOf(clinic);
    const appointmentId = await appointmentOf(clinic, patient.id, clinicTime(clinicWorkday(3), '10:20'));
    const delivery = await patientSends({
      pageId: clinic.pageId,
      psid: patient.psid!,
      quickReplyPayload: QUICK_REPLY_PAYLOAD.confirm(appointmentId),
    });
    expect(delivery.status).toBe(200);
    expect(await statusOf(appointmentId)).toBe('Confirmed');
    const replies = await messagesTo(stack, patient.psid!);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ pageId: clinic.pageId, kind: 'text' });
    expect(replies[0]!.text).toMatch(
      /^Thank you! Your appointment on \w+day, \d{1,2} \w+ \d{4} at 10:20 AM is confirmed\.$/,
    );
    const { rows } = await stack.db.query<{ outcome: string; reply_status: string; appointment_id: string }>(
      'select outcome, reply_status, appointment_id::text from public.messenger_webhook_events where mid = $1',
      [delivery.mid],
    );
    expect(rows).toEqual([{ outcome: 'confirmed', reply_status: 'sent', appointment_id: String(appointmentId) }]);
  });

  it('when the patient taps a Confirm button of a utility template (a postback), then it is Confirmed too', async () => {
    const clinic = await connectedClinic();
    const patient = await patientOf(clinic);
    const appointmentId = await appointmentOf(clinic, patient.id, clinicTime(clinicWorkday(3), '09:40'));
    await patientSends({
      pageId: clinic.pageId,
      psid: patient.psid!,
      postbackPayload: QUICK_REPLY_PAYLOAD.confirm(appointmentId),
    });
    expect(await statusOf(appointmentId)).toBe('Confirmed');
    expect((await messagesTo(stack, patient.psid!)).map((message) => message.text)).toEqual([
      expect.stringMatching(/is confirmed\.$/),
    ]);
  });

  it('when the guardian taps Confirm, then it counts', async () => {
    const clinic = await connectedClinic();
    const patient = await patientOf(clinic, null);
    const guardian = `psid-${unique()}`;
    const appointmentId = await appointmentOf(clinic, patient.id, clinicTime(clinicWorkday(3), '14:00'), {
      guardianPsid: guardian,
    });
    await patientSends({
      pageId: clinic.pageId,
      psid: guardian,
      quickReplyPayload: QUICK_REPLY_PAYLOAD.confirm(appointmentId),
    });
    expect(await statusOf(appointmentId)).toBe('Confirmed');
    expect(await messagesTo(stack, guardian)).toHaveLength(1);
  });

  it('when staff sent the reminder to another Messenger ID, then that person’s Confirm counts; a failed send’s does not', async () => {
    const clinic = await connectedClinic();
    const patient = await patientOf(clinic);
    const relative = `psid-${unique()}`;
    const unreached = `psid-${unique()}`;
    const appointmentId = await appointmentOf(clinic, patient.id, clinicTime(clinicWorkday(3), '15:00'));
    for (const [messengerId, outcome] of [
      [unreached, 'failed'],
      [relative, 'sent'],
    ] as const) {
      await insertRow(stack.db, 'appointment_reminders', {
        clinic_id: clinic.id,
        appointment_id: appointmentId,
        days_ahead: 1,
        messenger_id: messengerId,
        is_manual: true,
        outcome,
        error: outcome === 'failed' ? 'Meta refused it' : null,
      });
    }
    const quickReplyPayload = QUICK_REPLY_PAYLOAD.confirm(appointmentId);
    await patientSends({ pageId: clinic.pageId, psid: unreached, quickReplyPayload });
    expect(await statusOf(appointmentId)).toBe('Scheduled');
    await patientSends({ pageId: clinic.pageId, psid: relative, quickReplyPayload });
    expect(await statusOf(appointmentId)).toBe('Confirmed');
    expect(await messagesTo(stack, relative)).toHaveLength(1);
    expect(await messagesTo(stack, unreached)).toEqual([]);
  });

  it('when the patient taps Cancel more than an hour ahead, then the appointment is Cancelled and they are told so', async () => {
    const clinic = await connectedClinic();
    const patient = await patientOf(clinic);
    const appointmentId = await appointmentOf(clinic, patient.id, clinicTime(clinicWorkday(3), '15:00'), {
      status: 'Confirmed',
    });
    await patientSends({
      pageId: clinic.pageId,
      psid: patient.psid!,
      quickReplyPayload: QUICK_REPLY_PAYLOAD.cancel(appointmentId),
    });
    expect(await statusOf(appointmentId)).toBe('Cancelled');
    expect((await messagesTo(stack, patient.psid!)).map((message) => message.text)).toEqual([
      expect.stringMatching(/^Your appointment on .+ at 3:00 PM has been cancelled\.$/),
    ]);
  });

  it('when the patient taps Cancel less than an hour before, then it is not cancelled but flagged for staff, and they are told to call', async () => {
    const clinic = await connectedClinic({ phone: '0917 555 0101' });
    const patient = await patientOf(clinic);
    const soon = new Date(Date.now() + 30 * 60_000).toISOString();
    const appointmentId = await appointmentOf(clinic, patient.id, soon, { bypassBookingRules: true });
    const delivery = await patientSends({
      pageId: clinic.pageId,
      psid: patient.psid!,
      quickReplyPayload: QUICK_REPLY_PAYLOAD.cancel(appointmentId),
    });
    expect(await statusOf(appointmentId)).toBe('Scheduled');
    expect((await messagesTo(stack, patient.psid!)).map((message) => message.text)).toEqual([
      'It is less than an hour before your appointment, so it cannot be cancelled here. Please call the clinic at 0917 555 0101.',
    ]);
    const { rows } = await stack.db.query<{ kind: string; source_mid: string; resolved_at: Date | null }>(
      'select kind, source_mid, resolved_at from public.appointment_flags where appointment_id = $1',
      [appointmentId],
    );
    expect(rows).toEqual([{ kind: 'late_cancellation_request', source_mid: delivery.mid, resolved_at: null }]);
  });

  it('when a payload names another patient’s appointment, then nothing changes and nothing is sent', async () => {
    const clinic = await connectedClinic();
    const owner = await patientOf(clinic);
    const stranger = await patientOf(clinic);
    const appointmentId = await appointmentOf(clinic, owner.id, clinicTime(clinicWorkday(3), '16:00'));
    const delivery = await patientSends({
      pageId: clinic.pageId,
      psid: stranger.psid!,
      quickReplyPayload: QUICK_REPLY_PAYLOAD.cancel(appointmentId),
    });
    expect(await statusOf(appointmentId)).toBe('Scheduled');
    expect(await messagesTo(stack, stranger.psid!)).toEqual([]);
    const { rows } = await stack.db.query<{ outcome: string; reply_status: string }>(
      'select outcome, reply_status from public.messenger_webhook_events where mid = $1',
      [delivery.mid],
    );
    expect(rows).toEqual([{ outcome: 'ignored', reply_status: 'skipped' }]);
  });

  it('when a payload names an appointment of another clinic (even the sender’s own there), then it is ignored', async () => {
    const clinic = await connectedClinic();
    const otherClinic = await connectedClinic();
    const psid = `psid-${unique()}`;
    const otherPatient = await patientOf(otherClinic, psid);
    await patientOf(clinic, psid);
    const otherAppointment = await appointmentOf(otherClinic, otherPatient.id, clinicTime(clinicWorkday(3), '10:40'));
    await patientSends({
      pageId: clinic.pageId,
      psid,
      quickReplyPayload: QUICK_REPLY_PAYLOAD.confirm(otherAppointment),
    });
    expect(await statusOf(otherAppointment)).toBe('Scheduled');
    expect(await messagesTo(stack, psid)).toEqual([]);
  });

  it('when the appointment is already past, then it is not changed and the patient is told to contact the clinic', async () => {
    const clinic = await connectedClinic();
    const patient = await patientOf(clinic);
    const past = clinicTime(clinicWorkday(-3), '10:00');
    const appointmentId = await appointmentOf(clinic, patient.id, past);
    await patientSends({
      pageId: clinic.pageId,
      psid: patient.psid!,
      quickReplyPayload: QUICK_REPLY_PAYLOAD.confirm(appointmentId),
    });
    expect(await statusOf(appointmentId)).toBe('Scheduled');
    expect((await messagesTo(stack, patient.psid!)).map((message) => message.text)).toEqual([
      expect.stringMatching(/can no longer be changed here\. Please call the clinic\.$/),
    ]);
  });

  it('when Meta delivers the same reply twice, then it is applied once and answered once', async () => {
    const clinic = await connectedClinic();
    const patient = await patientOf(clinic);
    const appointmentId = await appointmentOf(clinic, patient.id, clinicTime(clinicWorkday(3), '11:20'));
    const first = await patientSends({
      pageId: clinic.pageId,
      psid: patient.psid!,
      quickReplyPayload: QUICK_REPLY_PAYLOAD.confirm(appointmentId),
    });
    // Staff set it back meanwhile: a replay that were applied again would confirm it again.
    await stack.db.query(`update public.appointments set status = 'Scheduled' where id = $1`, [appointmentId]);
    const again = await replay(first.mid);
    expect(again).toEqual({ mid: first.mid, status: 200 });
    expect(await statusOf(appointmentId)).toBe('Scheduled');
    expect(await messagesTo(stack, patient.psid!)).toHaveLength(1);
    const { rows } = await stack.db.query('select 1 from public.messenger_webhook_events where mid = $1', [first.mid]);
    expect(rows).toHaveLength(1);
  });

  it('when a too-late Cancel is delivered twice, then one flag and one answer', async () => {
    const clinic = await connectedClinic();
    const patient = await patientOf(clinic);
    const soon = new Date(Date.now() + 20 * 60_000).toISOString();
    const appointmentId = await appointmentOf(clinic, patient.id, soon, { bypassBookingRules: true });
    const first = await patientSends({
      pageId: clinic.pageId,
      psid: patient.psid!,
      quickReplyPayload: QUICK_REPLY_PAYLOAD.cancel(appointmentId),
    });
    await replay(first.mid);
    await replay(first.mid);
    const { rows } = await stack.db.query('select 1 from public.appointment_flags where appointment_id = $1', [
      appointmentId,
    ]);
    expect(rows).toHaveLength(1);
    expect(await messagesTo(stack, patient.psid!)).toHaveLength(1);
  });
});

describe('appointment flags are visible to the clinic’s staff only', () => {
  async function staffOf(clinicId: number) {
    const service = stack.serviceClient();
    const email = `flags-${unique()}@example.test`;
    const { error } = await service.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { name: 'Flag Reader' },
      app_metadata: { clinic_id: clinicId, role: 'receptionist' },
    });
    if (error) throw error;
    return stack.signedIn(email, PASSWORD);
  }

  it('when a late Cancel was flagged, then the clinic’s receptionist sees and resolves it, another clinic’s does not see it', async () => {
    const clinic = await connectedClinic();
    const otherClinic = await connectedClinic();
    const patient = await patientOf(clinic);
    const soon = new Date(Date.now() + 10 * 60_000).toISOString();
    const appointmentId = await appointmentOf(clinic, patient.id, soon, { bypassBookingRules: true });
    await patientSends({
      pageId: clinic.pageId,
      psid: patient.psid!,
      quickReplyPayload: QUICK_REPLY_PAYLOAD.cancel(appointmentId),
    });

    const own = await staffOf(clinic.id);
    const other = await staffOf(otherClinic.id);
    const seen = await own
      .from('appointment_flags')
      .select('id, kind, appointment_id')
      .eq('appointment_id', appointmentId);
    expect(seen.error).toBeNull();
    expect(seen.data).toEqual([
      { id: expect.any(Number), kind: 'late_cancellation_request', appointment_id: appointmentId },
    ]);
    const hidden = await other.from('appointment_flags').select('id').eq('appointment_id', appointmentId);
    expect(hidden.data).toEqual([]);

    const resolved = await own
      .from('appointment_flags')
      .update({ resolved_at: new Date().toISOString() })
      .eq('appointment_id', appointmentId)
      .select('resolved_at');
    expect(resolved.error).toBeNull();
    expect(resolved.data?.[0]?.resolved_at).toEqual(expect.any(String));
    const forged = await own.from('appointment_flags').update({ note: 'changed' }).eq('appointment_id', appointmentId);
    expect(forged.error?.code).toBe('42501');
    const events = await own.from('messenger_webhook_events').select('mid');
    expect(events.error?.code).toBe('42501');
  });
});
