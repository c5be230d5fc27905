/**
 * The waitlist end to end on the local stack: staff add entries through supabase-js (RLS), a
 * cancelled appointment queues its slot in the same transaction, the service offers it through the
 * Meta stand-in with a 'Take this slot' quick reply in waitlist order, the first tap (posted by
 * the stand-in as Meta would) books it once and later taps are told it is gone, and staff sockets
 * hear 'waitlist-updated'. Every test makes its own dentist, patients and dates.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatClinicDateTimeLong } from '@common/clinic-calendar';
import { WAITLIST_UPDATED, waitlistTakePayload } from '@common/contract';
import { whenWebhookIdle } from '../../../server/webhook/processor.ts';
import { clinicTime, clinicWorkday, CLINIC_TIME_ZONE } from '../../support/clinic-time.ts';
import { blockDayExcept, insertRow } from '../../support/database.ts';
import { liveEvents } from '../../support/live-events.ts';
import {
  DEMO,
  messagesTo,
  newDentist,
  newPsid,
  postJson,
  SMILE_DENTAL_PAGE,
  startConnectedDemoStack,
} from '../../support/service.ts';
import type { TestStack } from '../../support/stack.ts';
import { waitFor } from '../../support/wait-for.ts';

let stack: TestStack;
let smileClinic: number;
let reception: SupabaseClient;
let day = 0;
const live = liveEvents(() => stack);
/** A new future clinic workday per call. */
const nextDate = () => clinicWorkday(++day + 1);

async function newPatient(messengerId: string | null): Promise<{ id: number; name: string; psid: string | null }> {
  const name = `Waitlist ${randomUUID().slice(0, 8)}`;
  const id = await insertRow(stack.db, 'patients', {
    clinic_id: smileClinic,
    name,
    phone: '+63 917 111 2222',
    messenger_id: messengerId,
  });
  return { id, name, psid: messengerId };
}

async function addEntry(patientId: number, dentistId: number, from: string, to = from): Promise<number> {
  const { data, error } = await reception
    .from('waitlist_entries')
    .insert({ clinic_id: smileClinic, patient_id: patientId, dentist_id: dentistId, from_date: from, to_date: to })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return (data as { id: number }).id;
}

/** Only these slots of the dentist's day stay open, so an entry that joins is offered nothing else. */
const onlyOpen = (dentistId: number, date: string, times: readonly string[]) =>
  blockDayExcept(stack.db, { clinicId: smileClinic, dentistId }, date, times);

async function book(dentistId: number, time: string, messengerId: string | null = null): Promise<number> {
  const patient = await newPatient(messengerId);
  return insertRow(stack.db, 'appointments', {
    clinic_id: smileClinic,
    patient_id: patient.id,
    dentist_id: dentistId,
    appointment_time: time,
  });
}

async function entryStatuses(ids: number[]): Promise<string[]> {
  const { rows } = await stack.db.query<{ id: number; status: string }>(
    'select id::integer as id, status from public.waitlist_entries where id = any($1::bigint[])',
    [ids],
  );
  return ids.map((id) => rows.find((row) => row.id === id)?.status ?? 'missing');
}

async function offerOf(entryId: number): Promise<{ id: number; status: string }> {
  const { rows } = await stack.db.query<{ id: number; status: string }>(
    'select id::integer as id, status from public.waitlist_offers where entry_id = $1 order by id desc limit 1',
    [entryId],
  );
  return rows[0]!;
}

async function tap(psid: string, offerId: number): Promise<void> {
  const response = await postJson(stack, '/_dev/messenger/inbound', {
    pageId: SMILE_DENTAL_PAGE.id,
    psid,
    quickReplyPayload: waitlistTakePayload(offerId),
    title: 'Take this slot',
  });
  expect(response.status).toBe(200);
  await whenWebhookIdle();
}

beforeAll(async () => {
  ({
    stack,
    clinics: { smile: smileClinic },
  } = await startConnectedDemoStack());
  reception = await stack.signedIn(DEMO.reception);
});

afterAll(async () => {
  live.closeAll();
  await stack?.stop();
});

describe('offering a freed slot', () => {
  it('when staff cancel a fitting appointment, then every fitting waiting patient is offered it in waitlist order, with Take this slot', async () => {
    const dentist = await newDentist(stack.db, smileClinic, 'Waitlist');
    const date = nextDate();
    const until = nextDate();
    await onlyOpen(dentist, date, ['10:00']);
    await onlyOpen(dentist, until, []);
    const first = await newPatient(newPsid(6));
    const second = await newPatient(newPsid(6));
    const noMessenger = await newPatient(null);
    const otherDentistPatient = await newPatient(newPsid(6));
    const firstEntry = await addEntry(first.id, dentist, date, until);
    const secondEntry = await addEntry(second.id, dentist, date);
    const noMessengerEntry = await addEntry(noMessenger.id, dentist, date);
    const otherDentist = await newDentist(stack.db, smileClinic, 'Other');
    await onlyOpen(otherDentist, date, []);
    const otherEntry = await addEntry(otherDentistPatient.id, otherDentist, date);
    const time = clinicTime(date, '10:00');
    const appointment = await book(dentist, time);

    const cancelled = await reception.from('appointments').update({ status: 'Cancelled' }).eq('id', appointment);
    expect(cancelled.error).toBeNull();
    await stack.service.waitlist.runOnce();

    const when = formatClinicDateTimeLong(new Date(time), CLINIC_TIME_ZONE);
    const firstOffer = await offerOf(firstEntry);
    const secondOffer = await offerOf(secondEntry);
    expect(firstOffer.id).toBeLessThan(secondOffer.id);
    const received = await messagesTo(stack, first.psid!);
    expect(received).toHaveLength(1);
    expect(received[0]!.text).toContain(`has opened up on ${when}`);
    expect(received[0]!.quickReplies).toEqual([
      { title: 'Take this slot', payload: waitlistTakePayload(firstOffer.id) },
    ]);
    expect(await messagesTo(stack, second.psid!)).toHaveLength(1);
    expect(await messagesTo(stack, otherDentistPatient.psid!)).toHaveLength(0);
    expect(await entryStatuses([firstEntry, secondEntry, noMessengerEntry, otherEntry])).toEqual([
      'offered',
      'offered',
      'waiting',
      'waiting',
    ]);
    expect([firstOffer.status, secondOffer.status]).toEqual(['sent', 'sent']);
  });

  it('when the first patient taps Take this slot, then it is booked once and the second is told it is gone', async () => {
    const dentist = await newDentist(stack.db, smileClinic, 'Waitlist');
    const date = nextDate();
    await onlyOpen(dentist, date, ['11:00']);
    const first = await newPatient(newPsid(5));
    const second = await newPatient(newPsid(5));
    const firstEntry = await addEntry(first.id, dentist, date);
    const secondEntry = await addEntry(second.id, dentist, date);
    const time = clinicTime(date, '11:00');
    const appointment = await book(dentist, time);
    await reception.from('appointments').update({ deleted: true }).eq('id', appointment);
    await stack.service.waitlist.runOnce();
    const secondOffer = await offerOf(secondEntry);
    const firstOffer = await offerOf(firstEntry);

    // The second in line answers first: replies decide, not the order of the offers.
    await tap(second.psid!, secondOffer.id);
    await tap(first.psid!, firstOffer.id);

    const when = formatClinicDateTimeLong(new Date(time), CLINIC_TIME_ZONE);
    const [winnerReply] = await messagesTo(stack, second.psid!);
    expect(winnerReply!.text).toBe(`You're booked! Your appointment at Smile Dental is on ${when}. See you then!`);
    const [loserReply] = await messagesTo(stack, first.psid!);
    expect(loserReply!.text).toBe(
      `Sorry, the slot on ${when} has already been taken. You are still on the waitlist, and we will message you if another slot opens up.`,
    );
    const { rows } = await stack.db.query<{ patient_id: number; booking_origin: string }>(
      `select patient_id::integer as patient_id, booking_origin from public.appointments
        where dentist_id = $1 and appointment_time = $2 and not deleted and status <> 'Cancelled'`,
      [dentist, time],
    );
    expect(rows).toEqual([{ patient_id: second.id, booking_origin: 'waitlist' }]);
    expect(await entryStatuses([firstEntry, secondEntry])).toEqual(['waiting', 'booked']);
  });

  it('when a patient taps Cancel on their reminder, then the freed slot is offered to the waitlist', async () => {
    const dentist = await newDentist(stack.db, smileClinic, 'Waitlist');
    const date = nextDate();
    await onlyOpen(dentist, date, ['15:00']);
    const waiting = await newPatient(newPsid(4));
    const entry = await addEntry(waiting.id, dentist, date);
    const cancellerPsid = newPsid(4);
    const appointment = await book(dentist, clinicTime(date, '15:00'), cancellerPsid);
    const response = await postJson(stack, '/_dev/messenger/inbound', {
      pageId: SMILE_DENTAL_PAGE.id,
      psid: cancellerPsid,
      quickReplyPayload: `CANCEL_APPOINTMENT:${appointment}`,
    });
    expect(response.status).toBe(200);
    await whenWebhookIdle();
    await stack.service.waitlist.runOnce();
    expect(await entryStatuses([entry])).toEqual(['offered']);
    expect(await messagesTo(stack, waiting.psid!)).toHaveLength(1);
  });

  it('when the clinic’s staff follow live updates, then adding an entry and offering it reach their sockets, not another clinic’s', async () => {
    const smileUpdates = await live.follow(DEMO.reception, WAITLIST_UPDATED);
    const brightUpdates = await live.follow(DEMO.admin2, WAITLIST_UPDATED);
    const dentist = await newDentist(stack.db, smileClinic, 'Waitlist');
    const date = nextDate();
    await onlyOpen(dentist, date, ['16:00']);
    const patient = await newPatient(newPsid(3));
    const entry = await addEntry(patient.id, dentist, date);
    await waitFor(() => smileUpdates.find((update) => update.entry_id === entry));
    const appointment = await book(dentist, clinicTime(date, '16:00'));
    const before = smileUpdates.length;
    await reception.from('appointments').update({ status: 'Cancelled' }).eq('id', appointment);
    await stack.service.waitlist.runOnce();
    await waitFor(() => (smileUpdates.slice(before).some((update) => update.entry_id === entry) ? true : undefined));
    expect(smileUpdates.every((update) => update.clinic_id === smileClinic)).toBe(true);
    expect(brightUpdates).toEqual([]);
  });

  it('when a waiting patient is renamed, then the clinic hears of their entry (the list names them) once; another field’s save says nothing', async () => {
    const smileUpdates = await live.follow(DEMO.reception, WAITLIST_UPDATED);
    const dentist = await newDentist(stack.db, smileClinic, 'Rename');
    const date = nextDate();
    // No open slot that day: the entries are offered nothing, so they send no notice of their own.
    await onlyOpen(dentist, date, []);
    const patient = await newPatient(null);
    const stranger = await newPatient(null);
    const entry = await addEntry(patient.id, dentist, date);
    await waitFor(() => smileUpdates.find((update) => update.entry_id === entry));
    const start = smileUpdates.length;

    const phone = await reception.from('patients').update({ phone: '0917 555 0199' }).eq('id', patient.id);
    expect(phone.error).toBeNull();
    // A patient with no entry, renamed: nothing to announce.
    const unlisted = await reception
      .from('patients')
      .update({ name: `${stranger.name} Jr.` })
      .eq('id', stranger.id);
    expect(unlisted.error).toBeNull();
    const renamed = await reception
      .from('patients')
      .update({ name: `${patient.name} Jr.` })
      .eq('id', patient.id);
    expect(renamed.error).toBeNull();
    // Notices arrive in commit order: a later entry's marks the end of what the saves above sent.
    const marker = await addEntry(stranger.id, dentist, date);
    await waitFor(() => smileUpdates.find((update) => update.entry_id === marker));
    expect(smileUpdates.slice(start)).toEqual([
      { clinic_id: smileClinic, entry_id: entry },
      { clinic_id: smileClinic, entry_id: marker },
    ]);
  });
});

describe('filling every slot', () => {
  const whenOf = (time: string) => formatClinicDateTimeLong(new Date(time), CLINIC_TIME_ZONE);

  it('when staff move an appointment to another day, then its old slot is offered to the waitlist', async () => {
    const dentist = await newDentist(stack.db, smileClinic, 'Waitlist');
    const date = nextDate();
    await onlyOpen(dentist, date, ['10:00']);
    const time = clinicTime(date, '10:00');
    const appointment = await book(dentist, time);
    const waiting = await newPatient(newPsid(7));
    const entry = await addEntry(waiting.id, dentist, date);

    const moved = await reception
      .from('appointments')
      .update({ appointment_time: clinicTime(nextDate(), '10:00') })
      .eq('id', appointment);
    expect(moved.error).toBeNull();
    await stack.service.waitlist.runOnce();

    expect(await entryStatuses([entry])).toEqual(['offered']);
    const [offer] = await messagesTo(stack, waiting.psid!);
    expect(offer!.text).toContain(`has opened up on ${whenOf(time)}`);
  });

  it('when a patient joins while fitting slots are open, then they are offered the earliest at once', async () => {
    const dentist = await newDentist(stack.db, smileClinic, 'Waitlist');
    const date = nextDate();
    await onlyOpen(dentist, date, ['10:00', '14:00', '15:00']);
    await book(dentist, clinicTime(date, '10:00'));
    const latecomer = await newPatient(newPsid(7));
    const entry = await addEntry(latecomer.id, dentist, date);
    await stack.service.waitlist.runOnce();

    expect(await entryStatuses([entry])).toEqual(['offered']);
    const [offer] = await messagesTo(stack, latecomer.psid!);
    expect(offer!.text).toContain(`has opened up on ${whenOf(clinicTime(date, '14:00'))}`);
  });

  it('when a patient with a later booking takes an earlier slot, then that booking moves and its old slot is offered onward', async () => {
    const dentist = await newDentist(stack.db, smileClinic, 'Waitlist');
    const early = nextDate();
    const late = nextDate();
    await onlyOpen(dentist, early, ['10:00']);
    await onlyOpen(dentist, late, ['10:00']);
    const earlyTime = clinicTime(early, '10:00');
    const lateTime = clinicTime(late, '10:00');
    const mover = await newPatient(newPsid(7));
    const booking = await insertRow(stack.db, 'appointments', {
      clinic_id: smileClinic,
      patient_id: mover.id,
      dentist_id: dentist,
      appointment_time: lateTime,
    });
    const cancelled = await book(dentist, earlyTime);
    const moverEntry = await addEntry(mover.id, dentist, early, late);
    const next = await newPatient(newPsid(7));
    const nextEntry = await addEntry(next.id, dentist, late);

    await reception.from('appointments').update({ status: 'Cancelled' }).eq('id', cancelled);
    await stack.service.waitlist.runOnce();
    expect(await entryStatuses([moverEntry, nextEntry])).toEqual(['offered', 'waiting']);
    await tap(mover.psid!, (await offerOf(moverEntry)).id);

    const { rows } = await stack.db.query<{ id: number; appointment_time: Date }>(
      `select id::integer as id, appointment_time from public.appointments
        where patient_id = $1 and not deleted and status <> 'Cancelled'`,
      [mover.id],
    );
    expect(rows.map((row) => [row.id, row.appointment_time.toISOString()])).toEqual([
      [booking, new Date(earlyTime).toISOString()],
    ]);
    await stack.service.waitlist.runOnce();
    expect(await entryStatuses([moverEntry, nextEntry])).toEqual(['booked', 'offered']);
    const [offer] = await messagesTo(stack, next.psid!);
    expect(offer!.text).toContain(`has opened up on ${whenOf(lateTime)}`);
  });
});
