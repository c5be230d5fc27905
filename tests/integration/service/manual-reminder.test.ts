/**
 * POST /appointments/:id/send-reminder?clinic_id= over real HTTP on the local stack: the Reminder
 * modal's manual send, its recipient and text rules, the log in appointment_reminders (sent and
 * failed), bad input, and the per-caller rate limit. The service's clock is fixed (serveWithClock),
 * so the texts patients read are written out whatever day the tests run. A same-day reminder says
 * "today"; no reminder for an appointment that cannot happen; the day's automated reminder skips a
 * recipient a manual reminder already reached, saying so in the log.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createReminderScheduler } from '../../../server/reminders/scheduler.ts';
import {
  accessToken,
  DEMO,
  failLogInserts,
  startConnectedDemoStack,
  messagesTo,
  newDentist,
  newPatientAppointment,
  newPsid,
  postJson,
  queueFault,
  resetMessengerFaults,
  serveWithClock,
  weekdaySlots,
  type PatientAppointment,
} from '../../support/service.ts';
import type { TestStack } from '../../support/stack.ts';

let stack: TestStack;
let smileClinic: number;
let brightClinic: number;
let smileDentist: number;
let brightDentist: number;
let receptionToken: string;
/** The stack's service with its clock at CLINIC_NOW (the sends go to the stack's Meta stand-in). */
let service: Awaited<ReturnType<typeof serveWithClock>>;

/** 10:00 Manila on a new Monday–Saturday each time, from Monday 1 March 2027 on. */
const nextSlot = weekdaySlots(10);
/** Friday 26 February 2027, 10:00 in Manila: every slot is ahead, the first one in 3 days. */
const CLINIC_NOW = new Date('2027-02-26T10:00:00+08:00');

function newAppointment(
  options: {
    clinic?: number;
    dentist?: number;
    messengerId?: string | null;
    guardian?: string | null;
    recipientType?: 'patient' | 'guardian';
    reminderMessage?: string | null;
    reminderEnabled?: boolean;
    /** The next of nextSlot's slots unless given. */
    time?: Date;
  } = {},
): Promise<PatientAppointment> {
  return newPatientAppointment(stack.db, {
    clinicId: options.clinic ?? smileClinic,
    dentistId: options.dentist ?? smileDentist,
    time: options.time ?? nextSlot(),
    messengerId: options.messengerId === undefined ? newPsid(8) : options.messengerId,
    reason: 'Tooth Extraction',
    columns: {
      guardian_messenger_id: options.guardian ?? null,
      reminder_recipient_type: options.recipientType ?? 'patient',
      reminder_message: options.reminderMessage ?? null,
      reminder_enabled: options.reminderEnabled ?? true,
    },
  });
}

function sendReminder(
  id: number | string,
  body: unknown,
  options: { clinicId?: number | string | null; token?: string } = {},
) {
  const clinic = options.clinicId === undefined ? smileClinic : options.clinicId;
  const query = clinic === null ? '' : `?clinic_id=${clinic}`;
  return postJson(
    { url: service.url },
    `/appointments/${id}/send-reminder${query}`,
    body,
    options.token ?? receptionToken,
  );
}

async function reminderLog(appointmentId: number) {
  const { rows } = await stack.db.query<{
    sent_on: Date;
    days_ahead: number;
    messenger_id: string;
    is_manual: boolean;
    outcome: string;
    error: string | null;
  }>(
    `select sent_on, days_ahead, messenger_id, is_manual, outcome, error from public.appointment_reminders
      where appointment_id = $1 order by id`,
    [appointmentId],
  );
  return rows;
}

beforeAll(async () => {
  // This file sends more reminders per minute as one receptionist than the default limit allows.
  ({
    stack,
    clinics: { smile: smileClinic, bright: brightClinic },
  } = await startConnectedDemoStack({ REMINDER_RATE_LIMIT_PER_MINUTE: '60' }));
  smileDentist = await newDentist(stack.db, smileClinic, 'Reminder');
  brightDentist = await newDentist(stack.db, brightClinic, 'Reminder');
  receptionToken = await accessToken(stack, DEMO.reception);
  service = await serveWithClock(stack, () => CLINIC_NOW);
});

afterAll(async () => {
  await service?.close();
  await stack?.stop();
});
afterEach(() => resetMessengerFaults(stack));

describe('sending a reminder by hand', () => {
  it('when staff send one, then the patient gets the default reminder with Confirm and Cancel, logged as manual', async () => {
    // The text names the day: a slot of its own, whichever test runs first.
    const appointment = await newAppointment({
      dentist: await newDentist(stack.db, smileClinic, 'Reminder'),
      time: new Date('2027-03-01T10:00:00+08:00'),
    });
    const response = await sendReminder(appointment.id, { days_ahead: 3 });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; messageId: string; via: string; reminder: unknown };
    expect(body).toEqual({
      ok: true,
      messageId: expect.stringMatching(/^m_/),
      via: 'template',
      reminder: {
        id: expect.any(Number),
        sent_on: expect.any(String),
        days_ahead: 3,
        messenger_id: appointment.psid,
        is_manual: true,
      },
    });

    const [message] = await messagesTo(stack, appointment.psid!);
    expect(message!.id).toBe(body.messageId);
    expect(message!.text).toMatch(
      new RegExp(
        `^Hi ${appointment.patientName}, this is a reminder of your appointment with ${appointment.dentistName} ` +
          'at Smile Dental in 3 days, Monday, 1 March 2027 at 10:00 AM\\. ' +
          'Tap Confirm to confirm it, or Cancel if you cannot come\\.$',
      ),
    );
    expect(message!.quickReplies).toEqual([
      { title: 'Confirm', payload: `CONFIRM_APPOINTMENT:${appointment.id}` },
      { title: 'Cancel', payload: `CANCEL_APPOINTMENT:${appointment.id}` },
    ]);

    const [logged] = await reminderLog(appointment.id);
    expect(logged).toMatchObject({
      days_ahead: 3,
      messenger_id: appointment.psid,
      is_manual: true,
      outcome: 'sent',
      error: null,
    });
    // Logged at the service's clock.
    expect(new Date(logged!.sent_on)).toEqual(CLINIC_NOW);
  });

  it('when the appointment has its own reminder message, then it is sent; an override beats it', async () => {
    const appointment = await newAppointment({ reminderMessage: 'See you soon at Smile Dental!' });
    expect((await sendReminder(appointment.id, { days_ahead: 1 })).status).toBe(200);
    expect((await messagesTo(stack, appointment.psid!))[0]!.text).toBe('See you soon at Smile Dental!');

    const overridden = await sendReminder(appointment.id, { days_ahead: 1, message_override: ' Bring your x-rays. ' });
    expect(overridden.status).toBe(200);
    expect((await messagesTo(stack, appointment.psid!))[0]!.text).toBe('Bring your x-rays.');
    expect(await reminderLog(appointment.id)).toHaveLength(2);
  });

  it('when the recipient type is guardian, then the guardian gets it; an override recipient beats both', async () => {
    const guardian = newPsid(8);
    const appointment = await newAppointment({ guardian, recipientType: 'guardian' });
    expect((await sendReminder(appointment.id, { days_ahead: 2 })).status).toBe(200);
    expect(await messagesTo(stack, guardian)).toHaveLength(1);
    expect(await messagesTo(stack, appointment.psid!)).toEqual([]);

    const other = newPsid(8);
    const overridden = await sendReminder(appointment.id, { days_ahead: 2, recipient_override: other });
    expect(overridden.status).toBe(200);
    expect(await messagesTo(stack, other)).toHaveLength(1);
    expect((await reminderLog(appointment.id)).map((row) => row.messenger_id)).toEqual([guardian, other]);
  });

  it('when the recipient has no Messenger ID, then 422 saying what to add, and nothing is sent', async () => {
    const toGuardian = await newAppointment({ recipientType: 'guardian', guardian: null });
    const guardianResponse = await sendReminder(toGuardian.id, { days_ahead: 1 });
    expect(guardianResponse.status).toBe(422);
    expect(await guardianResponse.json()).toEqual({
      error:
        'This appointment has no guardian Messenger ID. Add it to the appointment, or send the reminder to the patient.',
    });
    const noId = await newAppointment({ messengerId: null });
    const patientResponse = await sendReminder(noId.id, { days_ahead: 1 });
    expect(patientResponse.status).toBe(422);
    expect(await patientResponse.json()).toEqual({
      error: "This patient has no Messenger ID. Add it on the patient's record to notify them.",
    });
    expect(await reminderLog(toGuardian.id)).toEqual([]);
    expect(await reminderLog(noId.id)).toEqual([]);
  });

  it('when reminders are off for the appointment, then 409 and nothing is sent', async () => {
    const appointment = await newAppointment({ reminderEnabled: false });
    const response = await sendReminder(appointment.id, { days_ahead: 1 });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: 'Reminders are turned off for this appointment. Turn them on to send one.',
    });
    expect(await messagesTo(stack, appointment.psid!)).toEqual([]);
  });

  it('when Meta refuses, then the failure is logged with its reason and staff get {error}', async () => {
    const appointment = await newAppointment();
    await queueFault(stack, {
      httpStatus: 400,
      code: 551,
      message: "This person isn't available right now.",
      remaining: 1,
    });
    const response = await sendReminder(appointment.id, { days_ahead: 2 });
    expect(response.status).toBe(502);
    const error = "This person isn't available on Messenger right now.";
    expect(await response.json()).toEqual({ error });
    expect(await reminderLog(appointment.id)).toEqual([
      expect.objectContaining({
        days_ahead: 2,
        messenger_id: appointment.psid,
        is_manual: true,
        outcome: 'failed',
        error,
      }),
    ]);
  });

  it("when the stand-in's rate limit is hit, then staff are told to retry later (transient)", async () => {
    const appointment = await newAppointment();
    await postJson(stack, '/_dev/messenger/rate-limit', { perSecond: 1 });
    const answers = await Promise.all([1, 2, 3].map(() => sendReminder(appointment.id, { days_ahead: 1 })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    const limited = answers.find((answer) => answer.status === 503)!;
    expect(await limited.json()).toEqual({
      error: "Messenger is limiting how many messages the clinic's page can send. Please try again in a few minutes.",
    });
  });
});

describe('unsendable text and recording', () => {
  let adminToken: string;
  beforeAll(async () => {
    adminToken = await accessToken(stack, DEMO.admin);
  });

  it('when the override holds a NUL or half an emoji, then 400 before anything is sent or logged', async () => {
    const appointment = await newAppointment();
    for (const message_override of ['See you\u0000', '\ud83d']) {
      const response = await sendReminder(appointment.id, { days_ahead: 1, message_override }, { token: adminToken });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: 'message_override contains a character that cannot be sent (a NUL character or a broken emoji).',
      });
    }
    expect(await messagesTo(stack, appointment.psid!)).toEqual([]);
    expect(await reminderLog(appointment.id)).toEqual([]);
  });

  it('when logging the sent reminder fails twice, then it is retried: one row, one message, 200', async () => {
    const appointment = await newAppointment();
    await failLogInserts(stack.db, 'appointment_reminders', appointment.id, 2);
    const response = await sendReminder(appointment.id, { days_ahead: 2 }, { token: adminToken });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { reminder: { id: number } | null };
    expect(body.reminder).toEqual(expect.objectContaining({ id: expect.any(Number), days_ahead: 2 }));
    expect(await messagesTo(stack, appointment.psid!)).toHaveLength(1);
    expect(await reminderLog(appointment.id)).toEqual([expect.objectContaining({ outcome: 'sent', days_ahead: 2 })]);
  });

  it('when the sent reminder cannot be logged at all, then still 200 with reminder null and recorded false', async () => {
    const appointment = await newAppointment();
    await failLogInserts(stack.db, 'appointment_reminders', appointment.id, 1000);
    const response = await sendReminder(appointment.id, { days_ahead: 1 }, { token: adminToken });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      messageId: expect.stringMatching(/^m_/),
      via: 'template',
      reminder: null,
      recorded: false,
    });
    expect(await messagesTo(stack, appointment.psid!)).toHaveLength(1);
    expect(await reminderLog(appointment.id)).toEqual([]);
  });
});

describe('callers and bad input', () => {
  it("when the clinic_id is another clinic's, missing or not a number, then 403 or 400", async () => {
    const appointment = await newAppointment();
    const other = await sendReminder(appointment.id, { days_ahead: 1 }, { clinicId: brightClinic });
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ error: 'You do not have access to this clinic.' });
    for (const clinicId of [null, 'abc', '-2', '']) {
      const response = await sendReminder(appointment.id, { days_ahead: 1 }, { clinicId });
      expect(response.status, String(clinicId)).toBe(400);
      expect(await response.json()).toEqual({
        error: 'clinic_id (in the query string) must be a positive whole number.',
      });
    }
    expect(await reminderLog(appointment.id)).toEqual([]);
  });

  it("when the appointment is another clinic's or unknown, then 404", async () => {
    const theirs = await newAppointment({ clinic: brightClinic, dentist: brightDentist });
    for (const id of [theirs.id, 987_654_321]) {
      const response = await sendReminder(id, { days_ahead: 1 });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Appointment not found.' });
    }
    expect(await messagesTo(stack, theirs.psid!)).toEqual([]);
  });

  it('when days_ahead is missing, negative, zero, fractional, too large or not a number, then 400 and nothing is logged', async () => {
    const appointment = await newAppointment();
    for (const days of [undefined, -1, 0, 1.5, 366, '3', 'two', null]) {
      const response = await sendReminder(appointment.id, { days_ahead: days });
      expect(response.status, String(days)).toBe(400);
      expect(await response.json()).toEqual({ error: 'days_ahead must be a whole number of days from 1 to 365.' });
    }
    const badRecipient = await sendReminder(appointment.id, { days_ahead: 1, recipient_override: 'not a psid!' });
    expect(badRecipient.status).toBe(400);
    const longMessage = await sendReminder(appointment.id, { days_ahead: 1, message_override: 'x'.repeat(1001) });
    expect(longMessage.status).toBe(400);
    expect(await longMessage.json()).toEqual({ error: 'message_override must be at most 1000 characters.' });
    expect(await reminderLog(appointment.id)).toEqual([]);
    expect(await messagesTo(stack, appointment.psid!)).toEqual([]);
  });

  it('when one caller sends too many reminders in a minute, then 429 for them only', async () => {
    const dentistToken = await accessToken(stack, DEMO.dentist);
    const appointment = await newAppointment();
    const limit = stack.service.deps.config.rateLimits!.remindersPerMinute;
    // Refused requests count too: the limit protects the service, not only Meta.
    for (let attempt = 0; attempt < limit; attempt += 1) {
      const response = await sendReminder(appointment.id, { days_ahead: 0 }, { token: dentistToken });
      expect(response.status).toBe(400);
    }
    const limited = await sendReminder(appointment.id, { days_ahead: 1 }, { token: dentistToken });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: 'Too many reminders in a short time. Please wait a minute and try again.',
    });
    expect(limited.headers.get('ratelimit-policy')).toContain(`${limit}`);
    expect(await messagesTo(stack, appointment.psid!)).toEqual([]);

    const someoneElse = await sendReminder(appointment.id, { days_ahead: 1 });
    expect(someoneElse.status).toBe(200);
  });
});

/** Tuesday 1 June 2027, 09:15 in Manila: "now" for what a reminder says and when none is sent. */
const JUNE_NOW = new Date('2027-06-01T09:15:00+08:00');
const juneClock = { now: () => JUNE_NOW };
const QUICK_REPLY_HINT = 'Tap Confirm to confirm it, or Cancel if you cannot come.';

describe('what a reminder says and when none is sent', () => {
  let juneService: Awaited<ReturnType<typeof serveWithClock>>;
  beforeAll(async () => {
    juneService = await serveWithClock(stack, juneClock.now);
    // Smile Dental's automated reminders are due from midnight, whatever time JUNE_NOW is.
    await stack.db.query(`update public.clinics set reminder_time = '00:00' where id = $1`, [smileClinic]);
  });
  afterAll(() => juneService?.close());

  const sendInJune = (id: number, body: unknown) =>
    postJson(juneService, `/appointments/${id}/send-reminder?clinic_id=${smileClinic}`, body, receptionToken);

  function juneAppointment(time: string, columns: Record<string, unknown> = {}) {
    return newPatientAppointment(stack.db, {
      clinicId: smileClinic,
      dentistId: smileDentist,
      time: new Date(time),
      messengerId: newPsid(7),
      reason: 'Dental Consultation',
      columns,
    });
  }

  describe('the reminder follows the clinic date', () => {
    it('when staff send a reminder for an appointment later today (days_ahead 1), then the patient reads "today"', async () => {
      const appointment = await juneAppointment('2027-06-01T17:40:00+08:00');

      const response = await sendInJune(appointment.id, { days_ahead: 1 });

      expect(response.status).toBe(200);
      expect((await messagesTo(stack, appointment.psid!)).map((message) => message.text)).toEqual([
        `Hi ${appointment.patientName}, this is a reminder of your appointment with ${appointment.dentistName} at ` +
          `Smile Dental today, Tuesday, 1 June 2027 at 5:40 PM. ${QUICK_REPLY_HINT}`,
      ]);
      // The log keeps what the modal sent.
      expect(await reminderLog(appointment.id)).toMatchObject([{ days_ahead: 1, is_manual: true, outcome: 'sent' }]);
    });
  });

  describe('no reminder for an appointment that cannot happen', () => {
    it.each([
      [
        'Cancelled',
        '15:00',
        { status: 'Cancelled' },
        'This appointment is Cancelled: a reminder can no longer be sent.',
      ],
      [
        'No Show',
        '15:20',
        { status: 'No Show' },
        'This appointment is marked No Show: a reminder can no longer be sent.',
      ],
      [
        'Completed',
        '15:40',
        { status: 'Completed' },
        'This appointment is Completed: a reminder can no longer be sent.',
      ],
      ['deleted', '16:00', { deleted: true }, 'This appointment was deleted: a reminder can no longer be sent.'],
    ])(
      'when the appointment is %s, then 409 with why, nothing sent and nothing logged',
      async (_case, time, columns, error) => {
        const appointment = await juneAppointment(`2027-06-01T${time}:00+08:00`, columns);

        const response = await sendInJune(appointment.id, { days_ahead: 1 });

        expect(response.status).toBe(409);
        expect(await response.json()).toEqual({ error });
        expect(await messagesTo(stack, appointment.psid!)).toEqual([]);
        expect(await reminderLog(appointment.id)).toEqual([]);
      },
    );

    it('when the appointment time has passed (09:00 today, now 09:15), then 409 saying so', async () => {
      const appointment = await juneAppointment('2027-06-01T09:00:00+08:00');

      const response = await sendInJune(appointment.id, { days_ahead: 1 });

      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        error: 'This appointment has already passed: a reminder can no longer be sent.',
      });
      expect(await messagesTo(stack, appointment.psid!)).toEqual([]);
    });
  });

  describe('no duplicate of a manual reminder', () => {
    it('when a manual reminder went out today, then the automated one of the day is skipped and logged why; another recipient still gets theirs', async () => {
      // Wednesday 2 June 2027: tomorrow at JUNE_NOW, so both are due for their 1-day reminder.
      const remindedByHand = await juneAppointment('2027-06-02T10:00:00+08:00', { reminder_days: [1] });
      const otherRecipient = await juneAppointment('2027-06-02T10:20:00+08:00', { reminder_days: [1] });
      const elsewhere = newPsid(6);
      expect((await sendInJune(remindedByHand.id, { days_ahead: 1 })).status).toBe(200);
      expect((await sendInJune(otherRecipient.id, { days_ahead: 1, recipient_override: elsewhere })).status).toBe(200);

      // Staff then save reminder days that are due today: the next pass runs at once.
      const report = await createReminderScheduler({ ...stack.service.deps, clock: juneClock }).runOnce();

      const tomorrowText = (appointment: PatientAppointment, time: string) =>
        `Hi ${appointment.patientName}, this is a reminder of your appointment with ${appointment.dentistName} at ` +
        `Smile Dental tomorrow, Wednesday, 2 June 2027 at ${time}. ${QUICK_REPLY_HINT}`;
      expect((await messagesTo(stack, remindedByHand.psid!)).map((message) => message.text)).toEqual([
        tomorrowText(remindedByHand, '10:00 AM'),
      ]);
      expect(await reminderLog(remindedByHand.id)).toMatchObject([
        { days_ahead: 1, messenger_id: remindedByHand.psid, is_manual: true, outcome: 'sent', error: null },
        {
          days_ahead: 1,
          messenger_id: remindedByHand.psid,
          is_manual: false,
          outcome: 'skipped',
          error: 'Not sent: a manual reminder already went out to this recipient today.',
        },
      ]);
      // The manual one went to someone else: the patient still gets the day's automated reminder.
      expect((await messagesTo(stack, otherRecipient.psid!)).map((message) => message.text)).toEqual([
        tomorrowText(otherRecipient, '10:20 AM'),
      ]);
      expect(await reminderLog(otherRecipient.id)).toMatchObject([
        { is_manual: true, messenger_id: elsewhere, outcome: 'sent' },
        { is_manual: false, messenger_id: otherRecipient.psid, outcome: 'sent' },
      ]);
      expect(report).toMatchObject({ coveredByManual: 1 });
    });
  });
});
