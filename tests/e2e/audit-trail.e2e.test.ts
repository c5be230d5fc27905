/**
 * The Audit Trail of Clinic Config in Chromium, at the desktop and tablet sizes:
 * Smile Dental's admin confirms an appointment in the Appointments list and changes the clinic's
 * address, then finds both changes in the Audit Trail with their name, 'Browser' and before →
 * after, and narrows the list to appointments. The address is restored afterwards. Then the admin
 * filters by kind of record (Patients) and by person (the receptionist who changed a patient's
 * Messenger ID), exports that selection as a CSV, and prints it: the print view holds the Audit
 * Trail alone.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clinicWorkday } from '../support/clinic-time.ts';
import { DEMO, openTab, signIn, showDentistMonth } from './support/app.ts';
import { runAxe, isSeriousOrCritical } from './support/axe.ts';
import {
  DESKTOP,
  connectChromium,
  downloadedBytes,
  saveScreenshot,
  TABLET_PORTRAIT,
  withPage,
} from './support/chromium.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';
import { expectNoSidewaysScroll } from './support/layout.ts';

const ctx = inject('e2e');

/** axe (WCAG 2.1 AA) inside the section: its serious and critical violations, by rule. */
async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await runAxe(page, '.audit-trail');
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
    // Bright Teeth's admin: clinic-config.e2e saves Smile Dental's settings at the same time, and a
    // save of one clinic's settings is refused while another desk's change is unseen (ADR 0023).
    fixtures = await ClinicFixtures.signInAs(ctx, DEMO.admin2);
    const { data, error } = await fixtures.api.from('clinics').select('address').eq('id', fixtures.clinicId).single();
    if (error) throw error;
    originalAddress = data.address as string | null;
  });

  afterAll(async () => {
    await fixtures?.api.from('clinics').update({ address: originalAddress }).eq('id', fixtures.clinicId);
    await browser?.close();
  });

  it("shows the admin's own status change and settings change, with their name and 'Browser', at both sizes", async () => {
    const { data: admin, error } = await fixtures.api.from('users').select('name').eq('email', DEMO.admin2).single();
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
        await signIn(page, DEMO.admin2);

        await openTab(page, 'Appointments');
        await page.locator('.dentist-card, .state-empty').first().waitFor();
        await showDentistMonth(page, dentistName, date);
        await page.getByRole('combobox', { name: new RegExp(`^Status of ${patientName}`) }).selectOption('Confirmed');
        await page.locator('.toast').getByText('Status updated', { exact: true }).waitFor();

        await openTab(page, 'Clinic Config');
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
          'Clinic settings changed Bright Teeth',
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
        await expectNoSidewaysScroll(page);
        await section.scrollIntoViewIfNeeded();
        expect(await axeViolations(page)).toEqual([]);
        await saveScreenshot(page, 'audit-trail-tablet');
      },
      DESKTOP,
    );
  });
  it('filters by kind of record and by person, exports the selection as a CSV and prints it', async () => {
    const [reception, smile] = await Promise.all([
      ClinicFixtures.signInAs(ctx, DEMO.receptionist),
      ClinicFixtures.signInAs(ctx, DEMO.admin),
    ]);
    const { data: receptionist, error } = await smile.api
      .from('users')
      .select('name, email')
      .eq('email', DEMO.receptionist)
      .single();
    if (error) throw error;
    const patientName = uniqueName('Patient Trail');
    const patientId = await smile.patient(patientName);
    const psid = `79${Date.now()}`.slice(0, 16);
    const updated = await reception.api.from('patients').update({ messenger_id: psid }).eq('id', patientId);
    if (updated.error) throw updated.error;

    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        await signIn(page, DEMO.admin);
        await openTab(page, 'Clinic Config');
        const section = auditTrail(page);
        const filters = section.getByRole('form', { name: 'Audit trail filters' });
        await filters.getByLabel('Record type', { exact: true }).selectOption({ label: 'Patients' });
        await filters
          .getByLabel('User', { exact: true })
          .selectOption({ label: `${receptionist.name} (${receptionist.email})` });
        await filters.getByRole('button', { name: 'Apply filters', exact: true }).click();

        const cells = await auditCells(section, `Patient changed ${patientName}`);
        expect(cells.slice(1)).toEqual([
          `${receptionist.name} Receptionist`,
          'Browser',
          `Patient changed ${patientName}`,
          `Messenger ID: — → ${psid}`,
        ]);
        // Only the receptionist's patient records are left: the admin added the patient.
        await expect.poll(() => auditRow(section, `Patient added ${patientName}`).count()).toBe(0);
        const whats = await section
          .getByRole('table', { name: 'Audit trail' })
          .getByRole('row')
          .evaluateAll((rows) => rows.slice(1).map((row) => row.querySelectorAll('td')[1]?.textContent ?? ''));
        expect(whats.every((who) => who.startsWith(receptionist.name as string))).toBe(true);

        // Export: the selection (every page of it) as a CSV file.
        const [file] = await Promise.all([
          page.waitForEvent('download'),
          section.getByRole('button', { name: 'Export CSV: audit trail', exact: true }).click(),
        ]);
        expect(file.suggestedFilename()).toMatch(/^audit-smile-dental-\d{4}-\d{2}-\d{2}\.csv$/);
        const text = new TextDecoder('utf-8', { fatal: true })
          .decode(await downloadedBytes(file))
          .replace(/^\uFEFF/, '');
        const lines = text.trimEnd().split('\r\n');
        expect(lines[0]).toBe('Date,Time,Who,Role,Source,Record,Action,Subject,Changes,Address,Entry ID');
        const ours = lines.find((line) => line.includes(patientName));
        expect(ours).toContain(`${receptionist.name},receptionist,browser,patient,update,${patientName}`);
        expect(ours).toContain(`messenger_id:  → ${psid}`);
        expect(lines.slice(1).every((line) => line.includes(',receptionist,') && line.includes(',patient,'))).toBe(
          true,
        );
        await page.getByText(`Exported ${file.suggestedFilename()}.`, { exact: true }).waitFor();

        // Print: the browser's print is asked for, and the print view holds the Audit Trail alone.
        await page.evaluate(() => {
          const calls: boolean[] = [];
          (window as unknown as { printCalls: boolean[] }).printCalls = calls;
          window.print = () => {
            calls.push(document.body.classList.contains('printing-audit-trail'));
          };
        });
        await section.getByRole('button', { name: 'Print', exact: true }).click();
        expect(await page.evaluate(() => (window as unknown as { printCalls: boolean[] }).printCalls)).toEqual([true]);
        await page.emulateMedia({ media: 'print' });
        await page.evaluate(() => window.scrollTo(0, 0));
        expect(await section.getByRole('table', { name: 'Audit trail' }).isVisible()).toBe(true);
        // The section starts the paper: nothing of the page above it is laid out.
        const top = await section.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
        expect(top).toBeLessThan(40);
        expect(
          await section.getByText(`Filtered by Record type: Patients; User: ${receptionist.name}`).isVisible(),
        ).toBe(true);
        expect(await filters.isVisible()).toBe(false);
        expect(await section.getByRole('button', { name: 'Print', exact: true }).isVisible()).toBe(false);
        expect(await page.getByRole('heading', { name: 'Clinic Configuration', level: 1 }).isVisible()).toBe(false);
        expect(await page.getByRole('navigation', { name: 'Sections' }).isVisible()).toBe(false);
        await saveScreenshot(page, 'audit-trail-print');
        await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
        await page.emulateMedia({ media: 'screen' });
        expect(await page.getByRole('heading', { name: 'Clinic Configuration', level: 1 }).isVisible()).toBe(true);
      },
      DESKTOP,
    );

    // The export itself is on the record: who, which list, how many rows.
    const { data: exports, error: exportsError } = await smile.api
      .from('audit_log')
      .select('entity_label, after, actor_name')
      .eq('entity', 'export')
      .eq('entity_label', 'audit')
      .order('id', { ascending: false })
      .limit(1);
    if (exportsError) throw exportsError;
    expect(exports[0]).toMatchObject({ entity_label: 'audit', after: { kind: 'audit' } });
  });
});
