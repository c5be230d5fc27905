/**
 * Recalls end to end on the local stack: 'Send recall' over real HTTP with a staff JWT, the
 * message the Meta stand-in receives (a 'Book' button outside the 24-hour window, a quick reply
 * inside it), the log and the 30-day rule (also for two sends at once), the callers refused, and
 * a patient's Book tap (posted by the stand-in as Meta would) becoming one booking request that
 * staff sockets hear about as 'recall-updated', with an acknowledgement to the patient.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RECALL_UPDATED, recallBookPayload } from '@common/contract';
import { whenWebhookIdle } from '../../../server/webhook/processor.ts';
import { insertRow } from '../../support/database.ts';
import { liveEvents } from '../../support/live-events.ts';
import {
  accessToken,
  DEMO,
  messagesTo,
  newDentist,
  newPsid,
  postJson,
  queueFault,
  resetMessengerFaults,
  SMILE_DENTAL_PAGE,
  startConnectedDemoStack,
} from '../../support/service.ts';
import type { TestStack } from '../../support/stack.ts';
import { waitFor } from '../../support/wait-for.ts';

let stack: TestStack;
let smileClinic: number;
let brightClinic: number;
let receptionToken: string;
let reception: SupabaseClient;
const live = liveEvents(() => stack);

interface Patient {
  id: number;
  name: string;
  psid: string | null;
}

/** A patient of `clinicId` last seen (Completed) on Monday 3 March 2025 at 10:00 Manila: long due. */
async function duePatient(messengerId: string | null, clinicId = smileClinic): Promise<Patient> {
  const name = `Recall ${randomUUID().slice(0, 8)}`;
  const id = await insertRow(stack.db, 'patients', {
    clinic_id: clinicId,
    name,
    phone: '+63 917 222 3333',
    messenger_id: messengerId,
  });
  await insertRow(stack.db, 'appointments', {
    clinic_id: clinicId,
    patient_id: id,
    dentist_id: await newDentist(stack.db, clinicId, 'Recall'),
    appointment_time: '2025-03-03T10:00:00+08:00',
    status: 'Completed',
    reason: 'Oral Prophylaxis',
  });
  return { id, name, psid: messengerId };
}

function sendRecall(patientId: number, clinicId = smileClinic, token: string | null = receptionToken) {
  return postJson(stack, `/api/recalls/${patientId}?clinic_id=${clinicId}`, {}, token);
}

async function recallRows(patientId: number) {
  const { rows } = await stack.db.query<{ id: number; outcome: string; error: string | null; via: string | null }>(
    'select id::integer as id, outcome, error, via from public.recall_messages where patient_id = $1 order by id',
    [patientId],
  );
  return rows;
}

/** The patient taps Book (a postback outside the window, a quick reply inside it); resolves with the event's mid. */
async function tap(psid: string, recallId: number, as: 'quick reply' | 'postback' = 'postback'): Promise<string> {
  const payload = recallBookPayload(recallId);
  const response = await postJson(stack, '/_dev/messenger/inbound', {
    pageId: SMILE_DENTAL_PAGE.id,
    psid,
    ...(as === 'postback' ? { postbackPayload: payload } : { quickReplyPayload: payload }),
    title: 'Book',
  });
  expect(response.status).toBe(200);
  await whenWebhookIdle();
  return ((await response.json()) as { mid: string }).mid;
}

/** Meta delivers an earlier event again, byte for byte. */
async function redeliver(mid: string): Promise<void> {
  expect((await postJson(stack, '/_dev/messenger/inbound/replay', { mid })).status).toBe(200);
  await whenWebhookIdle();
}

beforeAll(async () => {
  ({
    stack,
    clinics: { smile: smileClinic, bright: brightClinic },
  } = await startConnectedDemoStack());
  receptionToken = await accessToken(stack, DEMO.reception);
  reception = await stack.signedIn(DEMO.reception);
});

afterEach(async () => {
  await resetMessengerFaults(stack);
});

afterAll(async () => {
  live.closeAll();
  await stack?.stop();
});

describe('sending a recall', () => {
  it('when staff send a recall, then the patient gets it with a Book button and it is logged as sent', async () => {
    const patient = await duePatient(newPsid(5));
    const response = await sendRecall(patient.id);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; via: string; recall: { id: number; blocked_until: string } };
    expect(body).toMatchObject({ ok: true, via: 'template' });

    const [message] = await messagesTo(stack, patient.psid!);
    expect(message).toMatchObject({
      kind: 'template',
      text: `Hi ${patient.name}, it has been a while since your last visit on March 3, 2025, and you are due for a dental check-up at Smile Dental. Tap Book and we will message you to find a time that suits you.`,
      quickReplies: [{ title: 'Book', payload: `BOOK_RECALL:${body.recall.id}` }],
    });
    expect(await recallRows(patient.id)).toEqual([
      { id: body.recall.id, outcome: 'sent', error: null, via: 'template' },
    ]);

    // The list (as the Recalls tab reads it) shows the recall and blocks another for 30 days.
    const { data } = await reception.rpc('recall_list', { p_clinic_id: smileClinic });
    const row = (data as { patient_id: number; last_recall_outcome: string; recalled_until: string }[]).find(
      (entry) => entry.patient_id === patient.id,
    );
    expect(row?.last_recall_outcome).toBe('sent');
    expect(new Date(row!.recalled_until).toISOString()).toBe(body.recall.blocked_until);
  });

  it('when the patient wrote to the page within 24 hours, then the recall is a plain message with a Book quick reply', async () => {
    const patient = await duePatient(newPsid(5));
    await postJson(stack, '/_dev/messenger/inbound', {
      pageId: SMILE_DENTAL_PAGE.id,
      psid: patient.psid,
      text: 'Hello',
    });
    await whenWebhookIdle();
    const response = await sendRecall(patient.id);
    expect(response.status).toBe(200);
    const [message] = await messagesTo(stack, patient.psid!);
    expect(message).toMatchObject({ kind: 'text', quickReplies: [{ title: 'Book' }] });
  });

  it('when the patient was recalled less than 30 days ago, then the service refuses with 409 and sends nothing', async () => {
    const patient = await duePatient(newPsid(5));
    expect((await sendRecall(patient.id)).status).toBe(200);
    const again = await sendRecall(patient.id);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toMatch(
      new RegExp(`^${patient.name} was recalled on [A-Z][a-z]+ \\d{1,2}, \\d{4}\\. Another recall can be sent from `),
    );
    expect(await messagesTo(stack, patient.psid!)).toHaveLength(1);
    expect(await recallRows(patient.id)).toHaveLength(1);
  });

  it('when an earlier send was cut off before Messenger answered, then it blocks nothing once stale and reads as failed', async () => {
    const patient = await duePatient(newPsid(5));
    await stack.db.query(
      `insert into public.recall_messages (clinic_id, patient_id, messenger_id, message, outcome, created_at)
       values ($1, $2, $3, 'Hi', 'pending', now() - interval '10 minutes')`,
      [smileClinic, patient.id, patient.psid],
    );
    const { data } = await reception.rpc('recall_list', { p_clinic_id: smileClinic });
    const row = (data as { patient_id: number; recalled_until: string | null }[]).find(
      (entry) => entry.patient_id === patient.id,
    );
    expect(row?.recalled_until).toBeNull();

    expect((await sendRecall(patient.id)).status).toBe(200);
    expect((await recallRows(patient.id)).map(({ outcome, error }) => [outcome, error])).toEqual([
      ['failed', 'The send was interrupted before Messenger answered.'],
      ['sent', null],
    ]);
  });

  it('when two sends for one patient arrive at once, then exactly one goes out', async () => {
    const patient = await duePatient(newPsid(5));
    const statuses = (await Promise.all([sendRecall(patient.id), sendRecall(patient.id), sendRecall(patient.id)])).map(
      (response) => response.status,
    );
    expect(statuses.toSorted()).toEqual([200, 409, 409]);
    expect(await messagesTo(stack, patient.psid!)).toHaveLength(1);
    expect((await recallRows(patient.id)).map((row) => row.outcome)).toEqual(['sent']);
  });

  it('when Meta refuses, then the failure is logged with its reason and the patient can be recalled again', async () => {
    const patient = await duePatient(newPsid(5));
    await queueFault(stack, {
      httpStatus: 400,
      code: 551,
      message: 'This person isn\u2019t available right now.',
      remaining: 1,
    });
    const failed = await sendRecall(patient.id);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ error: "This person isn't available on Messenger right now." });
    expect(await recallRows(patient.id)).toMatchObject([
      { outcome: 'failed', error: "This person isn't available on Messenger right now.", via: null },
    ]);
    expect((await sendRecall(patient.id)).status).toBe(200);
  });

  it('when the patient has no Messenger ID, then 422 says so and the attempt is logged as skipped', async () => {
    const patient = await duePatient(null);
    const response = await sendRecall(patient.id);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: "This patient has no Messenger ID. Add it on the patient's record to send a recall.",
    });
    expect(await recallRows(patient.id)).toMatchObject([{ outcome: 'skipped' }]);
  });

  it('when the patient is not due (booked ahead), then 409, and nothing is sent', async () => {
    const patient = await duePatient(newPsid(5));
    await insertRow(stack.db, 'appointments', {
      clinic_id: smileClinic,
      patient_id: patient.id,
      dentist_id: await newDentist(stack.db, smileClinic, 'Ahead'),
      appointment_time: '2099-03-02T10:00:00+08:00',
    });
    const response = await sendRecall(patient.id);
    expect(response.status).toBe(409);
    expect(await messagesTo(stack, patient.psid!)).toHaveLength(0);
  });

  it('refuses callers as the manual reminder does: no token, another clinic, a dentist, an unknown patient', async () => {
    const patient = await duePatient(newPsid(5));
    expect((await sendRecall(patient.id, smileClinic, null)).status).toBe(401);
    const otherAdmin = await accessToken(stack, DEMO.admin2);
    expect(await (await sendRecall(patient.id, smileClinic, otherAdmin)).json()).toEqual({
      error: 'You do not have access to this clinic.',
    });
    // Bright's admin naming their own clinic learns nothing of Smile's patient.
    expect((await sendRecall(patient.id, brightClinic, otherAdmin)).status).toBe(404);
    const dentist = await sendRecall(patient.id, smileClinic, await accessToken(stack, DEMO.dentist));
    expect(dentist.status).toBe(403);
    expect((await sendRecall(999_999_999)).status).toBe(404);
    expect((await postJson(stack, `/api/recalls/abc?clinic_id=${smileClinic}`, {}, receptionToken)).status).toBe(400);
    expect(await messagesTo(stack, patient.psid!)).toHaveLength(0);
  });
});

describe('a patient renamed', () => {
  it('when a patient is renamed, then the clinic hears of it (the list names patients), no other clinic; another field’s save says nothing', async () => {
    const updates = await live.follow(DEMO.reception, RECALL_UPDATED);
    const otherClinic = await live.follow(DEMO.admin2, RECALL_UPDATED);
    const patient = await duePatient(null);
    const marker = await duePatient(null);

    const phone = await reception.from('patients').update({ phone: '0917 555 0199' }).eq('id', patient.id);
    expect(phone.error).toBeNull();
    const renamed = await reception
      .from('patients')
      .update({ name: `${patient.name} Jr.` })
      .eq('id', patient.id);
    expect(renamed.error).toBeNull();
    // Notices arrive in commit order: the marker's rename ends what the saves above sent.
    await reception
      .from('patients')
      .update({ name: `${marker.name} Jr.` })
      .eq('id', marker.id);
    await waitFor(() => updates.find((update) => update.patient_id === marker.id));
    const ours = [patient.id, marker.id];
    expect(updates.filter((update) => ours.includes(update.patient_id))).toEqual([
      { table: 'patients', op: 'UPDATE', id: patient.id, clinic_id: smileClinic, patient_id: patient.id },
      { table: 'patients', op: 'UPDATE', id: marker.id, clinic_id: smileClinic, patient_id: marker.id },
    ]);
    expect(otherClinic.some((update) => ours.includes(update.patient_id))).toBe(false);
  });
});

describe("a patient's Book reply", () => {
  it('when the patient taps Book, then staff get a live booking request and the patient an acknowledgement, once', async () => {
    const updates = await live.follow(DEMO.reception, RECALL_UPDATED);
    const otherClinic = await live.follow(DEMO.admin2, RECALL_UPDATED);
    const patient = await duePatient(newPsid(5));
    const sent = (await (await sendRecall(patient.id)).json()) as { recall: { id: number } };
    const mid = await tap(patient.psid!, sent.recall.id);

    const { data } = await reception.rpc('recall_request_list', { p_clinic_id: smileClinic });
    const requests = (data as { id: number; patient_id: number }[]).filter((entry) => entry.patient_id === patient.id);
    expect(requests).toHaveLength(1);
    await waitFor(() =>
      updates.find((update) => update.table === 'recall_requests' && update.patient_id === patient.id),
    );
    expect(otherClinic.some((update) => update.patient_id === patient.id)).toBe(false);

    const messages = await messagesTo(stack, patient.psid!);
    expect(messages[0]).toMatchObject({
      kind: 'text',
      text: expect.stringMatching(/^Thank you! We received your request and will message you shortly/),
    });

    // Meta redelivers the same event (not answered again), and the patient taps again: still one request.
    await redeliver(mid);
    expect(await messagesTo(stack, patient.psid!)).toHaveLength(messages.length);
    await tap(patient.psid!, sent.recall.id, 'quick reply');
    const again = await reception.rpc('recall_request_list', { p_clinic_id: smileClinic });
    expect((again.data as { patient_id: number }[]).filter((entry) => entry.patient_id === patient.id)).toHaveLength(1);
    expect(await messagesTo(stack, patient.psid!)).toHaveLength(messages.length + 1);
  });

  it('when the desk booked the patient before they tapped Book, then no request is left open and they are told', async () => {
    const patient = await duePatient(newPsid(5));
    const sent = (await (await sendRecall(patient.id)).json()) as { recall: { id: number } };
    await insertRow(stack.db, 'appointments', {
      clinic_id: smileClinic,
      patient_id: patient.id,
      dentist_id: await newDentist(stack.db, smileClinic, 'Booked'),
      appointment_time: '2099-03-03T10:00:00+08:00',
    });
    await tap(patient.psid!, sent.recall.id);

    const { data } = await reception.rpc('recall_request_list', { p_clinic_id: smileClinic });
    expect((data as { patient_id: number }[]).filter((entry) => entry.patient_id === patient.id)).toEqual([]);
    const { rows } = await stack.db.query<{ status: string }>(
      'select status::text from public.recall_requests where patient_id = $1',
      [patient.id],
    );
    expect(rows).toEqual([{ status: 'booked' }]);
    expect((await messagesTo(stack, patient.psid!))[0]).toMatchObject({
      kind: 'text',
      text: expect.stringMatching(/^Thank you! You already have an appointment booked with us/),
    });
  });

  it("when someone else taps another patient's Book, then nothing is created and nothing is answered", async () => {
    const patient = await duePatient(newPsid(5));
    const sent = (await (await sendRecall(patient.id)).json()) as { recall: { id: number } };
    const stranger = newPsid(4);
    await tap(stranger, sent.recall.id);
    const { rows } = await stack.db.query('select 1 from public.recall_requests where patient_id = $1', [patient.id]);
    expect(rows).toHaveLength(0);
    expect(await messagesTo(stack, stranger)).toHaveLength(0);
  });
});
