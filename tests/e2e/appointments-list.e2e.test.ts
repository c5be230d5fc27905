/**
 * The Appointments list as the receptionist: the filters' counts in each view against the seeded
 * data (expected numbers read from the API at test time), Scheduled → Confirmed, a change to
 * Cancelled through the confirmation dialog (the patient notified, or the service's reason),
 * delete, and screenshots. Tests that change data make their own dentist, patient and appointments,
 * so the seeded dentists' counts stay what the seed made them. The notification service is mounted
 * in the stack: a Cancelled notice reaches the Meta stand-in (`/_dev/messenger.json`), and a
 * patient without a Messenger ID gets the 'Failed!' dialog with the service's reason.
 */
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { RECIPIENT_ERRORS } from '../../server/appointments/outcome.ts';
import {
  defaultPeriodSelection,
  periodRange,
  type PeriodSelection,
} from '../../src/features/appointments/model/periods.ts';
import { clinicWorkday } from '../support/clinic-time.ts';
import { DEMO, openTab, signIn, showDentistMonth } from './support/app.ts';
import { DESKTOP, saveScreenshot, TABLET_PORTRAIT, withPage } from './support/chromium.ts';
import { devMessagesTo, SMILE_PAGE_ID } from './support/dev-messenger.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';
import { expectNoSidewaysScroll } from './support/layout.ts';
import { setUpBrowserAndFixtures } from './support/suite.ts';

const ctx = inject('e2e');
const TIME_ZONE = 'Asia/Manila';
/** The seed's dentists of Smile Dental, in the order the Dentist filter lists them (by name). */
const SEEDED_DENTISTS = ['Dr. Andrea Villanueva', 'Dr. Katrina Lim', 'Dr. Paolo Dimaculangan', 'Dr. Ramon Bautista'];

/** Smile Dental's data, read and made through the API as its receptionist. */
class ListFixtures extends ClinicFixtures {
  async row(id: number) {
    const { data, error } = await this.api
      .from('appointments')
      .select('status, deleted, cancel_reason')
      .eq('id', id)
      .single();
    if (error) throw error;
    return data as { status: string; deleted: boolean; cancel_reason: string | null };
  }

  /** Non-deleted appointments of the named dentists in a period, per dentist name. */
  async countsIn(selection: PeriodSelection, names: readonly string[]): Promise<Map<string, number>> {
    const range = periodRange(selection, TIME_ZONE);
    const { data: dentists, error } = await this.api
      .from('dentists')
      .select('id, name')
      .eq('clinic_id', this.clinicId)
      .in('name', [...names]);
    if (error) throw error;
    const counts = new Map<string, number>();
    for (const dentist of dentists as { id: number; name: string }[]) {
      const { count, error: countError } = await this.api
        .from('appointments')
        .select('id', { count: 'exact', head: true })
        .eq('clinic_id', this.clinicId)
        .eq('dentist_id', dentist.id)
        .eq('deleted', false)
        .gte('appointment_time', range.start.toISOString())
        .lt('appointment_time', range.end.toISOString());
      if (countError) throw countError;
      counts.set(dentist.name, count ?? 0);
    }
    return counts;
  }
}

async function openAppointmentsTab(page: Page) {
  await openTab(page, 'Appointments');
  await page.locator('.dentist-card, .state-empty').first().waitFor();
}

/** Opens the Appointments list on one dentist's month of a clinic date. */
async function openDentistMonth(page: Page, dentistName: string, date: string) {
  await openAppointmentsTab(page);
  await showDentistMonth(page, dentistName, date);
}

const summary = (page: Page) => page.getByTestId('appointments-summary');

async function dentistOptionLabels(page: Page): Promise<string[]> {
  return page.getByLabel('Dentist', { exact: true }).locator('option').allTextContents();
}

async function cardTitles(page: Page): Promise<string[]> {
  return page.locator('.dentist-card-title').allTextContents();
}

const statusSelect = (page: Page, patient: string) =>
  page.getByRole('combobox', { name: new RegExp(`^Status of ${patient}`) });

describe.skipIf(!ctx.chromium)('the Appointments list', () => {
  const suite = setUpBrowserAndFixtures(ctx, () => ListFixtures.signInAs(ctx, DEMO.receptionist));

  it("counts the seeded dentists' appointments in the Monthly, Weekly and Daily views", async () => {
    const now = new Date();
    const monthly = defaultPeriodSelection(now, TIME_ZONE);
    const weekly: PeriodSelection = { ...monthly, view: 'weekly' };
    // The Daily view on a day Dr. Andrea Villanueva works this month (the seed books her most days).
    let busyDay = monthly.day;
    let busyCounts = await suite.fixtures.countsIn({ ...monthly, view: 'daily', day: busyDay }, SEEDED_DENTISTS);
    for (let day = 1; day <= 28 && (busyCounts.get('Dr. Andrea Villanueva') ?? 0) === 0; day++) {
      busyDay = day;
      busyCounts = await suite.fixtures.countsIn({ ...monthly, view: 'daily', day }, SEEDED_DENTISTS);
    }
    const daily: PeriodSelection = { ...monthly, view: 'daily', day: busyDay };
    const monthCounts = await suite.fixtures.countsIn(monthly, SEEDED_DENTISTS);
    expect(monthCounts.size).toBe(SEEDED_DENTISTS.length);
    expect([...monthCounts.values()].some((count) => count > 0)).toBe(true);

    await withPage(suite.browser, ctx.baseUrl, async (page) => {
      await signIn(page, DEMO.receptionist);
      await openAppointmentsTab(page);
      expect(await page.getByLabel('View', { exact: true }).inputValue()).toBe('monthly');
      expect(await page.getByLabel('Month', { exact: true }).inputValue()).toBe(String(monthly.month));
      expect(await page.getByLabel('Year', { exact: true }).inputValue()).toBe(String(monthly.year));

      // Other browser files book the seeded dentists at the same time, and the list follows them
      // live: each check compares the screen with the database's counts read at that moment.
      const shownAndCounted = async (selection: PeriodSelection) => {
        const counts = await suite.fixtures.countsIn(selection, SEEDED_DENTISTS);
        const labels = (await dentistOptionLabels(page)).filter((text) =>
          SEEDED_DENTISTS.some((name) => text.startsWith(`${name} (`)),
        );
        const titles = await cardTitles(page);
        const expectedTitles = SEEDED_DENTISTS.filter((name) => counts.get(name)! > 0).map(
          (name) => `${name} (${counts.get(name)} appointments)`,
        );
        const seededTitles = titles.filter((title) => SEEDED_DENTISTS.some((name) => title.startsWith(`${name} (`)));
        return {
          labels: labels.join(' | ') === SEEDED_DENTISTS.map((name) => `${name} (${counts.get(name)})`).join(' | '),
          titles: seededTitles.join(' | ') === expectedTitles.join(' | '),
        };
      };
      const expectCounts = (selection: PeriodSelection) =>
        expect.poll(() => shownAndCounted(selection)).toEqual({ labels: true, titles: true });
      const expectAndreaSummary = (selection: PeriodSelection, words: string) =>
        expect
          .poll(async () => {
            const count = (await suite.fixtures.countsIn(selection, SEEDED_DENTISTS)).get('Dr. Andrea Villanueva');
            return (await summary(page).textContent()) === `Total: ${count} appointment(s) ${words}`;
          })
          .toBe(true);

      await expectCounts(monthly);
      await page.getByLabel('View', { exact: true }).selectOption('weekly');
      expect(await page.getByLabel('Week', { exact: true }).inputValue()).toBe(String(weekly.week));
      await expectCounts(weekly);
      await page.getByLabel('View', { exact: true }).selectOption('daily');
      await page.getByLabel('Day', { exact: true }).selectOption(String(busyDay));
      await expectCounts(daily);

      // One dentist: the summary counts that dentist's rows, in the view's words.
      const andrea = 'Dr. Andrea Villanueva';
      const andreaOption = await page
        .getByLabel('Dentist', { exact: true })
        .locator('option', { hasText: `${andrea} (` })
        .first()
        .getAttribute('value');
      await page.getByLabel('Dentist', { exact: true }).selectOption(andreaOption!);
      await expectAndreaSummary(daily, 'today');
      expect((await cardTitles(page)).every((title) => title.startsWith(`${andrea} (`))).toBe(true);
      await page.getByLabel('View', { exact: true }).selectOption('weekly');
      await expectAndreaSummary(weekly, 'this week');
      await page.getByLabel('View', { exact: true }).selectOption('monthly');
      await expectAndreaSummary(monthly, 'this month');
    });
  });

  it("updates Scheduled → Confirmed with 'Status updated', kept after a reload", async () => {
    const dentistName = uniqueName('Dr. Confirm');
    const patientName = uniqueName('Patient Confirm');
    const dentistId = await suite.fixtures.dentist(dentistName);
    const patientId = await suite.fixtures.patient(patientName);
    const date = clinicWorkday(3);
    const id = await suite.fixtures.appointment({ dentistId, patientId, time: `${date}T10:00:00+08:00` });

    await withPage(suite.browser, ctx.baseUrl, async (page) => {
      await signIn(page, DEMO.receptionist);
      await openDentistMonth(page, dentistName, date);
      const select = statusSelect(page, patientName);
      expect(await select.inputValue()).toBe('Scheduled');
      await select.selectOption('Confirmed');
      await page.locator('.toast').getByText('Status updated', { exact: true }).waitFor();
      await expect.poll(async () => (await suite.fixtures.row(id)).status).toBe('Confirmed');

      await page.reload();
      await openDentistMonth(page, dentistName, date);
      await expect.poll(() => statusSelect(page, patientName).inputValue()).toBe('Confirmed');
    });
  });

  it("changes a status to Cancelled with a message for the patient and the clinic's reason: 'Status updated & patient notified!', and the patient gets only the message in Messenger", async () => {
    const dentistName = uniqueName('Dr. Cancel');
    const patientName = uniqueName('Patient Cancel');
    const psid = `8${Date.now()}${randomInt(100, 999)}`;
    const message = `The dentist is away that day. Please book again. (${uniqueName('ref')})`;
    const dentistId = await suite.fixtures.dentist(dentistName);
    const patientId = await suite.fixtures.patient(patientName, { messenger_id: psid });
    const date = clinicWorkday(4);
    const id = await suite.fixtures.appointment({
      dentistId,
      patientId,
      time: `${date}T15:20:00+08:00`,
      status: 'Confirmed',
    });

    await withPage(suite.browser, ctx.baseUrl, async (page) => {
      await signIn(page, DEMO.receptionist);
      await openDentistMonth(page, dentistName, date);
      await statusSelect(page, patientName).selectOption('Cancelled');
      const popup = page.locator('.swal2-popup');
      await popup.waitFor();
      expect(await popup.locator('.swal2-title').textContent()).toBe('Change the status to Cancelled?');
      await popup.getByRole('textbox').fill(message);
      await popup
        .getByLabel('Reason for cancelling (optional, kept by the clinic, not sent)')
        .selectOption('Dentist unavailable');
      await popup.getByRole('button', { name: 'Yes, update & notify' }).click();
      await page.locator('.toast').getByText('Status updated & patient notified!', { exact: true }).waitFor();
      expect(await suite.fixtures.row(id)).toMatchObject({ status: 'Cancelled', cancel_reason: 'Dentist unavailable' });
      await expect.poll(() => statusSelect(page, patientName).inputValue()).toBe('Cancelled');
    });
    // The Meta stand-in received the notice for the patient's Messenger id, from Smile Dental's page.
    const messages = await devMessagesTo(ctx.baseUrl, psid);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ pageId: SMILE_PAGE_ID, recipientId: psid, text: message });
  });

  it("shows 'Failed!' with the service's reason when the patient has no Messenger ID (the status stays Cancelled)", async () => {
    const dentistName = uniqueName('Dr. Unreachable');
    const patientName = uniqueName('Patient Unreachable');
    const dentistId = await suite.fixtures.dentist(dentistName);
    const patientId = await suite.fixtures.patient(patientName);
    const date = clinicWorkday(4);
    const id = await suite.fixtures.appointment({ dentistId, patientId, time: `${date}T16:00:00+08:00` });

    await withPage(suite.browser, ctx.baseUrl, async (page) => {
      await signIn(page, DEMO.receptionist);
      await openDentistMonth(page, dentistName, date);
      await statusSelect(page, patientName).selectOption('Cancelled');
      const popup = page.locator('.swal2-popup');
      await popup.getByRole('button', { name: 'Yes, update & notify' }).click();
      const failed = page.locator('.swal2-popup').filter({ has: page.locator('.swal2-title', { hasText: 'Failed!' }) });
      await failed.waitFor();
      expect(await failed.locator('.swal2-html-container').textContent()).toBe(
        `There was a problem updating the status or sending the message.Reason: ${RECIPIENT_ERRORS.noPatientMessengerId}`,
      );
      await failed.getByRole('button', { name: 'OK' }).click();
      await failed.waitFor({ state: 'detached' });
      expect((await suite.fixtures.row(id)).status).toBe('Cancelled');
      await expect.poll(() => statusSelect(page, patientName).inputValue()).toBe('Cancelled');
    });
  });

  it("deletes after 'Are you sure?', says 'Appointment cancelled', and the row stays gone after a reload", async () => {
    const dentistName = uniqueName('Dr. Delete');
    const patientName = uniqueName('Patient Delete');
    const keptName = uniqueName('Patient Kept');
    const dentistId = await suite.fixtures.dentist(dentistName);
    const patientId = await suite.fixtures.patient(patientName);
    const keptId = await suite.fixtures.patient(keptName);
    const date = clinicWorkday(5);
    const id = await suite.fixtures.appointment({ dentistId, patientId, time: `${date}T09:40:00+08:00` });
    await suite.fixtures.appointment({ dentistId, patientId: keptId, time: `${date}T11:00:00+08:00` });

    await withPage(suite.browser, ctx.baseUrl, async (page) => {
      await signIn(page, DEMO.receptionist);
      await openDentistMonth(page, dentistName, date);
      expect(await cardTitles(page)).toEqual([`${dentistName} (2 appointments)`]);
      await page.getByRole('button', { name: new RegExp(`^Delete appointment of ${patientName}`) }).click();
      const popup = page.locator('.swal2-popup');
      expect(await popup.locator('.swal2-title').textContent()).toBe('Are you sure?');
      await popup.getByRole('button', { name: 'Yes, cancel it' }).click();
      await page.locator('.toast').getByText('Appointment cancelled', { exact: true }).waitFor();
      await expect.poll(() => cardTitles(page)).toEqual([`${dentistName} (1 appointments)`]);
      expect(await page.getByText(patientName, { exact: true }).count()).toBe(0);
      expect(await suite.fixtures.row(id)).toEqual({ status: 'Scheduled', deleted: true, cancel_reason: null });

      await page.reload();
      await openDentistMonth(page, dentistName, date);
      await page.getByText(keptName, { exact: true }).waitFor();
      expect(await page.getByText(patientName, { exact: true }).count()).toBe(0);
    });
  });

  it.each([
    ['desktop', DESKTOP],
    ['tablet', TABLET_PORTRAIT],
  ])('looks right on a %s screen', async (name, viewport) => {
    await withPage(
      suite.browser,
      ctx.baseUrl,
      async (page) => {
        await signIn(page, DEMO.receptionist);
        await openAppointmentsTab(page);
        await page.locator('tr[data-appointment-id]').first().waitFor();
        await saveScreenshot(page, `appointments-list-${name}`);
        // Nothing but the table scrolls sideways.
        await expectNoSidewaysScroll(page);
      },
      viewport,
    );
  });
});
