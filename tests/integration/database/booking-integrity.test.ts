/**
 * Booking integrity enforced by the database, seen through the API the booking form uses.
 * Runs on PGlite and, with TEST_DATABASE_URL, on a real PostgreSQL server (where the 20
 * concurrent inserts really race).
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../../local/db/database.ts';
import { clinicSunday, clinicTime, clinicWorkday } from '../../support/clinic-time.ts';
import { databaseTargets } from '../../support/database.ts';
import { whileHeldOpen } from '../../support/held-open.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

const SLOT_TAKEN = 'This slot may already be taken or dentist is unavailable.';

describe.each(databaseTargets())('booking integrity on %s', (target) => {
  let stack: TestStack;
  let reception: SupabaseClient;
  let clinicId: number;
  let patientId: number;

  async function newDentist(fields: Record<string, unknown> = {}): Promise<number> {
    const { data, error } = await stack
      .serviceClient()
      .from('dentists')
      .insert({
        clinic_id: clinicId,
        name: `Dr. ${randomUUID().slice(0, 6)}`,
        email: 'b@demo.test',
        phone: '1',
        ...fields,
      })
      .select('id')
      .single();
    if (error) throw error;
    return data.id as number;
  }

  const book = (dentistId: number, appointmentTime: string) =>
    reception
      .from('appointments')
      .insert({
        dentist_id: dentistId,
        patient_id: patientId,
        appointment_time: appointmentTime,
        reason: 'Oral Prophylaxis (Cleaning)',
        clinic_id: clinicId,
      })
      .select('id')
      .single();

  function expectRefused(result: { status: number; error: { code: string; message: string } | null }) {
    expect(result.status).toBe(400); // PostgREST's status for an exclusion (23P01)
    expect(result.error).toMatchObject({ code: '23P01' });
  }

  beforeAll(async () => {
    stack = await startTestStack({ target });
    reception = await stack.signedIn('reception@demo.test');
    clinicId = (await stack.serviceClient().from('clinics').select('id').eq('name', 'Smile Dental').single()).data!.id;
    const patient = await reception
      .from('patients')
      .insert({ clinic_id: clinicId, name: 'Booking Test', phone: '1' })
      .select('id')
      .single();
    patientId = patient.data!.id;
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('books a free slot in clinic time', async () => {
    const dentist = await newDentist();
    const result = await book(dentist, clinicTime(clinicWorkday(1), '09:00'));
    expect(result.error).toBeNull();
    expect(result.status).toBe(201);
  });

  it('refuses an overlapping appointment of the same dentist, with the booking form’s message', async () => {
    const dentist = await newDentist();
    const date = clinicWorkday(2);
    expect((await book(dentist, clinicTime(date, '10:00'))).error).toBeNull();
    const same = await book(dentist, clinicTime(date, '10:00'));
    expectRefused(same);
    const overlapping = await book(dentist, clinicTime(date, '10:10'));
    expectRefused(overlapping);
    const adjacent = await book(dentist, clinicTime(date, '10:20'));
    expect(adjacent.error).toBeNull();
    const otherDentist = await book(await newDentist(), clinicTime(date, '10:00'));
    expect(otherDentist.error).toBeNull();
  });

  // PGlite runs one statement at a time: there is no second transaction to wait.
  if (target === 'postgres') {
    const bookAsOwner = (tx: Queryable, dentist: number, time: string) =>
      tx.query(
        `insert into public.appointments (clinic_id, dentist_id, patient_id, appointment_time, reason)
         values ($1, $2, $3, $4, 'Oral Prophylaxis (Cleaning)')`,
        [clinicId, dentist, patientId, time],
      );
    const saveDay = (
      tx: Queryable,
      dentist: number,
      date: string,
      blocks: { start_time: string; end_time: string }[],
    ) =>
      tx.query("select public.save_availability_day($1, $2::date, $3::jsonb, '[]')", [
        dentist,
        date,
        JSON.stringify(blocks),
      ]);

    it('checks a booking after another of the same dentist still open has committed, and refuses it as taken', async () => {
      const dentist = await newDentist();
      const time = clinicTime(clinicWorkday(2), '15:00');
      // The second waits for the dentist's row, locked by the booking trigger (before, it waited in
      // the exclusion constraint's check and got its bare message), then sees the first.
      const second = await whileHeldOpen(
        stack.db,
        (tx) => bookAsOwner(tx, dentist, time),
        () => book(dentist, time),
      );
      expect(second.error).toMatchObject({ code: '23P01', message: SLOT_TAKEN, hint: 'slot_taken' });
    });

    it('checks a booking after a day of blocks being saved has committed, and refuses it in a new block', async () => {
      const dentist = await newDentist();
      const date = clinicWorkday(7);
      const second = await whileHeldOpen(
        stack.db,
        (tx) => saveDay(tx, dentist, date, [{ start_time: '15:00', end_time: '16:00' }]),
        () => book(dentist, clinicTime(date, '15:20')),
      );
      expect(second.error).toMatchObject({ code: '23P01', message: SLOT_TAKEN, hint: 'dentist_unavailable' });
    });

    it('compares a day with what the later of two saves read only once the earlier has committed', async () => {
      const dentist = await newDentist();
      const date = clinicWorkday(7);
      // Both desks read the day empty. The later waits for the dentist's row, then sees the earlier's
      // block and refuses: compared before the earlier committed, it would have deleted nothing and
      // then run into that block in the exclusion constraint, or replaced it unseen.
      const later = await whileHeldOpen(
        stack.db,
        (tx) => saveDay(tx, dentist, date, [{ start_time: '09:00', end_time: '10:00' }]),
        () =>
          reception.rpc('save_availability_day', {
            p_dentist_id: dentist,
            p_date: date,
            p_blocks: [{ start_time: '09:30', end_time: '11:00' }],
            p_read: [],
          }),
      );
      expect(later.status).toBe(409);
      expect(later.error).toMatchObject({ code: 'PT409', hint: 'availability_changed' });
      const { data } = await stack
        .serviceClient()
        .from('dentist_availability')
        .select('start_time, end_time')
        .eq('dentist_id', dentist);
      expect(data).toEqual([{ start_time: '09:00:00', end_time: '10:00:00' }]);
    });

    it('makes a save from a read with a block wait for its delete at another desk, then refuse', async () => {
      const dentist = await newDentist();
      const date = clinicWorkday(9);
      const saved = await reception.rpc('save_availability_day', {
        p_dentist_id: dentist,
        p_date: date,
        p_blocks: [{ start_time: '16:00', end_time: '17:00' }],
        p_read: [],
      });
      expect(saved.error).toBeNull();
      const blockId = (saved.data as { id: number }[])[0]!.id;
      // The delete locks the dentist's row: the save waits, then finds the block gone. Without the
      // lock it compared the day while the delete was open, and brought the block back.
      const later = await whileHeldOpen(
        stack.db,
        (tx) => tx.query('select public.delete_availability_block($1)', [blockId]),
        () =>
          reception.rpc('save_availability_day', {
            p_dentist_id: dentist,
            p_date: date,
            p_blocks: [
              { start_time: '09:00', end_time: '10:00' },
              { start_time: '16:00', end_time: '17:00' },
            ],
            p_read: [{ start_time: '16:00:00', end_time: '17:00:00', is_available: false }],
          }),
      );
      expect(later.error).toMatchObject({ code: 'PT409', hint: 'availability_changed' });
      const { data } = await stack.serviceClient().from('dentist_availability').select('id').eq('dentist_id', dentist);
      expect(data).toEqual([]);
    });
  }

  // On PostgreSQL a single race passed most of the time even when racing bookings could deadlock
  // (40P01) or time out in the exclusion constraint's check; thirty races in a row caught it in
  // about half the runs (the test above catches it every time). PGlite runs one statement at a
  // time: one race is enough there.
  it('leaves exactly one appointment, and refuses the rest as taken, when 20 bookings race for one slot', async () => {
    const clients = await Promise.all(Array.from({ length: 4 }, () => stack.signedIn('reception@demo.test')));
    const races = target === 'postgres' ? 30 : 1;
    for (let race = 0; race < races; race++) {
      const dentist = await newDentist();
      const time = clinicTime(clinicWorkday(3 + (race % 5)), '14:20');
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          clients[i % clients.length]!.from('appointments').insert({
            dentist_id: dentist,
            patient_id: patientId,
            appointment_time: time,
            reason: 'Oral Prophylaxis (Cleaning)',
            clinic_id: clinicId,
          }),
        ),
      );
      expect(results.filter((result) => result.error === null)).toHaveLength(1);
      const refusals = results.filter((result) => result.error !== null).map((result) => result.error!.code);
      expect(refusals).toEqual(Array.from({ length: 19 }, () => '23P01'));
      const rows = await stack.serviceClient().from('appointments').select('id').eq('dentist_id', dentist);
      expect(rows.data).toHaveLength(1);
    }
  });

  it.each([
    ['on a Sunday', () => clinicTime(clinicSunday(1), '10:00')],
    ['during lunch', () => clinicTime(clinicWorkday(4), '12:00')],
    ['running into lunch', () => clinicTime(clinicWorkday(4), '11:50')],
    ['before opening', () => clinicTime(clinicWorkday(4), '08:40')],
    ['running past closing', () => clinicTime(clinicWorkday(4), '17:50')],
    ['after closing', () => clinicTime(clinicWorkday(4), '18:00')],
  ])('refuses a booking %s', async (_label, time) => {
    const result = await book(await newDentist(), time());
    expectRefused(result);
    expect(result.error!.message).toBe(SLOT_TAKEN);
  });

  it('accepts the last slot of the day, 17:40', async () => {
    expect((await book(await newDentist(), clinicTime(clinicWorkday(5), '17:40'))).error).toBeNull();
  });

  it('refuses a booking inside a blocked availability period', async () => {
    const dentist = await newDentist();
    const date = clinicWorkday(8);
    const saved = await reception.rpc('save_availability_day', {
      p_dentist_id: dentist,
      p_date: date,
      p_blocks: [{ start_time: '15:00', end_time: '16:00' }],
      p_read: [],
    });
    expect(saved.error).toBeNull();
    const blocked = await book(dentist, clinicTime(date, '15:40'));
    expectRefused(blocked);
    expect(blocked.error!.message).toBe(SLOT_TAKEN);
    expect((await book(dentist, clinicTime(date, '16:00'))).error).toBeNull();
  });

  it('refuses a booking with an inactive or deleted dentist', async () => {
    const inactive = await book(await newDentist({ is_active: false }), clinicTime(clinicWorkday(6), '09:20'));
    expectRefused(inactive);
    const deleted = await book(await newDentist({ deleted: true }), clinicTime(clinicWorkday(6), '09:20'));
    expectRefused(deleted);
  });

  it('a cancelled or deleted appointment frees its slot', async () => {
    const dentist = await newDentist();
    const time = clinicTime(clinicWorkday(9), '13:40');
    const first = await book(dentist, time);
    await reception.from('appointments').update({ status: 'Cancelled' }).eq('id', first.data!.id);
    const second = await book(dentist, time);
    expect(second.error).toBeNull();
    await reception.from('appointments').update({ deleted: true }).eq('id', second.data!.id);
    const third = await book(dentist, time);
    expect(third.error).toBeNull();
  });

  it('moving an appointment onto a taken slot is refused too', async () => {
    const dentist = await newDentist();
    const date = clinicWorkday(10);
    await book(dentist, clinicTime(date, '09:00'));
    const second = await book(dentist, clinicTime(date, '09:40'));
    const moved = await reception
      .from('appointments')
      .update({ appointment_time: clinicTime(date, '09:00') })
      .eq('id', second.data!.id);
    expectRefused(moved);
  });
});
