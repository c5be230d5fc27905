/**
 * The Procedures tab, in Chromium at 1366×768 and at a 768×1024 tablet: the admin adds a
 * category and a procedure with a price, edits the price, sees the new price in Add Appointment
 * without a reload, and deletes the procedure after the spec's question (Cancel focused). The
 * receptionist sees the tab; the dentist does not.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO, openTab, signIn, visibleTabs } from './support/app.ts';
import { DESKTOP, connectChromium, saveScreenshot, withPage } from './support/chromium.ts';
import { expectNoSidewaysScroll } from './support/layout.ts';

const ctx = inject('e2e');
const TABLET = { width: 768, height: 1024 };
const VIEWPORTS = [DESKTOP, TABLET] as const;

const headers = (table: Locator) => table.getByRole('columnheader').allTextContents();
const cells = (row: Locator) => row.getByRole('cell').allTextContents();

describe.skipIf(!ctx.chromium)('Procedures', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectChromium(ctx);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lets the admin add a category and a procedure, change its price for the booking form, and delete it', async () => {
    const tag = randomUUID().slice(0, 6);
    const category = `E2E Category ${tag}`;
    const procedure = `Whitening ${tag}`;

    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        await signIn(page, DEMO.admin);
        await openTab(page, 'Procedures');
        await page.getByRole('table').first().waitFor();
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          await page.getByRole('button', { name: 'Add Category' }).waitFor();
          expect(await headers(page.getByRole('table').first())).toEqual(['Procedure', 'Price', 'Actions']);
          await expectNoSidewaysScroll(page);
        }

        // A category, added with Enter; a blank one is refused first.
        await page.getByRole('button', { name: 'Add Category' }).click();
        await page.getByText('Category name is required.', { exact: true }).waitFor();
        await page.getByLabel('New category name').fill(category);
        await page.getByLabel('New category name').press('Enter');
        const table = page.getByRole('table', { name: category });
        await table.getByText('No procedures in this category yet.', { exact: true }).waitFor();

        // A procedure with a price; the price field starts at 0.00.
        const price = table.getByLabel(`New procedure price in ${category}`);
        expect(await price.inputValue()).toBe('0.00');
        await table.getByLabel(`New procedure name in ${category}`).fill(procedure);
        await price.fill('2,500.50');
        await table.getByRole('button', { name: `Add procedure to ${category}` }).click();
        const added = table.locator('tbody tr').filter({ hasText: procedure });
        await added.getByText('₱2,500.50', { exact: true }).waitFor();
        // By id from here on: in edit mode the name is in an input, not in the row's text.
        const row = table.locator(`tr[data-procedure-id="${await added.getAttribute('data-procedure-id')}"]`);

        // Edit mode at both sizes: inputs, Save and Cancel; Escape cancels.
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          await row.getByRole('button', { name: `Edit ${procedure}` }).click();
          await row.getByRole('button', { name: `Save ${procedure}` }).waitFor();
          expect(await row.getByRole('button').allTextContents()).toEqual(['Save', 'Cancel']);
          await expectNoSidewaysScroll(page);
          await row.getByLabel(`Price of ${procedure}`).press('Escape');
          expect(await cells(row)).toEqual([procedure, '₱2,500.50', 'EditDelete']);
        }
        await saveScreenshot(page, '14-procedures-tablet');

        await row.getByRole('button', { name: `Edit ${procedure}` }).click();
        await row.getByLabel(`Price of ${procedure}`).fill('3000.75');
        await row.getByRole('button', { name: `Save ${procedure}` }).click();
        await row.getByText('₱3,000.75', { exact: true }).waitFor();

        // The booking form reads the new price, no reload.
        await openTab(page, 'Appointments');
        await page.getByRole('button', { name: 'Add Appointment', exact: true }).click();
        const form = page.getByRole('dialog', { name: 'Add Appointment' });
        await form
          .getByLabel('Procedure Category')
          .locator('option', { hasText: category })
          .waitFor({ state: 'attached' });
        await form.getByLabel('Procedure Category').selectOption({ label: category });
        await form.getByLabel('Procedure', { exact: true }).selectOption({ label: `${procedure} — ₱3,000.75` });
        await form.getByText('₱3,000.75', { exact: true }).waitFor();
        await form.getByRole('button', { name: 'Cancel' }).click();
        await form.waitFor({ state: 'detached' });

        // Delete asks the spec's question with Cancel focused, at both sizes; then deletes.
        await openTab(page, 'Procedures');
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          await row.getByRole('button', { name: `Delete ${procedure}` }).click();
          const dialog = page.getByRole('dialog');
          await dialog.getByText('Are you sure you want to delete this procedure?', { exact: true }).waitFor();
          await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
          await dialog.getByRole('button', { name: 'Cancel' }).click();
          await dialog.waitFor({ state: 'detached' });
          expect(await cells(row)).toEqual([procedure, '₱3,000.75', 'EditDelete']);
        }
        await row.getByRole('button', { name: `Delete ${procedure}` }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete' }).click();
        await table.getByText('No procedures in this category yet.', { exact: true }).waitFor();
      },
      DESKTOP,
    );
  });

  it('shows the tab to the receptionist and not to the dentist', async () => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      await signIn(page, DEMO.receptionist);
      expect(await visibleTabs(page)).toContain('Procedures');
      await openTab(page, 'Procedures');
      await page.getByRole('button', { name: 'Add Category' }).waitFor();
    });
    await withPage(browser, ctx.baseUrl, async (page) => {
      await signIn(page, DEMO.dentist);
      expect(await visibleTabs(page)).not.toContain('Procedures');
    });
  });
});
