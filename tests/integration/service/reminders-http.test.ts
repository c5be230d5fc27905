/**
 * Automated reminders end to end through HTTP: the local stack's notification service (its real
 * Messenger client) sends to the Meta stand-in, and what the patient receives is read back from
 * /_dev/messenger.json, as a developer would.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reminderQuickReplies } from '../../../server/contracts.ts';
import { createReminderScheduler } from '../../../server/reminders/scheduler.ts';
import { clinicDaysAhead, clinicTime, clinicWorkday } from '../../support/clinic-time.ts';
import { createClinic, createDentist, createPatient, insertRow } from '../../support/database.ts';
import { connectPage, messagesTo, SMILE_DENTAL_PAGE } from '../../support/service.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

const MINUTE = 60_000;

let stack: TestStack;
let clinicId: number;
let dentistId: number;
let slot = 0;

async function dueAppointment() {
  // The next day the clinic is open, with a reminder set for exactly that many days before it.
  const now = new Date();
  const date = clinicWorkday(1, now);
  const daysAhead = clinicDaysAhead(date, now);
  const psid = `psid-${randomUUID()}`;
  const patientId = await createPatient(stack.db, clinicId, `Patient ${psid.slice(5, 13)}`, { messenger_id: psid });
  // 20-minute slots from 09:00, around the 12:00–13:00 lunch.
  const index = slot++;
  const minutes = index < 9 ? 9 * 60 + 20 * index : 13 * 60 + 20 * (index - 9);
  const clock = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const id = await insertRow(stack.db, 'appointments', {
    clinic_id: clinicId,
    dentist_id: dentistId,
    patient_id: patientId,
    appointment_time: clinicTime(date, clock),
    reminder_days: [daysAhead],
  });
  return { id, psid };
}

async function logOf(appointmentId: number) {
  const { rows } = await stack.db.query<{ outcome: string; attempts: number; error: string | null }>(
    'select outcome, attempts, error from public.appointment_reminders where appointment_id = $1',
    [appointmentId],
  );
  return rows;
}

beforeAll(async () => {
  // The stack's own scheduler stays off: the tests drive passes themselves.
  stack = await startTestStack({ seed: false, env: { REMINDER_SCHEDULER: 'off' } });
  clinicId = await createClinic(stack.db, `Stand-in Dental ${randomUUID().slice(0, 8)}`);
  // Reminder time at midnight: whatever the hour of the run, today's reminders are due.
  await stack.db.query(`update public.clinics set reminder_time = '00:00' where id = $1`, [clinicId]);
  await connectPage(stack.db, clinicId, SMILE_DENTAL_PAGE);
  dentistId = await createDentist(stack.db, clinicId, 'Dr. Stand-in');
});

afterAll(async () => {
  await stack?.stop();
});

describe('automated reminders through the Meta stand-in', () => {
  it("when the service's scheduler runs twice, then the patient receives the reminder once, with Confirm and Cancel", async () => {
    const appointment = await dueAppointment();

    await stack.service.scheduler.runOnce();
    await stack.service.scheduler.runOnce();

    const inbox = await messagesTo(stack, appointment.psid);
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      pageId: SMILE_DENTAL_PAGE.id,
      recipientId: appointment.psid,
      // The patient never wrote to the page: outside the 24-hour window, a utility template.
      kind: 'template',
      quickReplies: reminderQuickReplies(appointment.id),
    });
    expect(inbox[0]!.text).toContain('Stand-in Dental');
    expect(await logOf(appointment.id)).toEqual([{ outcome: 'sent', attempts: 1, error: null }]);
  });

  it('when Meta fails once with a transient error, then the reminder is retried a minute later and delivered', async () => {
    const appointment = await dueAppointment();
    const fault = await fetch(`${stack.url}/_dev/messenger/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ httpStatus: 500, code: 2, message: 'An unexpected error has occurred.', remaining: 1 }),
    });
    expect(fault.status).toBe(201);
    let now = new Date();
    const scheduler = createReminderScheduler({ ...stack.service.deps, clock: { now: () => now } });

    await scheduler.runOnce();
    expect(await messagesTo(stack, appointment.psid)).toEqual([]);
    expect(await logOf(appointment.id)).toMatchObject([{ outcome: 'pending', attempts: 1 }]);

    now = new Date(now.getTime() + MINUTE);
    await scheduler.runOnce();
    expect(await messagesTo(stack, appointment.psid)).toHaveLength(1);
    expect(await logOf(appointment.id)).toEqual([{ outcome: 'sent', attempts: 2, error: null }]);
  });

  it('when the stand-in enforces a rate limit, then every reminder still goes out, once', async () => {
    const appointments = [];
    for (let i = 0; i < 6; i++) appointments.push(await dueAppointment());
    const limit = await fetch(`${stack.url}/_dev/messenger/rate-limit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ perSecond: 2 }),
    });
    expect(limit.status).toBe(200);
    try {
      const scheduler = createReminderScheduler(stack.service.deps, {
        rateLimitPauseMs: 200,
        maxRateLimitPauseMs: 1000,
      });
      const report = await scheduler.runOnce();
      expect(report.sent).toBe(appointments.length);
    } finally {
      await fetch(`${stack.url}/_dev/messenger/rate-limit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ perSecond: null }),
      });
    }
    for (const appointment of appointments) expect(await messagesTo(stack, appointment.psid)).toHaveLength(1);
  });
});
