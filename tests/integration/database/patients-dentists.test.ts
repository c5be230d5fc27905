import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../../local/db/database.ts';
import { clinicTime, clinicWorkday } from '../../support/clinic-time.ts';
import {
  asUser,
  attemptAs,
  countOf,
  becomeActor,
  createClinicFixture,
  createDentist,
  createPatient,
  createStaff,
  databaseTargets,
  freshDatabase,
  insertRow,
  manila,
  refusalFor,
  sqlErrorFrom,
  type Actor,
  type ClinicFixture,
  type FreshDatabase,
  type UserClaims,
} from '../../support/database.ts';

/** A Monday long past: appointments there are history. */
const PAST_MONDAY = '2020-01-06';
const BOOKING_REFUSED = 'This slot may already be taken or dentist is unavailable.';

interface BlockedAppointment {
  id: number;
  patient_name: string | null;
  status: string;
  appointment_time: string;
  reason: string | null;
}

type DeleteDentistResult =
  | { outcome: 'hard_deleted' }
  | { outcome: 'soft_deleted' }
  | { outcome: 'blocked'; appointments: BlockedAppointment[] };

async function deleteDentist(tx: Queryable, dentistId: number): Promise<DeleteDentistResult> {
  const { rows } = await tx.query<{ result: DeleteDentistResult }>('select public.delete_dentist($1) as result', [
    dentistId,
  ]);
  return rows[0]!.result;
}

async function deletePatient(
  tx: Queryable,
  patientId: number,
  withAppointments?: boolean,
): Promise<{ deleted_appointments: number }> {
  const { rows } = await tx.query<{ result: { deleted_appointments: number } }>(
    withAppointments === undefined
      ? 'select public.delete_patient($1) as result'
      : 'select public.delete_patient($1, $2) as result',
    withAppointments === undefined ? [patientId] : [patientId, withAppointments],
  );
  return rows[0]!.result;
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}

describe.each(databaseTargets())('deleting patients and dentists on %s', (target) => {
  let fresh: FreshDatabase;
  let db: Database;
  let clinic: ClinicFixture;
  let otherClinic: ClinicFixture;
  let superadmin: UserClaims;
  // Clinic days a few days ahead, so "now" never catches up during the run; soon before later.
  const soon = clinicWorkday(3);
  const later = clinicWorkday(5);

  beforeAll(async () => {
    fresh = await freshDatabase(target);
    db = fresh.db;
    clinic = await createClinicFixture(db, 'Deleting Clinic');
    otherClinic = await createClinicFixture(db, 'Other Clinic');
    superadmin = await createStaff(db, otherClinic.id, 'superadmin');
  });
  afterAll(async () => {
    await fresh?.cleanup();
  });

  /** Books as the migration owner (no RLS); the booking rules still apply. */
  function book(
    tx: Queryable,
    dentistId: number,
    at: string,
    extra: Record<string, unknown> = {},
    patientId = clinic.patientId,
  ) {
    return insertRow(tx, 'appointments', {
      clinic_id: clinic.id,
      patient_id: patientId,
      dentist_id: dentistId,
      appointment_time: at,
      reason: 'Dental Consultation',
      ...extra,
    });
  }

  async function dentistRow(dentistId: number) {
    const { rows } = await db.query<{ deleted: boolean }>('select deleted from public.dentists where id = $1', [
      dentistId,
    ]);
    return rows[0];
  }

  describe('delete_dentist', () => {
    it('removes a dentist with no appointments at all, availability blocks included', async () => {
      const dentist = await createDentist(db, clinic.id, 'Dr. Never Booked');
      await insertRow(db, 'dentist_availability', {
        clinic_id: clinic.id,
        dentist_id: dentist,
        specific_date: soon,
        start_time: '09:00',
        end_time: '11:00',
      });

      expect(await asUser(db, clinic.admin, (tx) => deleteDentist(tx, dentist))).toEqual({ outcome: 'hard_deleted' });
      expect(await dentistRow(dentist)).toBeUndefined();
      expect(await countOf(db, 'select 1 from public.dentist_availability where dentist_id = $1', [dentist])).toBe(0);
    });

    it('soft-deletes a dentist whose appointments are all past or closed', async () => {
      const dentist = await createDentist(db, clinic.id, 'Dr. Retired');
      await insertRow(db, 'dentist_availability', {
        clinic_id: clinic.id,
        dentist_id: dentist,
        specific_date: soon,
        start_time: '09:00',
        end_time: '10:00',
      });
      await book(db, dentist, manila(`${PAST_MONDAY} 10:00`));
      await book(db, dentist, manila(`${PAST_MONDAY} 11:00`), { status: 'Confirmed' });
      await book(db, dentist, clinicTime(soon, '10:00'), { status: 'Cancelled' });
      await book(db, dentist, clinicTime(soon, '10:20'), { status: 'Completed' });
      await book(db, dentist, clinicTime(soon, '10:40'), { status: 'No Show' });
      await book(db, dentist, clinicTime(soon, '11:00'), { deleted: true });

      expect(await asUser(db, clinic.receptionist, (tx) => deleteDentist(tx, dentist))).toEqual({
        outcome: 'soft_deleted',
      });
      expect(await dentistRow(dentist)).toEqual({ deleted: true });
      expect(await countOf(db, 'select 1 from public.appointments where dentist_id = $1', [dentist])).toBe(6);
      expect(await countOf(db, 'select 1 from public.dentist_availability where dentist_id = $1', [dentist])).toBe(1);
    });

    describe('when the delete or the soft delete itself is refused', () => {
      // A trigger of this test refuses any change of its own dentists, as a policy or a key might.
      beforeAll(async () => {
        await db.query(`create function public.test_refuse_dentist_change() returns trigger
          language plpgsql as $$ begin raise exception 'refused by the test' using errcode = 'check_violation'; end $$`);
        await db.query(`create trigger test_refuse_dentist_change before update or delete on public.dentists
          for each row when (old.name like 'Dr. Refused %') execute function public.test_refuse_dentist_change()`);
      });
      afterAll(async () => {
        await db.query('drop trigger test_refuse_dentist_change on public.dentists');
        await db.query('drop function public.test_refuse_dentist_change()');
      });

      it("says the delete was refused (dentist_delete_failed), with the refusal's own code, and keeps the dentist", async () => {
        const dentist = await createDentist(db, clinic.id, 'Dr. Refused Never Booked');
        expect(await refusalFor(db, clinic.admin, (tx) => deleteDentist(tx, dentist))).toMatchObject({
          code: '23514',
          hint: 'dentist_delete_failed',
        });
        expect(await dentistRow(dentist)).toEqual({ deleted: false });
      });

      it('says the soft delete was refused (dentist_soft_delete_failed) for a dentist with past appointments', async () => {
        const dentist = await createDentist(db, clinic.id, 'Dr. Refused Retired');
        await book(db, dentist, manila(`${PAST_MONDAY} 10:00`));
        expect(await refusalFor(db, clinic.receptionist, (tx) => deleteDentist(tx, dentist))).toMatchObject({
          code: '23514',
          hint: 'dentist_soft_delete_failed',
        });
        expect(await dentistRow(dentist)).toEqual({ deleted: false });
      });
    });

    it('refuses to book a soft-deleted dentist afterwards', async () => {
      const dentist = await createDentist(db, clinic.id, 'Dr. Gone Soft');
      await book(db, dentist, manila(`${PAST_MONDAY} 10:00`));
      await asUser(db, clinic.admin, (tx) => deleteDentist(tx, dentist));
      expect(
        await refusalFor(db, clinic.receptionist, (tx) => book(tx, dentist, clinicTime(soon, '15:00'))),
      ).toMatchObject({ code: '23P01', message: BOOKING_REFUSED, detail: 'dentist deleted', hint: 'dentist_deleted' });
    });

    it('blocks while future Scheduled or Confirmed appointments exist, listing them by time and changing nothing', async () => {
      const dentist = await createDentist(db, clinic.id, 'Dr. Busy');
      const ana = await createPatient(db, clinic.id, 'Ana Santos');
      const ben = await createPatient(db, clinic.id, 'Ben Cruz');
      await book(db, dentist, manila(`${PAST_MONDAY} 10:00`), {}, ana);
      await book(db, dentist, clinicTime(soon, '09:00'), { status: 'Cancelled' }, ana);
      await book(db, dentist, clinicTime(soon, '09:20'), { deleted: true }, ana);
      await book(db, dentist, clinicTime(soon, '09:40'), { status: 'Completed' }, ana);
      const confirmed = await book(
        db,
        dentist,
        clinicTime(soon, '11:00'),
        { status: 'Confirmed', reason: 'Tooth Extraction' },
        ben,
      );
      const scheduled = await book(db, dentist, clinicTime(soon, '10:00'), { reason: null }, ana);
      const laterOne = await book(db, dentist, clinicTime(later, '14:00'), { reason: 'Cleaning' }, ben);

      const result = await asUser(db, clinic.admin, (tx) => deleteDentist(tx, dentist));

      expect(result.outcome).toBe('blocked');
      const appointments = result.outcome === 'blocked' ? result.appointments : [];
      expect(
        appointments.map((row) => ({ ...row, appointment_time: new Date(row.appointment_time).toISOString() })),
      ).toEqual([
        {
          id: scheduled,
          patient_name: 'Ana Santos',
          status: 'Scheduled',
          appointment_time: new Date(clinicTime(soon, '10:00')).toISOString(),
          reason: null,
        },
        {
          id: confirmed,
          patient_name: 'Ben Cruz',
          status: 'Confirmed',
          appointment_time: new Date(clinicTime(soon, '11:00')).toISOString(),
          reason: 'Tooth Extraction',
        },
        {
          id: laterOne,
          patient_name: 'Ben Cruz',
          status: 'Scheduled',
          appointment_time: new Date(clinicTime(later, '14:00')).toISOString(),
          reason: 'Cleaning',
        },
      ]);
      expect(await dentistRow(dentist)).toEqual({ deleted: false });
      expect(await countOf(db, 'select 1 from public.appointments where dentist_id = $1', [dentist])).toBe(7);
    });

    it('lists a future appointment of a soft-deleted patient with no patient name (shown as Unknown)', async () => {
      const dentist = await createDentist(db, clinic.id, 'Dr. Orphaned');
      const patient = await createPatient(db, clinic.id, 'Carla Gone');
      const appointment = await book(db, dentist, clinicTime(soon, '13:00'), {}, patient);
      // The spec's plain soft delete (update {deleted:true}) leaves the appointments alive.
      await db.query('update public.patients set deleted = true where id = $1', [patient]);

      const result = await asUser(db, clinic.admin, (tx) => deleteDentist(tx, dentist));

      expect(result).toMatchObject({
        outcome: 'blocked',
        appointments: [{ id: appointment, patient_name: null, status: 'Scheduled' }],
      });
    });

    it('is allowed to the superadmin in any clinic', async () => {
      const dentist = await createDentist(db, clinic.id, 'Dr. Far Away');
      expect(await attemptAs(db, superadmin, (tx) => deleteDentist(tx, dentist))).toEqual({
        ok: true,
        value: { outcome: 'hard_deleted' },
      });
    });

    it('refuses a dentist account with 42501 and changes nothing', async () => {
      const dentist = await createDentist(db, clinic.id, 'Dr. Protected');
      expect(await sqlErrorFrom(asUser(db, clinic.dentistUser, (tx) => deleteDentist(tx, dentist)))).toMatchObject({
        code: '42501',
      });
      expect(await dentistRow(dentist)).toEqual({ deleted: false });
    });

    it.each([
      ['a dentist of another clinic', () => otherClinic.dentistId],
      ['an unknown dentist', () => 987_654],
    ])('does not find %s (PT404)', async (_, dentistId) => {
      expect(await refusalFor(db, clinic.admin, (tx) => deleteDentist(tx, dentistId()))).toMatchObject({
        code: 'PT404',
      });
      expect(await dentistRow(otherClinic.dentistId)).toEqual({ deleted: false });
    });

    it('does not find a dentist deleted in another tab (PT404)', async () => {
      const dentist = await createDentist(db, clinic.id, 'Dr. Twice');
      await book(db, dentist, manila(`${PAST_MONDAY} 10:00`));
      await asUser(db, clinic.admin, (tx) => deleteDentist(tx, dentist));
      expect(await refusalFor(db, clinic.receptionist, (tx) => deleteDentist(tx, dentist))).toMatchObject({
        code: 'PT404',
      });
    });

    it('is not callable without signing in', async () => {
      expect(await refusalFor(db, 'anon', (tx) => deleteDentist(tx, clinic.otherDentistId))).toMatchObject({
        code: '42501',
      });
    });
  });

  describe('delete_patient', () => {
    it('soft-deletes the patient and all their appointments together', async () => {
      const dentist = await createDentist(db, clinic.id, 'Dr. For Patients');
      const patient = await createPatient(db, clinic.id, 'Dina Leaving');
      const bystander = await createPatient(db, clinic.id, 'Ed Staying');
      await book(db, dentist, manila(`${PAST_MONDAY} 10:00`), { status: 'Completed' }, patient);
      await book(db, dentist, clinicTime(soon, '14:00'), {}, patient);
      await book(db, dentist, clinicTime(soon, '14:20'), { status: 'Cancelled' }, patient);
      await book(db, dentist, clinicTime(soon, '14:40'), { deleted: true }, patient);
      const kept = await book(db, dentist, clinicTime(soon, '15:00'), {}, bystander);

      expect(await asUser(db, clinic.receptionist, (tx) => deletePatient(tx, patient))).toEqual({
        deleted_appointments: 3,
      });

      const { rows } = await db.query<{ deleted: boolean }>('select deleted from public.patients where id = $1', [
        patient,
      ]);
      expect(rows).toEqual([{ deleted: true }]);
      expect(
        await countOf(db, 'select 1 from public.appointments where patient_id = $1 and not deleted', [patient]),
      ).toBe(0);
      expect(await countOf(db, 'select 1 from public.appointments where id = $1 and not deleted', [kept])).toBe(1);
    });

    it('reports zero appointments for a patient who had none, and lets every staff role delete', async () => {
      const patient = await createPatient(db, clinic.id, 'Fe Without Visits');
      expect(await attemptAs(db, clinic.dentistUser, (tx) => deletePatient(tx, patient))).toEqual({
        ok: true,
        value: { deleted_appointments: 0 },
      });
    });

    it('refuses a delete confirmed without appointments once the patient has one, and deletes nothing', async () => {
      const dentist = await createDentist(db, clinic.id, 'Dr. Booked Meanwhile');
      const patient = await createPatient(db, clinic.id, 'Ivy Booked Meanwhile');
      const booked = await book(db, dentist, clinicTime(soon, '17:00'), {}, patient);

      expect(await refusalFor(db, clinic.receptionist, (tx) => deletePatient(tx, patient, false))).toMatchObject({
        code: 'PT409',
        hint: 'patient_has_appointments',
      });
      expect(await countOf(db, 'select 1 from public.patients where id = $1 and not deleted', [patient])).toBe(1);
      expect(await countOf(db, 'select 1 from public.appointments where id = $1 and not deleted', [booked])).toBe(1);

      expect(await asUser(db, clinic.receptionist, (tx) => deletePatient(tx, patient, true))).toEqual({
        deleted_appointments: 1,
      });
      const without = await createPatient(db, clinic.id, 'Jun Without');
      expect(await asUser(db, clinic.receptionist, (tx) => deletePatient(tx, without, false))).toEqual({
        deleted_appointments: 0,
      });
    });

    it('deletes nothing when the patient cannot be deleted (all or nothing)', async () => {
      const dentist = await createDentist(db, clinic.id, 'Dr. Atomic');
      const patient = await createPatient(db, clinic.id, 'Gil Atomic');
      const appointment = await book(db, dentist, clinicTime(soon, '16:00'), {}, patient);

      const outcome = await db.transaction(async (tx) => {
        // A failure at the last step (the patient row) must undo the appointments too.
        await tx.exec(`
          create function pg_temp.refuse() returns trigger language plpgsql as $$
          begin raise exception 'refused for the test' using errcode = 'P0001'; end $$;
          create trigger refuse_patient_update before update on public.patients
            for each row execute function pg_temp.refuse();
        `);
        await becomeActor(tx, clinic.receptionist);
        await tx.query('savepoint before_delete');
        const error = await sqlErrorFrom(deletePatient(tx, patient));
        await tx.query('rollback to savepoint before_delete');
        const { rows } = await tx.query<{ deleted: boolean }>('select deleted from public.appointments where id = $1', [
          appointment,
        ]);
        await tx.query('reset role');
        await tx.exec('drop trigger refuse_patient_update on public.patients');
        return { code: error.code, appointmentDeleted: rows[0]?.deleted };
      });

      expect(outcome).toEqual({ code: 'P0001', appointmentDeleted: false });
    });

    it.each([
      ['a patient of another clinic', () => otherClinic.patientId],
      ['an unknown patient', () => 987_654],
    ])('does not find %s (PT404)', async (_, patientId) => {
      expect(await refusalFor(db, clinic.admin, (tx) => deletePatient(tx, patientId()))).toMatchObject({
        code: 'PT404',
      });
    });

    it('does not find a patient deleted in another tab (PT404)', async () => {
      const patient = await createPatient(db, clinic.id, 'Hana Twice');
      await asUser(db, clinic.admin, (tx) => deletePatient(tx, patient));
      expect(await refusalFor(db, clinic.admin, (tx) => deletePatient(tx, patient))).toMatchObject({
        code: 'PT404',
      });
    });

    it('is not callable without signing in', async () => {
      expect(await refusalFor(db, 'anon', (tx) => deletePatient(tx, clinic.patientId))).toMatchObject({
        code: '42501',
      });
    });
  });

  describe('privileges', () => {
    it.each(['public.delete_patient(bigint, boolean)', 'public.delete_dentist(bigint)'])(
      'lets signed-in users, not anon, execute %s',
      async (signature) => {
        const { rows } = await db.query<{ anon: boolean; authenticated: boolean }>(
          `select has_function_privilege('anon', $1, 'execute') as anon,
                  has_function_privilege('authenticated', $1, 'execute') as authenticated`,
          [signature],
        );
        expect(rows).toEqual([{ anon: false, authenticated: true }]);
      },
    );
  });

  describe('patient search indexes', () => {
    async function trigramAvailable() {
      return (await countOf(db, `select 1 from pg_available_extensions where name = 'pg_trgm'`)) > 0;
    }

    it('has trigram indexes on name, phone and messenger_id wherever pg_trgm exists', async () => {
      const available = await trigramAvailable();
      if (target === 'postgres') expect(available).toBe(true);
      const { rows } = await db.query<{ name: string; definition: string }>(
        `select indexname as name, indexdef as definition from pg_indexes
         where schemaname = 'public' and tablename = 'patients' and indexname like '%trgm%' order by indexname`,
      );
      expect(rows.map((row) => row.name)).toEqual(
        available ? ['patients_messenger_id_trgm_idx', 'patients_name_trgm_idx', 'patients_phone_trgm_idx'] : [],
      );
      for (const row of rows)
        expect(row.definition).toMatch(/USING gin \(\w+ extensions\.gin_trgm_ops\) WHERE \(NOT deleted\)/);
    });

    it('answers the search box query of a 10,000-patient clinic from those indexes', async () => {
      if (!(await trigramAvailable())) return;
      class RollBack extends Error {}
      let plan = '';
      // Planned as the gateway sends it (deleted=eq.false, or=(name.ilike.*…*,…)), on real statistics.
      await db
        .transaction(async (tx) => {
          const big = await createClinicFixture(tx, 'Big Clinic');
          await tx.query(
            `insert into public.patients (clinic_id, name, phone, messenger_id)
             select $1, 'Patient ' || md5(g::text), '+63 9' || lpad((g * 7919 % 1000000000)::text, 9, '0'),
                    case when g % 3 = 0 then md5('psid' || g) end
             from generate_series(1, 10000) as g`,
            [big.id],
          );
          // What autovacuum does in production: fold the GIN pending lists into the indexes.
          await tx.query(
            `select gin_clean_pending_list(indexrelid) from pg_index
             where indrelid = 'public.patients'::regclass and indexrelid::regclass::text like '%trgm%'`,
          );
          await tx.query('analyze public.patients');
          const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
            `explain select id, name, phone, messenger_id from public.patients
             where clinic_id = $1 and deleted = false
               and (name ilike '%santos%' or phone ilike '%santos%' or messenger_id ilike '%santos%')`,
            [big.id],
          );
          plan = rows.map((row) => row['QUERY PLAN']).join('\n');
          throw new RollBack();
        })
        .catch((error: unknown) => {
          if (!(error instanceof RollBack)) throw error;
        });
      expect(plan).toContain('patients_name_trgm_idx');
      expect(plan).toContain('patients_phone_trgm_idx');
      expect(plan).toContain('patients_messenger_id_trgm_idx');
      // 10,000 rows into three GIN indexes: 9 s on PGlite alone, over 30 s on a loaded two-core machine.
    }, 120_000);
  });

  // Two connections at once: only a real server has them (PGlite has one), so the races are
  // defined for PostgreSQL only rather than listed as skipped on PGlite.
  if (target === 'postgres') {
    describe('racing a booking', () => {
      /** Opens a transaction as `actor`, runs `work` and keeps the transaction open until `finish()`. */
      function openTransaction<T>(actor: Actor, work: (tx: Queryable) => Promise<T>) {
        const result = deferred<T>();
        const release = deferred();
        const done = asUser(db, actor, async (tx) => {
          try {
            result.resolve(await work(tx));
          } catch (error) {
            result.reject(error);
            throw error;
          }
          await release.promise;
        });
        done.catch(() => undefined);
        return {
          result: result.promise,
          async finish() {
            release.resolve();
            await done;
          },
        };
      }

      /** Resolves once some statement of this test database waits for a row lock. */
      async function someoneWaitsForALock() {
        for (let attempt = 0; attempt < 400; attempt++) {
          const waiting = await countOf(
            db,
            `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (waiting > 0) return;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        throw new Error('no statement waited for a lock');
      }

      /**
       * `work` has started and must queue behind a lock another open transaction holds: waits until
       * some statement waits for a lock, checks `work` has not finished, and answers its outcome, to
       * await once that transaction ends.
       */
      async function heldByALock<T>(work: Promise<T>): Promise<{ outcome: Promise<T> }> {
        let settled = false;
        work.then(
          () => (settled = true),
          () => (settled = true),
        );
        await someoneWaitsForALock();
        expect(settled).toBe(false);
        return { outcome: work };
      }

      it('makes a booking wait for a soft delete in progress, then refuses it', async () => {
        const dentist = await createDentist(db, clinic.id, 'Dr. Race Soft');
        await book(db, dentist, manila(`${PAST_MONDAY} 10:00`));
        const deleting = openTransaction(clinic.admin, (tx) => deleteDentist(tx, dentist));
        expect(await deleting.result).toEqual({ outcome: 'soft_deleted' });

        const booking = await heldByALock(
          sqlErrorFrom(asUser(db, clinic.receptionist, (tx) => book(tx, dentist, clinicTime(soon, '15:00')))),
        );

        await deleting.finish();
        expect(await booking.outcome).toMatchObject({
          code: '23P01',
          detail: 'dentist deleted',
          hint: 'dentist_deleted',
        });
        expect(await countOf(db, 'select 1 from public.appointments where dentist_id = $1', [dentist])).toBe(1);
      });

      it('makes a booking wait for a hard delete in progress, then fails it on the missing dentist', async () => {
        const dentist = await createDentist(db, clinic.id, 'Dr. Race Hard');
        const deleting = openTransaction(clinic.admin, (tx) => deleteDentist(tx, dentist));
        expect(await deleting.result).toEqual({ outcome: 'hard_deleted' });

        const booking = await heldByALock(
          sqlErrorFrom(asUser(db, clinic.receptionist, (tx) => book(tx, dentist, clinicTime(soon, '15:00')))),
        );

        await deleting.finish();
        expect(await booking.outcome).toMatchObject({ code: '23503' });
        expect(await dentistRow(dentist)).toBeUndefined();
      });

      it('makes a delete wait for a booking in progress, then sees it and blocks', async () => {
        const dentist = await createDentist(db, clinic.id, 'Dr. Race Booked');
        const booking = openTransaction(clinic.receptionist, (tx) => book(tx, dentist, clinicTime(soon, '15:00')));
        const appointment = await booking.result;

        const deleting = await heldByALock(asUser(db, clinic.admin, (tx) => deleteDentist(tx, dentist)));

        await booking.finish();
        expect(await deleting.outcome).toMatchObject({ outcome: 'blocked', appointments: [{ id: appointment }] });
        expect(await dentistRow(dentist)).toEqual({ deleted: false });
      });

      it('makes a booking for a patient being deleted wait, then refuses it', async () => {
        const dentist = await createDentist(db, clinic.id, 'Dr. Race Patient');
        const patient = await createPatient(db, clinic.id, 'Ivy Racing');
        const deleting = openTransaction(clinic.receptionist, (tx) => deletePatient(tx, patient));
        expect(await deleting.result).toEqual({ deleted_appointments: 0 });

        const booking = await heldByALock(
          sqlErrorFrom(asUser(db, clinic.admin, (tx) => book(tx, dentist, clinicTime(soon, '15:00'), {}, patient))),
        );

        await deleting.finish();
        expect(await booking.outcome).toMatchObject({
          code: '23P01',
          detail: 'patient deleted',
          hint: 'patient_deleted',
        });
      });
    });
  }
});
