/**
 * The scheduler's sent reminders and their log row (PGlite): once Meta has accepted a reminder,
 * a database hiccup while writing its outcome must not leave the claim pending, or the reminder
 * would be claimed and sent again once the lease lapses.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClinic,
  createDentist,
  createPatient,
  freshDatabase,
  insertRow,
  type FreshDatabase,
} from '../../tests/support/database.ts';
import { connectPage, schedulerDeps } from '../../tests/support/service.ts';
import type { Messenger, OutgoingMessage, ServiceDatabase } from '../contracts';
import { createReminderScheduler } from './scheduler';

// Monday 2031-03-10, 09:30 in Manila; the appointment is the next day.
const NOW = new Date('2031-03-10T01:30:00Z');

let fresh: FreshDatabase;

beforeAll(async () => {
  fresh = await freshDatabase('pglite');
});

afterAll(async () => {
  await fresh?.cleanup();
});

/** The database, except that the next `failures` writes of a reminder's outcome are refused. */
function flakyOutcomeWrites(db: ServiceDatabase, failures: number): ServiceDatabase {
  let left = failures;
  return Object.assign(Object.create(db) as ServiceDatabase, {
    query: (sql: string, params?: unknown[]) => {
      if (/set outcome = \$3/.test(sql) && left > 0) {
        left -= 1;
        return Promise.reject(Object.assign(new Error('connection reset'), { code: '08006' }));
      }
      return db.query(sql, params);
    },
  });
}

describe('recording what the scheduler sent', () => {
  it('when writing the sent outcome fails twice, then it is retried; a later pass sends nothing again', async () => {
    const db = fresh.db as unknown as ServiceDatabase;
    const tag = randomUUID().slice(0, 8);
    const clinicId = await createClinic(fresh.db, `Recording Clinic ${tag}`);
    await fresh.db.query(`update public.clinics set reminder_time = '09:00' where id = $1`, [clinicId]);
    await connectPage(fresh.db, clinicId, { id: `page-${tag}`, accessToken: `token-${tag}` });
    const dentistId = await createDentist(fresh.db, clinicId, `Dr. Reyes ${tag}`);
    const psid = `psid-${tag}`;
    const patientId = await createPatient(fresh.db, clinicId, `Patient ${tag}`, { messenger_id: psid });
    const appointmentId = await insertRow(fresh.db, 'appointments', {
      clinic_id: clinicId,
      dentist_id: dentistId,
      patient_id: patientId,
      appointment_time: '2031-03-11T10:00:00+08:00',
      status: 'Scheduled',
      reminder_enabled: true,
      reminder_days: [1],
    });

    const sent: OutgoingMessage[] = [];
    const messenger: Messenger = {
      send: async (message) => {
        sent.push(message);
        return { ok: true, messageId: `mid.${sent.length}`, via: 'message' };
      },
    };
    const clock = { now: () => NOW };
    const first = createReminderScheduler(schedulerDeps({ db: flakyOutcomeWrites(db, 2), messenger, clock }));
    await first.runOnce();
    const { rows } = await db.query<{ outcome: string; claim_token: string | null }>(
      'select outcome, claim_token from public.appointment_reminders where appointment_id = $1',
      [appointmentId],
    );
    expect(rows).toEqual([{ outcome: 'sent', claim_token: null }]);

    // A day's lease later, another pass finds nothing to send.
    const later = { now: () => new Date(NOW.getTime() + 60 * 60_000) };
    await createReminderScheduler(schedulerDeps({ db, messenger, clock: later })).runOnce();
    expect(sent.filter((message) => message.recipientId === psid)).toHaveLength(1);
  });
});
