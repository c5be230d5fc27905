/**
 * Crafted booking requests from a browser are refused by the database, not only by the form: seen
 * through @supabase/supabase-js as the signed-in receptionist of Smile Dental, exactly as an edited
 * request from the app would arrive. Past times and unknown procedures are refused by
 * guard_browser_booking (…_scheduling.sql); Sundays, hours, lunch, blocks, overlaps and another
 * clinic's dentist or patient by the rules that were there before. The service role (seed,
 * notification service) may still write history. Runs on PGlite and, with TEST_DATABASE_URL, on a
 * real PostgreSQL server.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicSunday, clinicTime, clinicWorkday } from '../../support/clinic-time.ts';
import { databaseTargets } from '../../support/database.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

const SLOT_REFUSED = 'This slot may already be taken or dentist is unavailable.';
const UNKNOWN_PROCEDURE = "The procedure is not in this clinic's price list.";
const PROCEDURE = 'Composite Filling';

interface Refusal {
  status: number;
  error: { code: string; message: string; details: string | null } | null;
}

describe.each(databaseTargets())('booking guards against crafted requests on %s', (target) => {
  let stack: TestStack;
  let service: SupabaseClient;
  let reception: SupabaseClient;
  let clinicId: number;
  let otherClinicId: number;
  let patientId: number;

  async function insertAsService(table: string, row: Record<string, unknown>): Promise<number> {
    const { data, error } = await service.from(table).insert(row).select('id').single();
    if (error) throw new Error(`${table}: ${error.message}`);
    return data.id as number;
  }

  const newDentist = (clinic = clinicId, extra: Record<string, unknown> = {}) =>
    insertAsService('dentists', {
      clinic_id: clinic,
      name: `Dr. Guard ${randomUUID().slice(0, 6)}`,
      email: `${randomUUID().slice(0, 8)}@guards.test`,
      phone: '+63 917 555 0000',
      ...extra,
    });

  const newPatient = (clinic = clinicId, extra: Record<string, unknown> = {}) =>
    insertAsService('patients', { clinic_id: clinic, name: `Guard ${randomUUID().slice(0, 6)}`, phone: '1', ...extra });

  function book(row: { dentist_id: number; appointment_time: string } & Record<string, unknown>) {
    return reception
      .from('appointments')
      .insert({ patient_id: patientId, reason: PROCEDURE, clinic_id: clinicId, ...row })
      .select('id')
      .single();
  }

  function expectSlotRefused(result: Refusal, rule: string) {
    expect(result.status).toBe(400); // PostgREST's status for an exclusion (23P01)
    expect(result.error).toMatchObject({ code: '23P01', message: SLOT_REFUSED, details: rule });
  }

  function expectUnknownProcedure(result: Refusal) {
    expect(result.status).toBe(400);
    expect(result.error).toMatchObject({ code: '23514', message: UNKNOWN_PROCEDURE, details: 'unknown procedure' });
  }

  async function storedRow(id: number) {
    const { data, error } = await service
      .from('appointments')
      .select('appointment_time, reason, status, deleted')
      .eq('id', id)
      .single();
    if (error) throw error;
    return data as { appointment_time: string; reason: string | null; status: string; deleted: boolean };
  }

  beforeAll(async () => {
    stack = await startTestStack({ target });
    service = stack.serviceClient();
    reception = await stack.signedIn('reception@demo.test');
    const clinics = await service.from('clinics').select('id, name').in('name', ['Smile Dental', 'Bright Teeth']);
    clinicId = clinics.data!.find((clinic) => clinic.name === 'Smile Dental')!.id as number;
    otherClinicId = clinics.data!.find((clinic) => clinic.name === 'Bright Teeth')!.id as number;
    patientId = await newPatient();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  describe('past times', () => {
    it('refuses booking a time in the past', async () => {
      const result = await book({
        dentist_id: await newDentist(),
        appointment_time: clinicTime(clinicWorkday(-3), '10:00'),
      });
      expectSlotRefused(result, 'in the past');
    });

    it('refuses a past booking even when it claims to be history (Completed)', async () => {
      const result = await book({
        dentist_id: await newDentist(),
        appointment_time: clinicTime(clinicWorkday(-3), '10:20'),
        status: 'Completed',
      });
      expectSlotRefused(result, 'in the past');
    });

    it('refuses moving a live appointment into the past, and leaves it where it was', async () => {
      const dentist = await newDentist();
      const future = clinicTime(clinicWorkday(4), '10:40');
      const booked = await book({ dentist_id: dentist, appointment_time: future });
      expect(booked.error).toBeNull();
      const moved = await reception
        .from('appointments')
        .update({ appointment_time: clinicTime(clinicWorkday(-3), '10:40') })
        .eq('id', booked.data!.id);
      expectSlotRefused(moved, 'in the past');
      expect(new Date((await storedRow(booked.data!.id)).appointment_time).toISOString()).toBe(
        new Date(future).toISOString(),
      );
    });

    it('refuses giving a past appointment another dentist (a new booking in the past)', async () => {
      const id = await insertAsService('appointments', {
        clinic_id: clinicId,
        dentist_id: await newDentist(),
        patient_id: patientId,
        appointment_time: clinicTime(clinicWorkday(-4), '14:00'),
        reason: PROCEDURE,
        status: 'Scheduled',
      });
      const result = await reception
        .from('appointments')
        .update({ dentist_id: await newDentist() })
        .eq('id', id);
      expectSlotRefused(result, 'in the past');
    });

    it('still lets the service role record history in the past', async () => {
      const id = await insertAsService('appointments', {
        clinic_id: clinicId,
        dentist_id: await newDentist(),
        patient_id: patientId,
        appointment_time: clinicTime(clinicWorkday(-5), '09:40'),
        reason: PROCEDURE,
        status: 'Completed',
      });
      expect((await storedRow(id)).status).toBe('Completed');
    });

    it('still lets the front desk set the status of a past appointment, revive it, and delete it', async () => {
      const id = await insertAsService('appointments', {
        clinic_id: clinicId,
        dentist_id: await newDentist(),
        patient_id: patientId,
        appointment_time: clinicTime(clinicWorkday(-2), '15:20'),
        reason: PROCEDURE,
        status: 'Scheduled',
      });
      for (const status of ['Completed', 'Cancelled', 'No Show']) {
        const result = await reception.from('appointments').update({ status }).eq('id', id);
        expect(result.error).toBeNull();
        expect((await storedRow(id)).status).toBe(status);
      }
      const deleted = await reception.from('appointments').update({ deleted: true }).eq('id', id);
      expect(deleted.error).toBeNull();
      expect((await storedRow(id)).deleted).toBe(true);
    });

    describe('correcting a past appointment', () => {
      const pastAppointment = async (status = 'Completed') => {
        const dentist = await newDentist();
        const time = clinicTime(clinicWorkday(-2), '10:00');
        const id = await insertAsService('appointments', {
          clinic_id: clinicId,
          dentist_id: dentist,
          patient_id: patientId,
          appointment_time: time,
          reason: `${PROCEDURE} — Notes: upper molar`,
          status,
        });
        return { id, dentist, time };
      };

      it('lets the front desk save the form’s whole row at its own time: notes, procedure, reminders; status kept', async () => {
        const past = await pastAppointment();
        // What the Edit form sends: dentist, patient and time unchanged (the time in +08:00 form,
        // the database stored it in UTC), the corrected reason, no status (it keeps Completed).
        const corrected = await reception
          .from('appointments')
          .update({
            dentist_id: past.dentist,
            patient_id: patientId,
            appointment_time: past.time,
            reason: 'Dental Consultation — Notes: upper left molar',
          })
          .eq('id', past.id)
          .select('id');
        expect(corrected.error).toBeNull();
        expect(corrected.data).toEqual([{ id: past.id }]);
        expect(await storedRow(past.id)).toMatchObject({
          reason: 'Dental Consultation — Notes: upper left molar',
          status: 'Completed',
        });
        const reminders = await reception
          .from('appointments')
          .update({ reminder_enabled: false, reminder_days: [1], reminder_message: 'See you' })
          .eq('id', past.id);
        expect(reminders.error).toBeNull();
      });

      it('refuses moving it to another past time, and leaves it where it was', async () => {
        const past = await pastAppointment();
        for (const time of [clinicTime(clinicWorkday(-2), '10:20'), clinicTime(clinicWorkday(-3), '10:00')]) {
          const moved = await reception
            .from('appointments')
            .update({ appointment_time: time, reason: `${PROCEDURE} — Notes: moved` })
            .eq('id', past.id);
          expectSlotRefused(moved, 'in the past');
        }
        const stored = await storedRow(past.id);
        expect(new Date(stored.appointment_time).toISOString()).toBe(new Date(past.time).toISOString());
        expect(stored.reason).toBe(`${PROCEDURE} — Notes: upper molar`);
      });

      it('refuses another patient at its past time', async () => {
        const past = await pastAppointment('Scheduled');
        const result = await reception
          .from('appointments')
          .update({ patient_id: await newPatient() })
          .eq('id', past.id);
        expectSlotRefused(result, 'in the past');
      });

      it('lets it move to a free time ahead, a booking like any other', async () => {
        const past = await pastAppointment('No Show');
        const ahead = clinicTime(clinicWorkday(3), '15:40');
        const moved = await reception
          .from('appointments')
          .update({ appointment_time: ahead, status: 'Scheduled' })
          .eq('id', past.id);
        expect(moved.error).toBeNull();
        const stored = await storedRow(past.id);
        expect(new Date(stored.appointment_time).toISOString()).toBe(new Date(ahead).toISOString());
        expect(stored.status).toBe('Scheduled');
      });
    });

    it('lets the front desk record a cancelled appointment in the past (it holds no slot)', async () => {
      const result = await book({
        dentist_id: await newDentist(),
        appointment_time: clinicTime(clinicWorkday(-3), '11:00'),
        status: 'Cancelled',
      });
      expect(result.error).toBeNull();
    });
  });

  describe('procedures', () => {
    it('books a procedure of the clinic, with and without notes', async () => {
      const dentist = await newDentist();
      const date = clinicWorkday(5);
      const plain = await book({ dentist_id: dentist, appointment_time: clinicTime(date, '09:00') });
      expect(plain.error).toBeNull();
      const withNotes = await book({
        dentist_id: dentist,
        appointment_time: clinicTime(date, '09:20'),
        reason: `${PROCEDURE} — Notes: upper left molar — sensitive`,
      });
      expect(withNotes.error).toBeNull();
      expect((await storedRow(withNotes.data!.id)).reason).toBe(`${PROCEDURE} — Notes: upper left molar — sensitive`);
    });

    it.each([
      ['a made-up procedure', 'Free Gold Crown'],
      ['made-up notes with no procedure', ' — Notes: anything'],
      ['another letter case', PROCEDURE.toUpperCase()],
      ['a procedure name that only starts the reason', `${PROCEDURE} and whitening`],
    ])('refuses %s in the reason', async (_label, reason) => {
      const result = await book({
        dentist_id: await newDentist(),
        appointment_time: clinicTime(clinicWorkday(5), '10:00'),
        reason,
      });
      expectUnknownProcedure(result);
    });

    it("refuses a procedure of another clinic's price list", async () => {
      const name = `Bright Only ${randomUUID().slice(0, 6)}`;
      const { data: category } = await service
        .from('procedure_categories')
        .select('id')
        .eq('clinic_id', otherClinicId)
        .limit(1)
        .single();
      await insertAsService('procedures', { clinic_id: otherClinicId, category_id: category!.id, name, price: 100 });
      const result = await book({
        dentist_id: await newDentist(),
        appointment_time: clinicTime(clinicWorkday(5), '10:20'),
        reason: name,
      });
      expectUnknownProcedure(result);
    });

    it('refuses changing the reason to an unknown procedure, and keeps the old one', async () => {
      const booked = await book({
        dentist_id: await newDentist(),
        appointment_time: clinicTime(clinicWorkday(6), '13:00'),
      });
      expect(booked.error).toBeNull();
      const changed = await reception
        .from('appointments')
        .update({ reason: 'Teeth Polishing Deluxe' })
        .eq('id', booked.data!.id);
      expectUnknownProcedure(changed);
      expect((await storedRow(booked.data!.id)).reason).toBe(PROCEDURE);
    });

    it('leaves an old reason alone when only the status changes', async () => {
      const id = await insertAsService('appointments', {
        clinic_id: clinicId,
        dentist_id: await newDentist(),
        patient_id: patientId,
        appointment_time: clinicTime(clinicWorkday(6), '13:20'),
        reason: 'Procedure renamed since',
      });
      const result = await reception.from('appointments').update({ status: 'Confirmed' }).eq('id', id);
      expect(result.error).toBeNull();
      expect(await storedRow(id)).toMatchObject({ status: 'Confirmed', reason: 'Procedure renamed since' });
    });
  });

  describe('rules that were already enforced, proven here against crafted requests too', () => {
    it.each([
      ['on a Sunday', () => clinicTime(clinicSunday(1), '10:00'), 'closed on Sunday'],
      ['before opening', () => clinicTime(clinicWorkday(7), '08:40'), 'outside clinic hours'],
      ['running past closing', () => clinicTime(clinicWorkday(7), '17:50'), 'outside clinic hours'],
      ['during lunch', () => clinicTime(clinicWorkday(7), '12:20'), 'lunch break'],
      ['running into lunch', () => clinicTime(clinicWorkday(7), '11:50'), 'lunch break'],
    ])('refuses a booking %s', async (_label, time, rule) => {
      expectSlotRefused(await book({ dentist_id: await newDentist(), appointment_time: time() }), rule);
    });

    it('refuses a booking in a blocked period of the dentist', async () => {
      const dentist = await newDentist();
      const date = clinicWorkday(8);
      const saved = await reception.rpc('save_availability_day', {
        p_dentist_id: dentist,
        p_date: date,
        p_blocks: [{ start_time: '14:00', end_time: '15:00' }],
        p_read: [],
      });
      expect(saved.error).toBeNull();
      expectSlotRefused(
        await book({ dentist_id: dentist, appointment_time: clinicTime(date, '14:40') }),
        'blocked by dentist availability',
      );
    });

    it("refuses a booking over another patient's appointment of the dentist", async () => {
      const dentist = await newDentist();
      const time = clinicTime(clinicWorkday(8), '16:00');
      expect((await book({ dentist_id: dentist, appointment_time: time })).error).toBeNull();
      const other = await newPatient();
      expectSlotRefused(
        await book({ dentist_id: dentist, patient_id: other, appointment_time: time }),
        'overlaps another appointment',
      );
    });

    it('refuses an inactive dentist and a deleted patient', async () => {
      const time = clinicTime(clinicWorkday(9), '10:00');
      expectSlotRefused(
        await book({ dentist_id: await newDentist(clinicId, { is_active: false }), appointment_time: time }),
        'dentist inactive',
      );
      expectSlotRefused(
        await book({
          dentist_id: await newDentist(),
          patient_id: await newPatient(clinicId, { deleted: true }),
          appointment_time: time,
        }),
        'patient deleted',
      );
    });

    it("refuses another clinic's dentist (composite foreign key)", async () => {
      const result = await book({
        dentist_id: await newDentist(otherClinicId),
        appointment_time: clinicTime(clinicWorkday(9), '10:20'),
      });
      expect(result.status).toBe(409);
      expect(result.error).toMatchObject({ code: '23503' });
      expect(result.error!.message).toContain('appointments_dentist_fkey');
    });

    it("refuses another clinic's patient (composite foreign key)", async () => {
      const result = await book({
        dentist_id: await newDentist(),
        patient_id: await newPatient(otherClinicId),
        appointment_time: clinicTime(clinicWorkday(9), '10:40'),
      });
      expect(result.status).toBe(409);
      expect(result.error).toMatchObject({ code: '23503' });
      expect(result.error!.message).toContain('appointments_patient_fkey');
    });

    it("refuses a booking into another clinic, even with that clinic's own dentist and patient (RLS)", async () => {
      const result = await reception
        .from('appointments')
        .insert({
          clinic_id: otherClinicId,
          dentist_id: await newDentist(otherClinicId),
          patient_id: await newPatient(otherClinicId),
          appointment_time: clinicTime(clinicWorkday(9), '11:00'),
          reason: PROCEDURE,
        })
        .select('id')
        .single();
      expect(result.status).toBe(403);
      expect(result.error).toMatchObject({ code: '42501' });
      expect(result.error!.message).toBe('new row violates row-level security policy for table "appointments"');
    });

    it("reveals nothing about another clinic's price list: a made-up reason there is an RLS refusal too", async () => {
      const result = await reception.from('appointments').insert({
        clinic_id: otherClinicId,
        dentist_id: await newDentist(otherClinicId),
        patient_id: await newPatient(otherClinicId),
        appointment_time: clinicTime(clinicWorkday(-3), '11:20'),
        reason: 'Made up',
      });
      expect(result.status).toBe(403);
      expect(result.error).toMatchObject({ code: '42501' });
    });
  });
});
