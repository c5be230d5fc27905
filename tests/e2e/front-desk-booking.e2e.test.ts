/**
 * Correcting past appointments and the Notes box, in Chromium as the receptionist, at 820×1180 and
 * 1366×768 in one page session: a past appointment (made through the service role at a time
 * computed from the clinic's now) opens for edit at its own time, other past times cannot be
 * chosen, and corrected notes save where it is with its status; the database refuses moving it to
 * another past time. The Notes box counts as the check does: the counter and 'at most N characters'
 * agree, and follow the procedure. The dentist has a 200-character name.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { clinicTime, clinicWorkday } from '../support/clinic-time.ts';
import { DEMO, signIn, openEditFromList, openTab } from './support/app.ts';
import { DESKTOP, saveScreenshot, TABLET_PORTRAIT, withPage } from './support/chromium.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';
import { longDentistName } from './support/long-names.ts';
import { setUpBrowserAndFixtures } from './support/suite.ts';

const ctx = inject('e2e');
const PROCEDURE = 'Composite Filling';

const sameInstant = (a: string, b: string) => new Date(a).getTime() === new Date(b).getTime();

const slot = (form: Locator, time: string) => form.locator(`[data-time="${time}"]`);
const counter = (form: Locator) => form.locator('.booking-notes-count');
const saveButton = (form: Locator) => form.getByRole('button', { name: 'Save', exact: true });

/** The past appointment's form shows its own time chosen, and no other past time can be. */
async function expectKeptTime(form: Locator) {
  await expect.poll(() => slot(form, '10:00').getAttribute('aria-pressed')).toBe('true');
  expect(await slot(form, '10:00').getAttribute('aria-label')).toBe('10:00 AM, This appointment');
  await slot(form, '09:40').click({ force: true });
  expect(await slot(form, '09:40').getAttribute('aria-pressed')).toBe('false');
  expect(await slot(form, '10:00').getAttribute('aria-pressed')).toBe('true');
  expect(await form.getByText('The time you chose is no longer available.').count()).toBe(0);
  await expect.poll(() => saveButton(form).getAttribute('aria-disabled')).toBeNull();
}

/**
 * Notes typed to the limit beside Composite Filling (973), then Dental Consultation chosen (971):
 * the counter and the message say the same number (the screenshot shows both), and Save waits.
 */
async function expectNotesLimit(page: Page, form: Locator, screenshot: string) {
  const notes = form.getByLabel(/Additional Notes/);
  await form.getByLabel('Procedure Category').selectOption({ label: 'Restorative' });
  await form.getByLabel('Procedure', { exact: true }).selectOption({ label: 'Composite Filling — ₱1,500.00' });
  await notes.fill('x'.repeat(1000));
  expect((await notes.inputValue()).length).toBe(973);
  expect(await counter(form).textContent()).toBe('973 / 973 characters');
  expect(await form.getByText(/Additional Notes must be at most/).count()).toBe(0);
  await form.getByLabel('Procedure Category').selectOption({ label: 'Preventive Care' });
  await form.getByLabel('Procedure', { exact: true }).selectOption({ label: 'Dental Consultation — ₱500.00' });
  await form.getByText('Additional Notes must be at most 971 characters.', { exact: true }).waitFor();
  expect(await counter(form).textContent()).toBe('973 / 971 characters');
  expect(await saveButton(form).getAttribute('aria-disabled')).toBe('true');
  await counter(form).scrollIntoViewIfNeeded();
  await saveScreenshot(page, screenshot);
  await notes.press('End');
  await notes.press('Backspace');
  await notes.press('Backspace');
  expect(await counter(form).textContent()).toBe('971 / 971 characters');
  await expect.poll(() => saveButton(form).getAttribute('aria-disabled')).toBeNull();
}

/**
 * Nothing of the row's 'Needs status update' badge is cut off: not by itself (an ellipsis), not by
 * a box around it that hides what overflows.
 */
async function expectBadgeWhole(page: Page, patientName: string) {
  const badge = page
    .getByRole('row')
    .filter({ hasText: patientName })
    .locator('.needs-update', { hasText: 'Needs status update' });
  await badge.waitFor();
  const clipped = await badge.evaluate((element) => {
    if (element.scrollWidth > element.clientWidth) return 'the badge itself';
    const own = element.getBoundingClientRect();
    for (let box = element.parentElement; box; box = box.parentElement) {
      const style = getComputedStyle(box);
      const hides = [style.overflowX, style.overflowY].some((value) => value === 'hidden' || value === 'clip');
      const rect = box.getBoundingClientRect();
      if (hides && (own.left < rect.left - 0.5 || own.right > rect.right + 0.5 || own.bottom > rect.bottom + 0.5)) {
        return box.className || box.tagName;
      }
    }
    return null;
  });
  expect(clipped).toBeNull();
}

describe.skipIf(!ctx.chromium)('front desk: correcting a past appointment, and the Notes count', () => {
  const suite = setUpBrowserAndFixtures(ctx, () => ClinicFixtures.signInAs(ctx, DEMO.receptionist));

  it('saves corrected notes of a past appointment at its time, refuses other past times, and counts notes as the check does', async () => {
    const dentist = longDentistName('Dr. Past');
    const patient = uniqueName('Past Visit Patient');
    const dentistId = await suite.fixtures.dentist(dentist);
    const patientId = await suite.fixtures.patient(patient);
    const past = clinicWorkday(-1);
    const time = clinicTime(past, '10:00');
    const appointmentId = await suite.fixtures.appointmentAsServiceRole({
      dentistId,
      patientId,
      time,
      reason: `${PROCEDURE} — Notes: upper molar`,
    });

    await withPage(
      suite.browser,
      ctx.baseUrl,
      async (page) => {
        await signIn(page, DEMO.receptionist);
        await openTab(page, 'Appointments');

        let form = await openEditFromList(page, dentist, patient, past);
        await form.getByText(/^This appointment was on .* at 10:00 AM, which has passed\./).waitFor();
        await expectKeptTime(form);
        await saveScreenshot(page, '12-6-past-edit-tablet');
        await expectNotesLimit(page, form, '12-7-notes-count-tablet');
        await form.getByLabel(/Additional Notes/).fill('upper left molar, sensitive');
        expect(await counter(form).textContent()).toBe('27 / 971 characters');
        await saveButton(form).click();
        await page.locator('.toast-region').getByText('Appointment updated!', { exact: true }).waitFor();
        await form.waitFor({ state: 'detached' });
        // Still Scheduled and past: the row still asks for a status update, the badge whole.
        await expectBadgeWhole(page, patient);

        await page.setViewportSize(DESKTOP);
        await expectBadgeWhole(page, patient);
        await page.getByRole('button', { name: `Edit appointment of ${patient}` }).click();
        form = page.getByRole('dialog', { name: 'Edit Appointment' });
        await expectKeptTime(form);
        expect(await form.getByLabel(/Additional Notes/).inputValue()).toBe('upper left molar, sensitive');
        await saveScreenshot(page, '12-6-past-edit-desktop');
        await expectNotesLimit(page, form, '12-7-notes-count-desktop');
        await form.getByRole('button', { name: 'Cancel' }).click();
        await form.waitFor({ state: 'detached' });
      },
      TABLET_PORTRAIT,
    );

    const [stored] = await suite.fixtures.appointmentsOf(patientId);
    expect(stored).toMatchObject({
      id: appointmentId,
      dentist_id: dentistId,
      reason: 'Dental Consultation — Notes: upper left molar, sensitive',
      status: 'Scheduled',
    });
    expect(sameInstant(stored!.appointment_time, time)).toBe(true);
    // The database refuses what the form does not offer: another past time.
    const moved = await suite.fixtures.api
      .from('appointments')
      .update({ appointment_time: clinicTime(past, '09:40') })
      .eq('id', appointmentId);
    expect(moved.error).toMatchObject({ code: '23P01', details: 'in the past' });
  });
});
