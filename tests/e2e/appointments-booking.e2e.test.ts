/**
 * The Add/Edit Appointment form in Chromium as the receptionist: booking (a double click books
 * once), every validation message the screens can reach, the double-booking warning both ways, a
 * slot taken between loading and saving ('Invalid Slot' before the save, 'Booking failed!' when it
 * is taken during it, and two browsers at once), edit (status back to Scheduled), an appointment
 * deleted elsewhere while its form is open, and the booking again with the browser in
 * America/New_York. Each test makes its own dentist and patient through the API, so the seeded
 * dentists' counts stay what the seed made them.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { clinicDateAt, clinicTime, clinicWorkday } from '../support/clinic-time.ts';
import { DEMO, signIn, openEditFromList, openTab } from './support/app.ts';
import {
  BROWSER_TIME_ZONE,
  DESKTOP,
  saveScreenshot,
  openPage,
  TABLET_PORTRAIT,
  withPage,
  type OpenedPage,
} from './support/chromium.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';
import { setUpBrowserAndFixtures } from './support/suite.ts';

const ctx = inject('e2e');
const PROCEDURE = 'Composite Filling';
const PROCEDURE_OPTION = 'Composite Filling — ₱1,500.00';

const sameInstant = (a: string, b: string) => new Date(a).getTime() === new Date(b).getTime();

/** Signs in as the receptionist, opens Add Appointment from the Appointments list and waits for the form. */
async function openAddFormAsReceptionist(page: Page): Promise<Locator> {
  await signIn(page, DEMO.receptionist);
  await openTab(page, 'Appointments');
  await page.getByRole('button', { name: 'Add Appointment', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Add Appointment' });
  await form.getByLabel('Dentist').waitFor();
  return form;
}

async function choosePatient(form: Locator, name: string) {
  const input = form.getByRole('combobox', { name: 'Patient' });
  await input.fill(name);
  await form.getByRole('option', { name: new RegExp(`^${name}`) }).click();
  expect(await input.inputValue()).toBe(name);
}

/** Picks a clinic date in the form's calendar, paging forward when it is in a later month. */
async function chooseDate(form: Locator, date: string) {
  const day = form.locator(`.booking-day[data-date="${date}"]`);
  for (let pages = 0; pages < 3 && (await day.count()) === 0; pages++) {
    await form.getByRole('button', { name: 'Next month' }).click();
  }
  await day.click();
  expect(await day.getAttribute('aria-pressed')).toBe('true');
}

const slot = (form: Locator, time: string) => form.locator(`[data-time="${time}"]`);

async function chooseSlot(form: Locator, time: string) {
  await slot(form, time).click();
  await expect.poll(() => slot(form, time).getAttribute('aria-pressed')).toBe('true');
}

async function chooseProcedure(form: Locator, category = 'Restorative', procedure = PROCEDURE_OPTION) {
  await form.getByLabel('Procedure Category').selectOption({ label: category });
  await form.getByLabel('Procedure', { exact: true }).selectOption({ label: procedure });
}

async function fillBooking(
  form: Locator,
  input: { dentist: string; patient: string; date: string; time: string; notes?: string },
) {
  await form.getByLabel('Dentist').selectOption({ label: input.dentist });
  await choosePatient(form, input.patient);
  await chooseDate(form, input.date);
  await chooseSlot(form, input.time);
  await chooseProcedure(form);
  if (input.notes) await form.getByLabel(/Additional Notes/).fill(input.notes);
  try {
    await expect
      .poll(() => form.getByRole('button', { name: 'Book', exact: true }).getAttribute('aria-disabled'))
      .toBeNull();
  } catch (error) {
    // Book stayed disabled: say what the form held then, so a rare failure names its cause.
    throw new Error(`${(error as Error).message}\nThe form then: ${JSON.stringify(await bookingFormState(form))}`);
  }
}

/** What decides whether Book is enabled, as the page shows it. */
async function bookingFormState(form: Locator) {
  return form.evaluate((element) => {
    const valueOf = (label: string) => {
      const field = [...element.querySelectorAll('label')].find(
        (candidate) => candidate.textContent?.replace(/[*\s]+$/, '').trim() === label,
      );
      const control = field?.htmlFor ? element.ownerDocument.getElementById(field.htmlFor) : null;
      return control && 'value' in control ? String(control.value) : null;
    };
    return {
      dentist: valueOf('Dentist'),
      patient: (element.querySelector('[role=combobox]') as HTMLInputElement | null)?.value ?? null,
      day: element.querySelector('.booking-day[aria-pressed=true]')?.getAttribute('data-date') ?? null,
      slot: element.querySelector('[data-time][aria-pressed=true]')?.getAttribute('data-time') ?? null,
      slots: element.querySelectorAll('[data-time]').length,
      category: valueOf('Procedure Category'),
      procedure: valueOf('Procedure'),
      messages: [...element.querySelectorAll('[role=alert], .field-error, .booking-footer-message')]
        .map((message) => message.textContent?.trim())
        .filter(Boolean),
    };
  });
}

/** Waits for the sweetalert2 dialog, checks its title (and text), and answers it. */
async function answerDialog(page: Page, title: string, button: string, text?: string) {
  const popup = page.locator('.swal2-popup');
  await popup.waitFor();
  expect(await popup.locator('.swal2-title').textContent()).toBe(title);
  if (text !== undefined) expect(await popup.locator('.swal2-html-container').textContent()).toBe(text);
  await popup.getByRole('button', { name: button, exact: true }).click();
  await popup.waitFor({ state: 'detached' });
}

async function expectToast(page: Page, text: string) {
  await page.locator('.toast-region').getByText(text, { exact: true }).waitFor();
}

describe.skipIf(!ctx.chromium)('booking an appointment', () => {
  const suite = setUpBrowserAndFixtures(ctx, () => ClinicFixtures.signInAs(ctx, DEMO.receptionist));

  it('books a free slot in clinic time, +08:00, once even when Book is double-clicked', async () => {
    const dentist = uniqueName('Dr. Booking');
    const patient = uniqueName('Booked Patient');
    await suite.fixtures.dentist(dentist);
    const patientId = await suite.fixtures.patient(patient);
    const date = clinicWorkday(3);

    await withPage(suite.browser, ctx.baseUrl, async (page) => {
      const form = await openAddFormAsReceptionist(page);
      // Procedure stays disabled until a category is chosen; inactive dentists are marked.
      expect(await form.getByLabel('Procedure', { exact: true }).isDisabled()).toBe(true);
      expect(
        await form.getByLabel('Dentist').locator('option', { hasText: 'Dr. Ramon Bautista (Inactive)' }).isDisabled(),
      ).toBe(true);
      await fillBooking(form, { dentist, patient, date, time: '10:20', notes: 'Upper left molar, sensitive' });
      expect(await form.getByText('Price:').textContent()).toBe('Price: ₱1,500.00');
      await saveScreenshot(page, 'booking-form-desktop');
      await form.getByRole('button', { name: 'Book', exact: true }).dblclick();
      await expectToast(page, 'Appointment booked!');
      await form.waitFor({ state: 'detached' });
    });

    const rows = await suite.fixtures.appointmentsOf(patientId);
    expect(rows).toHaveLength(1);
    expect(sameInstant(rows[0]!.appointment_time, clinicTime(date, '10:20'))).toBe(true);
    expect(rows[0]).toMatchObject({
      reason: `${PROCEDURE} — Notes: Upper left molar, sensitive`,
      status: 'Scheduled',
      deleted: false,
      clinic_id: suite.fixtures.clinicId,
    });
  });

  it('shows the form on a tablet in portrait', async () => {
    const dentist = uniqueName('Dr. Tablet');
    const patient = uniqueName('Tablet Patient');
    await suite.fixtures.dentist(dentist);
    await suite.fixtures.patient(patient);
    await withPage(
      suite.browser,
      ctx.baseUrl,
      async (page) => {
        const form = await openAddFormAsReceptionist(page);
        await fillBooking(form, { dentist, patient, date: clinicWorkday(4), time: '13:40' });
        await saveScreenshot(page, 'booking-form-tablet');
        await form.getByRole('button', { name: 'Cancel' }).click();
        await form.waitFor({ state: 'detached' });
      },
      TABLET_PORTRAIT,
    );
  });

  it('shows every validation message the screens can reach, with the banner and the dialog', async () => {
    const dentist = uniqueName('Dr. Validation');
    const patient = uniqueName('Past Patient');
    const dentistId = await suite.fixtures.dentist(dentist);
    const patientId = await suite.fixtures.patient(patient);
    const past = clinicWorkday(-2);
    await suite.fixtures.appointmentAsServiceRole({
      dentistId,
      patientId,
      time: clinicTime(past, '10:00'),
      status: 'Completed',
      reason: PROCEDURE,
    });

    await withPage(suite.browser, ctx.baseUrl, async (page) => {
      let form = await openAddFormAsReceptionist(page);
      const book = form.getByRole('button', { name: 'Book', exact: true });
      expect(await book.getAttribute('aria-disabled')).toBe('true');
      // Disabled, but pressing it says why.
      await book.click({ force: true });
      await answerDialog(page, 'Validation Error', 'OK', 'Please fix the highlighted errors.');
      for (const message of [
        'Dentist is required.',
        'Patient is required.',
        'Time slot is required.',
        'Procedure category is required.',
        'Procedure is required.',
      ]) {
        await form.getByText(message, { exact: true }).waitFor();
      }
      expect(await form.getByRole('alert').first().textContent()).toBe('Please fix the highlighted errors.');
      expect(await form.getByLabel('Dentist').getAttribute('aria-invalid')).toBe('true');
      await saveScreenshot(page, 'booking-form-validation');
      // Fixing a field clears its message.
      await form.getByLabel('Dentist').selectOption({ label: dentist });
      await form.getByText('Dentist is required.').waitFor({ state: 'detached' });
      // Sundays and past days cannot be picked in the calendar.
      const sunday = form.locator('.booking-day[title="Closed"]').first();
      expect(await sunday.isDisabled()).toBe(true);
      await form.getByRole('button', { name: 'Cancel' }).click();
      await form.waitFor({ state: 'detached' });

      // A past appointment opened for edit keeps its own day; given another dentist, it would be a
      // new booking on a past day.
      form = await openEditFromList(page, dentist, patient, past);
      await expect.poll(() => slot(form, '10:00').getAttribute('aria-pressed')).toBe('true');
      const otherDentist = form.getByLabel('Dentist').locator('option:not([disabled]):not([value=""])');
      await form.getByLabel('Dentist').selectOption({
        label: (await otherDentist.filter({ hasNotText: dentist }).first().textContent())!,
      });
      await form.getByText('Date must not be in the past.', { exact: true }).waitFor();
      expect(await form.getByRole('button', { name: 'Save', exact: true }).getAttribute('aria-disabled')).toBe('true');
      await form.getByRole('button', { name: 'Cancel' }).click();
    });
  });

  it('warns of a double booking; Cancel books nothing', async () => {
    const dentist = uniqueName('Dr. Second');
    const other = uniqueName('Dr. First');
    const patient = uniqueName('Busy Patient');
    await suite.fixtures.dentist(dentist);
    const otherId = await suite.fixtures.dentist(other);
    const patientId = await suite.fixtures.patient(patient);
    const date = clinicWorkday(5);
    await suite.fixtures.appointment({
      dentistId: otherId,
      patientId,
      time: clinicTime(date, '09:00'),
      reason: PROCEDURE,
    });

    await withPage(suite.browser, ctx.baseUrl, async (page) => {
      const form = await openAddFormAsReceptionist(page);
      await fillBooking(form, { dentist, patient, date, time: '15:00' });
      await form.getByRole('button', { name: 'Book', exact: true }).click();
      const popup = page.locator('.swal2-popup');
      await popup.waitFor();
      expect(await popup.locator('.swal2-title').textContent()).toBe('Double Booking');
      expect(await popup.locator('.double-booking-details dd').allTextContents()).toEqual([
        expect.stringMatching(/\d{4}$/),
        '9:00 AM',
        other,
        PROCEDURE,
        'Scheduled',
      ]);
      // The dialog fades in; the screenshot waits for it to settle.
      await popup.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)));
      await saveScreenshot(page, 'booking-double-booking');
      await answerDialog(page, 'Double Booking', 'Cancel');
      // Nothing saved, the form still open with everything chosen.
      expect(await form.getByRole('combobox', { name: 'Patient' }).inputValue()).toBe(patient);
      await expect.poll(() => slot(form, '15:00').getAttribute('aria-pressed')).toBe('true');
    });
    expect(await suite.fixtures.appointmentsOf(patientId)).toHaveLength(1);
  });

  it("'Edit Existing Appointment' opens the existing one and saves it without asking again", async () => {
    const dentist = uniqueName('Dr. Second');
    const other = uniqueName('Dr. First');
    const patient = uniqueName('Busy Patient');
    await suite.fixtures.dentist(dentist);
    const otherId = await suite.fixtures.dentist(other);
    const patientId = await suite.fixtures.patient(patient);
    const date = clinicWorkday(5);
    const existingId = await suite.fixtures.appointment({
      dentistId: otherId,
      patientId,
      time: clinicTime(date, '09:00'),
      reason: `${PROCEDURE} — Notes: first visit`,
    });

    await withPage(suite.browser, ctx.baseUrl, async (page) => {
      const form = await openAddFormAsReceptionist(page);
      await fillBooking(form, { dentist, patient, date, time: '15:00' });
      await form.getByRole('button', { name: 'Book', exact: true }).click();
      await answerDialog(page, 'Double Booking', 'Edit Existing Appointment');
      const edit = page.getByRole('dialog', { name: 'Edit Appointment' });
      await edit.getByLabel('Dentist').waitFor();
      await expect.poll(() => slot(edit, '09:00').getAttribute('aria-pressed')).toBe('true');
      expect(await edit.getByRole('combobox', { name: 'Patient' }).inputValue()).toBe(patient);
      expect(await edit.getByLabel(/Additional Notes/).inputValue()).toBe('first visit');
      expect(await edit.getByLabel('Procedure', { exact: true }).inputValue()).not.toBe('');
      await chooseSlot(edit, '09:40');
      await edit.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(page, 'Appointment updated!');
      await edit.waitFor({ state: 'detached' });
    });

    const rows = await suite.fixtures.appointmentsOf(patientId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(existingId);
    expect(rows[0]!.dentist_id).toBe(otherId);
    expect(sameInstant(rows[0]!.appointment_time, clinicTime(date, '09:40'))).toBe(true);
  });

  it("re-checks the slot before saving: 'Invalid Slot' when someone took it meanwhile", async () => {
    const dentist = uniqueName('Dr. Contested');
    const patient = uniqueName('Slow Patient');
    const rival = uniqueName('Quick Patient');
    const dentistId = await suite.fixtures.dentist(dentist);
    const patientId = await suite.fixtures.patient(patient);
    const rivalId = await suite.fixtures.patient(rival);
    const date = clinicWorkday(6);

    await withPage(suite.browser, ctx.baseUrl, async (page) => {
      // With live updates the open form would hear of the rival booking and grey the slot out
      // (appointments-live.e2e.test.ts); the re-check before saving is what protects a browser
      // whose live connection is down, so this page gets none.
      await page.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
      await page.route(/\/socket\.io\//, (route) => route.abort());
      const form = await openAddFormAsReceptionist(page);
      await fillBooking(form, { dentist, patient, date, time: '16:00' });
      await suite.fixtures.appointment({
        dentistId,
        patientId: rivalId,
        time: clinicTime(date, '16:00'),
        reason: PROCEDURE,
      });
      await form.getByRole('button', { name: 'Book', exact: true }).click();
      await answerDialog(
        page,
        'Invalid Slot',
        'OK',
        'This slot is either booked, blocked, or in the past. Please choose another.',
      );
      // The slots were read again: 4:00 PM shows booked and Book is disabled again.
      await expect.poll(() => slot(form, '16:00').getAttribute('data-state')).toBe('booked');
      expect(await form.getByRole('button', { name: 'Book', exact: true }).getAttribute('aria-disabled')).toBe('true');
    });
    expect(await suite.fixtures.appointmentsOf(patientId)).toHaveLength(0);
  });

  it("says 'Booking failed!' when the slot is taken while the booking is on its way, and refreshes the slots", async () => {
    const dentist = uniqueName('Dr. Raced');
    const patient = uniqueName('Second Patient');
    const rival = uniqueName('First Patient');
    const dentistId = await suite.fixtures.dentist(dentist);
    const patientId = await suite.fixtures.patient(patient);
    const rivalId = await suite.fixtures.patient(rival);
    const date = clinicWorkday(6);

    await withPage(suite.browser, ctx.baseUrl, async (page) => {
      const form = await openAddFormAsReceptionist(page);
      await fillBooking(form, { dentist, patient, date, time: '16:20' });
      // The checks pass; then, before the insert reaches the database, another desk books the slot.
      await page.route('**/rest/v1/appointments?*', async (route) => {
        if (route.request().method() === 'POST') {
          await suite.fixtures.appointment({
            dentistId,
            patientId: rivalId,
            time: clinicTime(date, '16:20'),
            reason: PROCEDURE,
          });
        }
        await route.continue();
      });
      await form.getByRole('button', { name: 'Book', exact: true }).click();
      await answerDialog(page, 'Booking failed!', 'OK', 'This slot may already be taken or dentist is unavailable.');
      const banner = form.locator('.booking-footer').getByRole('alert');
      expect(await banner.textContent()).toBe(
        'Booking failed!This slot may already be taken or dentist is unavailable.',
      );
      await expect.poll(() => slot(form, '16:20').getAttribute('data-state')).toBe('booked');
      await saveScreenshot(page, 'booking-failed');
    });
    expect(await suite.fixtures.appointmentsOf(patientId)).toHaveLength(0);
  });

  it('cannot double-book a dentist from two browsers at once', async () => {
    const dentist = uniqueName('Dr. Popular');
    const first = uniqueName('Desk One Patient');
    const second = uniqueName('Desk Two Patient');
    const dentistId = await suite.fixtures.dentist(dentist);
    await suite.fixtures.patient(first);
    await suite.fixtures.patient(second);
    const date = clinicWorkday(7);

    const desks = await Promise.all([first, second].map(() => openDesk(suite.browser)));
    try {
      const forms = await Promise.all(
        desks.map(async ({ page }, index) => {
          const form = await openAddFormAsReceptionist(page);
          await fillBooking(form, { dentist, patient: index === 0 ? first : second, date, time: '11:00' });
          return form;
        }),
      );
      await Promise.all(forms.map((form) => form.getByRole('button', { name: 'Book', exact: true }).click()));
      const outcomes = await Promise.all(
        desks.map(async ({ page }) => {
          const toast = page.locator('.toast-region').getByText('Appointment booked!', { exact: true });
          const popup = page.locator('.swal2-popup');
          await toast.or(popup).first().waitFor();
          return (await toast.count()) > 0 ? 'booked' : await popup.locator('.swal2-title').textContent();
        }),
      );
      expect(outcomes.filter((outcome) => outcome === 'booked')).toHaveLength(1);
      expect(['Invalid Slot', 'Booking failed!']).toContain(outcomes.find((outcome) => outcome !== 'booked'));
      for (const desk of desks) expect(desk.pageErrors).toEqual([]);
    } finally {
      await Promise.all(desks.map((desk) => desk.context.close()));
    }
    const { data } = await suite.fixtures.api
      .from('appointments')
      .select('id')
      .eq('dentist_id', dentistId)
      .eq('deleted', false);
    expect(data).toHaveLength(1);
  });

  it('edits an appointment from the list: new time and notes, status back to Scheduled', async () => {
    const dentist = uniqueName('Dr. Editing');
    const patient = uniqueName('Edited Patient');
    const dentistId = await suite.fixtures.dentist(dentist);
    const patientId = await suite.fixtures.patient(patient);
    const date = clinicWorkday(8);
    const id = await suite.fixtures.appointment({
      dentistId,
      patientId,
      time: clinicTime(date, '11:00'),
      status: 'Confirmed',
      reason: `${PROCEDURE} — Notes: old note`,
    });

    await withPage(suite.browser, ctx.baseUrl, async (page) => {
      await signIn(page, DEMO.receptionist);
      await openTab(page, 'Appointments');
      const form = await openEditFromList(page, dentist, patient, date);
      await form.getByText('This appointment is Confirmed. Saving your changes sets it back to Scheduled.').waitFor();
      await expect.poll(() => slot(form, '11:00').getAttribute('aria-pressed')).toBe('true');
      expect(await form.getByLabel(/Additional Notes/).inputValue()).toBe('old note');
      await chooseSlot(form, '11:20');
      await form.getByLabel(/Additional Notes/).fill('new note');
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(page, 'Appointment updated!');
      await form.waitFor({ state: 'detached' });
    });

    const [row] = await suite.fixtures.appointmentsOf(patientId);
    expect(row!.id).toBe(id);
    expect(sameInstant(row!.appointment_time, clinicTime(date, '11:20'))).toBe(true);
    expect(row).toMatchObject({ status: 'Scheduled', reason: `${PROCEDURE} — Notes: new note`, deleted: false });
  });

  it('says so clearly when the appointment is deleted elsewhere while its form is open, and writes nothing', async () => {
    const dentist = uniqueName('Dr. Vanishing');
    const patient = uniqueName('Vanished Patient');
    const dentistId = await suite.fixtures.dentist(dentist);
    const patientId = await suite.fixtures.patient(patient);
    const date = clinicWorkday(8);
    const id = await suite.fixtures.appointment({
      dentistId,
      patientId,
      time: clinicTime(date, '13:00'),
      reason: PROCEDURE,
    });

    await withPage(suite.browser, ctx.baseUrl, async (page) => {
      await signIn(page, DEMO.receptionist);
      await openTab(page, 'Appointments');
      const form = await openEditFromList(page, dentist, patient, date);
      await expect.poll(() => slot(form, '13:00').getAttribute('aria-pressed')).toBe('true');
      await chooseSlot(form, '13:20');
      const { error } = await suite.fixtures.api.from('appointments').update({ deleted: true }).eq('id', id);
      expect(error).toBeNull();
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await form
        .getByText('This appointment no longer exists. It may have been deleted by someone else.', { exact: true })
        .waitFor();
    });

    const [row] = await suite.fixtures.appointmentsOf(patientId);
    expect(row).toMatchObject({ deleted: true });
    expect(sameInstant(row!.appointment_time, clinicTime(date, '13:00'))).toBe(true);
  });

  it('books the chosen clinic time with the browser in America/New_York', async () => {
    const dentist = uniqueName('Dr. Abroad');
    const patient = uniqueName('Abroad Patient');
    await suite.fixtures.dentist(dentist);
    const patientId = await suite.fixtures.patient(patient);
    const date = clinicWorkday(9);

    const { context, page, pageErrors } = await openPage(suite.browser, ctx.baseUrl, DESKTOP);
    try {
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_TIME_ZONE);
      const form = await openAddFormAsReceptionist(page);
      // "Today" in the calendar is the clinic's today, not New York's.
      expect(await form.locator('.booking-day[aria-current="date"]').getAttribute('data-date')).toBe(
        clinicDateAt(new Date()),
      );
      await fillBooking(form, { dentist, patient, date, time: '09:20' });
      expect(await slot(form, '09:20').textContent()).toBe('9:20 AM');
      await form.getByRole('button', { name: 'Book', exact: true }).click();
      await expectToast(page, 'Appointment booked!');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
    const rows = await suite.fixtures.appointmentsOf(patientId);
    expect(rows).toHaveLength(1);
    expect(sameInstant(rows[0]!.appointment_time, `${date}T09:20:00+08:00`)).toBe(true);
  });
});

/** A second front desk: its own browser context. */
async function openDesk(browser: Browser): Promise<OpenedPage> {
  return openPage(browser, ctx.baseUrl, DESKTOP);
}
