/**
 * Live updates at the front desk, in Chromium at 820×1180 and 1366×768, in a clinic of its own
 * signed up with a 100-character name and a 200-character dentist (so no other browser file's
 * changes reach these desks):
 * - this tab's own status change raises no toast, pill or highlight; the same user's change in
 *   another tab does, saying what changed ('Scheduled → Confirmed', a move), and the toast lies
 *   clear of an open modal (the booking form, the Reminder modal with its log);
 * - a patient's late cancellation request shows on the row and in a toast, and 'Keep appointment'
 *   resolves it;
 * - the full notes open by tap;
 * - 'Live updates paused — reconnecting…' shows on going offline (its 2 s bound: the ping timing's
 *   unit tests).
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clipName } from '../../src/features/appointments/live/live-updates.ts';
import { clinicTime, clinicWorkday } from '../support/clinic-time.ts';
import { appointmentRow, createConfirmedAdmin, serviceClient, showDentistMonthById } from './support/app.ts';
import {
  DESKTOP,
  connectChromium,
  openPage,
  saveScreenshot,
  TABLET_PORTRAIT,
  type OpenedPage,
} from './support/chromium.ts';
import { ClinicFixtures, signedInClient } from './support/fixtures.ts';
import { appointmentsLive, classesOf, livePill, openLiveAppointments } from './support/live.ts';
import { longClinicName, longDentistName } from './support/long-names.ts';

const ctx = inject('e2e');
/**
 * The notice shows within 2 s of losing the socket. That bound is the ping timing's
 * (common/contract/realtime.ts, unit-tested on a fixed clock); here the test only waits for the
 * notice, generously, since the browser files share two cores.
 */
const NOTICE_WAIT_MS = 10_000;
/** At most one toast per 1.5 s. */
const TOAST_THROTTLE_MS = 1_500;
const RECONNECTING = 'Live updates paused — reconnecting…';
const LATE_CANCELLATION = 'Patient asked to cancel — call them';

const tag = () => randomUUID().slice(0, 6);

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element is not visible');
  return box;
}

/** The toast is on screen and neither it nor any part of it lies over the dialog or its buttons. */
async function expectClearOf(toast: Locator, dialog: Locator) {
  const toastBox = await boxOf(toast);
  expect(toastBox.height).toBeGreaterThan(0);
  expect(intersects(toastBox, await boxOf(dialog))).toBe(false);
  for (const button of await dialog.getByRole('button').all()) {
    const box = await button.boundingBox();
    if (box) expect(intersects(toastBox, box)).toBe(false);
  }
}

/** Waits until the throttle lets the next toast through, counted from when the last one showed. */
async function afterToastInterval(page: Page, shownAt: number) {
  await page.waitForFunction((until) => Date.now() >= until, shownAt + TOAST_THROTTLE_MS + 100, { polling: 100 });
}

describe.skipIf(!ctx.chromium)('the front desk live', () => {
  let browser: Awaited<ReturnType<typeof connectChromium>>;
  beforeAll(async () => {
    browser = await connectChromium(ctx);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("announces other tabs' changes but not its own, clear of open modals; shows and resolves a late cancellation; notes by tap; 'reconnecting' when the socket is lost", async () => {
    // A clinic of its own, as signed up, with a 200-character dentist and three appointments.
    const account = await createConfirmedAdmin(ctx, 'front-desk', longClinicName());
    const api = await signedInClient(ctx, account.email, account.password);
    const profile = await api.from('users').select('clinic_id').eq('email', account.email).single();
    if (profile.error) throw profile.error;
    const clinic = new ClinicFixtures(api, serviceClient(ctx), profile.data.clinic_id as number);
    const dentistName = longDentistName();
    const dentistId = await clinic.dentist(dentistName);
    // Notices clip a 200-character name, so what changed still shows.
    const dentistInNotice = clipName(dentistName);
    const [own, remote, flagged] = ['Own', 'Remote', 'Flag'].map((label) => `${label} Patient ${tag()}`) as [
      string,
      string,
      string,
    ];
    const date = clinicWorkday(6);
    const notes = `Sensitive upper left molar; prefers morning visits. ${'Allergic to latex, use nitrile gloves. '.repeat(4)}`;
    // The clinic has no procedures yet: the service role books what a receptionist would.
    const book = async (patient: string, time: string, reason: string) =>
      clinic.appointmentAsServiceRole({
        dentistId,
        patientId: await clinic.patient(patient),
        time: clinicTime(date, time),
        reason,
      });
    const ownId = await book(own, '10:00', `Dental Consultation — Notes: ${notes}`);
    const remoteId = await book(remote, '10:20', 'Dental Consultation');
    const flaggedId = await book(flagged, '10:40', 'Cleaning');

    const desk: OpenedPage = await openPage(browser, ctx.baseUrl, TABLET_PORTRAIT);
    const otherTab: OpenedPage = await openPage(browser, ctx.baseUrl, DESKTOP);
    try {
      await Promise.all([
        openLiveAppointments(desk.page, account.email, account.password),
        openLiveAppointments(otherTab.page, account.email, account.password),
      ]);
      await Promise.all([
        showDentistMonthById(desk.page, dentistId, date),
        showDentistMonthById(otherTab.page, dentistId, date),
      ]);
      const page = desk.page;
      await appointmentRow(page, flaggedId).waitFor();
      // The bookings above may reach the desk after it connected.
      const acknowledge = page.getByRole('button', { name: 'Acknowledge All' });
      if ((await acknowledge.count()) > 0) await acknowledge.click();
      await livePill(page).waitFor({ state: 'detached' });
      const acknowledgedAt = Date.now();

      // The desk confirms its own appointment: only its own 'Status updated'.
      await appointmentRow(page, ownId).getByRole('combobox').selectOption('Confirmed');
      await page.locator('.toast', { hasText: 'Status updated' }).waitFor();

      // At 820×1180: the booking form is open when the same user confirms another in another tab.
      await page.getByRole('button', { name: 'Add Appointment', exact: true }).click();
      const form = page.getByRole('dialog', { name: 'Add Appointment' });
      await form.waitFor();
      await afterToastInterval(page, acknowledgedAt);
      await appointmentRow(otherTab.page, remoteId).getByRole('combobox').selectOption('Confirmed');
      const remoteToast = page.locator('.toast', {
        hasText: `${remote} with ${dentistInNotice}: Scheduled → Confirmed`,
      });
      await remoteToast.waitFor();
      const firstToastAt = Date.now();
      await expectClearOf(remoteToast, form);
      await saveScreenshot(page, '12-4-toast-tablet');
      // The other tab's change is news; the desk's own (its event came first) is not.
      expect(await livePill(page).textContent()).toBe('1 new update(s)');
      expect(await classesOf(appointmentRow(page, remoteId))).toContain('appointment-highlighted');
      expect(await classesOf(appointmentRow(page, ownId))).not.toContain('appointment-highlighted');
      expect(await page.locator('.toast', { hasText: own }).count()).toBe(0);
      expect(await appointmentRow(page, ownId).getByRole('combobox').inputValue()).toBe('Confirmed');
      await form.getByRole('button', { name: 'Close' }).first().click();
      await form.waitFor({ state: 'detached' });

      // The notes at 820×1180: the whole text by tap (a button, not a hover-only title).
      const notesButton = appointmentRow(page, ownId).getByRole('button', {
        name: /Notes: Sensitive upper left molar/,
      });
      await notesButton.click();
      const notesPanel = page.getByRole('group', { name: /^Procedure and notes of / });
      await notesPanel.getByText(notes.trim()).waitFor();
      await saveScreenshot(page, '12-7-notes-tablet');
      await page.keyboard.press('Escape');
      await notesPanel.waitFor({ state: 'detached' });

      // At 1366×768: the Reminder modal (with its log) is open when the appointment is moved elsewhere.
      await page.setViewportSize(DESKTOP);
      await appointmentRow(page, flaggedId)
        .getByRole('button', { name: /^Reminders for / })
        .click();
      const reminders = page.getByRole('dialog', { name: 'Manage Reminders' });
      await reminders.waitFor();
      await afterToastInterval(page, firstToastAt);
      const moved = await api
        .from('appointments')
        .update({ appointment_time: clinicTime(date, '11:20') })
        .eq('id', remoteId);
      expect(moved.error).toBeNull();
      const movedToast = page.locator('.toast', { hasText: `${remote} with ${dentistInNotice}: moved ` });
      await movedToast.waitFor();
      const secondToastAt = Date.now();
      expect(await movedToast.textContent()).toMatch(/moved .+10:20 AM → .+11:20 AM/);
      await expectClearOf(movedToast, reminders);
      await saveScreenshot(page, '12-4-toast-desktop');
      await reminders.getByRole('button', { name: 'Close' }).first().click();
      await reminders.waitFor({ state: 'detached' });

      // A late cancellation: the patient asks in Messenger to cancel within the hour (what the
      // webhook writes).
      await afterToastInterval(page, secondToastAt);
      const raised = await clinic.service
        .from('appointment_flags')
        .insert({
          clinic_id: clinic.clinicId,
          appointment_id: flaggedId,
          kind: 'late_cancellation_request',
          note: 'The patient tapped Cancel 40 minutes before the appointment.',
        })
        .select('id')
        .single();
      if (raised.error) throw raised.error;
      const flagToast = page.locator('.toast', { hasText: `${flagged} with ${dentistInNotice}: ${LATE_CANCELLATION}` });
      await flagToast.waitFor();
      expect(await flagToast.getAttribute('class')).toContain('toast-error');
      const badge = appointmentRow(page, flaggedId).getByRole('button', { name: /^Asked to cancel: / });
      await badge.waitFor();
      await saveScreenshot(page, '12-8-flag-desktop');

      // Notes at 1366×768 too; then the request at 820×1180, handled with 'Keep appointment'.
      await notesButton.click();
      await notesPanel.getByText(notes.trim()).waitFor();
      await saveScreenshot(page, '12-7-notes-desktop');
      await page.keyboard.press('Escape');
      await page.setViewportSize(TABLET_PORTRAIT);
      await badge.click();
      const request = page.getByRole('group', { name: /^Late cancellation request of / });
      await request.getByText(LATE_CANCELLATION).waitFor();
      await saveScreenshot(page, '12-8-flag-tablet');
      await request.getByRole('button', { name: 'Keep appointment' }).click();
      await badge.waitFor({ state: 'detached' });
      const stored = await clinic.service.from('appointment_flags').select('resolved_at').eq('id', raised.data.id);
      expect(stored.data?.[0]?.resolved_at).not.toBeNull();
      expect(await appointmentRow(page, flaggedId).getByRole('combobox').inputValue()).toBe('Scheduled');

      // Offline, the notice shows; back online, it goes.
      await desk.context.setOffline(true);
      await page.getByText(RECONNECTING).waitFor({ timeout: NOTICE_WAIT_MS });
      await desk.context.setOffline(false);
      await appointmentsLive(page, 'connected').waitFor();
      expect(await page.getByText(RECONNECTING).count()).toBe(0);
    } finally {
      await Promise.all([desk.context.close(), otherTab.context.close()]);
    }
    expect([...desk.pageErrors, ...otherTab.pageErrors]).toEqual([]);
  });
});
