/**
 * The Reminder modal of the Appointments tab, as a receptionist in Chromium: settings saved and
 * shown again after a reload, bad days refused with a clear message, a manual reminder sent through
 * the notification service to the Meta stand-in (its row in the log, its text in
 * /_dev/messenger.json), and a failed send explained. Each test makes its own dentist, patient and
 * appointment through the API (unique names).
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { RECIPIENT_ERRORS } from '../../server/appointments/outcome.ts';
import { clinicDaysAhead, clinicTime, clinicWorkday } from '../support/clinic-time.ts';
import { DEMO, holdRequests, openReminders, openTab, showDentistMonthById, signIn } from './support/app.ts';
import { DESKTOP, saveScreenshot, TABLET_PORTRAIT, withPage } from './support/chromium.ts';
import { devMessagesTo } from './support/dev-messenger.ts';
import { ClinicFixtures } from './support/fixtures.ts';
import { setUpBrowserAndFixtures } from './support/suite.ts';

const ctx = inject('e2e');

interface ReminderFixture {
  appointmentId: number;
  dentistId: number;
  patientName: string;
  /** The patient's page-scoped Messenger id, or null. */
  psid: string | null;
  /** The appointment's date in the clinic, YYYY-MM-DD. */
  date: string;
}

/** Whole days from the clinic's today to `date` (both at midnight), at least 1 — what the modal sends. */
function expectedDaysAhead(date: string): number {
  return Math.max(1, clinicDaysAhead(date, new Date()));
}

/** Smile Dental's data, made through the API as its admin. */
class ReminderFixtures extends ClinicFixtures {
  /** A dentist, a patient (with a Messenger id unless told otherwise) and an appointment a few days ahead. */
  async reminderFixture(label: string, options: { withMessengerId?: boolean } = {}): Promise<ReminderFixture> {
    const tag = randomUUID().slice(0, 6);
    const psid = options.withMessengerId === false ? null : `9${Date.now()}${randomInt(100, 999)}`;
    const dentistId = await this.dentist(`Dr. Reminder ${tag}`);
    const patientName = `${label} ${tag}`;
    const patientId = await this.patient(patientName, { messenger_id: psid });
    const date = clinicWorkday(3);
    const appointmentId = await this.appointment({ dentistId, patientId, time: clinicTime(date, '10:20') });
    return { appointmentId, dentistId, patientName, psid, date };
  }

  /**
   * Automated reminders as the scheduler logs them (only the service role writes the log): one
   * delivered, one that finally failed.
   */
  async automatedReminders(fixture: ReminderFixture) {
    const day = 86_400_000;
    const { error } = await this.service.from('appointment_reminders').insert([
      {
        clinic_id: this.clinicId,
        appointment_id: fixture.appointmentId,
        sent_on: new Date(Date.now() - 2 * day).toISOString(),
        days_ahead: 5,
        messenger_id: fixture.psid,
        is_manual: false,
        outcome: 'sent',
      },
      {
        clinic_id: this.clinicId,
        appointment_id: fixture.appointmentId,
        sent_on: new Date(Date.now() - day).toISOString(),
        days_ahead: 4,
        messenger_id: fixture.psid,
        is_manual: false,
        outcome: 'failed',
        error: 'Messenger is not answering right now. The reminder will be retried.',
      },
    ]);
    if (error) throw error;
  }

  async reminderSettings(appointmentId: number) {
    const { data, error } = await this.api
      .from('appointments')
      .select('reminder_enabled, reminder_days, reminder_message, reminder_recipient_type')
      .eq('id', appointmentId)
      .single();
    if (error) throw error;
    return data;
  }

  async reminderLog(appointmentId: number) {
    const { data, error } = await this.api
      .from('appointment_reminders')
      .select('days_ahead, messenger_id, is_manual, outcome, error')
      .eq('appointment_id', appointmentId);
    if (error) throw error;
    return data;
  }
}

/** Logs in as the receptionist and opens the Reminder modal from the appointment's bell. */
async function openReminderModal(page: Page, fixture: ReminderFixture): Promise<Locator> {
  await signIn(page, DEMO.receptionist);
  await openTab(page, 'Appointments');
  await showDentistMonthById(page, fixture.dentistId, fixture.date);
  return reopenFromList(page, fixture);
}

/** Opens the appointment's Reminder modal from the list on screen; it names the patient. */
async function reopenFromList(page: Page, fixture: ReminderFixture): Promise<Locator> {
  const modal = await openReminders(page, fixture.patientName);
  expect(await modal.getByTestId('reminder-patient-name').textContent()).toBe(fixture.patientName);
  return modal;
}

const region = (modal: Locator, name: string) => modal.getByRole('region', { name });
const dayInputs = (modal: Locator) => region(modal, 'Reminder Settings').getByRole('spinbutton');

async function dayValues(modal: Locator): Promise<string[]> {
  return dayInputs(modal).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

/** Checks the sweetalert2 dialog's title and text; presses OK unless it closes by itself. */
async function expectAlert(page: Page, title: string, text: string, close: 'ok' | 'by-itself' = 'ok') {
  const popup = page.locator('.swal2-popup');
  await popup.waitFor();
  expect(await popup.locator('.swal2-title').textContent()).toBe(title);
  expect(await popup.locator('.swal2-html-container').textContent()).toBe(text);
  if (close === 'ok') await popup.getByRole('button', { name: 'OK' }).click();
  await popup.waitFor({ state: 'detached', timeout: 5000 });
}

describe.skipIf(!ctx.chromium)('the Reminder modal', () => {
  const suite = setUpBrowserAndFixtures(ctx, () => ReminderFixtures.signInAs(ctx, DEMO.admin));

  it('saves the reminder settings, refusing days the database refuses, and shows them again after a reload', async () => {
    const fixture = await suite.fixtures.reminderFixture('Settings Patient');
    await withPage(suite.browser, ctx.baseUrl, async (page) => {
      let modal = await openReminderModal(page, fixture);
      const settings = region(modal, 'Reminder Settings');
      expect(await settings.getByRole('checkbox', { name: 'Enable Reminders' }).isChecked()).toBe(true);
      expect(await dayValues(modal)).toEqual(['1']);
      expect(await settings.getByRole('button', { name: 'Remove reminder day 1' }).isDisabled()).toBe(true);
      await region(modal, 'Sent Reminders Log').getByText('No reminders sent yet.', { exact: true }).waitFor();

      await settings.getByRole('button', { name: '+ Add Day' }).click();
      await dayInputs(modal).nth(1).fill('400');
      await settings.getByRole('button', { name: '+ Add Day' }).click();
      await settings.getByRole('button', { name: 'Save Settings' }).click();
      await settings.getByText('Reminder days must be whole numbers from 0 to 365.', { exact: true }).waitFor();
      expect(await dayInputs(modal).nth(1).getAttribute('aria-invalid')).toBe('true');
      // The field to fix gets the focus, scrolled into view.
      expect(
        await dayInputs(modal)
          .nth(1)
          .evaluate((input) => input === document.activeElement),
      ).toBe(true);
      await saveScreenshot(page, 'appointments-reminders-invalid-desktop-1366x768');

      await dayInputs(modal).nth(1).fill('3');
      await settings.getByLabel('Reminder Message').fill('Hi! See you at Smile Dental. Reply Confirm or Cancel.');
      await settings.getByLabel('Recipient').selectOption('guardian');
      await settings
        .getByText('The guardian has no Messenger ID: reminders cannot reach them.', { exact: true })
        .waitFor();
      await settings.getByRole('button', { name: 'Save Settings' }).click();
      await expectAlert(page, 'Settings Saved!', 'Reminder settings have been updated.');
      // The blank third entry was dropped.
      expect(await dayValues(modal)).toEqual(['1', '3']);
      expect(await suite.fixtures.reminderSettings(fixture.appointmentId)).toEqual({
        reminder_enabled: true,
        reminder_days: [1, 3],
        reminder_message: 'Hi! See you at Smile Dental. Reply Confirm or Cancel.',
        reminder_recipient_type: 'guardian',
      });

      await page.reload();
      await page.getByRole('heading', { name: 'Appointments', level: 1 }).waitFor();
      await showDentistMonthById(page, fixture.dentistId, fixture.date);
      modal = await reopenFromList(page, fixture);
      const reloaded = region(modal, 'Reminder Settings');
      expect(await dayValues(modal)).toEqual(['1', '3']);
      expect(await reloaded.getByLabel('Reminder Message').inputValue()).toBe(
        'Hi! See you at Smile Dental. Reply Confirm or Cancel.',
      );
      expect(await reloaded.getByLabel('Recipient').inputValue()).toBe('guardian');

      // Turning reminders off disables every settings input and the manual send, but not Save.
      await reloaded.getByRole('checkbox', { name: 'Enable Reminders' }).uncheck();
      for (const control of [
        dayInputs(modal).first(),
        reloaded.getByRole('button', { name: '+ Add Day' }),
        reloaded.getByRole('button', { name: 'Remove reminder day 1' }),
        reloaded.getByLabel('Reminder Message'),
        reloaded.getByLabel('Recipient'),
        region(modal, 'Manual Reminder Send').getByRole('button', { name: 'Send Reminder Now' }),
      ])
        expect(await control.isDisabled()).toBe(true);
      await reloaded.getByRole('button', { name: 'Save Settings' }).click();
      await expectAlert(page, 'Settings Saved!', 'Reminder settings have been updated.');
      expect((await suite.fixtures.reminderSettings(fixture.appointmentId)).reminder_enabled).toBe(false);

      await modal.getByRole('button', { name: 'Close' }).click();
      await modal.waitFor({ state: 'detached' });
    });
  });

  it("sends a reminder now: 'Reminder Sent!', a blue row in the log and the message in the patient's Messenger", async () => {
    const fixture = await suite.fixtures.reminderFixture('Send Patient');
    const psid = fixture.psid!;
    const text = `Reminder test ${randomUUID().slice(0, 8)}: please bring your dental records.`;
    await suite.fixtures.automatedReminders(fixture);
    for (const viewport of [DESKTOP, TABLET_PORTRAIT]) {
      const label = viewport === DESKTOP ? 'desktop-1366x768' : 'tablet-820x1180';
      await withPage(
        suite.browser,
        ctx.baseUrl,
        async (page) => {
          const modal = await openReminderModal(page, fixture);
          const manual = region(modal, 'Manual Reminder Send');
          const log = region(modal, 'Sent Reminders Log');
          const table = modal.getByRole('table', { name: 'Sent Reminders Log' });
          const rows = table.locator('tbody tr');
          const before = viewport === DESKTOP ? 2 : 3;
          await rows.nth(before - 1).waitFor();
          expect(await rows.count()).toBe(before);
          await manual.getByLabel('Custom Message').fill(`${text} (${label})`);

          const held = await holdRequests(page, '**/appointments/*/send-reminder**');
          await manual.getByRole('button', { name: 'Send Reminder Now' }).click();
          await held.arrived;
          expect(await manual.getByRole('button', { name: 'Sending...' }).isDisabled()).toBe(true);
          held.release();
          await expectAlert(page, 'Reminder Sent!', 'The reminder has been sent successfully.', 'by-itself');

          await rows.nth(before).waitFor();
          const first = rows.first();
          expect(await first.getAttribute('data-kind')).toBe('manual');
          expect(await first.locator('td').allTextContents()).toEqual([
            expect.stringMatching(/^Manual: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/),
            String(expectedDaysAhead(fixture.date)),
            psid,
          ]);
          expect(await table.locator('thead th').allTextContents()).toEqual([
            'Date Sent',
            'Days Ahead',
            'Messenger ID',
          ]);
          // Manual rows are blue; the log box scrolls beyond 500 px.
          expect(
            await first
              .locator('td')
              .first()
              .evaluate((cell) => getComputedStyle(cell).backgroundColor),
          ).toBe('rgb(227, 237, 253)');
          // Automated rows are red, and a failed one says so with its reason.
          const automated = rows.filter({ has: page.locator('td', { hasText: /^Automated: / }) });
          expect(await automated.evaluateAll((found) => found.map((row) => row.getAttribute('data-kind')))).toEqual([
            'automated',
            'automated',
          ]);
          expect(
            await automated
              .first()
              .locator('td')
              .first()
              .evaluate((cell) => getComputedStyle(cell).backgroundColor),
          ).toBe('rgb(253, 231, 229)');
          expect(await automated.first().locator('td').nth(2).textContent()).toBe(
            `${psid}Failed: Messenger is not answering right now. The reminder will be retried.`,
          );
          expect(await automated.nth(1).locator('td').nth(2).textContent()).toBe(psid);
          expect(await modal.locator('.reminder-log-scroll').evaluate((box) => getComputedStyle(box).maxHeight)).toBe(
            '500px',
          );
          expect(await log.getByRole('list', { name: 'Legend' }).getByRole('listitem').allTextContents()).toEqual([
            'Manual',
            'Automated',
          ]);
          await saveScreenshot(page, `appointments-reminders-sent-${label}`);
          await log.scrollIntoViewIfNeeded();
          await saveScreenshot(page, `appointments-reminders-log-${label}`);
        },
        viewport,
      );
    }

    const messages = await devMessagesTo(ctx.baseUrl, psid);
    expect(messages.map((message) => message.text)).toEqual([
      expect.stringContaining(`${text} (tablet-820x1180)`),
      expect.stringContaining(`${text} (desktop-1366x768)`),
    ]);
    expect(messages[0]!.quickReplies.map((reply) => reply.title)).toEqual(['Confirm', 'Cancel']);
    const logged = await suite.fixtures.reminderLog(fixture.appointmentId);
    const manualRows = logged.filter((row) => row.is_manual);
    expect(manualRows).toHaveLength(2);
    for (const row of manualRows)
      expect(row).toEqual({
        days_ahead: expectedDaysAhead(fixture.date),
        messenger_id: psid,
        is_manual: true,
        outcome: 'sent',
        error: null,
      });
  });

  it("explains a reminder that cannot be sent with the service's reason", async () => {
    const fixture = await suite.fixtures.reminderFixture('No Messenger Patient', { withMessengerId: false });
    await withPage(suite.browser, ctx.baseUrl, async (page) => {
      const modal = await openReminderModal(page, fixture);
      await region(modal, 'Reminder Settings')
        .getByText('The patient has no Messenger ID: reminders cannot reach them.', { exact: true })
        .waitFor();
      await region(modal, 'Manual Reminder Send').getByLabel('Custom Message').fill('Hello');
      await region(modal, 'Manual Reminder Send').getByRole('button', { name: 'Send Reminder Now' }).click();
      await expectAlert(page, 'Failed to send reminder', RECIPIENT_ERRORS.noPatientMessengerId);
      // What was typed is kept for another try.
      expect(await region(modal, 'Manual Reminder Send').getByLabel('Custom Message').inputValue()).toBe('Hello');
    });
  });
});
