/**
 * The automated-reminder scheduler against a migrated database (PGlite), with a fixed clock and
 * a fake Messenger that records what it is asked to send and answers as told.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../local/db/database.ts';
import type { Messenger, OutgoingMessage, SendResult } from '../../../server/contracts.ts';
import { reminderQuickReplies } from '../../../server/contracts.ts';
import {
  CLINIC_NOT_CONNECTED,
  NO_GUARDIAN_MESSENGER_ID,
  NO_PATIENT_MESSENGER_ID,
} from '../../../server/reminders/reminder-rules.ts';
import { createReminderScheduler, type ReminderSchedulerOptions } from '../../../server/reminders/scheduler.ts';
import {
  createClinic,
  createDentist,
  createPatient,
  freshDatabase,
  insertRow,
  type FreshDatabase,
} from '../../support/database.ts';
import { connectPage, schedulerDeps } from '../../support/service.ts';

let fresh: FreshDatabase;
let db: Database;

beforeAll(async () => {
  fresh = await freshDatabase('pglite');
  db = fresh.db;
});

afterAll(async () => {
  await fresh?.cleanup();
});

// Monday 2031-03-10 in Manila: 08:59 and 09:30 there.
const MONDAY_0859_MANILA = new Date('2031-03-10T00:59:00Z');
const MONDAY_0930_MANILA = new Date('2031-03-10T01:30:00Z');
const MINUTE = 60_000;

class FakeClock {
  constructor(public current: Date) {}
  now = () => this.current;
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** Answers each message with the next scripted result for its recipient, else success. */
class FakeMessenger implements Messenger {
  readonly sent: OutgoingMessage[] = [];
  readonly script = new Map<string, SendResult[]>();
  async send(message: OutgoingMessage): Promise<SendResult> {
    this.sent.push(message);
    const next = this.script.get(message.recipientId)?.shift();
    return next ?? { ok: true, messageId: `mid.${randomUUID()}`, via: 'message' };
  }
  to(recipientId: string) {
    return this.sent.filter((message) => message.recipientId === recipientId);
  }
}

function scheduler(clock: FakeClock, messenger: Messenger, options: ReminderSchedulerOptions = {}) {
  return createReminderScheduler(schedulerDeps({ db, messenger, clock }), {
    rateLimitPauseMs: 20,
    maxRateLimitPauseMs: 40,
    ...options,
  });
}

interface ClinicSetup {
  timeZone?: string;
  reminderTime?: string;
  connected?: boolean;
}

/**
 * A clinic of its own (unique name), so passes over it see only this test's appointments. Other
 * tests' clinics are in the same database: each test asserts on its own clinic's rows.
 */
async function createReminderClinic(setup: ClinicSetup = {}) {
  const tag = randomUUID().slice(0, 8);
  const name = `Reminder Clinic ${tag}`;
  const clinicId = await createClinic(db, name, setup.timeZone ?? 'Asia/Manila');
  await db.query('update public.clinics set reminder_time = $2 where id = $1', [
    clinicId,
    setup.reminderTime ?? '09:00',
  ]);
  const pageId = `page-${tag}`;
  if (setup.connected ?? true) {
    await connectPage(db, clinicId, { id: pageId, accessToken: `token-${tag}` });
  }
  const dentistId = await createDentist(db, clinicId, `Dr. Cruz ${tag}`);
  let slot = 0;
  return {
    clinicId,
    name,
    pageId,
    pageToken: `token-${tag}`,
    dentistId,
    dentistName: `Dr. Cruz ${tag}`,
    /** An appointment `daysAhead` clinic days after 2031-03-10, in the dentist's next free slot, Manila time. */
    async appointment(options: {
      daysAhead: number;
      reminderDays?: number[];
      status?: string;
      deleted?: boolean;
      reminderEnabled?: boolean;
      reminderMessage?: string | null;
      recipientType?: 'patient' | 'guardian';
      guardianMessengerId?: string | null;
      messengerId?: string | null;
      time?: string;
    }) {
      const patientName = `Patient ${randomUUID().slice(0, 8)}`;
      const messengerId = options.messengerId === undefined ? `psid-${randomUUID()}` : options.messengerId;
      const patientId = await createPatient(db, clinicId, patientName, { messenger_id: messengerId });
      const day = new Date(Date.UTC(2031, 2, 10 + options.daysAhead)).toISOString().slice(0, 10);
      // 20-minute slots from 09:00, around the 12:00–13:00 lunch (23 a day for one dentist).
      const index = slot++;
      const minutes = index < 9 ? 9 * 60 + 20 * index : 13 * 60 + 20 * (index - 9);
      const time =
        options.time ??
        `${day}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00+08:00`;
      const id = await insertRow(db, 'appointments', {
        clinic_id: clinicId,
        dentist_id: dentistId,
        patient_id: patientId,
        appointment_time: time,
        status: options.status ?? 'Scheduled',
        deleted: options.deleted ?? false,
        reminder_enabled: options.reminderEnabled ?? true,
        reminder_days: options.reminderDays ?? [1],
        reminder_message: options.reminderMessage ?? null,
        reminder_recipient_type: options.recipientType ?? 'patient',
        guardian_messenger_id: options.guardianMessengerId ?? null,
      });
      return { id, patientName, messengerId, time };
    },
  };
}

interface LogRow {
  appointment_id: number;
  days_ahead: number;
  outcome: string;
  messenger_id: string | null;
  error: string | null;
  attempts: number;
  is_manual: boolean;
  next_attempt_at: string | null;
  sent_on: string;
}

async function logOf(appointmentId: number): Promise<LogRow[]> {
  const { rows } = await db.query<LogRow>(
    `select appointment_id::integer as appointment_id, days_ahead, outcome, messenger_id, error, attempts, is_manual,
            next_attempt_at::text, sent_on::text
       from public.appointment_reminders where appointment_id = $1 order by id`,
    [appointmentId],
  );
  return rows;
}

describe('when the automated reminders go out', () => {
  it("when the clinic's reminder time has not been reached, then nothing is sent", async () => {
    const clinic = await createReminderClinic({ reminderTime: '09:00' });
    const appointment = await clinic.appointment({ daysAhead: 1 });
    const messenger = new FakeMessenger();

    await scheduler(new FakeClock(MONDAY_0859_MANILA), messenger).runOnce();

    expect(messenger.to(appointment.messengerId!)).toEqual([]);
    expect(await logOf(appointment.id)).toEqual([]);
  });

  it('when the reminder time has passed, then each due reminder is sent once with its text, quick replies and recipient', async () => {
    const clinic = await createReminderClinic();
    const tomorrow = await clinic.appointment({ daysAhead: 1, reminderDays: [1] });
    const inThreeDays = await clinic.appointment({
      daysAhead: 3,
      reminderDays: [1, 3],
      reminderMessage: 'See you Thursday!',
    });
    const messenger = new FakeMessenger();
    const clock = new FakeClock(MONDAY_0930_MANILA);

    await scheduler(clock, messenger).runOnce();

    expect(messenger.to(tomorrow.messengerId!)).toEqual([
      {
        pageId: clinic.pageId,
        pageAccessToken: clinic.pageToken,
        recipientId: tomorrow.messengerId,
        text:
          `Hi ${tomorrow.patientName}, this is a reminder of your appointment with ${clinic.dentistName} at ` +
          `${clinic.name} tomorrow, Tuesday, 11 March 2031 at 9:00 AM. Tap Confirm to confirm it, or Cancel if you cannot come.`,
        quickReplies: reminderQuickReplies(tomorrow.id),
        kind: 'reminder',
      },
    ]);
    expect(messenger.to(inThreeDays.messengerId!).map((message) => message.text)).toEqual(['See you Thursday!']);
    expect(await logOf(tomorrow.id)).toMatchObject([
      {
        days_ahead: 1,
        outcome: 'sent',
        messenger_id: tomorrow.messengerId,
        is_manual: false,
        attempts: 1,
        error: null,
      },
    ]);
    expect((await logOf(inThreeDays.id)).map((row) => [row.days_ahead, row.outcome])).toEqual([[3, 'sent']]);
  });

  it('when the scheduler runs twice (or restarts), then each reminder is still sent once', async () => {
    const clinic = await createReminderClinic();
    const appointment = await clinic.appointment({ daysAhead: 1 });
    const messenger = new FakeMessenger();
    const clock = new FakeClock(MONDAY_0930_MANILA);

    await scheduler(clock, messenger).runOnce();
    clock.advance(MINUTE);
    await scheduler(clock, messenger).runOnce(); // a new instance: as after a restart
    const again = scheduler(clock, messenger);
    await Promise.all([again.runOnce(), again.runOnce()]);

    expect(messenger.to(appointment.messengerId!)).toHaveLength(1);
    expect(await logOf(appointment.id)).toHaveLength(1);
  });

  it('when two schedulers run at the same moment, then each reminder is sent once', async () => {
    const clinic = await createReminderClinic();
    const appointments = [];
    for (let i = 0; i < 12; i++) appointments.push(await clinic.appointment({ daysAhead: 1 }));
    const messenger = new FakeMessenger();
    const clock = new FakeClock(MONDAY_0930_MANILA);

    await Promise.all([
      scheduler(clock, messenger, { pageSize: 3 }).runOnce(),
      scheduler(clock, messenger, { pageSize: 3 }).runOnce(),
    ]);

    for (const appointment of appointments) {
      expect(messenger.to(appointment.messengerId!)).toHaveLength(1);
      expect((await logOf(appointment.id)).map((row) => row.outcome)).toEqual(['sent']);
    }
  });

  it('when appointments are not due today or not remindable, then they get nothing', async () => {
    const clinic = await createReminderClinic();
    const skipped = await Promise.all([
      clinic.appointment({ daysAhead: 2, reminderDays: [1, 3] }),
      clinic.appointment({ daysAhead: 1, status: 'Cancelled' }),
      clinic.appointment({ daysAhead: 1, status: 'Completed' }),
      clinic.appointment({ daysAhead: 1, deleted: true }),
      clinic.appointment({ daysAhead: 1, reminderEnabled: false }),
      // Earlier today, with 0 in its days: already started, so too late.
      clinic.appointment({ daysAhead: 0, reminderDays: [0], time: '2031-03-10T09:00:00+08:00' }),
    ]);
    const laterToday = await clinic.appointment({ daysAhead: 0, reminderDays: [0], time: '2031-03-10T15:00:00+08:00' });
    const messenger = new FakeMessenger();

    await scheduler(new FakeClock(MONDAY_0930_MANILA), messenger).runOnce();

    for (const appointment of skipped) expect(await logOf(appointment.id)).toEqual([]);
    expect((await logOf(laterToday.id)).map((row) => [row.days_ahead, row.outcome])).toEqual([[0, 'sent']]);
  });

  it("when the recipient is the guardian, then the guardian's Messenger ID gets it", async () => {
    const clinic = await createReminderClinic();
    const appointment = await clinic.appointment({
      daysAhead: 1,
      recipientType: 'guardian',
      guardianMessengerId: 'psid-guardian-1',
    });
    const messenger = new FakeMessenger();

    await scheduler(new FakeClock(MONDAY_0930_MANILA), messenger).runOnce();

    expect(messenger.to('psid-guardian-1')).toHaveLength(1);
    expect(messenger.to(appointment.messengerId!)).toEqual([]);
    expect(await logOf(appointment.id)).toMatchObject([{ outcome: 'sent', messenger_id: 'psid-guardian-1' }]);
  });

  it('when there is no Messenger ID, then it is recorded failed with the reason, once, and never retried', async () => {
    const clinic = await createReminderClinic();
    const noPatientId = await clinic.appointment({ daysAhead: 1, messengerId: null });
    const noGuardianId = await clinic.appointment({ daysAhead: 1, recipientType: 'guardian' });
    const messenger = new FakeMessenger();
    const clock = new FakeClock(MONDAY_0930_MANILA);

    await scheduler(clock, messenger).runOnce();
    clock.advance(20 * MINUTE);
    await scheduler(clock, messenger).runOnce();

    expect(messenger.sent.filter((message) => message.pageId === clinic.pageId)).toHaveLength(0);
    expect(await logOf(noPatientId.id)).toMatchObject([
      { outcome: 'failed', error: NO_PATIENT_MESSENGER_ID, messenger_id: null, attempts: 0 },
    ]);
    expect(await logOf(noGuardianId.id)).toMatchObject([{ outcome: 'failed', error: NO_GUARDIAN_MESSENGER_ID }]);
  });

  it('when the clinic is not connected to a page, then its reminders are recorded failed with the reason', async () => {
    const clinic = await createReminderClinic({ connected: false });
    const appointment = await clinic.appointment({ daysAhead: 1 });
    const messenger = new FakeMessenger();

    await scheduler(new FakeClock(MONDAY_0930_MANILA), messenger).runOnce();

    expect(messenger.to(appointment.messengerId!)).toEqual([]);
    expect(await logOf(appointment.id)).toMatchObject([{ outcome: 'failed', error: CLINIC_NOT_CONNECTED }]);
  });

  /** A 1-day reminder whose first send Meta did not answer, after that first pass: its retry waits. */
  async function reminderAfterTransientFailure() {
    const clinic = await createReminderClinic();
    const appointment = await clinic.appointment({ daysAhead: 1 });
    const messenger = new FakeMessenger();
    messenger.script.set(appointment.messengerId!, [
      { ok: false, error: 'Messenger is not answering right now.', transient: true },
    ]);
    const clock = new FakeClock(MONDAY_0930_MANILA);
    await scheduler(clock, messenger).runOnce();
    return { appointment, messenger, clock };
  }

  it('when Meta fails transiently, then the reminder waits a minute, is retried and sent', async () => {
    const { appointment, messenger, clock } = await reminderAfterTransientFailure();
    expect(await logOf(appointment.id)).toMatchObject([
      { outcome: 'pending', attempts: 1, error: 'Messenger is not answering right now.' },
    ]);
    expect(new Date((await logOf(appointment.id))[0]!.next_attempt_at!).getTime()).toBe(
      MONDAY_0930_MANILA.getTime() + MINUTE,
    );

    clock.advance(30_000);
    await scheduler(clock, messenger).runOnce();
    expect(messenger.to(appointment.messengerId!)).toHaveLength(1);

    clock.advance(30_000);
    await scheduler(clock, messenger).runOnce();
    expect(messenger.to(appointment.messengerId!)).toHaveLength(2);
    expect(await logOf(appointment.id)).toMatchObject([{ outcome: 'sent', attempts: 2, error: null }]);
  });

  it('when Meta keeps failing transiently, then after 1, 5 and 15 minutes it is recorded failed with the reason', async () => {
    const clinic = await createReminderClinic();
    const appointment = await clinic.appointment({ daysAhead: 1 });
    const messenger = new FakeMessenger();
    const down = { ok: false as const, error: 'Messenger is not answering right now.', transient: true };
    messenger.script.set(appointment.messengerId!, [down, down, down, down]);
    const clock = new FakeClock(MONDAY_0930_MANILA);
    const run = () => scheduler(clock, messenger).runOnce();

    await run();
    for (const wait of [1, 5, 15]) {
      clock.advance(wait * MINUTE);
      await run();
    }
    clock.advance(60 * MINUTE);
    await run();

    expect(messenger.to(appointment.messengerId!)).toHaveLength(4);
    expect(await logOf(appointment.id)).toMatchObject([
      {
        outcome: 'failed',
        attempts: 4,
        error: 'Messenger is not answering right now. (gave up after 4 attempts)',
        next_attempt_at: null,
      },
    ]);
  });

  it("when Meta refuses for good, then it is recorded failed at once with Meta's reason", async () => {
    const clinic = await createReminderClinic();
    const appointment = await clinic.appointment({ daysAhead: 1 });
    const messenger = new FakeMessenger();
    messenger.script.set(appointment.messengerId!, [
      { ok: false, error: 'This person is not available right now.', transient: false, metaCode: 551 },
    ]);

    await scheduler(new FakeClock(MONDAY_0930_MANILA), messenger).runOnce();

    expect(await logOf(appointment.id)).toMatchObject([
      { outcome: 'failed', attempts: 1, error: 'This person is not available right now.' },
    ]);
  });

  it('when Meta answers with a rate limit, then sending pauses and the same reminder goes out in the same pass', async () => {
    const clinic = await createReminderClinic();
    const appointment = await clinic.appointment({ daysAhead: 1 });
    const messenger = new FakeMessenger();
    const limited = { ok: false as const, error: 'Too many messages.', transient: true, metaCode: 613 };
    messenger.script.set(appointment.messengerId!, [limited, limited]);

    const report = await scheduler(new FakeClock(MONDAY_0930_MANILA), messenger).runOnce();

    expect(messenger.to(appointment.messengerId!)).toHaveLength(3);
    expect(await logOf(appointment.id)).toMatchObject([{ outcome: 'sent', attempts: 1 }]);
    expect(report.sent).toBeGreaterThanOrEqual(1);
  });

  it('when a pass crashed holding a claim, then once the claim lapses another pass sends it, once', async () => {
    const clinic = await createReminderClinic();
    const appointment = await clinic.appointment({ daysAhead: 1 });
    // What a pass that died between claiming and sending leaves behind.
    await db.query(
      `insert into public.appointment_reminders
         (clinic_id, appointment_id, for_appointment_time, days_ahead, is_manual, outcome, sent_on, next_attempt_at,
          claim_token)
       values ($1, $2, $6, 1, false, 'pending', $3, $4, $5)`,
      [
        clinic.clinicId,
        appointment.id,
        MONDAY_0930_MANILA,
        new Date(MONDAY_0930_MANILA.getTime() + 5 * MINUTE),
        randomUUID(),
        appointment.time,
      ],
    );
    const messenger = new FakeMessenger();
    const clock = new FakeClock(MONDAY_0930_MANILA);

    clock.advance(MINUTE);
    await scheduler(clock, messenger).runOnce();
    expect(messenger.to(appointment.messengerId!)).toEqual([]);

    clock.advance(5 * MINUTE);
    await scheduler(clock, messenger).runOnce();
    await scheduler(clock, messenger).runOnce();
    expect(messenger.to(appointment.messengerId!)).toHaveLength(1);
    expect(await logOf(appointment.id)).toMatchObject([{ outcome: 'sent', attempts: 1 }]);
  });

  it('when the service stops during a rate-limit pause, then it stops promptly and the next pass sends the reminder', async () => {
    const clinic = await createReminderClinic();
    const appointment = await clinic.appointment({ daysAhead: 1 });
    const messenger = new FakeMessenger();
    const limited = { ok: false as const, error: 'Too many messages.', transient: true, metaCode: 613 };
    messenger.script.set(appointment.messengerId!, [limited]);
    const clock = new FakeClock(MONDAY_0930_MANILA);
    // A pause of ten minutes: a stop that waited for it would run past the test's own time limit.
    const stopping = scheduler(clock, messenger, { rateLimitPauseMs: 600_000, maxRateLimitPauseMs: 600_000 });

    const pass = stopping.runOnce();
    while (messenger.to(appointment.messengerId!).length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await stopping.stop();
    await pass;

    // Released for when the rate-limit pause would have ended, not sent meanwhile.
    expect(await logOf(appointment.id)).toMatchObject([{ outcome: 'pending', attempts: 0 }]);
    await scheduler(clock, messenger).runOnce();
    expect(messenger.to(appointment.messengerId!)).toHaveLength(1);
    clock.advance(10 * MINUTE);
    await scheduler(clock, messenger).runOnce();
    expect(messenger.to(appointment.messengerId!)).toHaveLength(2);
    expect(await logOf(appointment.id)).toMatchObject([{ outcome: 'sent', attempts: 1 }]);
  });

  it('when staff cancel during a rate-limit pause, then the claimed reminder is not sent after it', async () => {
    const clinic = await createReminderClinic();
    const appointment = await clinic.appointment({ daysAhead: 1 });
    const messenger = new FakeMessenger();
    const limited = { ok: false as const, error: 'Too many messages.', transient: true, metaCode: 613 };
    messenger.script.set(appointment.messengerId!, [limited]);
    // The front desk cancels while Meta's answer is on its way: the claim was made before.
    const cancellingMessenger: Messenger = {
      send: async (message) => {
        const answer = await messenger.send(message);
        await db.query(`update public.appointments set status = 'Cancelled' where id = $1`, [appointment.id]);
        return answer;
      },
    };

    await scheduler(new FakeClock(MONDAY_0930_MANILA), cancellingMessenger).runOnce();

    expect(messenger.to(appointment.messengerId!)).toHaveLength(1);
    expect(await logOf(appointment.id)).toMatchObject([
      { outcome: 'failed', error: 'Not sent: the appointment was cancelled before the reminder could go out.' },
    ]);
  });

  it('when a retry is due but the appointment was cancelled meanwhile, then it is recorded failed, not sent', async () => {
    const { appointment, messenger, clock } = await reminderAfterTransientFailure();
    await db.query(`update public.appointments set status = 'Cancelled' where id = $1`, [appointment.id]);
    clock.advance(MINUTE);
    await scheduler(clock, messenger).runOnce();

    expect(messenger.to(appointment.messengerId!)).toHaveLength(1);
    expect(await logOf(appointment.id)).toMatchObject([
      {
        outcome: 'failed',
        error: 'Not sent: the appointment was cancelled before the reminder could go out.',
        attempts: 1,
      },
    ]);
  });

  it('when an appointment moves after its reminder failed, then it is reminded of the new date', async () => {
    const { appointment, messenger, clock } = await reminderAfterTransientFailure();
    // Moved from Tuesday to Thursday while its retry waits: the retry finds it moved.
    await db.query(
      `update public.appointments set appointment_time = appointment_time + interval '2 days' where id = $1`,
      [appointment.id],
    );
    clock.advance(MINUTE);
    await scheduler(clock, messenger).runOnce();
    // Wednesday, the day before the new date.
    clock.advance(2 * 24 * 60 * MINUTE);
    await scheduler(clock, messenger).runOnce();

    expect(messenger.to(appointment.messengerId!)).toHaveLength(2);
    expect(await logOf(appointment.id)).toMatchObject([
      { outcome: 'failed', error: 'Not sent: the appointment was moved before the reminder could go out.' },
      { outcome: 'sent', error: null },
    ]);
    expect(messenger.to(appointment.messengerId!)[1]!.text).toContain('tomorrow');
  });

  it("when a retry is taken up after the clinic's midnight, then it is recorded failed because its day ended", async () => {
    const { appointment, messenger, clock } = await reminderAfterTransientFailure();
    // Tuesday 00:10 in Manila: the appointment is today and unchanged; Monday's reminder is late.
    clock.advance(14 * 60 * MINUTE + 40 * MINUTE);
    await scheduler(clock, messenger).runOnce();

    expect(messenger.to(appointment.messengerId!)).toHaveLength(1);
    expect(await logOf(appointment.id)).toMatchObject([
      { outcome: 'failed', error: 'Not sent: the day it was due ended before the reminder could go out.', attempts: 1 },
    ]);
  });

  it("when clinics are in different zones, then each one's own date and reminder time decide", async () => {
    // 2031-03-10 13:30 UTC: 21:30 on the 10th in Manila, 09:30 on the 10th in New York.
    const at = new Date('2031-03-10T13:30:00Z');
    const manila = await createReminderClinic({ reminderTime: '22:00' });
    const newYork = await createReminderClinic({ timeZone: 'America/New_York', reminderTime: '09:00' });
    const manilaTomorrow = await manila.appointment({ daysAhead: 1 });
    // 10:00 on the 11th in New York.
    const newYorkTomorrow = await newYork.appointment({ daysAhead: 1, time: '2031-03-11T10:00:00-04:00' });
    const messenger = new FakeMessenger();

    await scheduler(new FakeClock(at), messenger).runOnce();

    expect(await logOf(manilaTomorrow.id)).toEqual([]);
    expect(await logOf(newYorkTomorrow.id)).toMatchObject([{ days_ahead: 1, outcome: 'sent' }]);
  });

  it('when the pass ends, then it reports what it did', async () => {
    const clinic = await createReminderClinic();
    await clinic.appointment({ daysAhead: 1 });
    const noId = await clinic.appointment({ daysAhead: 1, messengerId: null });
    const messenger = new FakeMessenger();

    const report = await scheduler(new FakeClock(MONDAY_0930_MANILA), messenger).runOnce();

    // Other tests' clinics share the database and were done before; this pass found only these two.
    expect(report).toMatchObject({ sent: 1, failed: 1 });
    expect((await logOf(noId.id))[0]?.outcome).toBe('failed');
  });
});
