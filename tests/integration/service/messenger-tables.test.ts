/**
 * The notification service's own tables (…_messaging.sql) in SQL: staff
 * read their clinic's Messenger contacts and status notices, nobody but the service role writes
 * them, and rows stay inside their clinic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../local/db/database.ts';
import {
  asUser,
  attemptAs,
  countOf,
  createClinicFixture,
  createStaff,
  databaseTargets,
  freshDatabase,
  insertRow,
  manila,
  type ClinicFixture,
  type FreshDatabase,
  type UserClaims,
} from '../../support/database.ts';

describe.each(databaseTargets())('Messenger tables on %s', (target) => {
  let fresh: FreshDatabase;
  let db: Database;
  let a: ClinicFixture;
  let b: ClinicFixture;
  let superadmin: UserClaims;
  let appointmentA: number;

  beforeAll(async () => {
    fresh = await freshDatabase(target);
    db = fresh.db;
    a = await createClinicFixture(db, 'Clinic A');
    b = await createClinicFixture(db, 'Clinic B');
    superadmin = await createStaff(db, a.id, 'superadmin');
    appointmentA = await insertRow(db, 'appointments', {
      clinic_id: a.id,
      patient_id: a.patientId,
      dentist_id: a.dentistId,
      appointment_time: manila('2030-01-07 10:00'),
    });
    await db.query(
      `insert into public.messenger_contacts (clinic_id, page_id, psid, last_inbound_at, patient_id)
       values ($1, 'page-a', '111', now(), $2), ($3, 'page-b', '222', null, null)`,
      [a.id, a.patientId, b.id],
    );
    await db.query(
      `insert into public.appointment_notifications (clinic_id, appointment_id, status, messenger_id, message, outcome, via)
       values ($1, $2, 'Cancelled', '111', 'Your appointment was cancelled.', 'sent', 'message')`,
      [a.id, appointmentA],
    );
  });

  afterAll(async () => {
    await fresh?.cleanup();
  });

  it('lets staff of the clinic read its contacts and notices, and nothing of another clinic', async () => {
    // The two contacts beforeAll made; another test adds one to clinic A.
    const contacts = "select * from public.messenger_contacts where psid in ('111', '222')";
    for (const staff of [a.admin, a.receptionist, a.dentistUser]) {
      const counts = await asUser(db, staff, async (tx) => ({
        contacts: await countOf(tx, contacts),
        notices: await countOf(tx, 'select * from public.appointment_notifications'),
      }));
      expect(counts).toEqual({ contacts: 1, notices: 1 });
    }
    const other = await asUser(db, b.admin, async (tx) => ({
      contacts: await countOf(tx, "select * from public.messenger_contacts where page_id = 'page-a'"),
      notices: await countOf(tx, 'select * from public.appointment_notifications'),
    }));
    expect(other).toEqual({ contacts: 0, notices: 0 });
    const everything = await asUser(db, superadmin, (tx) => countOf(tx, contacts));
    expect(everything).toBe(2);
  });

  it('refuses every write from a browser role with 42501, even for their own clinic', async () => {
    const writes = [
      `insert into public.messenger_contacts (clinic_id, page_id, psid) values (${a.id}, 'page-a', '333')`,
      `update public.messenger_contacts set patient_id = null where psid = '111'`,
      `delete from public.messenger_contacts`,
      `insert into public.appointment_notifications (clinic_id, appointment_id, status, message, outcome, error)
         values (${a.id}, ${appointmentA}, 'Cancelled', 'x', 'failed', 'x')`,
      `update public.appointment_notifications set outcome = 'failed'`,
      `delete from public.appointment_notifications`,
      `truncate public.messenger_contacts`,
    ];
    for (const actor of [a.admin, superadmin, 'anon' as const]) {
      for (const sql of writes) {
        const attempt = await attemptAs(db, actor, (tx) => tx.query(sql));
        expect(attempt, `${typeof actor === 'string' ? actor : actor.email}: ${sql}`).toMatchObject({
          ok: false,
          error: { code: '42501' },
        });
      }
    }
    const anonRead = await attemptAs(db, 'anon', (tx) => tx.query('select * from public.appointment_notifications'));
    expect(anonRead).toMatchObject({ ok: false, error: { code: '42501' } });
  });

  it('keeps a contact and a notice inside their clinic (composite keys), for the service role too', async () => {
    const crossContact = await attemptAs(db, 'service_role', (tx) =>
      tx.query(
        `insert into public.messenger_contacts (clinic_id, page_id, psid, patient_id) values ($1, 'page-b', '444', $2)`,
        [b.id, a.patientId],
      ),
    );
    expect(crossContact).toMatchObject({ ok: false, error: { code: '23503' } });
    const crossNotice = await attemptAs(db, 'service_role', (tx) =>
      tx.query(
        `insert into public.appointment_notifications (clinic_id, appointment_id, status, message, outcome, error)
         values ($1, $2, 'Cancelled', 'x', 'failed', 'x')`,
        [b.id, appointmentA],
      ),
    );
    expect(crossNotice).toMatchObject({ ok: false, error: { code: '23503' } });
    const moved = await attemptAs(db, 'service_role', (tx) =>
      tx.query(`update public.messenger_contacts set clinic_id = $1 where psid = '111'`, [b.id]),
    );
    expect(moved).toMatchObject({ ok: false, error: { code: '42501' } });
  });

  it('records a notice as either sent with its path or failed with its reason', async () => {
    const inconsistent = [
      `('sent', null, null)`,
      `('sent', 'message', 'also an error')`,
      `('failed', 'template', 'why')`,
      `('failed', null, null)`,
    ];
    for (const values of inconsistent) {
      const attempt = await attemptAs(db, 'service_role', (tx) =>
        tx.query(
          `insert into public.appointment_notifications (clinic_id, appointment_id, status, message, outcome, via, error)
           select $1, $2, 'Confirmed', 'x', outcome::public.delivery_outcome, via::public.message_channel, error
             from (values ${values}) as v (outcome, via, error)`,
          [a.id, appointmentA],
        ),
      );
      expect(attempt, values).toMatchObject({ ok: false, error: { code: '23514' } });
    }
  });

  it('forgets the patient, not the contact, when the patient is removed', async () => {
    const patient = await insertRow(db, 'patients', { clinic_id: a.id, name: 'Short-lived', phone: '+63 900' });
    await db.query(
      `insert into public.messenger_contacts (clinic_id, page_id, psid, patient_id) values ($1, 'page-a', '555', $2)`,
      [a.id, patient],
    );
    await db.query('delete from public.patients where id = $1', [patient]);
    const { rows } = await db.query<{ patient_id: number | null }>(
      `select patient_id from public.messenger_contacts where psid = '555'`,
    );
    expect(rows).toEqual([{ patient_id: null }]);
  });
});
