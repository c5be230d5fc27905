/**
 * The waitlist in the database (…_recalls_and_waitlist.sql): who may read and write entries (the
 * front desk of the clinic only), what a browser may change, the freed-slot trigger, and the one
 * booking a 'Take this slot' race may make. Runs on PGlite and, with TEST_DATABASE_URL, on a real
 * PostgreSQL server, where the concurrent takes really race on separate connections.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../../local/db/database.ts';
import { clinicDateAt, clinicTime, clinicWorkday } from '../../support/clinic-time.ts';
import {
  asUser,
  attemptAs,
  countOf,
  createPatient,
  createTwoClinics,
  databaseTargets,
  freshDatabase,
  insertRow,
  refusalFor,
  type ClinicFixture,
  type FreshDatabase,
  type UserClaims,
} from '../../support/database.ts';

/** A fresh dentist per test, so slots never collide. */
async function newDentist(db: Queryable, clinicId: number): Promise<number> {
  const tag = randomUUID().slice(0, 8);
  return insertRow(db, 'dentists', {
    clinic_id: clinicId,
    name: `Dr. Waitlist ${tag}`,
    email: `waitlist-${tag}@example.test`,
    phone: '+63 917 000 0000',
  });
}

const newPsid = () => `9${Array.from({ length: 15 }, () => Math.floor(Math.random() * 10)).join('')}`;

describe.each(databaseTargets())('the waitlist on %s', (target) => {
  let fresh: FreshDatabase;
  let smile: ClinicFixture;
  let bright: ClinicFixture;
  let superadmin: UserClaims;
  let day = 0;
  /** A new future clinic workday per call, so entries and slots of one test stand alone. */
  const nextDate = () => clinicWorkday(++day + 2);

  const addEntry = (tx: Queryable, values: Record<string, unknown>) =>
    tx.query<{ id: number; status: string; created_by: string | null }>(
      `insert into public.waitlist_entries (clinic_id, patient_id, dentist_id, from_date, to_date, note)
       values ($1, $2, $3, $4, $5, $6) returning id::integer as id, status, created_by`,
      [
        values.clinic_id ?? smile.id,
        values.patient_id ?? smile.patientId,
        values.dentist_id ?? smile.dentistId,
        values.from_date,
        values.to_date ?? values.from_date,
        values.note ?? null,
      ],
    );

  beforeAll(async () => {
    fresh = await freshDatabase(target);
    ({ smile, bright, superadmin } = await createTwoClinics(fresh.db, `${target}`));
  });

  afterAll(async () => {
    await fresh?.cleanup();
  });

  describe('who may add and read entries', () => {
    it('lets a receptionist add an entry for their clinic, waiting and signed with their account', async () => {
      const dentist = await newDentist(fresh.db, smile.id);
      const attempt = await attemptAs(fresh.db, smile.receptionist, (tx) =>
        addEntry(tx, { from_date: nextDate(), dentist_id: dentist }),
      );
      expect(attempt).toMatchObject({ ok: true });
      const row = attempt.ok ? attempt.value.rows[0] : undefined;
      expect(row).toMatchObject({ status: 'waiting', created_by: smile.receptionist.sub });
    });

    it('lets an admin and the superadmin add entries too', async () => {
      const dentist = await newDentist(fresh.db, smile.id);
      for (const actor of [smile.admin, superadmin]) {
        const attempt = await attemptAs(fresh.db, actor, (tx) =>
          addEntry(tx, { from_date: nextDate(), dentist_id: dentist }),
        );
        expect(attempt.ok).toBe(true);
      }
    });

    it('refuses a dentist account, another clinic and anonymous callers', async () => {
      const date = nextDate();
      expect(await refusalFor(fresh.db, smile.dentistUser, (tx) => addEntry(tx, { from_date: date }))).toMatchObject({
        code: '42501',
      });
      expect(await refusalFor(fresh.db, bright.admin, (tx) => addEntry(tx, { from_date: date }))).toMatchObject({
        code: '42501',
      });
      expect(await refusalFor(fresh.db, 'anon', (tx) => addEntry(tx, { from_date: date }))).toMatchObject({
        code: '42501',
      });
    });

    it('refuses a patient or dentist of another clinic (composite foreign keys)', async () => {
      const date = nextDate();
      const otherPatient = await refusalFor(fresh.db, smile.receptionist, (tx) =>
        addEntry(tx, { from_date: date, patient_id: bright.patientId }),
      );
      expect(otherPatient.code).toBe('23503');
      const otherDentist = await refusalFor(fresh.db, smile.receptionist, (tx) =>
        addEntry(tx, { from_date: date, dentist_id: bright.dentistId }),
      );
      expect(otherDentist.code).toBe('23503');
    });

    it('hides entries and offers from another clinic and from dentists', async () => {
      const { rows } = await asUser(fresh.db, smile.receptionist, (tx) => addEntry(tx, { from_date: nextDate() }));
      const id = rows[0]!.id;
      for (const actor of [bright.admin, bright.receptionist, smile.dentistUser]) {
        const seen = await asUser(fresh.db, actor, (tx) =>
          countOf(tx, 'select 1 from public.waitlist_entries where id = $1', [id]),
        );
        expect(seen).toBe(0);
      }
      const own = await asUser(fresh.db, smile.admin, (tx) =>
        countOf(tx, 'select 1 from public.waitlist_entries where id = $1', [id]),
      );
      expect(own).toBe(1);
      expect(
        await refusalFor(fresh.db, 'anon', (tx) => tx.query('select * from public.waitlist_entries')),
      ).toMatchObject({ code: '42501' });
    });

    it('keeps the queue, the replies and the offers out of browsers’ hands', async () => {
      for (const sql of [
        'select * from public.waitlist_freed_slots',
        'select * from public.waitlist_replies',
        `insert into public.waitlist_offers (clinic_id, freed_slot_id, entry_id, slot_time, messenger_id) values (1, 1, 1, now(), 'x')`,
        `select public.take_waitlist_offer(1, 1, 'x', 'm_x')`,
      ]) {
        expect(await refusalFor(fresh.db, smile.admin, (tx) => tx.query(sql))).toMatchObject({ code: '42501' });
      }
    });
  });

  describe('what an entry must be', () => {
    it('refuses dates in the clinic’s past, a range that ends before it starts, and one over a year', async () => {
      const past = clinicWorkday(-1);
      const refusal = await refusalFor(fresh.db, smile.receptionist, (tx) => addEntry(tx, { from_date: past }));
      expect(refusal).toMatchObject({
        code: '23514',
        message: 'The waitlist dates cannot be in the past.',
        hint: 'waitlist_dates_past',
      });
      const date = nextDate();
      const backwards = await refusalFor(fresh.db, smile.receptionist, (tx) =>
        addEntry(tx, { from_date: date, to_date: clinicWorkday(1) }),
      );
      expect(backwards).toMatchObject({ code: '23514', constraint: 'waitlist_entries_dates_check' });
      const tooLong = await refusalFor(fresh.db, smile.receptionist, (tx) =>
        addEntry(tx, { from_date: date, to_date: '2199-01-01' }),
      );
      expect(tooLong).toMatchObject({ code: '23514', constraint: 'waitlist_entries_dates_check' });
    });

    it('refuses a deleted patient, an inactive dentist and a second open entry for the same pair', async () => {
      const date = nextDate();
      const deletedPatient = await createPatient(fresh.db, smile.id, `Gone ${randomUUID().slice(0, 6)}`, {
        deleted: true,
      });
      expect(
        await refusalFor(fresh.db, smile.receptionist, (tx) =>
          addEntry(tx, { from_date: date, patient_id: deletedPatient }),
        ),
      ).toMatchObject({ code: '23514', message: 'This patient has been deleted.', hint: 'patient_deleted' });
      const inactive = await newDentist(fresh.db, smile.id);
      await fresh.db.query('update public.dentists set is_active = false where id = $1', [inactive]);
      expect(
        await refusalFor(fresh.db, smile.receptionist, (tx) => addEntry(tx, { from_date: date, dentist_id: inactive })),
      ).toMatchObject({
        code: '23514',
        message: 'This dentist is not taking appointments.',
        hint: 'dentist_not_bookable',
      });
      const dentist = await newDentist(fresh.db, smile.id);
      await asUser(fresh.db, smile.receptionist, (tx) => addEntry(tx, { from_date: date, dentist_id: dentist }));
      expect(
        await refusalFor(fresh.db, smile.receptionist, (tx) => addEntry(tx, { from_date: date, dentist_id: dentist })),
      ).toMatchObject({ code: '23505' });
    });

    it('ends an entry whose dates passed, so the patient can be added again for new dates', async () => {
      const dentist = await newDentist(fresh.db, smile.id);
      const today = clinicDateAt(new Date());
      const statusOf = async (id: number) =>
        (
          await fresh.db.query<{ status: string }>('select status::text from public.waitlist_entries where id = $1', [
            id,
          ])
        ).rows[0]?.status;
      // Entries from before today, as the database owner can record them (browsers cannot).
      const past = await insertRow(fresh.db, 'waitlist_entries', {
        clinic_id: smile.id,
        patient_id: smile.patientId,
        dentist_id: dentist,
        from_date: clinicWorkday(-5),
        to_date: clinicWorkday(-1),
      });
      const otherPatient = await createPatient(fresh.db, smile.id, `Ended ${randomUUID().slice(0, 6)}`);
      const endsToday = await insertRow(fresh.db, 'waitlist_entries', {
        clinic_id: smile.id,
        patient_id: otherPatient,
        dentist_id: dentist,
        from_date: clinicWorkday(-5),
        to_date: today,
      });
      const pastOfOther = await insertRow(fresh.db, 'waitlist_entries', {
        clinic_id: smile.id,
        patient_id: otherPatient,
        dentist_id: null,
        from_date: clinicWorkday(-5),
        to_date: clinicWorkday(-1),
      });

      const added = await asUser(fresh.db, smile.receptionist, (tx) =>
        addEntry(tx, { from_date: nextDate(), dentist_id: dentist }),
      );
      expect(added.rows[0]?.status).toBe('waiting');
      expect(await statusOf(past)).toBe('ended');
      expect(await statusOf(pastOfOther)).toBe('waiting');

      // The service's pass ends the rest; an entry whose last day is today still waits.
      const { rows } = await fresh.db.query<{ ended: number }>('select public.end_past_waitlist_entries($1) as ended', [
        clinicTime(today, '23:59'),
      ]);
      expect(rows[0]?.ended).toBeGreaterThanOrEqual(1);
      expect(await statusOf(pastOfOther)).toBe('ended');
      expect(await statusOf(endsToday)).toBe('waiting');
    });

    it('lets staff remove an open entry, and nothing else', async () => {
      const dentist = await newDentist(fresh.db, smile.id);
      const { rows } = await asUser(fresh.db, smile.receptionist, (tx) =>
        addEntry(tx, { from_date: nextDate(), dentist_id: dentist }),
      );
      const id = rows[0]!.id;
      for (const sql of [
        `update public.waitlist_entries set status = 'booked' where id = $1`,
        `update public.waitlist_entries set status = 'offered' where id = $1`,
      ]) {
        expect(await refusalFor(fresh.db, smile.receptionist, (tx) => tx.query(sql, [id]))).toMatchObject({
          code: '42501',
        });
      }
      // Column privileges: only status may be written.
      expect(
        await refusalFor(fresh.db, smile.receptionist, (tx) =>
          tx.query('update public.waitlist_entries set to_date = from_date where id = $1', [id]),
        ),
      ).toMatchObject({ code: '42501' });
      // Another clinic's admin touches no row.
      const other = await asUser(fresh.db, bright.admin, (tx) =>
        tx.query(`update public.waitlist_entries set status = 'removed' where id = $1`, [id]),
      );
      expect(other.affectedRows).toBe(0);
      await asUser(fresh.db, smile.receptionist, (tx) =>
        tx.query(`update public.waitlist_entries set status = 'removed' where id = $1`, [id]),
      );
      const { rows: after } = await fresh.db.query<{ status: string; removed: boolean; removed_by: string }>(
        'select status, removed_at is not null as removed, removed_by from public.waitlist_entries where id = $1',
        [id],
      );
      expect(after[0]).toEqual({ status: 'removed', removed: true, removed_by: smile.receptionist.sub });
      expect(
        await refusalFor(fresh.db, smile.receptionist, (tx) =>
          tx.query(`update public.waitlist_entries set status = 'removed' where id = $1`, [id]),
        ),
      ).toMatchObject({
        code: '23514',
        message: 'This waitlist entry is already booked or removed.',
        hint: 'waitlist_entry_closed',
      });
    });
  });

  describe('freed slots', () => {
    async function bookedSlot(dentist: number, date: string, time = '10:00') {
      const patient = await createPatient(fresh.db, smile.id, `Booked ${randomUUID().slice(0, 6)}`);
      return insertRow(fresh.db, 'appointments', {
        clinic_id: smile.id,
        patient_id: patient,
        dentist_id: dentist,
        appointment_time: clinicTime(date, time),
      });
    }
    const slotsOf = (appointmentId: number) =>
      countOf(fresh.db, 'select 1 from public.waitlist_freed_slots where appointment_id = $1', [appointmentId]);

    it('queues a slot when staff cancel, soft-delete or remove a live future appointment someone waits for', async () => {
      const dentist = await newDentist(fresh.db, smile.id);
      const date = nextDate();
      await asUser(fresh.db, smile.receptionist, (tx) => addEntry(tx, { from_date: date, dentist_id: dentist }));
      const cancelled = await bookedSlot(dentist, date, '10:00');
      const softDeleted = await bookedSlot(dentist, date, '11:00');
      const removed = await bookedSlot(dentist, date, '14:00');
      await asUser(fresh.db, smile.receptionist, async (tx) => {
        await tx.query(`update public.appointments set status = 'Cancelled' where id = $1`, [cancelled]);
        await tx.query('update public.appointments set deleted = true where id = $1', [softDeleted]);
      });
      await fresh.db.query('delete from public.appointments where id = $1', [removed]);
      expect([await slotsOf(cancelled), await slotsOf(softDeleted), await slotsOf(removed)]).toEqual([1, 1, 1]);
    });

    it('queues nothing when nobody waits for that dentist and date, or the appointment was not live', async () => {
      const dentist = await newDentist(fresh.db, smile.id);
      const date = nextDate();
      await asUser(fresh.db, smile.receptionist, (tx) => addEntry(tx, { from_date: date, dentist_id: dentist }));
      const otherDay = await bookedSlot(dentist, nextDate());
      const otherDentist = await bookedSlot(await newDentist(fresh.db, smile.id), date);
      const completed = await bookedSlot(dentist, date, '15:00');
      await fresh.db.query(`update public.appointments set status = 'Completed' where id = $1`, [completed]);
      for (const id of [otherDay, otherDentist, completed])
        await fresh.db.query(`update public.appointments set status = 'Cancelled' where id = $1`, [id]);
      expect([await slotsOf(otherDay), await slotsOf(otherDentist), await slotsOf(completed)]).toEqual([0, 0, 0]);
    });
  });

  describe('taking an offer', () => {
    /** A freed slot offered to `count` waiting patients, as the service leaves it once sent. */
    async function offeredSlot(count: number) {
      const dentist = await newDentist(fresh.db, smile.id);
      const date = nextDate();
      const slotTime = clinicTime(date, '10:00');
      const patients: { entryId: number; psid: string }[] = [];
      for (let index = 0; index < count; index++) {
        const psid = newPsid();
        const patient = await createPatient(fresh.db, smile.id, `Waiting ${randomUUID().slice(0, 6)}`, {
          messenger_id: psid,
        });
        const entryId = await insertRow(fresh.db, 'waitlist_entries', {
          clinic_id: smile.id,
          patient_id: patient,
          dentist_id: dentist,
          from_date: date,
          to_date: date,
        });
        patients.push({ entryId, psid });
      }
      const appointment = await insertRow(fresh.db, 'appointments', {
        clinic_id: smile.id,
        patient_id: smile.patientId,
        dentist_id: dentist,
        appointment_time: slotTime,
      });
      await fresh.db.query(`update public.appointments set status = 'Cancelled' where id = $1`, [appointment]);
      const { rows } = await fresh.db.query<{ id: number }>(
        'select id::integer as id from public.waitlist_freed_slots where appointment_id = $1',
        [appointment],
      );
      const slotId = rows[0]!.id;
      const offers: { offerId: number; entryId: number; psid: string }[] = [];
      for (const { entryId, psid } of patients) {
        await fresh.db.query(`update public.waitlist_entries set status = 'offered' where id = $1`, [entryId]);
        const offerId = await insertRow(fresh.db, 'waitlist_offers', {
          clinic_id: smile.id,
          freed_slot_id: slotId,
          entry_id: entryId,
          slot_time: slotTime,
          messenger_id: psid,
          status: 'sent',
        });
        offers.push({ offerId, entryId, psid });
      }
      return { dentist, slotTime, slotId, offers };
    }

    const take = async (offer: { offerId: number; psid: string }, mid = `m_${randomUUID()}`, clinicId = smile.id) => {
      const { rows } = await fresh.db.query<{ result: Record<string, unknown> | string }>(
        'select public.take_waitlist_offer($1, $2, $3, $4) as result',
        [clinicId, offer.offerId, offer.psid, mid],
      );
      const raw = rows[0]!.result;
      return (typeof raw === 'string' ? JSON.parse(raw) : raw) as { outcome: string; appointment_id?: number };
    };

    const liveAt = (dentist: number, slotTime: string) =>
      countOf(
        fresh.db,
        `select 1 from public.appointments where dentist_id = $1 and appointment_time = $2
            and not deleted and status <> 'Cancelled'`,
        [dentist, slotTime],
      );

    it('when 8 patients tap at once, then exactly one appointment is booked and the other 7 are told it is gone', async () => {
      const slot = await offeredSlot(8);
      const results = await Promise.all(slot.offers.map((offer) => take(offer)));
      const outcomes = results.map((result) => result.outcome).sort();
      expect(outcomes).toEqual(['booked', ...Array(7).fill('gone')].sort());
      expect(await liveAt(slot.dentist, slot.slotTime)).toBe(1);
      const { rows } = await fresh.db.query<{ status: string; n: number }>(
        `select status, count(*)::integer as n from public.waitlist_entries
          where id = any($1::bigint[]) group by status order by status`,
        [slot.offers.map((offer) => offer.entryId)],
      );
      expect(rows).toEqual([
        { status: 'booked', n: 1 },
        { status: 'waiting', n: 7 },
      ]);
      const { rows: booking } = await fresh.db.query<{ booking_origin: string; status: string }>(
        'select booking_origin, status from public.appointments where id = $1',
        [results.find((result) => result.outcome === 'booked')!.appointment_id],
      );
      expect(booking[0]).toEqual({ booking_origin: 'waitlist', status: 'Scheduled' });
    });

    it('books once per tap: a redelivered tap is a duplicate and a second tap says already booked', async () => {
      const slot = await offeredSlot(1);
      const offer = slot.offers[0]!;
      expect((await take(offer, 'm_same')).outcome).toBe('booked');
      expect((await take(offer, 'm_same')).outcome).toBe('duplicate');
      expect((await take(offer)).outcome).toBe('already_booked');
      expect(await liveAt(slot.dentist, slot.slotTime)).toBe(1);
    });

    it('ignores a tap from another sender or for another clinic’s page', async () => {
      const slot = await offeredSlot(1);
      const offer = slot.offers[0]!;
      expect((await take({ offerId: offer.offerId, psid: newPsid() })).outcome).toBe('ignored');
      expect((await take(offer, undefined, bright.id)).outcome).toBe('ignored');
      expect(await liveAt(slot.dentist, slot.slotTime)).toBe(0);
    });

    it('answers gone when staff booked the slot meanwhile, and withdrawn once the entry is removed', async () => {
      const slot = await offeredSlot(2);
      await insertRow(fresh.db, 'appointments', {
        clinic_id: smile.id,
        patient_id: smile.patientId,
        dentist_id: slot.dentist,
        appointment_time: slot.slotTime,
      });
      expect((await take(slot.offers[0]!)).outcome).toBe('gone');
      const other = await offeredSlot(1);
      await asUser(fresh.db, smile.receptionist, (tx) =>
        tx.query(`update public.waitlist_entries set status = 'removed' where id = $1`, [other.offers[0]!.entryId]),
      );
      expect((await take(other.offers[0]!)).outcome).toBe('withdrawn');
      expect(await liveAt(other.dentist, other.slotTime)).toBe(0);
    });
  });
});
