/**
 * Long names and lost input at the front desk, in one page session at 820×1180 and 1366×768: a
 * signed-up clinic with a 100-character name, a 200-character dentist and patient, and a dentist
 * with 48 future appointments. The superadmin's clinic selector and the top bar stay on one line
 * beside Logout, the Dentists and Patients tables fit the screen, the delete-blocking list shows a
 * usable number of rows with one-line dates, the Availability Manager asks before dropping clicks,
 * and Back closes the open modal instead of leaving the dashboard. At 1024×768, a tablet turned
 * sideways, the top bar leaves Billing room for whole names and every action.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clinicTime, clinicWorkday } from '../support/clinic-time.ts';
import { createConfirmedAdmin, DEMO, expectText, openTab, signIn, pathOf, serviceClient } from './support/app.ts';
import {
  DESKTOP,
  connectChromium,
  saveScreenshot,
  TABLET_LANDSCAPE,
  TABLET_PORTRAIT,
  withPage,
} from './support/chromium.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';
import { expectNoSidewaysScroll, expectTableFits } from './support/layout.ts';
import { longClinicName, longDentistName } from './support/long-names.ts';

const ctx = inject('e2e');

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not visible`);
  return box;
}

/** Lines of text an element's content takes (its text's line boxes). */
const lineCount = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
  });

/** Cut with an ellipsis: the text is wider than its box. */
const isCut = (locator: Locator) => locator.evaluate((element) => element.scrollWidth > element.clientWidth);

/** The top bar (tablet) or sidebar (desktop) with a 100-character clinic chosen. */
async function checkTopBar(page: Page, clinicName: string, size: 'tablet' | 'desktop') {
  const logout = page.getByRole('button', { name: 'Logout' });
  const select = page.getByLabel('Working on');
  const clinic = page.getByTestId('clinic-name');
  const role = page.getByTestId('user-role');
  await expectNoSidewaysScroll(page);
  const viewport = page.viewportSize()!;
  const logoutBox = await boxOf(logout);
  expect(logoutBox.x + logoutBox.width).toBeLessThanOrEqual(viewport.width);
  for (const other of [select, clinic]) {
    const box = await boxOf(other);
    expect(overlaps(box, logoutBox)).toBe(false);
    expect(overlaps(box, await boxOf(role))).toBe(false);
  }
  // One line, cut, and the whole name in the select's title, its option and below it on focus.
  expect(await lineCount(clinic)).toBe(1);
  expect(await isCut(clinic)).toBe(true);
  expect(await select.getAttribute('title')).toBe(clinicName);
  expect(await select.locator('option:checked').textContent()).toBe(clinicName);
  await select.focus();
  const full = page.getByTestId('clinic-selector-full');
  await full.waitFor();
  expect(await full.textContent()).toBe(clinicName);
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, `12-10-selector-${size}`);
  // A tap on the cut name shows all of it; another puts it back on one line.
  await clinic.click();
  expect(await isCut(clinic)).toBe(false);
  await clinic.click();
  expect(await lineCount(clinic)).toBe(1);
  if (size === 'tablet') expect((await boxOf(page.locator('aside.sidebar'))).height).toBeLessThan(200);
}

describe.skipIf(!ctx.chromium)('front-desk layouts and lost input', () => {
  let browser: Browser;
  let clinicName: string;
  let admin: { email: string; password: string };
  let fixtures: ClinicFixtures;
  const dentistName = longDentistName();
  const patientName = longDentistName('Patient Maria');
  const busyDentist = uniqueName('Dr. Busy Layout');

  beforeAll(async () => {
    clinicName = longClinicName();
    const [launched, account] = await Promise.all([
      connectChromium(ctx),
      createConfirmedAdmin(ctx, 'layout', clinicName),
    ]);
    browser = launched;
    admin = account;
    const service = serviceClient(ctx);
    const { data, error } = await service.from('clinics').select('id').eq('name', clinicName).single();
    if (error) throw error;
    fixtures = new ClinicFixtures(service, service, data.id as number);
    const [, busyId, patientId] = await Promise.all([
      fixtures.dentist(dentistName),
      fixtures.dentist(busyDentist),
      fixtures.patient(patientName),
    ]);
    // 48 future appointments in one insert: twelve working days, four hours each.
    const rows = [];
    for (let day = 1; day <= 12; day++) {
      for (const time of ['09:00', '10:00', '11:00', '14:00']) {
        rows.push({
          clinic_id: fixtures.clinicId,
          dentist_id: busyId,
          patient_id: patientId,
          appointment_time: clinicTime(clinicWorkday(day), time),
          reason: 'Dental Consultation',
        });
      }
    }
    const inserted = await service.from('appointments').insert(rows);
    if (inserted.error) throw inserted.error;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('gives a landscape tablet the top bar, whole names and every action in Billing', async () => {
    const service = serviceClient(ctx);
    const patientName = uniqueName('Jasmine Bautista-Santos');
    const patientId = await fixtures.patient(patientName);
    const hmo = await service
      .from('hmos')
      .insert({ clinic_id: fixtures.clinicId, name: uniqueName('Layout Health'), claim_deadline_days: 30 })
      .select('id')
      .single();
    if (hmo.error) throw hmo.error;
    // The widest Actions cell: Add Payment, Availment form (an HMO share) and the admin's Void.
    const invoice = await service
      .from('invoices')
      .insert({
        clinic_id: fixtures.clinicId,
        patient_id: patientId,
        total: '500.00',
        hmo_id: hmo.data.id,
        hmo_share: '1500.00',
      })
      .select('id')
      .single();
    if (invoice.error) throw invoice.error;
    const payment = await service.from('payments').insert({
      clinic_id: fixtures.clinicId,
      invoice_id: invoice.data.id,
      patient_id: patientId,
      amount: '200.00',
      method: 'e-wallet',
      reference_number: 'GCASH-0917-555',
    });
    if (payment.error) throw payment.error;

    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        await signIn(page, admin.email, admin.password);
        await openTab(page, 'Billing System');
        // The sidebar's 250 px would leave the tables about 770: it is a top bar here.
        expect((await boxOf(page.locator('aside.sidebar'))).height).toBeLessThan(200);
        for (const testId of ['invoices-scroll', 'payments-scroll']) {
          const frame = page.getByTestId(testId);
          const name = frame.locator('.billing-patient-name').getByText(patientName, { exact: true });
          await name.waitFor();
          expect(await isCut(name)).toBe(false);
          // Every action inside the table's frame, not over its edge.
          const frameBox = await boxOf(frame);
          const lastAction = frame.locator('tbody tr.billing-row').first().locator('.billing-cell-actions > *').last();
          const actionBox = await boxOf(lastAction);
          expect(actionBox.x + actionBox.width).toBeLessThanOrEqual(frameBox.x + frameBox.width);
          await expectTableFits(page, frame);
        }
        await saveScreenshot(page, 'front-desk-billing-landscape-tablet');
      },
      TABLET_LANDSCAPE,
    );
  });

  it('holds at both sizes with long names, asks before dropping clicks, and Back closes modals', async () => {
    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        // 10: the superadmin's clinic selector and the top bar, with the 100-character clinic chosen.
        await signIn(page, DEMO.superadmin);
        await page.getByLabel('Working on').selectOption({ label: clinicName });
        await page.getByTestId('clinic-name').getByText(clinicName, { exact: true }).waitFor();
        await checkTopBar(page, clinicName, 'tablet');
        await page.setViewportSize(DESKTOP);
        await checkTopBar(page, clinicName, 'desktop');

        // 10: the Dentists table with a 200-character name.
        await openTab(page, 'Dentists');
        const table = page.getByRole('table', { name: 'Dentists' });
        const nameButton = table.getByRole('button', { name: dentistName, exact: true });
        await nameButton.waitFor();
        const frame = page.locator('.dentists-screen .table-scroll');
        for (const [size, viewport] of [
          ['desktop', DESKTOP],
          ['tablet', TABLET_PORTRAIT],
        ] as const) {
          await page.setViewportSize(viewport);
          await expectTableFits(page, frame);
          expect(await isCut(nameButton)).toBe(true);
          expect(await lineCount(nameButton)).toBe(1);
          await saveScreenshot(page, `12-10-dentists-${size}`);
        }
        await nameButton.click();
        expect(await isCut(nameButton)).toBe(false);
        await expectTableFits(page, frame);

        // 10: the delete-blocking list of a dentist with 48 future appointments.
        await table.getByRole('button', { name: `Delete ${busyDentist}` }).click();
        const dialog = page.getByRole('dialog', { name: 'Confirm Delete' });
        await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
        const list = dialog.locator('.blocking-scroll');
        await list.locator('tbody tr').nth(47).waitFor({ state: 'attached' });
        for (const [size, viewport] of [
          ['tablet', TABLET_PORTRAIT],
          ['desktop', DESKTOP],
        ] as const) {
          await page.setViewportSize(viewport);
          const shown = await list.evaluate((scroller) => {
            const frame = scroller.getBoundingClientRect();
            return Array.from(scroller.querySelectorAll('tbody tr')).filter((row) => {
              const box = row.getBoundingClientRect();
              return box.top >= frame.top && box.bottom <= frame.bottom + 1;
            }).length;
          });
          expect(shown).toBeGreaterThanOrEqual(8);
          // The list is the one thing that scrolls: no second scroll bar around it.
          const body = dialog.locator('.modal-body');
          expect(await body.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(1);
          const times = list.locator('td.blocking-time');
          for (const index of [0, 47]) expect(await lineCount(times.nth(index))).toBe(1);
          await expectNoSidewaysScroll(page);
          await saveScreenshot(page, `12-10-delete-list-${size}`);
        }
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        // 10: the Patients table with a 200-character name.
        await openTab(page, 'Patients');
        await page.getByRole('button', { name: patientName, exact: true }).waitFor();
        await expectNoSidewaysScroll(page);
        await page.setViewportSize(TABLET_PORTRAIT);
        await expectNoSidewaysScroll(page);

        // 9a: the Availability Manager asks before Esc, another date or Back drops unsaved clicks.
        await openTab(page, 'Dentists');
        await table.getByRole('button', { name: `Manage Availability: ${dentistName}` }).click();
        const manager = page.getByRole('dialog', { name: dentistName });
        expect(await lineCount(manager.locator('.modal-title-text'))).toBe(1);
        // The modal itself stays inside the window (a long title must not widen it).
        const managerBox = await boxOf(manager);
        expect(managerBox.x).toBeGreaterThanOrEqual(0);
        expect(managerBox.x + managerBox.width).toBeLessThanOrEqual(page.viewportSize()!.width);
        expect(await isCut(manager.locator('.modal-title-text'))).toBe(true);
        // Two clinic days of one month: the second is clicked on the calendar page the first is on.
        // The 2nd and 3rd clinic days from today, or the 3rd and 4th when a month ends between them.
        const [day, otherDay] =
          clinicWorkday(2).slice(0, 7) === clinicWorkday(3).slice(0, 7)
            ? [clinicWorkday(2), clinicWorkday(3)]
            : [clinicWorkday(3), clinicWorkday(4)];
        const dayButton = manager.locator(`.calendar-day[data-date="${day}"]`);
        if ((await dayButton.count()) === 0) await manager.getByRole('button', { name: 'Next month' }).click();
        await dayButton.click();
        await manager.locator('.availability-day-title').getByText(day, { exact: true }).waitFor();
        await manager.locator('[data-hour="10:00"]').click();
        await expectText(page, 'Unsaved changes');
        const prompt = page.locator('.swal2-popup');
        const answer = async (button: 'Keep' | 'Discard', screenshot?: string) => {
          await prompt.getByText('Discard unsaved changes?', { exact: true }).waitFor();
          if (screenshot) {
            // sweetalert2 fades the popup in: the screenshot waits for it to be fully drawn.
            await page.waitForFunction(() =>
              document
                .querySelector('.swal2-popup')
                ?.getAnimations()
                .every((animation) => animation.playState === 'finished'),
            );
            await saveScreenshot(page, screenshot);
          }
          await prompt.getByRole('button', { name: button, exact: true }).click();
          await prompt.waitFor({ state: 'detached' });
        };
        await page.keyboard.press('Escape');
        await answer('Keep', '12-9-discard-tablet');
        await page.setViewportSize(DESKTOP);
        await manager.locator(`.calendar-day[data-date="${otherDay}"]`).click();
        await answer('Keep', '12-9-discard-desktop');
        expect(await manager.locator('[data-hour="10:00"]').getAttribute('data-state')).toBe('blocked');
        await manager.locator('.availability-day-title').getByText(day, { exact: true }).waitFor();

        // 9b: Back closes the modal (asking first here, as the clicks are unsaved) and stays.
        await page.goBack();
        await answer('Keep');
        expect(await manager.isVisible()).toBe(true);
        await page.goBack();
        await answer('Discard');
        await manager.waitFor({ state: 'detached' });
        expect(pathOf(page)).toBe('/dashboard');

        // 9b: Back closes a form with typed input, and the dashboard stays.
        await page.getByRole('button', { name: 'Add Dentist' }).click();
        const form = page.getByRole('dialog', { name: 'Add Dentist' });
        await form.getByLabel('Name').fill('Dr. Typed Then Back');
        await page.goBack();
        await form.waitFor({ state: 'detached' });
        expect(pathOf(page)).toBe('/dashboard');
        await page.getByRole('heading', { name: 'Dentists', level: 1 }).waitFor();

        // 9b: Back with no modal open asks before it leaves the dashboard; Stay stays.
        await page.goBack();
        await prompt.getByText('Leave Ngiti?', { exact: true }).waitFor();
        await prompt.getByRole('button', { name: 'Stay', exact: true }).click();
        await prompt.waitFor({ state: 'detached' });
        expect(pathOf(page)).toBe('/dashboard');
        await page.getByRole('heading', { name: 'Dentists', level: 1 }).waitFor();
      },
      TABLET_PORTRAIT,
    );
  });
});
