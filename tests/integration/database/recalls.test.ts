/**
 * Recalls in the database (…_recalls_and_waitlist.sql): the due list (public.recall_list) in clinic
 * time, who may read and change what, and the 30-day rule, which the exclusion constraint of
 * recall_messages enforces even for two sends at once. Runs on PGlite and, with
 * TEST_DATABASE_URL, on a real PostgreSQL server, where the concurrent claims really race on
 * separate connections.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../../local/db/database.ts';
import {
  asUser,
  attemptAs,
  countOf,
  createClinicFixture,
  createDentist,
  createPatient,
  createTwoClinics,
  databaseTargets,
  freshDatabase,
  insertRow,
  refusalFor,
  sqlErrorOf,
  type ClinicFixture,
  type FreshDatabase,
  type UserClaims,
} from '../../support/database.ts';

/** Thursday 26 November 2026, 12:00 in Manila. */
const NOW = '2026-11-26T04:00:00Z';

interface ListRow {
  patient_id: number;
  patient_name: string;
  patient_phone: string;
  last_procedure: string | null;
  dentist_name: string;
  due_date: string;
  overdue_days: number;
  has_messenger_id: boolean;
  recalled_until: Date | null;
  last_recall_outcome: string | null;
  last_recall_error: string | null;
}

describe.each(databaseTargets())('recalls on %s', (target) => {
  let fresh: FreshDatabase;
  let smile: ClinicFixture;
  let bright: ClinicFixture;
  let superadmin: UserClaims;

  const listAs = async (actor: UserClaims | 'service_role', clinicId = smile.id, now = NOW) =>
    asUser(fresh.db, actor, async (tx) => {
      const { rows } = await tx.query<ListRow>(
        `select patient_id::integer as patient_id, patient_name, patient_phone, last_procedure, dentist_name, due_date::text,
                overdue_days, has_messenger_id, recalled_until, last_recall_outcome, last_recall_error
           from public.recall_list($1, $2)`,
        [clinicId, now],
      );
      return rows;
    });

  /** A patient of `clinicId` with a Completed visit at `visit` (and a dentist of their own). */
  async function seenPatient(
    visit: string,
    extra: { clinicId?: number; reason?: string | null; messengerId?: string | null; status?: string } = {},
  ): Promise<{ id: number; name: string; dentistId: number }> {
    const clinicId = extra.clinicId ?? smile.id;
    const tag = randomUUID().slice(0, 8);
    const name = `Recall ${tag}`;
    const id = await createPatient(fresh.db, clinicId, name, { messenger_id: extra.messengerId ?? null });
    const dentistId = await createDentist(fresh.db, clinicId, `Dr. Recall ${tag}`);
    await insertRow(fresh.db, 'appointments', {
      clinic_id: clinicId,
      patient_id: id,
      dentist_id: dentistId,
      appointment_time: visit,
      status: extra.status ?? 'Completed',
      reason: extra.reason === undefined ? 'Dental Consultation' : extra.reason,
    });
    return { id, name, dentistId };
  }

  const recall = (tx: Queryable, patientId: number, at: string, outcome = 'sent', clinicId = smile.id) =>
    tx.query(
      `insert into public.recall_messages (clinic_id, patient_id, messenger_id, message, outcome, via, error, created_at)
       values ($1, $2, 'psid-1', 'Hi', $3::text::public.recall_outcome,
               (case when $3::text = 'sent' then 'message' end)::public.message_channel,
               case when $3::text in ('failed', 'skipped') then 'why' end, $4)
       returning id::integer as id`,
      [clinicId, patientId, outcome, at],
    );

  beforeAll(async () => {
    fresh = await freshDatabase(target);
    ({ smile, bright, superadmin } = await createTwoClinics(fresh.db, `${target}`));
  });

  afterAll(async () => {
    await fresh?.cleanup();
  });

  describe('the due list', () => {
    it('lists a patient whose last Completed visit was 6 months ago or more, with the procedure and dentist', async () => {
      const due = await seenPatient('2026-05-20T02:00:00Z', { reason: 'Oral Prophylaxis' });
      const recent = await seenPatient('2026-05-27T02:00:00Z');
      const rows = await listAs(smile.receptionist);
      const row = rows.find((entry) => entry.patient_id === due.id);
      expect(row).toMatchObject({
        patient_name: due.name,
        last_procedure: 'Oral Prophylaxis',
        due_date: '2026-11-20',
        overdue_days: 6,
        has_messenger_id: false,
        // Without Messenger the desk calls: the list says where.
        patient_phone: '+63 918 000 0000',
      });
      expect(row?.dentist_name).toMatch(/^Dr\. Recall /);
      expect(rows.some((entry) => entry.patient_id === recent.id)).toBe(false);
    });

    it("makes a patient due at midnight of the due date in the clinic's zone, not UTC's", async () => {
      const lateVisit = await seenPatient('2026-05-26T01:00:00Z');
      const row = (await listAs(smile.receptionist)).find((entry) => entry.patient_id === lateVisit.id);
      expect(row?.due_date).toBe('2026-11-26');
      // 23:59 on 25 November in Manila (15:59 UTC): not yet due; 00:00 on the 26th: due.
      const before = await listAs(smile.receptionist, smile.id, '2026-11-25T15:59:00Z');
      expect(before.some((entry) => entry.patient_id === lateVisit.id)).toBe(false);
      const midnight = await listAs(smile.receptionist, smile.id, '2026-11-25T16:00:00Z');
      expect(midnight.some((entry) => entry.patient_id === lateVisit.id)).toBe(true);
    });

    it('leaves out a patient with a live appointment ahead, but not one whose appointment ahead was cancelled', async () => {
      const booked = await seenPatient('2026-01-10T02:00:00Z');
      const cancelled = await seenPatient('2026-01-10T02:00:00Z');
      for (const [patient, status] of [
        [booked, 'Scheduled'],
        [cancelled, 'Cancelled'],
      ] as const)
        await insertRow(fresh.db, 'appointments', {
          clinic_id: smile.id,
          patient_id: patient.id,
          dentist_id: patient.dentistId,
          appointment_time: '2026-12-03T02:00:00Z',
          status,
        });
      const ids = (await listAs(smile.receptionist)).map((row) => row.patient_id);
      expect(ids).not.toContain(booked.id);
      expect(ids).toContain(cancelled.id);
    });

    it('leaves out a patient on the waitlist (waiting or offered), but not one whose entry was booked, removed or ran out', async () => {
      const entries = [
        ['waiting', '2026-12-31'],
        ['offered', '2026-12-31'],
        ['removed', '2026-12-31'],
        ['waiting', '2026-11-25'],
      ] as const;
      const patients = [];
      for (const [status, toDate] of entries) {
        const patient = await seenPatient('2026-01-10T02:00:00Z');
        await insertRow(fresh.db, 'waitlist_entries', {
          clinic_id: smile.id,
          patient_id: patient.id,
          dentist_id: patient.dentistId,
          from_date: '2026-11-20',
          to_date: toDate,
          status,
          ...(status === 'removed' ? { removed_at: '2026-11-21T02:00:00Z' } : {}),
        });
        patients.push(patient);
      }
      const ids = (await listAs(smile.receptionist)).map((row) => row.patient_id);
      const [waiting, offered, removed, expired] = patients;
      expect(ids).not.toContain(waiting!.id);
      expect(ids).not.toContain(offered!.id);
      expect(ids).toContain(removed!.id);
      // Its dates ended the day before NOW's clinic date: the patient is no longer waiting.
      expect(ids).toContain(expired!.id);
    });

    it('ignores visits that were not Completed and deleted patients', async () => {
      const noShow = await seenPatient('2026-01-10T02:00:00Z', { status: 'No Show' });
      const gone = await seenPatient('2026-01-10T02:00:00Z');
      await fresh.db.query('update public.patients set deleted = true where id = $1', [gone.id]);
      const ids = (await listAs(smile.receptionist)).map((row) => row.patient_id);
      expect(ids).not.toContain(noShow.id);
      expect(ids).not.toContain(gone.id);
    });

    it('puts the most overdue first', async () => {
      const lessOverdue = await seenPatient('2026-04-01T02:00:00Z');
      const mostOverdue = await seenPatient('2025-02-01T02:00:00Z');
      const ids = (await listAs(smile.receptionist)).map((row) => row.patient_id);
      expect(ids.indexOf(mostOverdue.id)).toBeLessThan(ids.indexOf(lessOverdue.id));
      const dueDates = (await listAs(smile.receptionist)).map((row) => row.due_date);
      expect(dueDates).toEqual(dueDates.toSorted());
    });

    it("follows the clinic's recall interval, which only its admins may set, from 1 to 36 months", async () => {
      const clinic = await createClinicFixture(fresh.db, `Interval ${target} ${randomUUID().slice(0, 6)}`);
      const patient = await seenPatient('2026-09-21T02:00:00Z', { clinicId: clinic.id });
      expect((await listAs(clinic.receptionist, clinic.id)).map((row) => row.patient_id)).not.toContain(patient.id);
      const setInterval = (months: number) => (tx: Queryable) =>
        tx.query('update public.clinics set recall_interval_months = $2 where id = $1 returning id', [
          clinic.id,
          months,
        ]);
      // A receptionist's update reaches no row (RLS): the setting is unchanged.
      await asUser(fresh.db, clinic.receptionist, setInterval(1));
      expect(
        await countOf(fresh.db, 'select 1 from public.clinics where id = $1 and recall_interval_months = 6', [
          clinic.id,
        ]),
      ).toBe(1);
      expect(await refusalFor(fresh.db, clinic.admin, setInterval(0))).toMatchObject({ code: '23514' });
      expect(await refusalFor(fresh.db, clinic.admin, setInterval(37))).toMatchObject({ code: '23514' });
      await asUser(fresh.db, clinic.admin, setInterval(2));
      expect((await listAs(clinic.receptionist, clinic.id)).map((row) => row.patient_id)).toContain(patient.id);
    });

    it("shows another clinic's staff nothing, and refuses anonymous callers", async () => {
      await seenPatient('2026-01-10T02:00:00Z');
      expect(await listAs(bright.admin, smile.id)).toEqual([]);
      expect((await listAs(superadmin, smile.id)).length).toBeGreaterThan(0);
      expect(
        await refusalFor(fresh.db, 'anon', (tx) => tx.query('select * from public.recall_list($1)', [smile.id])),
      ).toMatchObject({ code: '42501' });
    });
  });

  describe('the recall log and the 30-day rule', () => {
    it('refuses a second sent recall within 30 days, and allows one after', async () => {
      const patient = await seenPatient('2026-01-10T02:00:00Z', { messengerId: `psid-${randomUUID()}` });
      await recall(fresh.db, patient.id, '2026-11-01T02:00:00Z');
      const again = await sqlErrorOf(
        await recall(fresh.db, patient.id, '2026-11-30T02:00:00Z').then(
          () => undefined,
          (error: unknown) => error,
        ),
      );
      expect(again).toMatchObject({ code: '23P01' });
      await recall(fresh.db, patient.id, '2026-12-01T02:00:00Z');
      const row = (await listAs(smile.receptionist, smile.id, '2026-12-02T02:00:00Z')).find(
        (entry) => entry.patient_id === patient.id,
      );
      expect(row?.recalled_until?.toISOString()).toBe('2026-12-31T02:00:00.000Z');
      expect(row?.last_recall_outcome).toBe('sent');
    });

    it('lets failed and skipped attempts not block a recall', async () => {
      const patient = await seenPatient('2026-01-10T02:00:00Z');
      await recall(fresh.db, patient.id, '2026-11-20T02:00:00Z', 'failed');
      await recall(fresh.db, patient.id, '2026-11-20T03:00:00Z', 'skipped');
      await recall(fresh.db, patient.id, '2026-11-20T04:00:00Z', 'sent');
      expect(await countOf(fresh.db, 'select 1 from public.recall_messages where patient_id = $1', [patient.id])).toBe(
        3,
      );
    });

    it('reads a send cut off before Messenger answered as failed once stale, and lets it block nothing', async () => {
      const patient = await seenPatient('2026-01-10T02:00:00Z', { messengerId: `psid-${randomUUID()}` });
      await recall(fresh.db, patient.id, '2026-11-26T03:57:00Z', 'pending');
      const rowAt = async (now: string) =>
        (await listAs(smile.receptionist, smile.id, now)).find((entry) => entry.patient_id === patient.id);

      // Three minutes after the claim the send may still be under way: it blocks, and reads as such.
      expect(await rowAt('2026-11-26T04:00:00Z')).toMatchObject({
        last_recall_outcome: 'pending',
        last_recall_error: null,
      });
      expect((await rowAt('2026-11-26T04:00:00Z'))?.recalled_until?.toISOString()).toBe('2026-12-26T03:57:00.000Z');
      // A day later it never finished: no longer a recall of the patient.
      expect(await rowAt('2026-11-27T04:00:00Z')).toMatchObject({
        last_recall_outcome: 'failed',
        last_recall_error: 'The send was interrupted before Messenger answered.',
        recalled_until: null,
      });
    });

    it('lets only one of two concurrent claims through', async () => {
      const patient = await seenPatient('2026-01-10T02:00:00Z');
      const claim = (minute: number) =>
        fresh.db.transaction(async (tx) => {
          await recall(tx, patient.id, `2026-11-26T04:0${minute}:00Z`, 'pending');
          // Hold the transaction open a moment so the other claim runs into it.
          await tx.query('select pg_sleep(0.05)');
        });
      const outcomes = await Promise.allSettled([claim(1), claim(2)]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const refused = outcomes.find((outcome) => outcome.status === 'rejected');
      expect(sqlErrorOf((refused as PromiseRejectedResult).reason)).toMatchObject({ code: '23P01' });
      expect(await countOf(fresh.db, 'select 1 from public.recall_messages where patient_id = $1', [patient.id])).toBe(
        1,
      );
    });

    it("lets staff read their clinic's recalls only, and no browser write them", async () => {
      const patient = await seenPatient('2026-01-10T02:00:00Z');
      await recall(fresh.db, patient.id, '2026-11-02T02:00:00Z');
      const readAs = (actor: UserClaims) =>
        asUser(fresh.db, actor, (tx) =>
          countOf(tx, 'select 1 from public.recall_messages where patient_id = $1', [patient.id]),
        );
      expect(await readAs(smile.receptionist)).toBe(1);
      expect(await readAs(smile.dentistUser)).toBe(1);
      expect(await readAs(bright.admin)).toBe(0);
      for (const actor of [smile.admin, smile.receptionist, 'anon'] as const)
        expect(await refusalFor(fresh.db, actor, (tx) => recall(tx, patient.id, '2027-06-01T02:00:00Z'))).toMatchObject(
          {
            code: '42501',
          },
        );
      expect(
        await refusalFor(fresh.db, smile.admin, (tx) =>
          tx.query("update public.recall_messages set outcome = 'failed' where patient_id = $1", [patient.id]),
        ),
      ).toMatchObject({ code: '42501' });
    });
  });

  describe('booking requests', () => {
    async function openRequest(patientId: number, clinicId = smile.id): Promise<number> {
      return insertRow(fresh.db, 'recall_requests', {
        clinic_id: clinicId,
        patient_id: patientId,
        psid: 'psid-1',
        mid: `m_${randomUUID()}`,
      });
    }
    const requestStatus = async (id: number) =>
      (await fresh.db.query<{ status: string }>('select status from public.recall_requests where id = $1', [id]))
        .rows[0]?.status;
    const dismiss = (id: number) => (tx: Queryable) => tx.query('select public.dismiss_recall_request($1)', [id]);

    it('lists open requests for the front desk and lets them dismiss one, once', async () => {
      const patient = await seenPatient('2026-01-10T02:00:00Z');
      const id = await openRequest(patient.id);
      const listed = await asUser(fresh.db, smile.receptionist, (tx) =>
        tx.query<{ id: number; patient_name: string }>(
          'select id::integer as id, patient_name from public.recall_request_list($1)',
          [smile.id],
        ),
      );
      expect(listed.rows).toContainEqual({ id, patient_name: patient.name });
      await asUser(fresh.db, smile.receptionist, dismiss(id));
      expect(await requestStatus(id)).toBe('dismissed');
      expect(await refusalFor(fresh.db, smile.receptionist, dismiss(id))).toMatchObject({ code: 'PT409' });
      expect(await refusalFor(fresh.db, smile.receptionist, dismiss(987_654))).toMatchObject({ code: 'PT404' });
    });

    it('refuses dentists, another clinic and anonymous callers', async () => {
      const patient = await seenPatient('2026-01-10T02:00:00Z');
      const id = await openRequest(patient.id);
      expect(await refusalFor(fresh.db, smile.dentistUser, dismiss(id))).toMatchObject({ code: '42501' });
      expect(await refusalFor(fresh.db, bright.admin, dismiss(id))).toMatchObject({ code: 'PT404' });
      expect(await refusalFor(fresh.db, 'anon', dismiss(id))).toMatchObject({ code: '42501' });
      expect(
        await refusalFor(fresh.db, smile.admin, (tx) =>
          tx.query("update public.recall_requests set psid = 'other' where id = $1", [id]),
        ),
      ).toMatchObject({ code: '42501' });
      expect(
        await refusalFor(fresh.db, smile.receptionist, (tx) =>
          tx.query(
            "insert into public.recall_requests (clinic_id, patient_id, psid, mid) values ($1, $2, 'p', 'm_forged')",
            [smile.id, patient.id],
          ),
        ),
      ).toMatchObject({ code: '42501' });
      expect(await requestStatus(id)).toBe('open');
    });

    it('closes the request as booked once the patient has an appointment ahead', async () => {
      const patient = await seenPatient('2026-01-10T02:00:00Z');
      const id = await openRequest(patient.id);
      await insertRow(fresh.db, 'appointments', {
        clinic_id: smile.id,
        patient_id: patient.id,
        dentist_id: patient.dentistId,
        appointment_time: '2099-03-02T02:00:00Z',
      });
      expect(await requestStatus(id)).toBe('booked');
    });

    it('keeps one open request per patient', async () => {
      const patient = await seenPatient('2026-01-10T02:00:00Z');
      await openRequest(patient.id);
      const second = await attemptAs(fresh.db, 'service_role', (tx) =>
        tx.query(`insert into public.recall_requests (clinic_id, patient_id, psid, mid) values ($1, $2, 'p', $3)`, [
          smile.id,
          patient.id,
          `m_${randomUUID()}`,
        ]),
      );
      expect(second).toMatchObject({ ok: false, error: { code: '23505' } });
    });
  });
});
