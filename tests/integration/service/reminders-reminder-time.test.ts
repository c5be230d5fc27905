/**
 * A clinic's Reminder Time, changed from Clinic Configuration (supabase-js as the clinic's admin),
 * takes effect on the scheduler's next pass without a restart: each pass reads
 * clinics.reminder_time again. One scheduler instance, a fixed clock, a fake Messenger.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Messenger, OutgoingMessage, SendResult } from '../../../server/contracts.ts';
import { createReminderScheduler } from '../../../server/reminders/scheduler.ts';
import { createClinic, createDentist, createPatient, insertRow } from '../../support/database.ts';
import { connectPage, schedulerDeps } from '../../support/service.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

const PASSWORD = 'Reminder-time-1';
// Monday 2031-03-10, 08:30 in Manila.
const MONDAY_0830_MANILA = new Date('2031-03-10T00:30:00Z');

class FakeMessenger implements Messenger {
  readonly sent: OutgoingMessage[] = [];
  async send(message: OutgoingMessage): Promise<SendResult> {
    this.sent.push(message);
    return { ok: true, messageId: `mid.${randomUUID()}`, via: 'message' };
  }
}

let stack: TestStack;

beforeAll(async () => {
  // The stack's own scheduler stays off: the test drives the passes.
  stack = await startTestStack({ seed: false, env: { REMINDER_SCHEDULER: 'off' } });
});

afterAll(async () => {
  await stack?.stop();
});

async function adminOf(clinicId: number): Promise<SupabaseClient> {
  const email = `admin-${randomUUID().slice(0, 8)}@example.test`;
  const { error } = await stack.serviceClient().auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: { name: 'Reminder Admin' },
    app_metadata: { clinic_id: clinicId, role: 'admin' },
  });
  if (error) throw error;
  return stack.signedIn(email, PASSWORD);
}

describe('Reminder Time from Clinic Configuration', () => {
  it("when the admin changes the clinic's reminder time, then the running scheduler's next pass follows it", async () => {
    const tag = randomUUID().slice(0, 8);
    const clinicId = await createClinic(stack.db, `Reminder Time Dental ${tag}`);
    await connectPage(stack.db, clinicId, { id: `page-${tag}`, accessToken: `token-${tag}` });
    const dentistId = await createDentist(stack.db, clinicId, `Dr. Time ${tag}`);
    const psid = `psid-${randomUUID()}`;
    const patientId = await createPatient(stack.db, clinicId, `Patient ${tag}`, { messenger_id: psid });
    // Tuesday 2031-03-11 at 10:00 Manila, reminded one day before.
    const appointmentId = await insertRow(stack.db, 'appointments', {
      clinic_id: clinicId,
      dentist_id: dentistId,
      patient_id: patientId,
      appointment_time: '2031-03-11T10:00:00+08:00',
      reminder_days: [1],
    });

    const admin = await adminOf(clinicId);
    const setReminderTime = async (time: string) => {
      const { data, error } = await admin
        .from('clinics')
        .update({ reminder_time: time })
        .eq('id', clinicId)
        .select('reminder_time');
      expect(error).toBeNull();
      expect(data).toEqual([{ reminder_time: `${time}:00` }]);
    };

    const messenger = new FakeMessenger();
    const scheduler = createReminderScheduler(
      schedulerDeps({ db: stack.db, messenger, clock: { now: () => MONDAY_0830_MANILA } }),
    );
    const toPatient = () => messenger.sent.filter((message) => message.recipientId === psid);

    await setReminderTime('10:00');
    await scheduler.runOnce();
    expect(toPatient()).toEqual([]);

    // 08:15 has passed at 08:30: the same scheduler, no restart, sends now.
    await setReminderTime('08:15');
    await scheduler.runOnce();
    expect(toPatient()).toHaveLength(1);
    const { rows } = await stack.db.query<{ outcome: string; days_ahead: number }>(
      'select outcome, days_ahead from public.appointment_reminders where appointment_id = $1',
      [appointmentId],
    );
    expect(rows).toEqual([{ outcome: 'sent', days_ahead: 1 }]);
  });
});
