/**
 * The Appointments tab's calendar view as the receptionist, in a browser set to America/New_York:
 * events at the clinic's time (Asia/Manila) in the column of their clinic date, clicking one opens
 * it for editing, and selecting a free slot in a dentist's column of the day view opens Add with
 * dentist, date and time filled in, then books it. Each test makes its own dentist and patient.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { clinicWorkday } from '../support/clinic-time.ts';
import { DEMO, openTab, signIn } from './support/app.ts';
import { BROWSER_TIME_ZONE, openPage, saveScreenshot, TABLET_PORTRAIT } from './support/chromium.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';
import { expectNoSidewaysScroll } from './support/layout.ts';
import { setUpBrowserAndFixtures } from './support/suite.ts';

const ctx = inject('e2e');

async function openCalendar(page: Page) {
  await signIn(page, DEMO.receptionist);
  // The browser really is in New York.
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_TIME_ZONE);
  await openTab(page, 'Appointments');
  await page.getByRole('button', { name: 'Calendar', exact: true }).click();
  await page.getByTestId('appointments-calendar').locator('.rbc-time-view').waitFor();
}

const calendar = (page: Page) => page.getByTestId('appointments-calendar');

/** Pages the calendar (its toolbar's Back/Next) until it shows the clinic date `date`. */
async function showDate(page: Page, date: string, view: 'week' | 'day') {
  await calendar(page)
    .locator('.rbc-toolbar')
    .getByRole('button', { name: view === 'week' ? 'Week' : 'Day', exact: true })
    .click();
  await expect.poll(() => calendar(page).getAttribute('data-view')).toBe(view);
  for (let step = 0; step < 20; step++) {
    const shown = (await calendar(page).getAttribute('data-date'))!;
    const inView =
      view === 'day'
        ? shown === date
        : Math.abs(Date.parse(shown) - Date.parse(date)) < 7 * 86_400_000 && mondayOf(shown) === mondayOf(date);
    if (inView) return;
    await calendar(page)
      .locator('.rbc-toolbar')
      .getByRole('button', { name: shown < date ? 'Next' : 'Back', exact: true })
      .click();
    await expect.poll(() => calendar(page).getAttribute('data-date')).not.toBe(shown);
  }
  throw new Error(`the calendar did not reach ${date}`);
}

/** The Monday of a date's week (weeks start on Monday in the calendar), as YYYY-MM-DD. */
function mondayOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

const columnIndex = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

async function chooseDentist(page: Page, name: string) {
  const select = calendar(page).getByLabel('Dentist');
  await select.locator('option', { hasText: name }).waitFor({ state: 'attached' });
  await select.selectOption({ label: name });
}

describe.skipIf(!ctx.chromium)('the calendar view', () => {
  const suite = setUpBrowserAndFixtures(ctx, () => ClinicFixtures.signInAs(ctx, DEMO.receptionist));

  it('shows events at the clinic time in their clinic date column from a New York browser, and opens one for editing', async () => {
    const dentistName = uniqueName('Dr. Calendar');
    const patientName = uniqueName('Patient Calendar');
    const dentistId = await suite.fixtures.dentist(dentistName);
    const patientId = await suite.fixtures.patient(patientName);
    const date = clinicWorkday(2);
    // 17:40 in Manila is 04:40 or 05:40 in New York the same morning: a browser-time calendar would put it
    // at the top of another day's column, or hide it outside 09:00–18:00.
    await suite.fixtures.appointment({ dentistId, patientId, time: `${date}T17:40:00+08:00`, status: 'Confirmed' });
    await suite.fixtures.appointment({ dentistId, patientId, time: `${date}T09:20:00+08:00` });

    const { context, page, pageErrors } = await openPage(suite.browser, ctx.baseUrl);
    try {
      await openCalendar(page);
      await chooseDentist(page, dentistName);
      await showDate(page, date, 'week');
      const events = calendar(page).locator('.rbc-event').filter({ hasText: patientName });
      await expect.poll(() => events.count()).toBe(2);
      const column = calendar(page).locator('.rbc-time-content > .rbc-day-slot').nth(columnIndex(date));
      const inColumn = column.locator('.rbc-event').filter({ hasText: patientName });
      expect(await inColumn.locator('.rbc-event-label').allTextContents()).toEqual(['9:20 AM', '5:40 PM']);
      expect(await inColumn.nth(1).getAttribute('class')).toContain('calendar-event-green');
      expect(await inColumn.nth(0).getAttribute('class')).toContain('calendar-event-grey');
      await saveScreenshot(page, 'appointments-calendar-week-desktop');

      await inColumn.nth(0).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Appointment' });
      await dialog.waitFor();
      await expect.poll(() => dialog.getByRole('combobox', { name: 'Patient' }).inputValue()).toContain(patientName);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('opens Add with the dentist, date and time of a free slot in the day view, and books it there', async () => {
    const dentistName = uniqueName('Dr. Slot');
    const patientName = uniqueName('Patient Slot');
    const dentistId = await suite.fixtures.dentist(dentistName);
    const patientId = await suite.fixtures.patient(patientName);
    const otherPatient = await suite.fixtures.patient(uniqueName('Patient Busy'));
    const date = clinicWorkday(3);
    await suite.fixtures.appointment({ dentistId, patientId: otherPatient, time: `${date}T10:00:00+08:00` });

    const { context, page, pageErrors } = await openPage(suite.browser, ctx.baseUrl);
    try {
      await openCalendar(page);
      await chooseDentist(page, dentistName);
      await showDate(page, date, 'day');
      // One column per dentist: with the filter, just this one.
      expect(await calendar(page).locator('.rbc-time-header .rbc-row-resource .rbc-header').allTextContents()).toEqual([
        dentistName,
      ]);
      const column = calendar(page).locator('.rbc-time-content > .rbc-day-slot').first();
      // Lunch is drawn as unavailable.
      await column.locator('.rbc-background-event.calendar-lunch').waitFor();
      await saveScreenshot(page, 'appointments-calendar-day-desktop');

      // The booked 10:00 shows as an event; 14:00 is the 16th 20-minute slot from 09:00.
      expect(await column.locator('.rbc-event').filter({ hasText: 'Patient Busy' }).count()).toBe(1);
      // The events layer covers the slots (react-big-calendar selects on the column), so click the spot.
      const slot = column.locator('.rbc-time-slot').nth(15);
      await slot.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      const box = (await slot.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);

      const dialog = page.getByRole('dialog', { name: 'Add Appointment' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Dentist').inputValue()).toBe(String(dentistId));
      await dialog.getByRole('combobox', { name: 'Patient' }).fill(patientName);
      await dialog.getByRole('option').filter({ hasText: patientName }).first().click();
      await dialog.getByLabel('Procedure Category').selectOption({ label: 'Preventive Care' });
      await dialog.getByLabel('Procedure', { exact: true }).selectOption({ index: 1 });
      await dialog.getByRole('button', { name: 'Book', exact: true }).click();
      await page.getByText('Appointment booked!').first().waitFor();
      await dialog.waitFor({ state: 'detached' });

      await expect
        .poll(async () =>
          (await suite.fixtures.appointmentsOf(patientId)).map((row) => new Date(row.appointment_time).toISOString()),
        )
        .toEqual([new Date(`${date}T14:00:00+08:00`).toISOString()]);
      const booked = column.locator('.rbc-event').filter({ hasText: patientName });
      await booked.waitFor();
      expect(await booked.locator('.rbc-event-label').textContent()).toBe('2:00 PM');

      // A slot that cannot be booked says why: on a Sunday in the booking form's words (the spec's).
      const sunday = new Date(`${date}T00:00:00Z`);
      sunday.setUTCDate(sunday.getUTCDate() + (7 - sunday.getUTCDay()));
      await showDate(page, sunday.toISOString().slice(0, 10), 'day');
      const closedSlot = calendar(page)
        .locator('.rbc-time-content > .rbc-day-slot')
        .first()
        .locator('.rbc-time-slot')
        .nth(3);
      await closedSlot.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      const closedBox = (await closedSlot.boundingBox())!;
      await page.mouse.click(closedBox.x + closedBox.width / 2, closedBox.y + closedBox.height / 2);
      await page.getByText('Clinic is closed on this day.').first().waitFor();
      expect(await page.getByRole('dialog', { name: 'Add Appointment' }).count()).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fits a front-desk tablet', async () => {
    const { context, page, pageErrors } = await openPage(suite.browser, ctx.baseUrl, TABLET_PORTRAIT);
    try {
      await openCalendar(page);
      await calendar(page).locator('.rbc-event').first().waitFor();
      await saveScreenshot(page, 'appointments-calendar-week-tablet');
      await expectNoSidewaysScroll(page);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
