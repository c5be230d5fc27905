/**
 * Reminders at the front desk, in Chromium as the receptionist: the Reminder modal of a Cancelled
 * appointment disables 'Send Reminder Now' and says why, at 820×1180 and 1366×768; an automated
 * reminder skipped because of a manual one says so in the log; and a reminder sent now for the
 * nearest appointment the clinic can hold reaches the patient with the right day word ("today"
 * while the clinic's day still has a slot ahead, which is most of its working hours).
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { clinicInstant, clinicWeekdayOf, formatClinicDateTimeLong, toClinicIso } from '@common/clinic-calendar';
import { CLINIC_TIME_ZONE, clinicDateAt, clinicDaysAhead, clinicTime, clinicWorkday } from '../support/clinic-time.ts';
import { DEMO, openReminders, openTab, showDentistMonthById, signIn } from './support/app.ts';
import { DESKTOP, saveScreenshot, TABLET_PORTRAIT, withPage } from './support/chromium.ts';
import { devMessagesTo } from './support/dev-messenger.ts';
import { ClinicFixtures } from './support/fixtures.ts';
import { longDentistName } from './support/long-names.ts';
import { setUpBrowserAndFixtures } from './support/suite.ts';

const ctx = inject('e2e');

const MINUTE = 60_000;
const SKIPPED = 'Not sent: a manual reminder already went out to this recipient today.';

interface Booked {
  appointmentId: number;
  patientName: string;
  psid: string;
  /** The appointment's instant, as stored. */
  time: string;
}

/**
 * The first time from ten minutes on at which the clinic could still see a patient today
 * (09:00–17:40 starts, not over lunch, not on Sunday), or null when its day has none left.
 */
function laterToday(now: Date): string | null {
  const earliest = new Date(Math.ceil((now.getTime() + 10 * MINUTE) / (5 * MINUTE)) * 5 * MINUTE);
  const today = clinicDateAt(now);
  if (clinicDateAt(earliest) !== today || clinicWeekdayOf(earliest, CLINIC_TIME_ZONE) === 0) return null;
  let start = earliest;
  const at = (time: string) => clinicInstant(today, time, CLINIC_TIME_ZONE);
  if (start < at('09:00')) start = at('09:00');
  if (start > at('11:40') && start < at('13:00')) start = at('13:00');
  if (start > at('17:40')) return null;
  return toClinicIso(start, CLINIC_TIME_ZONE);
}

/** The patient's day word for an appointment on `date`, at `now` (the rule the service follows). */
function dayWord(date: string, now: Date): string {
  const days = clinicDaysAhead(date, now);
  return days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
}

class ReminderFixtures extends ClinicFixtures {
  async booked(dentistId: number, label: string, time: string, status?: string): Promise<Booked> {
    const psid = `8${Date.now()}${randomInt(100, 999)}`;
    const patientName = `${label} ${randomUUID().slice(0, 6)}`;
    const patientId = await this.patient(patientName, { messenger_id: psid });
    const appointmentId = await this.appointmentAsServiceRole({ dentistId, patientId, time, status });
    return { appointmentId, patientName, psid, time };
  }

  /** An automated reminder the scheduler skipped for a manual one (only the service role writes the log). */
  async skippedReminder(booked: Booked) {
    const { error } = await this.service.from('appointment_reminders').insert({
      clinic_id: this.clinicId,
      appointment_id: booked.appointmentId,
      sent_on: new Date(Date.now() - MINUTE).toISOString(),
      days_ahead: 1,
      messenger_id: booked.psid,
      is_manual: false,
      outcome: 'skipped',
      error: SKIPPED,
    });
    if (error) throw error;
  }
}

async function devTextsTo(psid: string): Promise<string[]> {
  return (await devMessagesTo(ctx.baseUrl, psid)).map((message) => message.text);
}

/** Shows the dentist's appointments of the month of `time` and opens the patient's Reminder modal. */
async function openReminderModal(page: Page, dentistId: number, booked: Booked) {
  await showDentistMonthById(page, dentistId, clinicDateAt(new Date(booked.time)));
  return openReminders(page, booked.patientName);
}

describe.skipIf(!ctx.chromium)('front-desk reminders', () => {
  const suite = setUpBrowserAndFixtures(ctx, () => ReminderFixtures.signInAs(ctx, DEMO.admin));

  it('refuses a reminder for a Cancelled appointment with the reason, shows a skipped one, and a same-day send says "today"', async () => {
    const dentistName = longDentistName('Dr. Reminder');
    const dentistId = await suite.fixtures.dentist(dentistName);
    const cancelled = await suite.fixtures.booked(
      dentistId,
      'Cancelled Patient',
      clinicTime(clinicWorkday(4), '11:00'),
      'Cancelled',
    );
    // The nearest appointment the clinic can hold: later today while its day has a slot left.
    const soon = await suite.fixtures.booked(
      dentistId,
      'Same Day Patient',
      laterToday(new Date()) ?? clinicTime(clinicWorkday(1), '09:00'),
    );
    await suite.fixtures.skippedReminder(soon);

    await withPage(
      suite.browser,
      ctx.baseUrl,
      async (page) => {
        await signIn(page, DEMO.receptionist);
        await openTab(page, 'Appointments');

        // No reminder for a Cancelled appointment, and the modal says why, at both sizes.
        let modal = await openReminderModal(page, dentistId, cancelled);
        const manual = modal.getByRole('region', { name: 'Manual Reminder Send' });
        const send = manual.getByRole('button', { name: 'Send Reminder Now' });
        const reason = 'This appointment is Cancelled: a reminder can no longer be sent.';
        for (const [viewport, label] of [
          [TABLET_PORTRAIT, 'tablet'],
          [DESKTOP, 'desktop'],
        ] as const) {
          await page.setViewportSize(viewport);
          await send.scrollIntoViewIfNeeded();
          expect(await send.isDisabled(), label).toBe(true);
          await manual.getByText(reason, { exact: true }).waitFor();
          expect(await send.getAttribute('aria-describedby'), label).toBe(
            await manual.getByText(reason, { exact: true }).getAttribute('id'),
          );
          // The reason sits beside the button, inside the card, never cut off.
          const [reasonBox, sendBox, cardBox] = await Promise.all([
            manual.getByText(reason, { exact: true }).boundingBox(),
            send.boundingBox(),
            manual.boundingBox(),
          ]);
          expect(reasonBox!.x + reasonBox!.width, label).toBeLessThanOrEqual(cardBox!.x + cardBox!.width + 1);
          expect(sendBox!.x + sendBox!.width, label).toBeLessThanOrEqual(cardBox!.x + cardBox!.width + 1);
          await saveScreenshot(page, `12-2-reminder-disabled-${label}`);
        }
        await modal.getByRole('button', { name: 'Close' }).click();
        await modal.waitFor({ state: 'detached' });

        // The skipped automated reminder says why; a reminder sent now names the right day.
        modal = await openReminderModal(page, dentistId, soon);
        const log = modal.getByRole('region', { name: 'Sent Reminders Log' });
        await log.getByText(SKIPPED, { exact: true }).waitFor();
        const sendSoon = modal.getByRole('region', { name: 'Manual Reminder Send' }).getByRole('button', {
          name: 'Send Reminder Now',
        });
        expect(await sendSoon.isDisabled()).toBe(false);
        const before = new Date();
        await sendSoon.click();
        await page.locator('.swal2-title', { hasText: 'Reminder Sent!' }).waitFor();
        await expect.poll(() => devTextsTo(soon.psid), { timeout: 10_000 }).toHaveLength(1);
        const after = new Date();
        await log.locator('tbody tr').nth(1).waitFor();
        await saveScreenshot(page, '12-1-reminder-sent-desktop');
        await page.setViewportSize(TABLET_PORTRAIT);
        await log.scrollIntoViewIfNeeded();
        await saveScreenshot(page, '12-3-reminder-skipped-tablet');

        // An appointment later today: 'today', though the modal sent days_ahead 1 (the day word of
        // the next clinic day otherwise; both ends of the send, in case midnight fell between).
        const date = clinicDateAt(new Date(soon.time));
        const words = new Set([dayWord(date, before), dayWord(date, after)]);
        const [text] = await devTextsTo(soon.psid);
        const when = formatClinicDateTimeLong(soon.time, CLINIC_TIME_ZONE);
        expect(
          [...words].map(
            (word) =>
              `Hi ${soon.patientName}, this is a reminder of your appointment with ${dentistName} at Smile Dental ` +
              `${word}, ${when}. Tap Confirm to confirm it, or Cancel if you cannot come.`,
          ),
        ).toContain(text);
      },
      TABLET_PORTRAIT,
    );
  });
});
