import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../../local/db/database.ts';
import {
  asUser,
  attemptAs,
  createClinic,
  createClinicFixture,
  createDentist,
  createPatient,
  databaseTargets,
  freshDatabase,
  insertRow,
  manila,
  refusalFor,
  sqlErrorFrom,
  type ClinicFixture,
  type FreshDatabase,
} from '../../support/database.ts';

const BOOKING_REFUSED = 'This slot may already be taken or dentist is unavailable.';
// 2030-01-07 is a Monday, 2030-01-06 a Sunday.
const MONDAY = '2030-01-07';

describe.each(databaseTargets())('booking rules on %s', (target) => {
  let fresh: FreshDatabase;
  let db: Database;
  let clinic: ClinicFixture;

  beforeAll(async () => {
    fresh = await freshDatabase(target);
    db = fresh.db;
    clinic = await createClinicFixture(db, 'Booking Clinic');
  });
  afterAll(async () => {
    await fresh?.cleanup();
  });

  function book(tx: Queryable, at: string, extra: Record<string, unknown> = {}) {
    return insertRow(tx, 'appointments', {
      clinic_id: clinic.id,
      patient_id: clinic.patientId,
      dentist_id: clinic.dentistId,
      appointment_time: at,
      reason: 'Dental Consultation',
      ...extra,
    });
  }

  /** Books as the clinic's receptionist inside a rolled-back transaction and returns the refusal. */
  async function refusalOfBooking(
    at: string,
    extra: Record<string, unknown> = {},
    setup?: (tx: Queryable) => Promise<unknown>,
  ) {
    return refusalFor(db, clinic.receptionist, async (tx) => {
      await setup?.(tx);
      return book(tx, at, extra);
    });
  }

  async function expectBookable(
    at: string,
    extra: Record<string, unknown> = {},
    setup?: (tx: Queryable) => Promise<unknown>,
  ) {
    const attempt = await attemptAs(db, clinic.receptionist, async (tx) => {
      await setup?.(tx);
      return book(tx, at, extra);
    });
    expect(attempt).toMatchObject({ ok: true });
  }

  it('books a weekday slot inside clinic hours', async () => {
    await expectBookable(manila(`${MONDAY} 10:00`));
  });

  it('refuses an overlapping appointment of the same dentist with the booking error', async () => {
    const error = await refusalOfBooking(manila(`${MONDAY} 10:10`), {}, (tx) => book(tx, manila(`${MONDAY} 10:00`)));
    expect(error).toMatchObject({
      code: '23P01',
      message: BOOKING_REFUSED,
      detail: 'overlaps another appointment',
      hint: 'slot_taken',
    });
  });

  it('allows back-to-back appointments and the same time with another dentist', async () => {
    await expectBookable(manila(`${MONDAY} 10:20`), {}, (tx) => book(tx, manila(`${MONDAY} 10:00`)));
    await expectBookable(manila(`${MONDAY} 10:00`), { dentist_id: clinic.otherDentistId }, (tx) =>
      book(tx, manila(`${MONDAY} 10:00`)),
    );
  });

  it('frees the slot of a cancelled or deleted appointment', async () => {
    await expectBookable(manila(`${MONDAY} 10:00`), {}, async (tx) => {
      const first = await book(tx, manila(`${MONDAY} 10:00`));
      await tx.query(`update public.appointments set status = 'Cancelled' where id = $1`, [first]);
    });
    await expectBookable(manila(`${MONDAY} 10:00`), {}, async (tx) => {
      const first = await book(tx, manila(`${MONDAY} 10:00`));
      await tx.query('update public.appointments set deleted = true where id = $1', [first]);
    });
  });

  it('refuses to bring a cancelled appointment back into a slot someone else took', async () => {
    const error = await refusalFor(db, clinic.receptionist, async (tx) => {
      const cancelled = await book(tx, manila(`${MONDAY} 10:00`), { status: 'Cancelled' });
      await book(tx, manila(`${MONDAY} 10:00`));
      await tx.query(`update public.appointments set status = 'Scheduled' where id = $1`, [cancelled]);
    });
    expect(error).toMatchObject({
      code: '23P01',
      message: BOOKING_REFUSED,
      detail: 'overlaps another appointment',
      hint: 'slot_taken',
    });
  });

  it('refuses moving an appointment onto another one', async () => {
    const error = await refusalFor(db, clinic.receptionist, async (tx) => {
      await book(tx, manila(`${MONDAY} 10:00`));
      const second = await book(tx, manila(`${MONDAY} 11:00`));
      await tx.query('update public.appointments set appointment_time = $2 where id = $1', [
        second,
        manila(`${MONDAY} 10:00`),
      ]);
    });
    expect(error).toMatchObject({ code: '23P01', detail: 'overlaps another appointment', hint: 'slot_taken' });
  });

  it('refuses Sundays', async () => {
    expect(await refusalOfBooking(manila('2030-01-06 10:00'))).toMatchObject({
      code: '23P01',
      message: BOOKING_REFUSED,
      detail: 'closed on Sunday',
      hint: 'clinic_closed',
    });
  });

  it.each([
    ['an 08:40 start', '08:40'],
    ['a 17:50 start, which would end at 18:10', '17:50'],
    ['an 18:00 start', '18:00'],
    ['a 23:00 start', '23:00'],
  ])('refuses %s as outside clinic hours', async (_, time) => {
    expect(await refusalOfBooking(manila(`${MONDAY} ${time}`))).toMatchObject({
      code: '23P01',
      message: BOOKING_REFUSED,
      detail: 'outside clinic hours',
      hint: 'outside_clinic_hours',
    });
  });

  it('accepts the first and the last slot of the day', async () => {
    await expectBookable(manila(`${MONDAY} 09:00`));
    await expectBookable(manila(`${MONDAY} 17:40`));
  });

  it.each([
    ['a 12:00 start', '12:00'],
    ['an 11:50 start running into lunch', '11:50'],
    ['a 12:40 start', '12:40'],
  ])('refuses %s as the lunch break', async (_, time) => {
    expect(await refusalOfBooking(manila(`${MONDAY} ${time}`))).toMatchObject({
      code: '23P01',
      message: BOOKING_REFUSED,
      detail: 'lunch break',
      hint: 'lunch_break',
    });
  });

  it('accepts the slots just before and after lunch', async () => {
    await expectBookable(manila(`${MONDAY} 11:40`));
    await expectBookable(manila(`${MONDAY} 13:00`));
  });

  it('judges hours in the clinic time zone, not in UTC or Manila', async () => {
    const london = await createClinic(db, 'London Smiles', 'Europe/London');
    const dentist = await createDentist(db, london, 'Dr. London');
    const patient = await createPatient(db, london, 'London Patient');
    const bookLondon = (at: string) =>
      attemptAs(db, 'service_role', (tx) =>
        insertRow(tx, 'appointments', {
          clinic_id: london,
          patient_id: patient,
          dentist_id: dentist,
          appointment_time: at,
        }),
      );
    // 09:00 in London in January is 17:00 in Manila; 10:00 in Manila is 02:00 in London.
    expect(await bookLondon('2030-01-07T09:00:00+00:00')).toMatchObject({ ok: true });
    expect(await bookLondon(manila(`${MONDAY} 10:00`))).toMatchObject({
      ok: false,
      error: { code: '23P01', detail: 'outside clinic hours', hint: 'outside_clinic_hours' },
    });
  });

  it('refuses a slot inside a blocked period and accepts its edges', async () => {
    // Saved by the receptionist, as the Availability Manager saves it (the day read empty).
    const block = (tx: Queryable) =>
      tx.query(`select 1 from public.save_availability_day($1, $2, $3, '[]')`, [
        clinic.dentistId,
        MONDAY,
        JSON.stringify([{ start_time: '14:00', end_time: '16:00' }]),
      ]);
    expect(await refusalOfBooking(manila(`${MONDAY} 14:20`), {}, block)).toMatchObject({
      code: '23P01',
      message: BOOKING_REFUSED,
      detail: 'blocked by dentist availability',
      hint: 'dentist_unavailable',
    });
    expect(await refusalOfBooking(manila(`${MONDAY} 13:50`), {}, block)).toMatchObject({
      detail: 'blocked by dentist availability',
      hint: 'dentist_unavailable',
    });
    await expectBookable(manila(`${MONDAY} 13:40`), {}, block);
    await expectBookable(manila(`${MONDAY} 16:00`), {}, block);
    await expectBookable(manila(`${MONDAY} 14:20`), { dentist_id: clinic.otherDentistId }, block);
  });

  it('refuses an inactive dentist, a deleted dentist and a deleted patient', async () => {
    const inactive = await createDentist(db, clinic.id, 'Dr. Inactive', { is_active: false });
    const deletedDentist = await createDentist(db, clinic.id, 'Dr. Deleted', { deleted: true });
    const deletedPatient = await createPatient(db, clinic.id, 'Deleted Patient', { deleted: true });
    expect(await refusalOfBooking(manila(`${MONDAY} 10:00`), { dentist_id: inactive })).toMatchObject({
      code: '23P01',
      message: BOOKING_REFUSED,
      detail: 'dentist inactive',
      hint: 'dentist_inactive',
    });
    expect(await refusalOfBooking(manila(`${MONDAY} 10:00`), { dentist_id: deletedDentist })).toMatchObject({
      code: '23P01',
      message: BOOKING_REFUSED,
      detail: 'dentist deleted',
      hint: 'dentist_deleted',
    });
    expect(await refusalOfBooking(manila(`${MONDAY} 10:00`), { patient_id: deletedPatient })).toMatchObject({
      code: '23P01',
      message: BOOKING_REFUSED,
      detail: 'patient deleted',
      hint: 'patient_deleted',
    });
  });

  it('keeps existing appointments editable after their dentist becomes inactive', async () => {
    const dentist = await createDentist(db, clinic.id, 'Dr. Retiring');
    const attempt = await attemptAs(db, clinic.receptionist, async (tx) => {
      const id = await book(tx, manila(`${MONDAY} 15:00`), { dentist_id: dentist });
      await tx.query('update public.dentists set is_active = false where id = $1', [dentist]);
      await tx.query(`update public.appointments set status = 'Confirmed', reason = 'Retainer' where id = $1`, [id]);
      return id;
    });
    expect(attempt).toMatchObject({ ok: true });
  });

  it('lets the database owner record past appointments (history), but refuses them from browser roles', async () => {
    const id = await book(db, manila('2020-03-02 10:00'), { status: 'Completed' });
    expect(id).toBeGreaterThan(0);
    expect(await refusalOfBooking(manila('2020-03-02 10:20'), { status: 'Completed' })).toMatchObject({
      code: '23P01',
      message: 'This slot may already be taken or dentist is unavailable.',
      detail: expect.stringContaining('in the past'),
    });
  });

  it('enforces appointments_no_overlap even when the rules trigger does not run', async () => {
    const error = await sqlErrorFrom(
      db.transaction(async (tx) => {
        await tx.query('alter table public.appointments disable trigger appointments_enforce_booking_rules');
        await book(tx, manila(`${MONDAY} 10:00`));
        await book(tx, manila(`${MONDAY} 10:19`));
      }),
    );
    expect(error).toMatchObject({ code: '23P01', constraint: 'appointments_no_overlap' });
  });

  it('stores a booking made as a signed-in receptionist', async () => {
    const id = await asUser(db, clinic.receptionist, (tx) => book(tx, manila('2030-01-08 09:20')));
    const { rows } = await db.query<{ status: string; reminder_days: number[] }>(
      'select status, reminder_days from public.appointments where id = $1',
      [id],
    );
    expect(rows).toEqual([{ status: 'Scheduled', reminder_days: [1] }]);
  });
});

describe.each(databaseTargets())('save_availability_day on %s', (target) => {
  let fresh: FreshDatabase;
  let db: Database;
  let clinic: ClinicFixture;
  let otherClinic: ClinicFixture;
  const DAY = '2030-01-09';

  beforeAll(async () => {
    fresh = await freshDatabase(target);
    db = fresh.db;
    clinic = await createClinicFixture(db, 'Availability Clinic');
    otherClinic = await createClinicFixture(db, 'Other Clinic');
  });
  afterAll(async () => {
    await fresh?.cleanup();
  });

  interface Block {
    start_time: string;
    end_time: string;
  }
  type RowRead = Block & { is_available: boolean };

  /** The rows of the dentist's `day` as `tx` reads them now, as a desk's grid reads them. */
  async function readDay(tx: Queryable, day = DAY, dentistId = clinic.dentistId): Promise<RowRead[]> {
    const { rows } = await tx.query<RowRead>(
      `select start_time::text, end_time::text, is_available from public.dentist_availability
        where dentist_id = $1 and specific_date = $2`,
      [dentistId, day],
    );
    return rows;
  }

  /** Saves DAY's blocks as a desk that has just read the day, unless it read the day as `read`. */
  async function save(tx: Queryable, blocks: unknown, dentistId = clinic.dentistId, read?: unknown) {
    return tx.query<Block & { dentist_id: number; clinic_id: number; is_available: boolean }>(
      `select start_time::text, end_time::text, dentist_id::integer, clinic_id::integer, is_available
       from public.save_availability_day($1, $2, $3, $4)`,
      [
        dentistId,
        DAY,
        JSON.stringify(blocks),
        JSON.stringify(read === undefined ? await readDay(tx, DAY, dentistId) : read),
      ],
    );
  }

  async function storedBlocks(day = DAY): Promise<Block[]> {
    const { rows } = await db.query<Block>(
      `select start_time::text, end_time::text from public.dentist_availability
       where dentist_id = $1 and specific_date = $2 order by start_time`,
      [clinic.dentistId, day],
    );
    return rows;
  }

  it('replaces the blocks of the day and returns the saved rows in time order', async () => {
    await asUser(db, clinic.receptionist, (tx) => save(tx, [{ start_time: '09:00', end_time: '10:00' }]));
    const { rows } = await asUser(db, clinic.receptionist, (tx) =>
      save(tx, [
        { start_time: '15:00', end_time: '18:00' },
        { start_time: '10:00', end_time: '12:00' },
      ]),
    );
    expect(rows).toEqual([
      {
        start_time: '10:00:00',
        end_time: '12:00:00',
        dentist_id: clinic.dentistId,
        clinic_id: clinic.id,
        is_available: false,
      },
      {
        start_time: '15:00:00',
        end_time: '18:00:00',
        dentist_id: clinic.dentistId,
        clinic_id: clinic.id,
        is_available: false,
      },
    ]);
    expect(await storedBlocks()).toEqual([
      { start_time: '10:00:00', end_time: '12:00:00' },
      { start_time: '15:00:00', end_time: '18:00:00' },
    ]);
  });

  it.each([
    [
      'blocks overlapping each other',
      [
        { start_time: '13:00', end_time: '15:00' },
        { start_time: '14:00', end_time: '16:00' },
      ],
    ],
    ['a block before 09:00', [{ start_time: '08:00', end_time: '10:00' }]],
    ['a block after 18:00', [{ start_time: '17:00', end_time: '19:00' }]],
    ['a block ending before it starts', [{ start_time: '11:00', end_time: '10:00' }]],
    ['a block without an end', [{ start_time: '11:00' }]],
    ['a block with a malformed time', [{ start_time: 'noon', end_time: '13:00' }]],
    ['a block with an impossible time', [{ start_time: '09:00', end_time: '25:00' }]],
  ])('refuses %s and keeps the old blocks', async (_, blocks) => {
    const before = await storedBlocks();
    const error = await sqlErrorFrom(asUser(db, clinic.admin, (tx) => save(tx, blocks)));
    expect(error.code).toBe('22023');
    expect(await storedBlocks()).toEqual(before);
  });

  it('refuses blocks that are not an array', async () => {
    expect(
      await refusalFor(db, clinic.admin, (tx) => save(tx, { start_time: '09:00', end_time: '10:00' })),
    ).toMatchObject({
      code: '22023',
    });
  });

  it('keeps the old blocks when an insert fails after the delete', async () => {
    await asUser(db, clinic.receptionist, (tx) => save(tx, [{ start_time: '15:00', end_time: '16:00' }]));
    const before = await storedBlocks();
    expect(before.length).toBeGreaterThan(0);
    // A constraint the function does not know about makes its insert fail after it deleted the day.
    await db.exec(
      `alter table public.dentist_availability add constraint test_no_ten_oclock check (start_time <> '10:00') not valid`,
    );
    try {
      const error = await sqlErrorFrom(
        asUser(db, clinic.admin, (tx) => save(tx, [{ start_time: '10:00', end_time: '11:00' }])),
      );
      expect(error).toMatchObject({ code: '23514', constraint: 'test_no_ten_oclock' });
    } finally {
      await db.exec('alter table public.dentist_availability drop constraint test_no_ten_oclock');
    }
    expect(await storedBlocks()).toEqual(before);
  });

  it('clears the day with an empty list', async () => {
    const attempt = await attemptAs(db, clinic.admin, async (tx) => {
      const { rows } = await save(tx, []);
      const left = await tx.query(
        'select 1 from public.dentist_availability where dentist_id = $1 and specific_date = $2',
        [clinic.dentistId, DAY],
      );
      return { returned: rows.length, left: left.rows.length };
    });
    expect(attempt).toEqual({ ok: true, value: { returned: 0, left: 0 } });
  });

  it('refuses a dentist account, which may only read availability', async () => {
    const before = await storedBlocks();
    expect(await sqlErrorFrom(asUser(db, clinic.dentistUser, (tx) => save(tx, [])))).toMatchObject({ code: '42501' });
    expect(await storedBlocks()).toEqual(before);
  });

  it('does not find a dentist of another clinic', async () => {
    expect(
      await refusalFor(db, clinic.admin, (tx) =>
        save(tx, [{ start_time: '09:00', end_time: '10:00' }], otherClinic.dentistId),
      ),
    ).toMatchObject({ code: 'PT404' });
  });

  it('is not callable without signing in', async () => {
    expect(await refusalFor(db, 'anon', (tx) => save(tx, [], clinic.dentistId, []))).toMatchObject({
      code: '42501',
    });
  });

  it('refuses a block over a live appointment, booked meanwhile by another desk, and keeps the old blocks', async () => {
    const day = '2030-01-10';
    const saveOn = async (tx: Queryable, blocks: Block[]) =>
      tx.query('select 1 from public.save_availability_day($1, $2, $3, $4)', [
        clinic.dentistId,
        day,
        JSON.stringify(blocks),
        JSON.stringify(await readDay(tx, day)),
      ]);
    const book = (time: string, status = 'Scheduled') =>
      insertRow(db, 'appointments', {
        clinic_id: clinic.id,
        patient_id: clinic.patientId,
        dentist_id: clinic.dentistId,
        appointment_time: manila(`${day} ${time}`),
        status,
      });
    await asUser(db, clinic.receptionist, (tx) => saveOn(tx, [{ start_time: '09:00', end_time: '10:00' }]));
    await book('15:00');
    await book('14:40');
    await book('11:00', 'Cancelled');

    expect(
      await refusalFor(db, clinic.receptionist, (tx) => saveOn(tx, [{ start_time: '15:00', end_time: '16:00' }])),
    ).toMatchObject({ code: '23P01', hint: 'availability_block_booked' });
    expect(
      await refusalFor(db, clinic.receptionist, (tx) => saveOn(tx, [{ start_time: '14:00', end_time: '15:00' }])),
    ).toMatchObject({ code: '23P01', hint: 'availability_block_booked' });
    const { rows } = await db.query<Block>(
      `select start_time::text, end_time::text from public.dentist_availability
        where dentist_id = $1 and specific_date = $2`,
      [clinic.dentistId, day],
    );
    expect(rows).toEqual([{ start_time: '09:00:00', end_time: '10:00:00' }]);

    // Around the bookings, and over a cancelled one, the day is the desk's to block.
    await asUser(db, clinic.receptionist, (tx) =>
      saveOn(tx, [
        { start_time: '11:00', end_time: '12:00' },
        { start_time: '13:00', end_time: '14:00' },
        { start_time: '16:00', end_time: '18:00' },
      ]),
    );
  });

  describe('a day changed at another desk since it was read', () => {
    /** Saves `day` as a desk whose grid read the day as `read`. */
    const saveAsRead = (tx: Queryable, day: string, read: unknown, blocks: Block[]) =>
      tx.query('select 1 from public.save_availability_day($1, $2, $3, $4)', [
        clinic.dentistId,
        day,
        JSON.stringify(blocks),
        JSON.stringify(read),
      ]);
    const saveFresh = (tx: Queryable, day: string, blocks: Block[]) =>
      readDay(tx, day).then((read) => saveAsRead(tx, day, read, blocks));

    it("refuses a save from the earlier read and keeps the other desk's blocks, then saves from a new read", async () => {
      const day = '2030-01-11';
      await asUser(db, clinic.receptionist, (tx) => saveFresh(tx, day, [{ start_time: '09:00', end_time: '10:00' }]));
      // Desk A opens Dr. Cruz's day.
      const readByA = await asUser(db, clinic.receptionist, (tx) => readDay(tx, day));
      // Desk B frees 09:00 and blocks 15:00-17:00 (leave).
      await asUser(db, clinic.admin, (tx) => saveFresh(tx, day, [{ start_time: '15:00', end_time: '17:00' }]));

      // Desk A blocks 10:00 on its grid as read: 09:00 stays blocked there, 15:00-17:00 free.
      expect(
        await refusalFor(db, clinic.receptionist, (tx) =>
          saveAsRead(tx, day, readByA, [{ start_time: '09:00', end_time: '11:00' }]),
        ),
      ).toMatchObject({ code: 'PT409', hint: 'availability_changed' });
      expect(await storedBlocks(day)).toEqual([{ start_time: '15:00:00', end_time: '17:00:00' }]);

      // Read again, desk A's grid shows the leave, and its save keeps it.
      await asUser(db, clinic.receptionist, (tx) =>
        saveFresh(tx, day, [
          { start_time: '10:00', end_time: '11:00' },
          { start_time: '15:00', end_time: '17:00' },
        ]),
      );
      expect(await storedBlocks(day)).toEqual([
        { start_time: '10:00:00', end_time: '11:00:00' },
        { start_time: '15:00:00', end_time: '17:00:00' },
      ]);
    });

    it('refuses clearing the day (Delete all) from the earlier read as well', async () => {
      const day = '2030-01-12';
      const readByA = await asUser(db, clinic.receptionist, (tx) => readDay(tx, day));
      await asUser(db, clinic.admin, (tx) => saveFresh(tx, day, [{ start_time: '16:00', end_time: '18:00' }]));
      expect(await refusalFor(db, clinic.receptionist, (tx) => saveAsRead(tx, day, readByA, []))).toMatchObject({
        code: 'PT409',
        hint: 'availability_changed',
      });
      expect(await storedBlocks(day)).toEqual([{ start_time: '16:00:00', end_time: '18:00:00' }]);
    });

    it('takes the rows read in any order, with or without seconds, is_available false when left out', async () => {
      const day = '2030-01-14';
      await asUser(db, clinic.receptionist, (tx) =>
        saveFresh(tx, day, [
          { start_time: '09:00', end_time: '10:00' },
          { start_time: '14:00', end_time: '15:00' },
        ]),
      );
      const attempt = await attemptAs(db, clinic.receptionist, (tx) =>
        saveAsRead(
          tx,
          day,
          [
            { start_time: '14:00', end_time: '15:00:00' },
            { start_time: '09:00:00', end_time: '10:00', is_available: false },
          ],
          [],
        ),
      );
      expect(attempt).toMatchObject({ ok: true });
    });

    it('counts every row of the day, an available period too, and a row read twice as a change', async () => {
      const day = '2030-01-15';
      await insertRow(db, 'dentist_availability', {
        clinic_id: clinic.id,
        dentist_id: clinic.dentistId,
        specific_date: day,
        start_time: '13:00',
        end_time: '14:00',
        is_available: true,
      });
      const asRead = (read: unknown) => attemptAs(db, clinic.receptionist, (tx) => saveAsRead(tx, day, read, []));
      const available = { start_time: '13:00', end_time: '14:00', is_available: true };
      expect(await asRead([])).toMatchObject({ ok: false, error: { hint: 'availability_changed' } });
      expect(await asRead([{ start_time: '13:00', end_time: '14:00' }])).toMatchObject({
        ok: false,
        error: { hint: 'availability_changed' },
      });
      expect(await asRead([available, available])).toMatchObject({
        ok: false,
        error: { hint: 'availability_changed' },
      });
      expect(await asRead([available])).toMatchObject({ ok: true });
    });

    it.each([
      ['not an array', { start_time: '09:00', end_time: '10:00' }],
      ['null', null],
      ['a row without an end', [{ start_time: '09:00' }]],
      ['a row with a malformed time', [{ start_time: 'nine', end_time: '10:00' }]],
      ['a row whose is_available is not a boolean', [{ start_time: '09:00', end_time: '10:00', is_available: 'no' }]],
    ])('refuses a read that is %s, and keeps the old blocks', async (_, read) => {
      const before = await storedBlocks();
      expect(await refusalFor(db, clinic.receptionist, (tx) => save(tx, [], clinic.dentistId, read))).toMatchObject({
        code: '22023',
        hint: 'availability_blocks_invalid',
      });
      expect(await storedBlocks()).toEqual(before);
    });
  });

  describe('writes that do not go through the functions', () => {
    const day = '2030-01-16';
    let blockId: number;
    beforeAll(async () => {
      blockId = await insertRow(db, 'dentist_availability', {
        clinic_id: clinic.id,
        dentist_id: clinic.dentistId,
        specific_date: day,
        start_time: '09:00',
        end_time: '10:00',
      });
      // A patient booked at 15:00, the hour a crafted request would block.
      await insertRow(db, 'appointments', {
        clinic_id: clinic.id,
        patient_id: clinic.patientId,
        dentist_id: clinic.dentistId,
        appointment_time: manila(`${day} 15:00`),
      });
    });

    const storedOfDay = () => storedBlocks(day);

    it.each(['receptionist', 'admin'] as const)(
      'refuses the %s inserting, updating or deleting a block directly, over a booked hour or not',
      async (role) => {
        const actor = clinic[role];
        const insert = (start: string, end: string) => (tx: Queryable) =>
          insertRow(tx, 'dentist_availability', {
            clinic_id: clinic.id,
            dentist_id: clinic.dentistId,
            specific_date: day,
            start_time: start,
            end_time: end,
          });
        expect(await refusalFor(db, actor, insert('15:00', '16:00'))).toMatchObject({ code: '42501' });
        expect(await refusalFor(db, actor, insert('16:00', '17:00'))).toMatchObject({ code: '42501' });
        expect(
          await refusalFor(db, actor, (tx) =>
            tx.query(`update public.dentist_availability set end_time = '16:00' where id = $1`, [blockId]),
          ),
        ).toMatchObject({ code: '42501' });
        expect(
          await refusalFor(db, actor, (tx) =>
            tx.query('delete from public.dentist_availability where id = $1', [blockId]),
          ),
        ).toMatchObject({ code: '42501' });
        expect(await storedOfDay()).toEqual([{ start_time: '09:00:00', end_time: '10:00:00' }]);
      },
    );

    it('still refuses a block over the booked hour through save_availability_day', async () => {
      expect(
        await refusalFor(db, clinic.receptionist, async (tx) =>
          tx.query('select 1 from public.save_availability_day($1, $2, $3, $4)', [
            clinic.dentistId,
            day,
            JSON.stringify([{ start_time: '15:00', end_time: '16:00' }]),
            JSON.stringify(await readDay(tx, day)),
          ]),
        ),
      ).toMatchObject({ code: '23P01', hint: 'availability_block_booked' });
    });
  });

  describe('delete_availability_block', () => {
    const day = '2030-01-17';
    const newBlock = (start: string, end: string, fixture = clinic) =>
      insertRow(db, 'dentist_availability', {
        clinic_id: fixture.id,
        dentist_id: fixture.dentistId,
        specific_date: day,
        start_time: start,
        end_time: end,
      });
    const remove = (tx: Queryable, blockId: number) =>
      tx.query('select public.delete_availability_block($1)', [blockId]);
    const exists = async (blockId: number) =>
      (await db.query('select 1 from public.dentist_availability where id = $1', [blockId])).rows.length === 1;

    it('deletes one block for the front desk, and refuses one no longer there as a day changed', async () => {
      const block = await newBlock('09:00', '10:00');
      const other = await newBlock('11:00', '12:00');
      await asUser(db, clinic.receptionist, (tx) => remove(tx, block));
      expect(await exists(block)).toBe(false);
      expect(await exists(other)).toBe(true);
      // Deleted at another desk, or its day saved anew there (new ids): not 'Deleted!' unseen.
      expect(await refusalFor(db, clinic.admin, (tx) => remove(tx, block))).toMatchObject({
        code: 'PT409',
        hint: 'availability_changed',
      });
    });

    it("leaves another clinic's block alone, and refuses a dentist account and anon", async () => {
      const theirs = await newBlock('13:00', '14:00', otherClinic);
      expect(await refusalFor(db, clinic.admin, (tx) => remove(tx, theirs))).toMatchObject({
        hint: 'availability_changed',
      });
      expect(await exists(theirs)).toBe(true);
      const ours = await newBlock('14:00', '15:00');
      expect(await refusalFor(db, clinic.dentistUser, (tx) => remove(tx, ours))).toMatchObject({
        code: '42501',
        hint: 'availability_forbidden',
      });
      expect(await refusalFor(db, 'anon', (tx) => remove(tx, ours))).toMatchObject({ code: '42501' });
      expect(await exists(ours)).toBe(true);
    });
  });

  it('makes booking refuse the saved periods', async () => {
    await asUser(db, clinic.receptionist, (tx) => save(tx, [{ start_time: '16:00', end_time: '17:00' }]));
    const error = await refusalFor(db, clinic.receptionist, (tx) =>
      insertRow(tx, 'appointments', {
        clinic_id: clinic.id,
        patient_id: clinic.patientId,
        dentist_id: clinic.dentistId,
        appointment_time: manila(`${DAY} 16:40`),
      }),
    );
    expect(error).toMatchObject({
      code: '23P01',
      detail: 'blocked by dentist availability',
      hint: 'dentist_unavailable',
    });
  });
});
