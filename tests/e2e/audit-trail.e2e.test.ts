/**
 * The Audit Trail of Clinic Config (issue 17 part 5) in Chromium, at the desktop and tablet sizes:
 * Smile Dental's admin confirms an appointment in the Appointments list and changes the clinic's
 * address, then finds both changes in the Audit Trail with their name, 'Browser' and before →
 * after, and narrows the list to appointments. The address is restored afterwards.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clinicWorkday } from '../support/clinic-time.ts';
import { DEMO, loginAs, showDentistMonth } from './support/app.ts';
import { axeBuilder, isSeriousOrCritical } from './support/axe.ts';
import { DESKTOP, connectChromium, saveScreenshot, TABLET_PORTRAIT, withPage } from './support/chromium.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';

const ctx = inject('e2e');

async function openTab(page: Page, tab: string, heading: string) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: tab }).click();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

/** axe (WCAG 2.1 AA) inside the section: its serious and critical violations, by rule. */
async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await axeBuilder(page).include('.audit-trail').analyze();
  return violations
    .filter(isSeriousOrCritical)
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

const auditTrail = (page: Page) => page.getByRole('region', { name: 'Audit Trail' });
const auditRow = (section: Locator, text: string) =>
  section.getByRole('table', { name: 'Audit trail' }).getByRole('row').filter({ hasText: text });

/** The cells of the first row of the Audit Trail that mentions `text`, once it shows. */
async function auditCells(section: Locator, text: string): Promise<string[]> {
  const row = auditRow(section, text).first();
  await row.waitFor();
  return (await row.getByRole('cell').allInnerTexts()).map((cell) => cell.replace(/\s+/g, ' ').trim());
}

describe.skipIf(!ctx.chromium)('the Audit Trail', () => {
  let browser: Browser;
  let fixtures: ClinicFixtures;
  let originalAddress: string | null = null;

  beforeAll(async () => {
    browser = await connectChromium(ctx);
    fixtures = await ClinicFixtures.signInAs(ctx, DEMO.admin);
    const { data, error } = await fixtures.api.from('clinics').select('address').eq('id', fixtures.clinicId).single();
    if (error) throw error;
    originalAddress = data.address as string | null;
  });

  afterAll(async () => {
    await fixtures?.api.from('clinics').update({ address: originalAddress }).eq('id', fixtures.clinicId);
    await browser?.close();
  });

  it("shows the admin's own status change and settings change, with their name and 'Browser', at both sizes", async () => {
    const { data: admin, error } = await fixtures.api.from('users').select('name').eq('email', DEMO.admin).single();
    if (error) throw error;
    const dentistName = uniqueName('Dr. Audit');
    const patientName = uniqueName('Patient Audit');
    const date = clinicWorkday(5);
    const dentistId = await fixtures.dentist(dentistName);
    const patientId = await fixtures.patient(patientName);
    await fixtures.appointment({ dentistId, patientId, time: `${date}T14:00:00+08:00` });
    const address = `${randomUUID().slice(0, 4)} Audit Street, Pasig City`;

    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        await loginAs(page, DEMO.admin);

        await openTab(page, 'Appointments', 'Appointments');
        await page.locator('.dentist-card, .state-empty').first().waitFor();
        await showDentistMonth(page, dentistName, date);
        await page.getByRole('combobox', { name: new RegExp(`^Status of ${patientName}`) }).selectOption('Confirmed');
        await page.locator('.toast').getByText('Status updated', { exact: true }).waitFor();

        await openTab(page, 'Clinic Config', 'Clinic Configuration');
        await page.getByLabel('Address', { exact: true }).fill(address);
        await page.getByRole('button', { name: 'Update Clinic', exact: true }).click();
        await page.locator('.swal2-popup').getByRole('button', { name: 'Yes, Update', exact: true }).click();
        await page.locator('.swal2-popup .swal2-title', { hasText: 'Success!' }).waitFor();
        await page.locator('.swal2-popup').getByRole('button', { name: 'OK' }).click();
        await page.locator('.swal2-container').waitFor({ state: 'detached' });

        // The section reads the log again after the save; newest first.
        const section = auditTrail(page);
        const clinicRow = await auditCells(section, address);
        expect(clinicRow.slice(1)).toEqual([
          `${admin.name} Admin`,
          'Browser',
          'Clinic settings changed Smile Dental',
          expect.stringMatching(new RegExp(`^Address: .* → ${address}$`)),
        ]);
        const statusRow = await auditCells(section, `Appointment changed ${patientName}`);
        expect(statusRow.slice(1)).toEqual([
          `${admin.name} Admin`,
          'Browser',
          `Appointment changed ${patientName}`,
          'Status: Scheduled → Confirmed',
        ]);
        // Newest first. Other test files write to this clinic's log at the same time, so their rows
        // may come between ours: the order of our two rows is what is checked.
        const rows = await section.getByRole('table', { name: 'Audit trail' }).getByRole('row').allInnerTexts();
        const clinicAt = rows.findIndex((text) => text.includes(address));
        const statusAt = rows.findIndex((text) => text.includes(patientName) && text.includes('Scheduled → Confirmed'));
        expect(clinicAt).toBeGreaterThan(0);
        expect(statusAt).toBeGreaterThan(clinicAt);
        await section.scrollIntoViewIfNeeded();
        expect(await axeViolations(page)).toEqual([]);
        await saveScreenshot(page, 'audit-trail-desktop');

        // Tablet: the filters narrow the list to appointments; nothing is wider than the window.
        await page.setViewportSize(TABLET_PORTRAIT);
        const filters = section.getByRole('form', { name: 'Audit trail filters' });
        await filters.getByLabel('Record type', { exact: true }).selectOption({ label: 'Appointments' });
        await filters.getByRole('button', { name: 'Apply filters', exact: true }).click();
        await expect.poll(() => auditRow(section, address).count()).toBe(0);
        await auditRow(section, `Appointment changed ${patientName}`).first().waitFor();
        await auditRow(section, `Appointment booked ${patientName}`).first().waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await section.scrollIntoViewIfNeeded();
        expect(await axeViolations(page)).toEqual([]);
        await saveScreenshot(page, 'audit-trail-tablet');
      },
      DESKTOP,
    );
  });
});
