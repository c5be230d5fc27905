/**
 * Waitlist / ASAP fill in Chromium at both sizes (issue 17 part 3): the receptionist puts a
 * patient on the waitlist through the tab, a fitting appointment is cancelled, the offer with its
 * 'Take this slot' reply shows in the dev Messenger inbox, the patient's reply (posted by the Meta
 * stand-in as Meta would) books the slot once — a second tap books nothing more — and the open
 * Waitlist tab shows the offer and the booking live. Each size makes its own dentist and patients.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clinicTime, clinicWorkday } from '../support/clinic-time.ts';
import { DEMO, loginAs } from './support/app.ts';
import { DESKTOP, connectChromium, TABLET_PORTRAIT, withPage } from './support/chromium.ts';
import { ClinicFixtures } from './support/fixtures.ts';

const ctx = inject('e2e');
/** The demo page Smile Dental is connected to (supabase/seed.sql). */
const SMILE_PAGE_ID = '1000000000000001';
/** Far enough ahead that the other browser files' bookings of these new dentists cannot collide. */
const WORKDAY = 60;
const LIVE_WAIT_MS = 15_000;

interface InboxMessage {
  recipientId: string;
  text: string;
  quickReplies: { title: string; payload: string }[];
}

async function inbox(psid: string): Promise<InboxMessage[]> {
  const response = await fetch(`${ctx.baseUrl}/_dev/messenger.json?recipientId=${psid}`);
  return ((await response.json()) as { messages: InboxMessage[] }).messages;
}

async function tap(psid: string, payload: string): Promise<void> {
  const response = await fetch(`${ctx.baseUrl}/_dev/messenger/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pageId: SMILE_PAGE_ID, psid, quickReplyPayload: payload, title: 'Take this slot' }),
  });
  expect(response.status).toBe(200);
}

describe.skipIf(!ctx.chromium)('the waitlist in the browser', () => {
  let browser: Browser;
  let reception: ClinicFixtures;

  beforeAll(async () => {
    browser = await connectChromium(ctx);
    reception = await ClinicFixtures.signInAs(ctx, DEMO.receptionist);
  });
  afterAll(async () => {
    await browser?.close();
  });

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
      const dentistId = await reception.dentist(dentistName);
      const patientId = await reception.patient(patientName, { messenger_id: psid });
      const date = clinicWorkday(WORKDAY + offset);
      const time = clinicTime(date, '10:00');
      const cancelledPatient = await reception.patient(`Cancelling ${tag}`);
      const appointmentId = await reception.appointment({ dentistId, patientId: cancelledPatient, time });

      await withPage(
        browser,
        ctx.baseUrl,
        async (page: Page) => {
          await loginAs(page, DEMO.receptionist);
          await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Waitlist' }).click();
          await page.locator('.waitlist-screen[data-live="connected"]').waitFor();

          await page.getByRole('button', { name: 'Add to Waitlist', exact: true }).click();
          const dialog = page.getByRole('dialog', { name: 'Add to Waitlist' });
          await dialog.getByLabel('Patient', { exact: true }).fill(patientName);
          await dialog.getByRole('option', { name: new RegExp(`^${patientName}`) }).click();
          await dialog.getByLabel('Dentist', { exact: true }).selectOption({ label: dentistName });
          await dialog.getByLabel('From', { exact: true }).fill(date);
          await dialog.getByLabel('To', { exact: true }).fill(date);
          await dialog.getByRole('button', { name: 'Save', exact: true }).click();
          await dialog.waitFor({ state: 'detached' });
          const row = page.getByRole('row').filter({ hasText: patientName });
          await row.getByText('Waiting', { exact: true }).waitFor();

          // Cancelled at another desk.
          const { error } = await reception.api
            .from('appointments')
            .update({ status: 'Cancelled' })
            .eq('id', appointmentId);
          expect(error).toBeNull();

          // The offer reaches the tab without a reload, and the patient's inbox with its reply.
          await row.getByText(/^Offered /).waitFor({ timeout: LIVE_WAIT_MS });
          const [offer] = await inbox(psid);
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
          const booked = (await reception.appointmentsOf(patientId)).filter(
            (appointment) => !appointment.deleted && appointment.status !== 'Cancelled',
          );
          expect(booked.map((appointment) => Date.parse(appointment.appointment_time))).toEqual([Date.parse(time)]);
          const replies = (await inbox(psid)).filter((message) => message.text.startsWith("You're booked!"));
          expect(replies.length).toBeGreaterThanOrEqual(1);
        },
        viewport,
      );
    },
    90_000,
  );
});
