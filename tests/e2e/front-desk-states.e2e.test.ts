/**
 * Front-desk screen states in the browser, at 820×1180 and at 1366×768: a failed patient load is
 * one failure with Retry and no total; the Appointments summary waits for its rows
 * instead of flashing "Total: 0"; and while the 'Validation Error' dialog is open, Book
 * still reads Book, since nothing is being saved.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO, holdRequests, signIn } from './support/app.ts';
import { connectChromium, saveScreenshot, withPageOnEachScreen } from './support/chromium.ts';

const ctx = inject('e2e');

const patientsRead = (url: URL) => url.pathname.endsWith('/rest/v1/patients');

const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name, exact: true });

describe.skipIf(!ctx.chromium)('front-desk screen states', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectChromium(ctx);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a failed patient load once with Retry, no total before the appointments arrive, and Book while validation speaks', async () => {
    // A fresh browser context per size: nothing read or remembered yet.
    await withPageOnEachScreen(browser, ctx.baseUrl, async (page, { name: size }) => {
      // The first patients read fails (the server answers 500) → one failure, Retry, no total.
      // Routed before signing in: the dashboard opens on Patients and reads them at once.
      await page.route(patientsRead, (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'XX000', message: 'internal error', details: null, hint: null }),
        }),
      );
      await signIn(page, DEMO.receptionist);
      await tab(page, 'Patients').click();
      const failure = page.getByText('Failed to fetch patients', { exact: true });
      await failure.waitFor();
      expect(await failure.count()).toBe(1);
      expect(await page.getByText(/^Total number of patients:/).count()).toBe(0);
      const retry = page.getByRole('button', { name: 'Retry' });
      await saveScreenshot(page, `12-11-patients-failed-${size}`);
      await page.unroute(patientsRead);
      await retry.click();
      await page.getByText(/^Total number of patients: \d/).waitFor();
      expect(await failure.count()).toBe(0);

      // While the appointments are on their way, a loading state and no "Total: 0".
      const held = await holdRequests(page, '**/rest/v1/appointments?*');
      await tab(page, 'Appointments').click();
      await held.arrived;
      await page.getByText('Loading appointments…').first().waitFor();
      expect(await page.getByTestId('appointments-summary').textContent()).toBe('');
      await saveScreenshot(page, `12-11-appointments-loading-${size}`);
      held.release();
      await expect
        .poll(() => page.getByTestId('appointments-summary').textContent())
        .toMatch(/^Total: \d+ appointment\(s\)/);
      await page.unroute('**/rest/v1/appointments?*');

      // Book with nothing chosen → 'Validation Error'; the button still reads Book.
      await page.getByRole('button', { name: 'Add Appointment' }).click();
      const form = page.getByRole('dialog', { name: 'Add Appointment' });
      // aria-disabled, but pressing it says why.
      await form.getByRole('button', { name: 'Book', exact: true }).click({ force: true });
      const dialog = page.locator('.swal2-popup');
      await dialog.getByText('Validation Error', { exact: true }).waitFor();
      // sweetalert2 hides the page from assistive technology while it is open: look past that.
      const formButtons = page.getByRole('dialog', { name: 'Add Appointment', includeHidden: true });
      expect(await formButtons.getByRole('button', { name: 'Booking...', includeHidden: true }).count()).toBe(0);
      expect(await formButtons.getByRole('button', { name: 'Book', exact: true, includeHidden: true }).count()).toBe(1);
      await saveScreenshot(page, `12-7-validation-label-${size}`);
      await dialog.getByRole('button', { name: 'OK' }).click();
      await dialog.waitFor({ state: 'detached' });
      await form.getByRole('button', { name: 'Cancel', exact: true }).click();
      await form.waitFor({ state: 'detached' });
    });
  });
});
