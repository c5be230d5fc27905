/**
 * Waitlist / ASAP fill in Chromium at both sizes: the receptionist puts a patient on the waitlist
 * through the tab, a fitting appointment is cancelled, the offer with its 'Take this slot' reply
 * shows in the dev Messenger inbox, the patient's reply (posted by the Meta stand-in as Meta would)
 * books the slot once — a second tap books nothing more — and the open Waitlist tab shows the offer,
 * the booking and the patient renamed at another desk live. At 1366x768: the phone column and whole names, an entry with preferences
 * that joins while a fitting slot is open is offered it at once, and taking it moves the patient's
 * later booking, whose slot goes onward. Each test makes its own dentist and patients.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { formatClinicDateTimeLong, weekdayOf } from '@common/clinic-calendar';
import type { RecordedMessage } from '../../local/meta/state.ts';
import { clinicTime, clinicWorkday, CLINIC_TIME_ZONE } from '../support/clinic-time.ts';
import { DEMO, openTab, signIn } from './support/app.ts';
import { DESKTOP, TABLET_PORTRAIT, withPage } from './support/chromium.ts';
import { devMessagesTo, sendToSmilePage } from './support/dev-messenger.ts';
import { ClinicFixtures } from './support/fixtures.ts';
import { setUpBrowserAndFixtures } from './support/suite.ts';

const ctx = inject('e2e');
/** Far enough ahead that the other browser files' bookings of these new dentists cannot collide. */
const WORKDAY = 60;
const LIVE_WAIT_MS = 15_000;

/**
 * The messages sent to `psid`, read once one of them is `wanted`: the screen shows an offer or a
 * booking as soon as it is recorded, and its message goes out after.
 */
async function inboxOnceHolding(
  psid: string,
  wanted: (message: RecordedMessage) => boolean,
): Promise<RecordedMessage[]> {
  let messages: RecordedMessage[] = [];
  await expect
    .poll(async () => (messages = await devMessagesTo(ctx.baseUrl, psid)).some(wanted), { timeout: LIVE_WAIT_MS })
    .toBe(true);
  return messages;
}

/** The patient taps 'Take this slot' on the offer in Messenger. */
async function tap(psid: string, payload: string): Promise<void> {
  await sendToSmilePage(ctx.baseUrl, { psid, quickReplyPayload: payload, title: 'Take this slot' });
}

/**
 * Signs in as the receptionist, opens the Waitlist tab (live) and adds the patient for the dentist
 * on one date through Add to Waitlist; `more` fills further inputs before Save.
 */
async function addThroughTheTab(
  page: Page,
  entry: { patientName: string; dentistName: string; date: string },
  more: (dialog: Locator) => Promise<void> = async () => undefined,
): Promise<void> {
  await signIn(page, DEMO.receptionist);
  await openTab(page, 'Waitlist');
  await page.locator('.waitlist-screen[data-live="connected"]').waitFor();

  await page.getByRole('button', { name: 'Add to Waitlist', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to Waitlist' });
  await dialog.getByLabel('Patient', { exact: true }).fill(entry.patientName);
  await dialog.getByRole('option', { name: new RegExp(`^${entry.patientName}`) }).click();
  await dialog.getByLabel('Dentist', { exact: true }).selectOption({ label: entry.dentistName });
  await more(dialog);
  await dialog.getByLabel('From', { exact: true }).fill(entry.date);
  await dialog.getByLabel('To', { exact: true }).fill(entry.date);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe.skipIf(!ctx.chromium)('the waitlist in the browser', () => {
  const suite = setUpBrowserAndFixtures(ctx, () => ClinicFixtures.signInAs(ctx, DEMO.receptionist));

  it.each([
    ['desktop', DESKTOP, 1],
    ['tablet', TABLET_PORTRAIT, 2],
  ] as const)(
    'at %s size: staff add a waitlist entry, a cancelled slot is offered in Messenger and the first reply books it once, live',
    async (_size, viewport, offset) => {
      const tag = randomUUID().slice(0, 6);
      const dentistName = `Dr. Waitlist ${tag}`;
      const patientName = `Waiting Patient ${tag}`;
      const psid = `8${Date.now()}${randomInt(100, 999)}`;
      const dentistId = await suite.fixtures.dentist(dentistName);
      const patientId = await suite.fixtures.patient(patientName, { messenger_id: psid });
      const date = clinicWorkday(WORKDAY + offset);
      const time = clinicTime(date, '10:00');
      // Only the slot to be cancelled is open: joining the list is offered nothing before it.
      await suite.fixtures.blockDayExcept(dentistId, date, ['10:00']);
      const cancelledPatient = await suite.fixtures.patient(`Cancelling ${tag}`);
      const appointmentId = await suite.fixtures.appointment({ dentistId, patientId: cancelledPatient, time });

      await withPage(
        suite.browser,
        ctx.baseUrl,
        async (page: Page) => {
          await addThroughTheTab(page, { patientName, dentistName, date });
          const row = page.getByRole('row').filter({ hasText: patientName });
          await row.getByText('Waiting', { exact: true }).waitFor();

          // Cancelled at another desk.
          const { error } = await suite.fixtures.api
            .from('appointments')
            .update({ status: 'Cancelled' })
            .eq('id', appointmentId);
          expect(error).toBeNull();

          // The offer reaches the tab without a reload, and the patient's inbox with its reply.
          await row.getByText(/^Offered /).waitFor({ timeout: LIVE_WAIT_MS });
          const [offer] = await inboxOnceHolding(psid, () => true);
          expect(offer?.text).toContain(`Hi ${patientName}, a slot with ${dentistName} at Smile Dental has opened up`);
          expect(offer?.quickReplies.map((reply) => reply.title)).toEqual(['Take this slot']);
          const inboxPage = await page.context().newPage();
          await inboxPage.goto('/_dev/messenger');
          await inboxPage.getByText(`Hi ${patientName}, a slot with ${dentistName}`).first().waitFor();
          await inboxPage.close();

          // The patient taps twice (a double tap): one booking, shown live.
          await tap(psid, offer!.quickReplies[0]!.payload);
          await row.getByText(/^Booked /).waitFor({ timeout: LIVE_WAIT_MS });
          await tap(psid, offer!.quickReplies[0]!.payload);
          const booked = (await suite.fixtures.appointmentsOf(patientId)).filter(
            (appointment) => !appointment.deleted && appointment.status !== 'Cancelled',
          );
          expect(booked.map((appointment) => Date.parse(appointment.appointment_time))).toEqual([Date.parse(time)]);
          const booking = (message: RecordedMessage) => message.text.startsWith("You're booked!");
          const replies = (await inboxOnceHolding(psid, booking)).filter(booking);
          expect(replies.length).toBeGreaterThanOrEqual(1);

          // Renamed at another desk: the list names them anew without a reload.
          const renamed = `Renamed ${patientName}`;
          const rename = await suite.fixtures.api.from('patients').update({ name: renamed }).eq('id', patientId);
          expect(rename.error).toBeNull();
          await page.getByRole('row').filter({ hasText: renamed }).waitFor({ timeout: LIVE_WAIT_MS });
        },
        viewport,
      );
    },
    90_000,
  );

  it('at 1366x768: a latecomer with preferences is offered the open slot at once, and taking it moves their later booking', async () => {
    const tag = randomUUID().slice(0, 6);
    const dentistName = `Dr. Andrea Villanueva ${tag}`;
    const patientName = `Maria Santos Villanueva ${tag}`;
    const psid = `8${Date.now()}${randomInt(100, 999)}`;
    const nextPsid = `7${Date.now()}${randomInt(100, 999)}`;
    const dentistId = await suite.fixtures.dentist(dentistName);
    const patientId = await suite.fixtures.patient(patientName, { messenger_id: psid });
    const early = clinicWorkday(WORKDAY + 3);
    const late = clinicWorkday(WORKDAY + 4);
    // Early day: 10:00 taken, 11:00 open but a morning, 14:00 open (the afternoon the patient wants).
    await suite.fixtures.blockDayExcept(dentistId, early, ['10:00', '11:00', '14:00']);
    await suite.fixtures.blockDayExcept(dentistId, late, ['10:00']);
    await suite.fixtures.appointment({
      dentistId,
      patientId: await suite.fixtures.patient(`Booked ${tag}`),
      time: clinicTime(early, '10:00'),
    });
    const laterBooking = await suite.fixtures.appointment({ dentistId, patientId, time: clinicTime(late, '10:00') });
    const nextPatient = await suite.fixtures.patient(`Next In Line ${tag}`, { messenger_id: nextPsid });
    const { error: nextError } = await suite.fixtures.api.from('waitlist_entries').insert({
      clinic_id: suite.fixtures.clinicId,
      patient_id: nextPatient,
      dentist_id: dentistId,
      from_date: late,
      to_date: late,
    });
    expect(nextError).toBeNull();
    const weekday = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][weekdayOf(early)]!;

    await withPage(
      suite.browser,
      ctx.baseUrl,
      async (page: Page) => {
        await addThroughTheTab(page, { patientName, dentistName, date: early }, async (dialog) => {
          await dialog.getByRole('group', { name: 'Days' }).getByRole('checkbox', { name: weekday }).check();
          await dialog
            .getByLabel('Time of day', { exact: true })
            .selectOption({ label: 'Afternoons (1:00 PM – 6:00 PM)' });
        });

        // The row: the phone, the preferences, and whole names (wrapped, never cut).
        const row = page.getByRole('row').filter({ hasText: patientName });
        await row.getByText('+63 918 555 0000', { exact: true }).waitFor();
        await row.getByText(`${weekday.slice(0, 3)} · Afternoons`, { exact: true }).waitFor();
        // Neither cut with an ellipsis nor spilling out of its cell.
        for (const text of [patientName, dentistName, '+63 918 555 0000']) {
          const cut = await row.getByText(text, { exact: true }).evaluate((element) => {
            const cell = element.closest('td')!;
            return (
              cell.scrollWidth > cell.clientWidth ||
              element.scrollWidth > element.clientWidth ||
              getComputedStyle(element).textOverflow === 'ellipsis'
            );
          });
          expect(cut).toBe(false);
        }

        // Joined while the afternoon slot was open: offered at once, live.
        const afternoon = clinicTime(early, '14:00');
        await row.getByText(/^Offered /).waitFor({ timeout: LIVE_WAIT_MS });
        const [offer] = await inboxOnceHolding(psid, () => true);
        expect(offer?.text).toContain(
          `has opened up on ${formatClinicDateTimeLong(new Date(afternoon), CLINIC_TIME_ZONE)}`,
        );

        // Taking it moves the later booking (one booking, the same one) and offers its slot onward.
        await tap(psid, offer!.quickReplies[0]!.payload);
        await row.getByText(/^Booked /).waitFor({ timeout: LIVE_WAIT_MS });
        const live = (await suite.fixtures.appointmentsOf(patientId)).filter(
          (appointment) => !appointment.deleted && appointment.status !== 'Cancelled',
        );
        expect(live.map((appointment) => [appointment.id, Date.parse(appointment.appointment_time)])).toEqual([
          [laterBooking, Date.parse(afternoon)],
        ]);
        const nextRow = page.getByRole('row').filter({ hasText: `Next In Line ${tag}` });
        await nextRow.getByText(/^Offered /).waitFor({ timeout: LIVE_WAIT_MS });
        const [onward] = await devMessagesTo(ctx.baseUrl, nextPsid);
        expect(onward?.text).toContain(
          `has opened up on ${formatClinicDateTimeLong(new Date(clinicTime(late, '10:00')), CLINIC_TIME_ZONE)}`,
        );
      },
      DESKTOP,
    );
  }, 90_000);
});
