/**
 * The Recalls tab in Chromium, at the desktop and tablet sizes, as Smile
 * Dental's receptionist: a patient long due for a check-up is on the list with their last visit,
 * procedure and dentist; 'Send recall' puts a recall with a Book button in the dev Messenger inbox
 * and the row turns into 'Recalled <date>'; the patient's Book tap (posted by the Meta stand-in as
 * Meta would) shows up live under Booking requests, 'Book' on it opens the Add Appointment form
 * with the patient, and 'Dismiss' closes it. Each size has its own
 * patient and dentist, made through the API.
 */
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { formatClinicMonthDay } from '@common/clinic-calendar';
import { clinicWorkday } from '../support/clinic-time.ts';
import { DEMO, openTab, signIn } from './support/app.ts';
import { runAxe, isSeriousOrCritical } from './support/axe.ts';
import { DESKTOP, saveScreenshot, TABLET_PORTRAIT, withPage } from './support/chromium.ts';
import { devMessagesTo, sendToSmilePage } from './support/dev-messenger.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';
import { expectNoSidewaysScroll } from './support/layout.ts';
import { setUpBrowserAndFixtures } from './support/suite.ts';

const ctx = inject('e2e');

/** The patient taps the recall's Book button in Messenger. */
async function tapBook(psid: string, payload: string): Promise<void> {
  await sendToSmilePage(ctx.baseUrl, { psid, postbackPayload: payload, title: 'Book' });
}

/** A patient with a Messenger id, last seen (Completed) in March 2025 by a dentist of their own. */
async function duePatient(fixtures: ClinicFixtures, label: string) {
  const name = uniqueName(`Recall ${label}`);
  const dentistName = uniqueName('Dr. Recall');
  const psid = `6${Date.now()}${randomInt(100, 999)}`;
  const dentistId = await fixtures.dentist(dentistName);
  const patientId = await fixtures.patient(name, { messenger_id: psid });
  await fixtures.appointmentAsServiceRole({
    dentistId,
    patientId,
    time: '2025-03-03T10:00:00+08:00',
    status: 'Completed',
    reason: 'Oral Prophylaxis',
  });
  return { name, dentistName, psid, patientId, dentistId };
}

async function openRecalls(page: Page) {
  await openTab(page, 'Recalls');
  await page.locator('.recalls .data-table:not([aria-busy])').waitFor();
}

describe.skipIf(!ctx.chromium)('the Recalls tab', () => {
  const suite = setUpBrowserAndFixtures(ctx, () => ClinicFixtures.signInAs(ctx, DEMO.receptionist));

  it('shows every recall the log calls sent in the dev Messenger inbox, the demo data’s among them (desktop)', async () => {
    // The log first: a recall is logged only once Meta (the stand-in) has taken it.
    const { data: sent, error } = await suite.fixtures.api
      .from('recall_messages')
      .select('message, messenger_id')
      .eq('outcome', 'sent');
    expect(error).toBeNull();
    const demoRecalls = (sent ?? []).filter((recall) => /^Hi (Arnel Pineda|Benjamin Uy), /.test(recall.message));
    expect(demoRecalls).toHaveLength(2);
    await withPage(
      suite.browser,
      ctx.baseUrl,
      async (page) => {
        await page.goto('/_dev/messenger');
        for (const recall of sent ?? []) await page.getByText(recall.message, { exact: true }).first().waitFor();
      },
      DESKTOP,
    );
  });

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['tablet', TABLET_PORTRAIT],
  ] as const) {
    it(`sends a recall to the dev Messenger inbox and shows the patient's Book reply live (${size})`, async () => {
      const patient = await duePatient(suite.fixtures, size);
      // Due as well, but already on the waitlist: coming back anyway, so not recalled.
      const waiting = await duePatient(suite.fixtures, `${size} waiting`);
      const { error: waitlistError } = await suite.fixtures.api.from('waitlist_entries').insert({
        clinic_id: suite.fixtures.clinicId,
        patient_id: waiting.patientId,
        dentist_id: waiting.dentistId,
        from_date: clinicWorkday(1),
        to_date: clinicWorkday(20),
      });
      expect(waitlistError).toBeNull();
      await withPage(
        suite.browser,
        ctx.baseUrl,
        async (page) => {
          await signIn(page, DEMO.receptionist);
          await openRecalls(page);

          const row = page.getByRole('row').filter({ hasText: patient.name });
          await row.waitFor();
          const cells = (await row.getByRole('cell').allInnerTexts()).map((cell) => cell.trim());
          expect(cells.slice(1, 3)).toEqual([patient.name, '+63 918 555 0000']);
          // The last visit: its date, procedure and dentist, one under the other in one cell.
          expect(cells[3]?.split(/\n+/)).toEqual(['March 3, 2025', 'Oral Prophylaxis', patient.dentistName]);
          expect(await page.getByRole('row').filter({ hasText: waiting.name }).count()).toBe(0);

          // Renamed at another desk: the list names them anew without a reload (and so does all that follows).
          patient.name = `${patient.name} Jr.`;
          const rename = await suite.fixtures.api
            .from('patients')
            .update({ name: patient.name })
            .eq('id', patient.patientId);
          expect(rename.error).toBeNull();
          await row.getByRole('cell', { name: patient.name, exact: true }).waitFor();

          await row.getByRole('button', { name: `Send recall to ${patient.name}`, exact: true }).click();
          const sent = page.locator('.toast').filter({ hasText: `Recall sent to ${patient.name}.` });
          await sent.waitFor();
          // The notice rises at the bottom, over neither the toolbar nor the tabs (on the tablet,
          // a bar at the top).
          const notice = (await sent.boundingBox())!;
          const tabs = (await page.getByRole('navigation', { name: 'Sections' }).boundingBox())!;
          expect(notice.y).toBeGreaterThan(viewport.height / 2);
          expect(notice.y >= tabs.y + tabs.height || notice.x >= tabs.x + tabs.width).toBe(true);
          // The row names the day the database logged the recall on, in the clinic's calendar.
          const { data: logged, error: logError } = await suite.fixtures.api
            .from('recall_messages')
            .select('created_at')
            .eq('patient_id', patient.patientId)
            .single();
          expect(logError).toBeNull();
          const recalledOn = formatClinicMonthDay(logged!.created_at as string, 'Asia/Manila');
          await row.getByRole('button', { name: `Recalled ${recalledOn}`, exact: true }).waitFor();

          const [recall] = await devMessagesTo(ctx.baseUrl, patient.psid);
          expect(recall).toMatchObject({
            text: expect.stringContaining(
              `Hi ${patient.name}, it has been a while since your last visit on March 3, 2025`,
            ),
            quickReplies: [{ title: 'Book', payload: expect.stringMatching(/^BOOK_RECALL:\d+$/) }],
          });

          // The patient taps Book in Messenger: the request appears without a reload.
          await tapBook(patient.psid, recall!.quickReplies[0]!.payload);
          const requests = page.getByRole('list', { name: 'Open booking requests' });
          const request = requests.getByRole('listitem', { name: patient.name, exact: true });
          await request.waitFor();
          await request.scrollIntoViewIfNeeded();
          await saveScreenshot(page, `recalls-${size}`);
          await expectNoSidewaysScroll(page);

          // axe (WCAG 2.1 AA) on the tab with a request and a recalled row: nothing serious or critical.
          const { violations } = await runAxe(page, '.recalls');
          expect(violations.filter(isSeriousOrCritical)).toEqual([]);

          // 'Book' opens Appointments with the Add Appointment form for the patient.
          await request.getByRole('button', { name: 'Book', exact: true }).click();
          await page.getByRole('heading', { name: 'Appointments', level: 1 }).waitFor();
          const form = page.getByRole('dialog', { name: 'Add Appointment' });
          const patientField = form.getByRole('combobox', { name: 'Patient' });
          await patientField.waitFor();
          expect(await patientField.inputValue()).toBe(patient.name);
          await saveScreenshot(page, `recalls-book-${size}`);
          await form.getByRole('button', { name: 'Cancel', exact: true }).click();
          await form.waitFor({ state: 'detached' });
          await openRecalls(page);
          await request.waitFor();

          await request.getByRole('button', { name: 'Dismiss', exact: true }).click();
          await page
            .locator('.toast')
            .getByText(`Booking request of ${patient.name} dismissed.`, { exact: true })
            .waitFor();
          await request.waitFor({ state: 'detached' });
        },
        viewport,
      );
    });
  }
});
