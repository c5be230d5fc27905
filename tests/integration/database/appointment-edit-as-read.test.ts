/**
 * rpc/update_appointment_as_read, Edit Appointment's Save (src/features/appointments/booking/api/
 * save-appointment.ts), through the local stack over HTTP with @supabase/supabase-js as each role.
 * It writes only while the appointment is stored as the form read it
 * (docs/adr/0023-concurrent-edits.md), the stored reason included: up to 1,000 characters, which
 * as the PATCH filter it replaces made 9–12 KB of URL, past what hosted Supabase's gateway takes;
 * in a POST body they make none. Otherwise it is that PATCH: what the PATCH refused, it refuses
 * with the same codes. The form itself saving such a note: appointment-form-modal-edit.dom.test.tsx.
 * Runs on PGlite and, with TEST_DATABASE_URL, on a real PostgreSQL server.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicTime, clinicWorkday } from '../../support/clinic-time.ts';
import { databaseTargets } from '../../support/database.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

const PROCEDURE = 'Composite Filling';
const OTHER_PROCEDURE = 'Oral Prophylaxis (Cleaning)';
/** What a browser may send as a URL: well under the ~8 KB hosted Supabase's gateway takes. */
const MAX_URL_BYTES = 2048;

/** A reason of exactly 1,000 characters (the column's limit), its notes in Japanese and emoji. */
function longReason(procedure = PROCEDURE): string {
  const prefix = `${procedure} — Notes: `;
  const pattern = [...'左上の奥歯が冷たい水でしみる🦷😬'];
  const notes = Array.from({ length: 1000 - [...prefix].length }, (_, i) => pattern[i % pattern.length]).join('');
  return prefix + notes;
}

type Status = 'Scheduled' | 'Confirmed' | 'Completed' | 'Cancelled' | 'No Show';

interface Stored {
  dentist_id: number;
  patient_id: number;
  appointment_time: string;
  reason: string | null;
  status: Status;
  deleted: boolean;
  updated_at: string;
}

type Read = Pick<Stored, 'dentist_id' | 'patient_id' | 'appointment_time' | 'reason' | 'status'>;

interface Refusal {
  status: number;
  error: { code: string; message: string; details: string | null; hint: string | null } | null;
}

const instant = (timestamp: string) => new Date(timestamp).toISOString();

describe.each(databaseTargets())('Edit Appointment saves as read on %s', (target) => {
  let stack: TestStack;
  let service: SupabaseClient;
  let reception: SupabaseClient;
  /** Every URL the receptionist's client asked for. */
  const receptionUrls: string[] = [];
  let dentistAccount: SupabaseClient;
  let otherAdmin: SupabaseClient;
  let clinicId: number;
  let otherClinicId: number;
  let patientId: number;
  // Each appointment takes the next slot of the fixture dentist's days, or its own dentist.
  let slotCounter = 0;

  async function insertAsService(table: string, row: Record<string, unknown>): Promise<number> {
    const { data, error } = await service.from(table).insert(row).select('id').single();
    if (error) throw new Error(`${table}: ${error.message}`);
    return data.id as number;
  }

  const newDentist = () =>
    insertAsService('dentists', {
      clinic_id: clinicId,
      name: `Dr. As Read ${randomUUID().slice(0, 6)}`,
      email: `${randomUUID().slice(0, 8)}@as-read.test`,
      phone: '+63 917 555 0000',
    });

  const newPatient = () =>
    insertAsService('patients', { clinic_id: clinicId, name: `As Read ${randomUUID().slice(0, 6)}`, phone: '1' });

  /** A distinct free morning slot each call, from the 30th clinic workday on. */
  function freshSlot(): string {
    const index = slotCounter++;
    const minutes = 9 * 60 + (index % 9) * 20;
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    return clinicTime(clinicWorkday(30 + Math.floor(index / 9)), time);
  }

  async function book(fields: Partial<Omit<Stored, 'updated_at'>> = {}): Promise<{ id: number; stored: Stored }> {
    const id = await insertAsService('appointments', {
      clinic_id: clinicId,
      dentist_id: fields.dentist_id ?? (await newDentist()),
      patient_id: patientId,
      appointment_time: freshSlot(),
      reason: PROCEDURE,
      ...fields,
    });
    return { id, stored: await storedRow(id) };
  }

  async function storedRow(id: number): Promise<Stored> {
    const { data, error } = await service
      .from('appointments')
      .select('dentist_id, patient_id, appointment_time, reason, status, deleted, updated_at')
      .eq('id', id)
      .single();
    if (error) throw error;
    return data as Stored;
  }

  const readOf = ({ dentist_id, patient_id, appointment_time, reason, status }: Stored): Read => ({
    dentist_id,
    patient_id,
    appointment_time,
    reason,
    status,
  });

  /** The Save as a client sends it: the change, and the five columns as the form read them. */
  function save(
    client: SupabaseClient,
    id: number,
    change: {
      dentist_id: number;
      patient_id: number;
      appointment_time: string;
      reason: string | null;
      status?: Status;
    },
    read: Read,
    clinic = clinicId,
  ) {
    return client.rpc('update_appointment_as_read', {
      p_appointment_id: id,
      p_clinic_id: clinic,
      p_dentist_id: change.dentist_id,
      p_patient_id: change.patient_id,
      p_appointment_time: change.appointment_time,
      p_reason: change.reason,
      ...(change.status === undefined ? {} : { p_status: change.status }),
      p_read_dentist_id: read.dentist_id,
      p_read_patient_id: read.patient_id,
      p_read_appointment_time: read.appointment_time,
      p_read_status: read.status,
      ...(read.reason === null ? {} : { p_read_reason: read.reason }),
    });
  }

  /** The Save as the form made it before: a PATCH filtered on what it read (for comparison only). */
  function patch(client: SupabaseClient, id: number, change: Record<string, unknown>, read: Read) {
    const update = client
      .from('appointments')
      .update(change)
      .eq('id', id)
      .eq('clinic_id', clinicId)
      .eq('deleted', false)
      .eq('dentist_id', read.dentist_id)
      .eq('patient_id', read.patient_id)
      .eq('appointment_time', read.appointment_time)
      .eq('status', read.status);
    return (read.reason === null ? update.is('reason', null) : update.eq('reason', read.reason)).select(
      'id, updated_at',
    );
  }

  const refusalOf = ({ status, error }: Refusal) => ({
    status,
    code: error?.code,
    message: error?.message,
    details: error?.details,
    hint: error?.hint,
  });

  beforeAll(async () => {
    stack = await startTestStack({ target });
    service = stack.serviceClient();
    reception = await stack.signedIn('reception@demo.test', undefined, {
      fetch: (input, init) => {
        receptionUrls.push(input instanceof Request ? input.url : String(input));
        return fetch(input, init);
      },
    });
    dentistAccount = await stack.signedIn('dentist@demo.test');
    otherAdmin = await stack.signedIn('admin2@demo.test');
    clinicId = (await service.from('clinics').select('id').eq('name', 'Smile Dental').single()).data!.id as number;
    otherClinicId = (await service.from('clinics').select('id').eq('name', 'Bright Teeth').single()).data!.id as number;
    patientId = await newPatient();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('saves over a stored 1,000-character note in Japanese and emoji, with no URL over 2 KB', async () => {
    const { id, stored } = await book({ reason: longReason() });
    // The old filter on it alone would have been a URL longer than the hosted gateway takes.
    expect(encodeURIComponent(longReason()).length).toBeGreaterThan(8192);
    const change = {
      ...readOf(stored),
      appointment_time: freshSlot(),
      reason: longReason(OTHER_PROCEDURE),
      status: 'Confirmed' as const,
    };
    receptionUrls.length = 0;

    const { data, error } = await save(reception, id, change, readOf(stored));

    expect(error).toBeNull();
    expect(data).toEqual([{ id, updated_at: expect.any(String) }]);
    expect((await storedRow(id)).reason).toBe(change.reason);
    expect(receptionUrls).toHaveLength(1);
    expect(Buffer.byteLength(receptionUrls[0]!)).toBeLessThanOrEqual(MAX_URL_BYTES);
  });

  it('writes the change and answers the row’s id and updated_at', async () => {
    const { id, stored } = await book();
    const change = {
      ...readOf(stored),
      appointment_time: freshSlot(),
      reason: OTHER_PROCEDURE,
      status: 'Confirmed' as const,
    };

    const { data, error, status } = await save(reception, id, change, readOf(stored));

    expect(error).toBeNull();
    expect(status).toBe(200);
    const saved = await storedRow(id);
    expect(data).toEqual([{ id, updated_at: expect.any(String) }]);
    expect(instant(data![0]!.updated_at)).toBe(instant(saved.updated_at));
    expect(saved).toMatchObject({ reason: OTHER_PROCEDURE, status: 'Confirmed', deleted: false });
    expect(instant(saved.appointment_time)).toBe(instant(change.appointment_time));
  });

  it('keeps the stored status when none is sent, and saves a row read without a reason', async () => {
    const { id, stored } = await book({ reason: null, status: 'Confirmed' });

    const answer = await save(
      reception,
      id,
      { ...readOf(stored), reason: PROCEDURE, status: undefined },
      readOf(stored),
    );

    expect(answer.data).toEqual([{ id, updated_at: expect.any(String) }]);
    expect(await storedRow(id)).toMatchObject({ reason: PROCEDURE, status: 'Confirmed' });
  });

  describe('a row changed since it was read: nothing written, an empty answer', () => {
    const changes: [column: keyof Read, change: () => Promise<Record<string, unknown>>][] = [
      ['dentist_id', async () => ({ dentist_id: await newDentist() })],
      ['patient_id', async () => ({ patient_id: await newPatient() })],
      ['appointment_time', async () => ({ appointment_time: freshSlot() })],
      ['reason', async () => ({ reason: longReason(OTHER_PROCEDURE) })],
      ['status', async () => ({ status: 'Cancelled' })],
    ];

    it.each(changes)('when another desk changed its %s', async (_column, otherDesk) => {
      const { id, stored } = await book({ reason: longReason() });
      const { error: changeError } = await service
        .from('appointments')
        .update(await otherDesk())
        .eq('id', id);
      expect(changeError).toBeNull();
      const before = await storedRow(id);

      const answer = await save(
        reception,
        id,
        { ...readOf(stored), appointment_time: freshSlot(), reason: PROCEDURE, status: 'Scheduled' },
        readOf(stored),
      );

      expect(answer.error).toBeNull();
      expect(answer.data).toEqual([]);
      expect(await storedRow(id)).toEqual(before);
    });

    it('when the row was read without a reason and one was saved since', async () => {
      const { id, stored } = await book({ reason: null });
      await service.from('appointments').update({ reason: OTHER_PROCEDURE }).eq('id', id);

      const answer = await save(reception, id, { ...readOf(stored), reason: PROCEDURE }, readOf(stored));

      expect(answer.data).toEqual([]);
      expect((await storedRow(id)).reason).toBe(OTHER_PROCEDURE);
    });
  });

  it('answers empty for a deleted appointment, and leaves it deleted as it was', async () => {
    const { id, stored } = await book();
    await service.from('appointments').update({ deleted: true }).eq('id', id);
    const before = await storedRow(id);

    const answer = await save(
      reception,
      id,
      { ...readOf(stored), reason: OTHER_PROCEDURE, status: 'Scheduled' },
      readOf(stored),
    );

    expect(answer.error).toBeNull();
    expect(answer.data).toEqual([]);
    expect(await storedRow(id)).toEqual(before);
  });

  it('answers empty for an appointment of another clinic, named with either clinic, and writes nothing', async () => {
    const { id, stored } = await book();
    const change = { ...readOf(stored), reason: OTHER_PROCEDURE, status: 'Cancelled' as const };

    for (const clinic of [clinicId, otherClinicId]) {
      const answer = await save(otherAdmin, id, change, readOf(stored), clinic);
      expect(answer.error).toBeNull();
      expect(answer.data).toEqual([]);
    }
    // Named with another clinic than its own, not even its own staff write it.
    expect((await save(reception, id, change, readOf(stored), otherClinicId)).data).toEqual([]);
    expect(await storedRow(id)).toEqual(stored);
  });

  it('answers a dentist account as the PATCH did: appointments.write lets every clinic role edit', async () => {
    const viaPatch = await book();
    const viaFunction = await book();
    const change = (stored: Stored) => ({ ...readOf(stored), reason: OTHER_PROCEDURE, status: 'Confirmed' as const });

    const patched = await patch(dentistAccount, viaPatch.id, change(viaPatch.stored), readOf(viaPatch.stored));
    const saved = await save(dentistAccount, viaFunction.id, change(viaFunction.stored), readOf(viaFunction.stored));

    expect(patched.error).toBeNull();
    expect(patched.data).toHaveLength(1);
    expect(saved.error).toBeNull();
    expect(saved.data).toEqual([{ id: viaFunction.id, updated_at: expect.any(String) }]);
    expect(await storedRow(viaFunction.id)).toMatchObject({ reason: OTHER_PROCEDURE, status: 'Confirmed' });
  });

  it('is not callable without signing in', async () => {
    const { id, stored } = await book();

    const answer = await save(stack.anonClient(), id, { ...readOf(stored), reason: OTHER_PROCEDURE }, readOf(stored));

    expect(answer.error).toMatchObject({ code: '42501' });
    expect(await storedRow(id)).toEqual(stored);
  });

  it('refuses a move onto a taken slot with the PATCH’s refusal (23P01, slot_taken), and moves nothing', async () => {
    const dentist = await newDentist();
    const taken = await book({ dentist_id: dentist });
    const viaPatch = await book({ dentist_id: dentist });
    const viaFunction = await book({ dentist_id: dentist });
    const onto = (stored: Stored) => ({ ...readOf(stored), appointment_time: taken.stored.appointment_time });

    const patched = await patch(reception, viaPatch.id, onto(viaPatch.stored), readOf(viaPatch.stored));
    const saved = await save(reception, viaFunction.id, onto(viaFunction.stored), readOf(viaFunction.stored));

    expect(refusalOf(saved)).toEqual(refusalOf(patched));
    expect(refusalOf(saved)).toMatchObject({
      code: '23P01',
      details: 'overlaps another appointment',
      hint: 'slot_taken',
    });
    expect(await storedRow(viaFunction.id)).toEqual(viaFunction.stored);
  });

  it('refuses a procedure not in the price list as the PATCH did (the browser guard runs for the caller)', async () => {
    const viaPatch = await book();
    const viaFunction = await book();
    const unknown = (stored: Stored) => ({ ...readOf(stored), reason: 'Tooth Whitening Deluxe — Notes: 白く' });

    const patched = await patch(reception, viaPatch.id, unknown(viaPatch.stored), readOf(viaPatch.stored));
    const saved = await save(reception, viaFunction.id, unknown(viaFunction.stored), readOf(viaFunction.stored));

    expect(refusalOf(saved)).toEqual(refusalOf(patched));
    expect(refusalOf(saved)).toMatchObject({ code: '23514', hint: 'unknown_procedure' });
    expect(await storedRow(viaFunction.id)).toEqual(viaFunction.stored);
  });
});
