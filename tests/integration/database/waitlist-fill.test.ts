/**
 * The waitlist fills every slot (…_waitlist_fills_every_slot.sql): a moved appointment frees its
 * old slot, an entry that joins while a fitting slot is open gets it queued at once, preferences
 * (weekdays, time window, any dentist) decide which slots fit, and taking an offer moves a later
 * booking the patient holds instead of adding a second one; a patient is never offered or booked a
 * second visit on a clinic date (…_one_visit_a_day_from_the_waitlist.sql). Each test blocks the
 * rest of its dentists' days, so only the slots it names are open. Runs on PGlite and, with
 * TEST_DATABASE_URL, on a real PostgreSQL server, where concurrent takes really race.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekdayOf } from '@common/clinic-calendar';
import { clinicTime, clinicWorkday } from '../../support/clinic-time.ts';
import {
  asUser,
  blockDayExcept,
  refusalFor,
  sqlErrorFrom,
  createClinicFixture,
  createPatient,
  databaseTargets,
  freshDatabase,
  insertRow,
  type ClinicFixture,
  type FreshDatabase,
} from '../../support/database.ts';
import { whileHeldOpen } from '../../support/held-open.ts';

const newPsid = () => `9${Array.from({ length: 15 }, () => Math.floor(Math.random() * 10)).join('')}`;

interface QueuedSlot {
  id: number;
  dentist_id: number;
  slot_time: string;
  appointment_id: number | null;
  opened_for_entry_id: number | null;
}

describe.each(databaseTargets())('the waitlist fills every slot on %s', (target) => {
  let fresh: FreshDatabase;
  let smile: ClinicFixture;
  let day = 0;
  const nextDate = () => clinicWorkday(++day + 2);

  async function newDentist(clinicId = smile.id): Promise<number> {
    const tag = randomUUID().slice(0, 8);
    return insertRow(fresh.db, 'dentists', {
      clinic_id: clinicId,
      name: `Dr. Fill ${tag}`,
      email: `fill-${tag}@example.test`,
      phone: '+63 917 000 0000',
    });
  }

  const newPatient = (extra: Record<string, unknown> = {}) =>
    createPatient(fresh.db, smile.id, `Fill ${randomUUID().slice(0, 6)}`, { messenger_id: newPsid(), ...extra });

  const book = (dentistId: number, date: string, time: string, patientId?: number) =>
    (patientId ? Promise.resolve(patientId) : newPatient()).then((patient) =>
      insertRow(fresh.db, 'appointments', {
        clinic_id: smile.id,
        patient_id: patient,
        dentist_id: dentistId,
        appointment_time: clinicTime(date, time),
      }),
    );

  /** An entry added by the receptionist (RLS and the browser guard apply). */
  async function addEntry(entry: Record<string, unknown>): Promise<number> {
    const values = { to_date: entry.from_date, ...entry };
    const columns = Object.keys(values);
    const { rows } = await asUser(fresh.db, smile.receptionist, (tx) =>
      tx.query<{ id: number }>(
        `insert into public.waitlist_entries (clinic_id, ${columns.join(', ')})
         values ($1, ${columns.map((_, index) => `$${index + 2}`).join(', ')}) returning id::integer as id`,
        [smile.id, ...Object.values(values)],
      ),
    );
    return rows[0]!.id;
  }

  const queued = async (where: string, params: unknown[]) =>
    (
      await fresh.db.query<QueuedSlot>(
        `select id::integer as id, dentist_id::integer as dentist_id, slot_time::text as slot_time,
                appointment_id::integer as appointment_id, opened_for_entry_id::integer as opened_for_entry_id
           from public.waitlist_freed_slots where ${where} order by id`,
        params,
      )
    ).rows;
  /** The entries a queued slot goes to, in waitlist order (public.waitlist_entries_for_slot). */
  const candidates = async (slotId: number) =>
    (
      await fresh.db.query<{ entry_id: number }>(
        'select entry_id::integer as entry_id from public.waitlist_entries_for_slot($1)',
        [slotId],
      )
    ).rows.map((row) => row.entry_id);
  /** Cancels the appointment, and answers the slot its cancellation queued. */
  const cancelAndQueued = async (appointmentId: number) => {
    await fresh.db.query(`update public.appointments set status = 'Cancelled' where id = $1`, [appointmentId]);
    const [slot] = await queued('appointment_id = $1', [appointmentId]);
    return slot!;
  };
  const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

  /** The queued slot offered to these entries, as the service leaves it once sent. */
  async function offer(slotId: number, entryIds: readonly number[]) {
    const [slot] = await queued('id = $1', [slotId]);
    const offers: { offerId: number; psid: string; entryId: number }[] = [];
    for (const entryId of entryIds) {
      const { rows } = await fresh.db.query<{ psid: string }>(
        `update public.waitlist_entries e set status = 'offered' from public.patients p
          where e.id = $1 and p.id = e.patient_id returning p.messenger_id as psid`,
        [entryId],
      );
      const psid = rows[0]!.psid;
      const offerId = await insertRow(fresh.db, 'waitlist_offers', {
        clinic_id: smile.id,
        freed_slot_id: slotId,
        entry_id: entryId,
        slot_time: slot!.slot_time,
        messenger_id: psid,
        status: 'sent',
      });
      offers.push({ offerId, psid, entryId });
    }
    return offers;
  }

  const take = async (offer: { offerId: number; psid: string }) => {
    const { rows } = await fresh.db.query<{ result: Record<string, unknown> | string }>(
      'select public.take_waitlist_offer($1, $2, $3, $4) as result',
      [smile.id, offer.offerId, offer.psid, `m_${randomUUID()}`],
    );
    const raw = rows[0]!.result;
    return (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
      outcome: string;
      appointment_id?: number;
      moved_from?: string | null;
    };
  };

  const liveBookingsOf = async (patientId: number) =>
    (
      await fresh.db.query<{ id: number; dentist_id: number; appointment_time: string }>(
        `select id::integer as id, dentist_id::integer as dentist_id, appointment_time::text as appointment_time
           from public.appointments where patient_id = $1 and not deleted and status <> 'Cancelled' order by id`,
        [patientId],
      )
    ).rows;

  beforeAll(async () => {
    fresh = await freshDatabase(target);
    smile = await createClinicFixture(fresh.db, `Fill ${target}`);
  });

  afterAll(async () => {
    await fresh?.cleanup();
  });

  describe('a moved appointment', () => {
    it('frees its old slot when moved to another time or dentist, and not when only its reason changes', async () => {
      const dentist = await newDentist();
      const date = nextDate();
      await blockDayExcept(fresh.db, { clinicId: smile.id, dentistId: dentist }, date, ['10:00', '11:00', '14:00']);
      const movedInTime = await book(dentist, date, '10:00');
      const movedToAnother = await book(dentist, date, '11:00');
      const edited = await book(dentist, date, '14:00');
      await addEntry({ patient_id: await newPatient(), dentist_id: dentist, from_date: date, to_date: date });

      const later = nextDate();
      await asUser(fresh.db, smile.receptionist, async (tx) => {
        await tx.query('update public.appointments set appointment_time = $2 where id = $1', [
          movedInTime,
          clinicTime(later, '10:00'),
        ]);
        await tx.query('update public.appointments set dentist_id = $2 where id = $1', [
          movedToAnother,
          smile.otherDentistId,
        ]);
        await tx.query(`update public.appointments set reason = 'Retainer' where id = $1`, [edited]);
      });

      const freed = await queued('appointment_id = any($1::bigint[])', [[movedInTime, movedToAnother, edited]]);
      expect(freed.map((slot) => [slot.appointment_id, slot.dentist_id])).toEqual([
        [movedInTime, dentist],
        [movedToAnother, dentist],
      ]);
      expect(sameInstant(freed[0]!.slot_time, clinicTime(date, '10:00'))).toBe(true);
      expect(sameInstant(freed[1]!.slot_time, clinicTime(date, '11:00'))).toBe(true);
    });
  });

  describe('a latecomer', () => {
    it('gets the earliest open slot that fits queued for them when they join', async () => {
      const dentist = await newDentist();
      const date = nextDate();
      await blockDayExcept(fresh.db, { clinicId: smile.id, dentistId: dentist }, date, ['10:00', '11:00', '15:00']);
      await book(dentist, date, '10:00');
      const entry = await addEntry({ patient_id: await newPatient(), dentist_id: dentist, from_date: date });
      const open = await queued('opened_for_entry_id = $1', [entry]);
      expect(open).toHaveLength(1);
      expect(open[0]).toMatchObject({ dentist_id: dentist, appointment_id: null });
      expect(sameInstant(open[0]!.slot_time, clinicTime(date, '11:00'))).toBe(true);
    });

    it('gets nothing queued when every slot of their dates is taken or blocked', async () => {
      const dentist = await newDentist();
      const date = nextDate();
      await blockDayExcept(fresh.db, { clinicId: smile.id, dentistId: dentist }, date, ['10:00']);
      await book(dentist, date, '10:00');
      const entry = await addEntry({ patient_id: await newPatient(), dentist_id: dentist, from_date: date });
      expect(await queued('opened_for_entry_id = $1', [entry])).toEqual([]);
    });
  });

  describe('preferences', () => {
    it('offers only slots in the preferred time window and weekdays', async () => {
      const dentist = await newDentist();
      const date = nextDate();
      await blockDayExcept(fresh.db, { clinicId: smile.id, dentistId: dentist }, date, ['10:00', '14:00', '16:00']);
      await book(dentist, date, '10:00');
      const afternoon = await addEntry({
        patient_id: await newPatient(),
        dentist_id: dentist,
        from_date: date,
        preferred_from: '13:00',
        preferred_to: '15:00',
      });
      // Monday 1 … Saturday 6, as ISO numbers them; the test dates are never Sundays.
      const anotherWeekday = (weekdayOf(date) % 6) + 1;
      const wrongDay = await addEntry({
        patient_id: await newPatient(),
        dentist_id: dentist,
        from_date: date,
        preferred_weekdays: [anotherWeekday],
      });
      const [open] = await queued('opened_for_entry_id = $1', [afternoon]);
      expect(sameInstant(open!.slot_time, clinicTime(date, '14:00'))).toBe(true);
      expect(await queued('opened_for_entry_id = $1', [wrongDay])).toEqual([]);

      expect(await candidates(open!.id)).toEqual([afternoon]);
      // The morning slot, freed: neither entry may have it.
      await fresh.db.query(`update public.appointments set status = 'Cancelled' where dentist_id = $1`, [dentist]);
      expect(await queued('dentist_id = $1 and appointment_id is not null', [dentist])).toEqual([]);
    });

    it('offers any dentist’s slot to an entry for any dentist, and refuses an upside-down window', async () => {
      const clinic = await createClinicFixture(fresh.db, `Any dentist ${randomUUID().slice(0, 6)}`);
      const date = nextDate();
      for (const dentistId of [clinic.dentistId, clinic.otherDentistId])
        await blockDayExcept(fresh.db, { clinicId: clinic.id, dentistId }, date, ['10:00']);
      await insertRow(fresh.db, 'appointments', {
        clinic_id: clinic.id,
        patient_id: clinic.patientId,
        dentist_id: clinic.dentistId,
        appointment_time: clinicTime(date, '10:00'),
      });
      const patient = await createPatient(fresh.db, clinic.id, `Any ${randomUUID().slice(0, 6)}`);
      const { rows } = await asUser(fresh.db, clinic.receptionist, (tx) =>
        tx.query<{ id: number }>(
          `insert into public.waitlist_entries (clinic_id, patient_id, dentist_id, from_date, to_date)
           values ($1, $2, null, $3, $3) returning id::integer as id`,
          [clinic.id, patient, date],
        ),
      );
      const open = await queued('opened_for_entry_id = $1', [rows[0]!.id]);
      expect(open.map((slot) => slot.dentist_id)).toEqual([clinic.otherDentistId]);
      expect(sameInstant(open[0]!.slot_time, clinicTime(date, '10:00'))).toBe(true);
      // One open "any dentist" entry per patient.
      const second = await refusalFor(fresh.db, clinic.receptionist, (tx) =>
        tx.query(
          `insert into public.waitlist_entries (clinic_id, patient_id, dentist_id, from_date, to_date)
           values ($1, $2, null, $3, $3)`,
          [clinic.id, patient, date],
        ),
      );
      expect(second.code).toBe('23505');
      const upsideDown = await sqlErrorFrom(
        fresh.db.query(
          `insert into public.waitlist_entries (clinic_id, patient_id, dentist_id, from_date, to_date, preferred_from, preferred_to)
           values ($1, $2, $3, $4, $4, '15:00', '10:00')`,
          [clinic.id, clinic.patientId, clinic.dentistId, date],
        ),
      );
      expect(upsideDown).toMatchObject({ code: '23514', constraint: 'waitlist_entries_time_window_check' });
    });

    it('lists a slot’s candidates in waitlist order, leaving out patients without Messenger or deleted', async () => {
      const dentist = await newDentist();
      const date = nextDate();
      await blockDayExcept(fresh.db, { clinicId: smile.id, dentistId: dentist }, date, ['10:00']);
      const appointment = await book(dentist, date, '10:00');
      const first = await addEntry({ patient_id: await newPatient(), dentist_id: dentist, from_date: date });
      await addEntry({ patient_id: await newPatient({ messenger_id: null }), dentist_id: dentist, from_date: date });
      const deleted = await newPatient();
      await addEntry({ patient_id: deleted, dentist_id: dentist, from_date: date });
      await fresh.db.query('update public.patients set deleted = true where id = $1', [deleted]);
      const second = await addEntry({ patient_id: await newPatient(), dentist_id: dentist, from_date: date });
      const slot = await cancelAndQueued(appointment);
      expect(await candidates(slot.id)).toEqual([first, second]);
    });
  });

  describe('a patient who already holds a later booking', () => {
    it('is offered only earlier slots, and taking one moves that booking, which frees the later slot onward', async () => {
      const dentist = await newDentist();
      const early = nextDate();
      const late = nextDate();
      const after = nextDate();
      for (const date of [early, late, after])
        await blockDayExcept(fresh.db, { clinicId: smile.id, dentistId: dentist }, date, ['10:00']);
      const patient = await newPatient();
      const booking = await book(dentist, late, '10:00', patient);
      const earlySlot = await book(dentist, early, '10:00');
      const afterSlot = await book(dentist, after, '10:00');
      const mover = await addEntry({ patient_id: patient, dentist_id: dentist, from_date: early, to_date: after });
      const next = await addEntry({
        patient_id: await newPatient(),
        dentist_id: dentist,
        from_date: late,
        to_date: after,
      });

      await fresh.db.query(`update public.appointments set status = 'Cancelled' where id = any($1::bigint[])`, [
        [earlySlot, afterSlot],
      ]);
      const [freedEarly] = await queued('appointment_id = $1', [earlySlot]);
      expect(await candidates(freedEarly!.id)).toEqual([mover]);
      // The slot after their booking is no earlier: it is not theirs to take.
      const [freedAfter] = await queued('appointment_id = $1', [afterSlot]);
      expect(await candidates(freedAfter!.id)).toEqual([next]);

      const [offered] = await offer(freedEarly!.id, [mover]);
      const result = await take(offered!);
      expect(result).toMatchObject({ outcome: 'booked', appointment_id: booking });
      expect(sameInstant(String(result.moved_from), clinicTime(late, '10:00'))).toBe(true);
      const bookings = await liveBookingsOf(patient);
      expect(bookings).toHaveLength(1);
      expect(bookings[0]!.id).toBe(booking);
      expect(sameInstant(bookings[0]!.appointment_time, clinicTime(early, '10:00'))).toBe(true);

      const [released] = await queued('appointment_id = $1', [booking]);
      expect(sameInstant(released!.slot_time, clinicTime(late, '10:00'))).toBe(true);
      expect(await candidates(released!.id)).toEqual([next]);
    });

    it('with an entry for one dentist and one for any, is offered a slot once and never ends up with two bookings', async () => {
      const [chosen, other] = [await newDentist(), await newDentist()];
      const early = nextDate();
      const late = nextDate();
      await blockDayExcept(fresh.db, { clinicId: smile.id, dentistId: chosen }, early, ['10:00', '11:00']);
      await blockDayExcept(fresh.db, { clinicId: smile.id, dentistId: other }, late, ['10:00']);
      const patient = await newPatient();
      const [earlySlot, earlySlotToo, lateSlot] = [
        await book(chosen, early, '10:00'),
        await book(chosen, early, '11:00'),
        await book(other, late, '10:00'),
      ];
      const withChosen = await addEntry({ patient_id: patient, dentist_id: chosen, from_date: early, to_date: late });
      const withAny = await addEntry({ patient_id: patient, from_date: early, to_date: late });

      // The "any dentist" entry takes another dentist's later slot...
      const freedLate = await cancelAndQueued(lateSlot);
      expect(await candidates(freedLate.id)).toEqual([withAny]);
      const [lateOffer] = await offer(freedLate.id, [withAny]);
      const booked = await take(lateOffer!);
      expect(booked.outcome).toBe('booked');

      // ...then an earlier slot with the chosen dentist moves that booking: one booking, not two.
      const freedEarly = await cancelAndQueued(earlySlot);
      expect(await candidates(freedEarly.id)).toEqual([withChosen]);
      const [earlyOffer] = await offer(freedEarly.id, [withChosen]);
      expect(await take(earlyOffer!)).toMatchObject({ outcome: 'booked', appointment_id: booked.appointment_id });
      const bookings = await liveBookingsOf(patient);
      expect(bookings.map((row) => [row.id, row.dentist_id])).toEqual([[booked.appointment_id, chosen]]);
      expect(sameInstant(bookings[0]!.appointment_time, clinicTime(early, '10:00'))).toBe(true);

      // A slot both of a patient's open entries fit is offered to them once, for the first entry.
      const another = await newPatient();
      const first = await addEntry({ patient_id: another, dentist_id: chosen, from_date: early });
      await addEntry({ patient_id: another, from_date: early });
      const freedToo = await cancelAndQueued(earlySlotToo);
      expect(await candidates(freedToo.id)).toEqual([first]);
    });

    it('is not booked twice by offers that went out before they booked an earlier slot', async () => {
      const dentist = await newDentist();
      const [early, middle, late] = [nextDate(), nextDate(), nextDate()];
      for (const date of [early, middle, late])
        await blockDayExcept(fresh.db, { clinicId: smile.id, dentistId: dentist }, date, ['10:00']);
      const patient = await newPatient();
      const [earlySlot, middleSlot, lateSlot] = [
        await book(dentist, early, '10:00'),
        await book(dentist, middle, '10:00'),
        await book(dentist, late, '10:00'),
      ];
      const withDentist = await addEntry({ patient_id: patient, dentist_id: dentist, from_date: early, to_date: late });
      const withAny = await addEntry({ patient_id: patient, from_date: early, to_date: late });
      const rival = await addEntry({ patient_id: await newPatient(), dentist_id: dentist, from_date: late });
      await fresh.db.query(`update public.appointments set status = 'Cancelled' where id = any($1::bigint[])`, [
        [middleSlot, lateSlot],
      ]);
      const [freedMiddle] = await queued('appointment_id = $1', [middleSlot]);
      const [freedLate] = await queued('appointment_id = $1', [lateSlot]);
      const [middleOffer] = await offer(freedMiddle!.id, [withDentist]);
      const [lateOffer, rivalOffer] = await offer(freedLate!.id, [withAny, rival]);

      // Taking the middle slot ends their offer of the later one, which stays free for the rival.
      const booked = await take(middleOffer!);
      expect(booked.outcome).toBe('booked');
      expect(await take(lateOffer!)).toMatchObject({ outcome: 'gone' });
      expect(await liveBookingsOf(patient)).toHaveLength(1);
      expect(await take(rivalOffer!)).toMatchObject({ outcome: 'booked' });

      // Staff book them earlier by phone while an offer of a later slot is out: that tap books nothing.
      const again = await addEntry({ patient_id: patient, dentist_id: dentist, from_date: early, to_date: late });
      await fresh.db.query(`update public.appointments set status = 'Cancelled' where id = $1`, [
        booked.appointment_id,
      ]);
      const [freedAgain] = await queued('appointment_id = $1', [booked.appointment_id]);
      const [phoneOffer] = await offer(freedAgain!.id, [again]);
      await fresh.db.query(`update public.appointments set status = 'Cancelled' where id = $1`, [earlySlot]);
      await book(dentist, early, '10:00', patient);
      expect(await take(phoneOffer!)).toMatchObject({ outcome: 'gone' });
      expect(await liveBookingsOf(patient)).toHaveLength(1);
      const { rows } = await fresh.db.query<{ taken: number | null }>(
        'select taken_offer_id::integer as taken from public.waitlist_freed_slots where id = $1',
        [freedAgain!.id],
      );
      expect(rows).toEqual([{ taken: null }]);
    });

    it('when two patients take one slot at once, then one booking moves and the other stays where it was', async () => {
      const dentist = await newDentist();
      const early = nextDate();
      const late = nextDate();
      await blockDayExcept(fresh.db, { clinicId: smile.id, dentistId: dentist }, early, ['10:00']);
      await blockDayExcept(fresh.db, { clinicId: smile.id, dentistId: dentist }, late, ['10:00', '11:00']);
      const patients = [await newPatient(), await newPatient()];
      const bookings = [
        await book(dentist, late, '10:00', patients[0]),
        await book(dentist, late, '11:00', patients[1]),
      ];
      const freedFrom = await book(dentist, early, '10:00');
      const entries = [
        await addEntry({ patient_id: patients[0], dentist_id: dentist, from_date: early }),
        await addEntry({ patient_id: patients[1], dentist_id: dentist, from_date: early }),
      ];
      const slot = await cancelAndQueued(freedFrom);
      const offers = await offer(slot.id, entries);

      const results = await Promise.all(offers.map((one) => take(one)));
      expect(results.map((one) => one.outcome).sort()).toEqual(['booked', 'gone']);
      const winner = results.findIndex((one) => one.outcome === 'booked');
      const loser = 1 - winner;
      const { rows } = await fresh.db.query<{ id: number; appointment_time: string }>(
        `select id::integer as id, appointment_time::text as appointment_time from public.appointments
          where dentist_id = $1 and not deleted and status <> 'Cancelled' order by appointment_time`,
        [dentist],
      );
      expect(rows.map((row) => row.id)).toEqual([bookings[winner], bookings[loser]]);
      expect(sameInstant(rows[0]!.appointment_time, clinicTime(early, '10:00'))).toBe(true);
      expect(sameInstant(rows[1]!.appointment_time, clinicTime(late, loser === 0 ? '10:00' : '11:00'))).toBe(true);
    });
  });

  describe('a patient who already has a visit that day', () => {
    it('is not offered a freed slot that day with another dentist, while another waiting patient is', async () => {
      const [freeing, theirs] = [await newDentist(), await newDentist()];
      const date = nextDate();
      await blockDayExcept(fresh.db, { clinicId: smile.id, dentistId: freeing }, date, ['10:00', '15:00']);
      await blockDayExcept(fresh.db, { clinicId: smile.id, dentistId: theirs }, date, ['10:00', '15:00']);
      const freedFrom = await book(freeing, date, '10:00');
      const [sameTime, laterThatDay, mover, other] = [
        await newPatient(),
        await newPatient(),
        await newPatient(),
        await newPatient(),
      ];
      await book(theirs, date, '10:00', sameTime);
      await book(theirs, date, '15:00', laterThatDay);
      // Their own booking with the entry's dentist later that day is the one an offer moves.
      const moving = await book(freeing, date, '15:00', mover);
      const entries = [
        await addEntry({ patient_id: sameTime, dentist_id: freeing, from_date: date }),
        await addEntry({ patient_id: laterThatDay, dentist_id: freeing, from_date: date }),
        await addEntry({ patient_id: mover, dentist_id: freeing, from_date: date }),
        await addEntry({ patient_id: other, dentist_id: freeing, from_date: date }),
      ];

      const slot = await cancelAndQueued(freedFrom);
      expect(await candidates(slot.id)).toEqual([entries[2], entries[3]]);
      const [moverOffer] = await offer(slot.id, [entries[2]!, entries[3]!]);
      expect(await take(moverOffer!)).toMatchObject({ outcome: 'booked', appointment_id: moving });
      expect((await liveBookingsOf(mover)).map((row) => row.id)).toEqual([moving]);
    });

    /**
     * A freed 10:00 slot offered to a patient's entry (then to `rivals` other patients), on a date
     * another dentist has 14:00 free for the desk to book the patient.
     */
    async function offeredWhileTheDeskCanBook(rivals: number) {
      const [freeing, theirs] = [await newDentist(), await newDentist()];
      const date = nextDate();
      await blockDayExcept(fresh.db, { clinicId: smile.id, dentistId: freeing }, date, ['10:00']);
      await blockDayExcept(fresh.db, { clinicId: smile.id, dentistId: theirs }, date, ['14:00']);
      const freedFrom = await book(freeing, date, '10:00');
      const patient = await newPatient();
      const entries = [await addEntry({ patient_id: patient, dentist_id: freeing, from_date: date })];
      for (let rival = 0; rival < rivals; rival++) {
        entries.push(await addEntry({ patient_id: await newPatient(), dentist_id: freeing, from_date: date }));
      }
      const slot = await cancelAndQueued(freedFrom);
      return { theirs, date, patient, tapper: entries[0]!, slot, offers: await offer(slot.id, entries) };
    }

    it('when the desk booked them that day meanwhile, then their tap is gone, books nothing and leaves the slot to others', async () => {
      const { theirs, date, patient, tapper, slot, offers } = await offeredWhileTheDeskCanBook(1);
      const [tapperOffer, rivalOffer] = offers;

      const byDesk = await book(theirs, date, '14:00', patient);
      expect(await take(tapperOffer!)).toMatchObject({ outcome: 'gone' });
      expect((await liveBookingsOf(patient)).map((row) => row.id)).toEqual([byDesk]);
      const { rows } = await fresh.db.query<{ taken: number | null; offers: string[]; entry: string }>(
        `select s.taken_offer_id::integer as taken,
                array(select o.status::text from public.waitlist_offers o
                       where o.freed_slot_id = s.id order by o.id) as offers,
                (select e.status::text from public.waitlist_entries e where e.id = $2) as entry
           from public.waitlist_freed_slots s where s.id = $1`,
        [slot.id, tapper],
      );
      expect(rows).toEqual([{ taken: null, offers: ['gone', 'sent'], entry: 'waiting' }]);
      // Waiting again, they are not offered it anew.
      expect(await candidates(slot.id)).toEqual([]);
      expect(await take(rivalOffer!)).toMatchObject({ outcome: 'booked' });
    });

    // PGlite runs one statement at a time: nothing is held open while the tap runs.
    if (target === 'postgres') {
      it('when the desk books them that day as they tap, then the tap waits for that booking and is gone', async () => {
        const { theirs, date, patient, offers } = await offeredWhileTheDeskCanBook(0);
        const [tap] = offers;

        let byDesk = 0;
        const result = await whileHeldOpen(
          fresh.db,
          async (tx) => {
            const { rows } = await tx.query<{ id: number }>(
              `insert into public.appointments (clinic_id, patient_id, dentist_id, appointment_time)
               values ($1, $2, $3, $4) returning id::integer as id`,
              [smile.id, patient, theirs, clinicTime(date, '14:00')],
            );
            byDesk = rows[0]!.id;
          },
          () => take(tap!),
        );
        expect(result).toMatchObject({ outcome: 'gone' });
        expect((await liveBookingsOf(patient)).map((row) => row.id)).toEqual([byDesk]);
      });
    }

    it('counts no cancelled or deleted appointment that day', async () => {
      const [freeing, theirs] = [await newDentist(), await newDentist()];
      const date = nextDate();
      await blockDayExcept(fresh.db, { clinicId: smile.id, dentistId: freeing }, date, ['10:00']);
      await blockDayExcept(fresh.db, { clinicId: smile.id, dentistId: theirs }, date, ['10:00', '15:00']);
      const freedFrom = await book(freeing, date, '10:00');
      const patient = await newPatient();
      const cancelled = await book(theirs, date, '10:00', patient);
      const deleted = await book(theirs, date, '15:00', patient);
      await fresh.db.query(`update public.appointments set status = 'Cancelled' where id = $1`, [cancelled]);
      await fresh.db.query('update public.appointments set deleted = true where id = $1', [deleted]);
      const entry = await addEntry({ patient_id: patient, dentist_id: freeing, from_date: date });

      await fresh.db.query(`update public.appointments set status = 'Cancelled' where id = $1`, [freedFrom]);
      const [slot] = await queued('appointment_id = $1', [freedFrom]);
      expect(slot, 'the freed slot fits their entry, so it is queued').toBeDefined();
      expect(await candidates(slot!.id)).toEqual([entry]);
      const [offered] = await offer(slot!.id, [entry]);
      const result = await take(offered!);
      expect(result.outcome).toBe('booked');
      expect((await liveBookingsOf(patient)).map((row) => row.id)).toEqual([result.appointment_id]);
    });
  });
});
