/**
 * The Dentists tab and the Dentist Availability Manager, as admin and as receptionist: the sorted
 * list, add, edit, the Status toggle, the four delete outcomes, bad input, availability (booked,
 * lunch, save, blocked periods, delete one, delete all), and the dentist role kept out by the UI
 * and by row-level security. Each test makes its own dentists through the API, so tests never
 * depend on each other.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clinicTime, clinicWorkday } from '../support/clinic-time.ts';
import { DEMO, expectText, openTab, signIn, visibleTabs } from './support/app.ts';
import { DESKTOP, connectChromium, saveScreenshot, TABLET_PORTRAIT, withPage } from './support/chromium.ts';
import { ClinicFixtures, signedInClient, uniqueName } from './support/fixtures.ts';
import { fitsWidth } from './support/layout.ts';

const ctx = inject('e2e');

/** Smile Dental's data, made and read through the API as its admin. */
class DentistFixtures extends ClinicFixtures {
  async dentistRows(name: string) {
    const { data, error } = await this.api.from('dentists').select('id, is_active, deleted').eq('name', name);
    if (error) throw error;
    return data as { id: number; is_active: boolean; deleted: boolean }[];
  }

  async blocks(dentistId: number) {
    const { data, error } = await this.api
      .from('dentist_availability')
      .select('specific_date, start_time, end_time')
      .eq('dentist_id', dentistId)
      .order('start_time');
    if (error) throw error;
    return data as { specific_date: string; start_time: string; end_time: string }[];
  }
}

async function openDentistsTab(page: Page) {
  await openTab(page, 'Dentists');
  // The seeded dentists are there once the list has loaded.
  await page.getByRole('cell', { name: 'Dr. Andrea Villanueva', exact: true }).waitFor();
}

const table = (page: Page) => page.getByRole('table', { name: 'Dentists' });
const rowOf = (page: Page, name: string): Locator =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });

/** Opens the dentist's Edit Dentist modal from their row. */
async function openEdit(page: Page, name: string): Promise<Locator> {
  await rowOf(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  return page.getByRole('dialog', { name: 'Edit Dentist' });
}

const headerMessage = (page: Page, text: string) =>
  page.locator('.screen-header').getByText(text, { exact: true }).waitFor();

const hourSlot = (page: Page, time: string) => page.locator(`[data-hour="${time}"]`);

async function slotStates(page: Page): Promise<Record<string, string>> {
  return page
    .locator('[data-hour]')
    .evaluateAll((slots) =>
      Object.fromEntries(
        slots.map((slot) => [(slot as HTMLElement).dataset.hour, (slot as HTMLElement).dataset.state]),
      ),
    );
}

/** Picks a date in the Availability Manager's calendar, paging forward when it is in a later month. */
async function pickDate(page: Page, date: string) {
  const day = page.locator(`.calendar-day[data-date="${date}"]`);
  for (let pages = 0; pages < 3 && (await day.count()) === 0; pages++) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  await day.click();
  await page.locator('.availability-day-title').getByText(date, { exact: true }).waitFor();
}

/** Answers the sweetalert2 confirmation after checking its title and text. */
async function confirm(page: Page, title: string, text: string, answer: 'Yes, delete' | 'Cancel') {
  const popup = page.locator('.swal2-popup');
  await popup.waitFor();
  expect(await popup.locator('.swal2-title').textContent()).toBe(title);
  expect(await popup.locator('.swal2-html-container').textContent()).toBe(text);
  await popup.getByRole('button', { name: answer, exact: true }).click();
  await popup.waitFor({ state: 'detached' });
}

async function blockedPeriodRows(page: Page): Promise<string[][]> {
  return page
    .getByRole('table', { name: 'Blocked Periods' })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent ?? '')),
    );
}

describe.skipIf(!ctx.chromium)('dentists', () => {
  let browser: Browser;
  let fixtures: DentistFixtures;
  beforeAll(async () => {
    browser = await connectChromium(ctx);
    fixtures = await DentistFixtures.signInAs(ctx, DEMO.admin);
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe.each([
    ['admin', DEMO.admin],
    ['receptionist', DEMO.receptionist],
  ])('as %s', (role, email) => {
    // Both roles have the same rights here (the RLS suites test each role's writes): each editing
    // flow runs as one of them, so the browser suite stays within its time.
    it('lists the dentists sorted by name, case-insensitively', async () => {
      const tag = randomUUID().slice(0, 6);
      const names = [`zz-${tag} last`, `aa-${tag} lower`, `AB-${tag} Upper`, `ac-${tag} lower`];
      for (const name of names) await fixtures.dentist(name);
      await withPage(browser, ctx.baseUrl, async (page) => {
        await signIn(page, email);
        await openDentistsTab(page);
        await page.getByRole('cell', { name: names[0], exact: true }).waitFor();
        const headers = await table(page).locator('thead th').allTextContents();
        expect(headers).toEqual(['Name', 'Email', 'Phone', 'Status', 'Actions']);
        const shown = await table(page).locator('tbody tr td:first-child').allTextContents();
        const sorted = [...shown].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true }));
        expect(shown).toEqual(sorted);
        expect(shown.filter((name) => name.includes(tag))).toEqual([
          `aa-${tag} lower`,
          `AB-${tag} Upper`,
          `ac-${tag} lower`,
          `zz-${tag} last`,
        ]);
        // Dr. Ramon Bautista is the seeded inactive dentist.
        expect(await rowOf(page, 'Dr. Ramon Bautista').getByRole('button', { name: 'Inactive' }).count()).toBe(1);
      });
    });

    if (role === 'admin')
      it("adds a dentist: the spec's validation, then one row from a double-click and 'Dentist added!'", async () => {
        const name = uniqueName(`Dr. Added by ${role}`);
        await withPage(browser, ctx.baseUrl, async (page) => {
          await signIn(page, email);
          await openDentistsTab(page);
          await page.getByRole('button', { name: 'Add Dentist' }).click();
          const dialog = page.getByRole('dialog', { name: 'Add Dentist' });
          expect(await dialog.getByLabel('Email').getAttribute('type')).toBe('email');
          expect(await dialog.getByLabel('Phone').getAttribute('type')).toBe('tel');
          const save = dialog.getByRole('button', { name: 'Save' });
          await save.click();
          await dialog.getByText('All dentist fields are required.', { exact: true }).waitFor();
          await dialog.getByLabel('Name').fill('   ');
          await dialog.getByLabel('Email').fill('new.dentist@example.test');
          await dialog.getByLabel('Phone').fill('+63 917 555 0199');
          await save.click();
          await dialog.getByText('All dentist fields are required.', { exact: true }).waitFor();
          // A longer name is cut at the column's 200 characters, and the field says so.
          await dialog.getByLabel('Name').fill('N'.repeat(201));
          await dialog.getByText('Name can be at most 200 characters.', { exact: true }).waitFor();
          expect(await dialog.getByLabel('Name').inputValue()).toBe('N'.repeat(200));
          await dialog.getByLabel('Phone').fill('9'.repeat(51));
          await dialog.getByLabel('Name').fill(name);
          await save.click();
          await dialog.getByText('Phone must be at most 50 characters.', { exact: true }).waitFor();
          if (role === 'admin') await saveScreenshot(page, 'dentist-add-invalid-desktop-1366x768');
          await dialog.getByLabel('Phone').fill('+63 917 555 0199');

          await save.dblclick();
          await headerMessage(page, 'Dentist added!');
          expect(await page.getByRole('dialog').count()).toBe(0);
          await rowOf(page, name).waitFor();
          expect(await rowOf(page, name).count()).toBe(1);
          expect(await rowOf(page, name).getByRole('button', { name: 'Active' }).count()).toBe(1);
        });
        expect(await fixtures.dentistRows(name)).toHaveLength(1);
      });

    if (role === 'receptionist')
      it("edits a dentist ('All fields required.', 'Dentist updated!') and toggles the status both ways", async () => {
        const name = uniqueName('Dr. Edit Me');
        const renamed = `${name} DMD`;
        await fixtures.dentist(name);
        await withPage(browser, ctx.baseUrl, async (page) => {
          await signIn(page, email);
          await openDentistsTab(page);
          const dialog = await openEdit(page, name);
          expect(await dialog.getByLabel('Name').inputValue()).toBe(name);
          await dialog.getByLabel('Email').fill('  ');
          await dialog.getByRole('button', { name: 'Save' }).click();
          await dialog.getByText('All fields required.', { exact: true }).waitFor();
          await dialog.getByLabel('Email').fill('edited@example.test');
          await dialog.getByLabel('Name').fill(renamed);
          await dialog.getByRole('button', { name: 'Save' }).click();
          await headerMessage(page, 'Dentist updated!');
          const row = rowOf(page, renamed);
          await row.getByRole('cell', { name: 'edited@example.test' }).waitFor();

          await row.getByRole('button', { name: 'Active', exact: true }).click();
          await headerMessage(page, 'Dentist marked as Inactive!');
          await row.getByRole('button', { name: 'Inactive', exact: true }).waitFor();
          expect((await fixtures.dentistRows(renamed))[0]!.is_active).toBe(false);
          await row.getByRole('button', { name: 'Inactive', exact: true }).click();
          await headerMessage(page, 'Dentist marked as Active!');
          await row.getByRole('button', { name: 'Active', exact: true }).waitFor();
          expect((await fixtures.dentistRows(renamed))[0]!.is_active).toBe(true);
        });
      });

    if (role === 'admin')
      it('decides Delete among the four outcomes of the spec', async () => {
        const tag = randomUUID().slice(0, 6);
        const fresh = `Dr. Fresh ${tag}`;
        const retired = `Dr. Retired ${tag}`;
        const busy = `Dr. Busy ${tag}`;
        const vanishing = `Dr. Vanishing ${tag}`;
        await fixtures.dentist(fresh);
        const retiredId = await fixtures.dentist(retired);
        const busyId = await fixtures.dentist(busy);
        const vanishingId = await fixtures.dentist(vanishing);
        const patientName = `Maria Santos ${tag}`;
        const patientId = await fixtures.patient(patientName);
        // Only past or closed appointments: a completed one last month, a cancelled one ahead.
        await fixtures.appointmentAsServiceRole({
          dentistId: retiredId,
          patientId,
          time: clinicTime(clinicWorkday(-30), '10:00'),
          status: 'Completed',
        });
        await fixtures.appointmentAsServiceRole({
          dentistId: retiredId,
          patientId,
          time: clinicTime(clinicWorkday(5), '10:00'),
          status: 'Cancelled',
        });
        const futureDay = clinicWorkday(4);
        const futureId = await fixtures.appointmentAsServiceRole({
          dentistId: busyId,
          patientId,
          time: clinicTime(futureDay, '14:20'),
          status: 'Scheduled',
          reason: 'Simple Tooth Extraction',
        });

        await withPage(browser, ctx.baseUrl, async (page) => {
          await signIn(page, email);
          await openDentistsTab(page);
          const dialog = page.getByRole('dialog', { name: 'Confirm Delete' });
          const deleteButton = dialog.getByRole('button', { name: 'Delete', exact: true });

          // 1. No appointments at all: removed for good.
          await rowOf(page, fresh)
            .getByRole('button', { name: `Delete ${fresh}` })
            .click();
          await deleteButton.click();
          await headerMessage(page, 'Dentist deleted!');
          await rowOf(page, fresh).waitFor({ state: 'detached' });
          expect(await fixtures.dentistRows(fresh)).toEqual([]);

          // 2. Only past or closed appointments: soft delete.
          await rowOf(page, retired)
            .getByRole('button', { name: `Delete ${retired}` })
            .click();
          await deleteButton.click();
          await headerMessage(page, 'Dentist soft deleted!');
          await rowOf(page, retired).waitFor({ state: 'detached' });
          expect(await fixtures.dentistRows(retired)).toEqual([{ id: retiredId, is_active: true, deleted: true }]);

          // 3. A future Scheduled appointment: blocked, the appointment listed.
          await rowOf(page, busy)
            .getByRole('button', { name: `Delete ${busy}` })
            .click();
          await deleteButton.click();
          const listed = dialog.getByRole('table');
          await listed.waitFor();
          const cells = await listed.locator('tbody tr').first().locator('td').allTextContents();
          expect(cells).toEqual([
            patientName,
            String(futureId),
            'Scheduled',
            expect.stringMatching(new RegExp(`^[A-Z][a-z]{2} ${futureDay}, 2:20 PM$`)),
            'Simple Tooth Extraction',
          ]);
          expect(await deleteButton.count()).toBe(0);
          if (role === 'admin') await saveScreenshot(page, 'dentist-delete-blocked-desktop-1366x768');
          await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
          expect(await fixtures.dentistRows(busy)).toEqual([{ id: busyId, is_active: true, deleted: false }]);
          expect(await rowOf(page, busy).count()).toBe(1);

          // 4. The check fails: the dentist was deleted elsewhere while the modal was open.
          await rowOf(page, vanishing)
            .getByRole('button', { name: `Delete ${vanishing}` })
            .click();
          await deleteButton.waitFor();
          const { error } = await fixtures.api.rpc('delete_dentist', { p_dentist_id: vanishingId });
          expect(error).toBeNull();
          await deleteButton.click();
          await dialog.getByText('Error checking appointments for this dentist.', { exact: true }).waitFor();
          await dialog.getByText(/deleted in another tab/).waitFor();
          expect(await page.getByRole('dialog', { name: 'Confirm Delete' }).count()).toBe(1);
          await page.keyboard.press('Escape');
          await rowOf(page, vanishing).waitFor({ state: 'detached' });
        });
      });

    if (role === 'receptionist')
      it('keeps what the user typed when a save fails, and says so when the dentist was deleted in another tab', async () => {
        const name = uniqueName('Dr. Fragile');
        const id = await fixtures.dentist(name);
        await withPage(browser, ctx.baseUrl, async (page) => {
          await signIn(page, email);
          await openDentistsTab(page);
          await page.route('**/rest/v1/dentists?**', (route) =>
            route.request().method() === 'PATCH'
              ? route.fulfill({ status: 500, json: { code: 'XX000', message: 'boom', details: null, hint: null } })
              : route.fallback(),
          );
          const dialog = await openEdit(page, name);
          await dialog.getByLabel('Phone').fill('+63 999 000 1111');
          await dialog.getByRole('button', { name: 'Save' }).click();
          await dialog.getByText('Error updating dentist.', { exact: true }).waitFor();
          expect(await dialog.getByLabel('Phone').inputValue()).toBe('+63 999 000 1111');
          await page.unroute('**/rest/v1/dentists?**');

          // Deleted in another tab while the modal is open.
          const { error } = await fixtures.api.rpc('delete_dentist', { p_dentist_id: id });
          expect(error).toBeNull();
          await dialog.getByRole('button', { name: 'Save' }).click();
          await dialog.getByText('Error updating dentist.', { exact: true }).waitFor();
          await dialog.getByText(/no longer exists/).waitFor();
          expect(await dialog.getByLabel('Phone').inputValue()).toBe('+63 999 000 1111');
          await dialog.getByRole('button', { name: 'Cancel' }).click();
          await rowOf(page, name).waitFor({ state: 'detached' });
        });
      });

    if (role === 'admin')
      it('keeps Active as another user set it while Edit was open: says so, shows it, saves it with the new phone', async () => {
        const name = uniqueName('Dr. Meanwhile');
        const id = await fixtures.dentist(name);
        await withPage(browser, ctx.baseUrl, async (page) => {
          await signIn(page, email);
          await openDentistsTab(page);
          const dialog = await openEdit(page, name);
          await dialog.getByLabel('Phone').fill('+63 999 000 2222');
          const { error } = await fixtures.api.from('dentists').update({ is_active: false }).eq('id', id);
          expect(error).toBeNull();
          await dialog.getByRole('button', { name: 'Save' }).click();
          await dialog
            .getByText(
              'Someone else changed this dentist while you were editing. The form now shows their changes, with yours kept: check it, then save again.',
              { exact: true },
            )
            .waitFor();
          expect(await dialog.getByLabel('Active').isChecked()).toBe(false);
          expect(await dialog.getByLabel('Phone').inputValue()).toBe('+63 999 000 2222');
          await dialog.getByRole('button', { name: 'Save' }).click();
          await dialog.waitFor({ state: 'detached' });
        });
        const { data } = await fixtures.api.from('dentists').select('phone, is_active').eq('id', id).single();
        expect(data).toEqual({ phone: '+63 999 000 2222', is_active: false });
      });

    it('manages availability: booked and lunch fixed, save merged runs, delete one block, delete all', async () => {
      const name = uniqueName('Dr. Schedule');
      const dentistId = await fixtures.dentist(name);
      const patientId = await fixtures.patient(uniqueName('Booked Patient'));
      const day = clinicWorkday(2);
      await fixtures.appointmentAsServiceRole({
        dentistId,
        patientId,
        time: clinicTime(day, '10:20'),
        status: 'Confirmed',
      });

      await withPage(browser, ctx.baseUrl, async (page) => {
        await signIn(page, email);
        await openDentistsTab(page);
        await rowOf(page, name)
          .getByRole('button', { name: `Manage Availability: ${name}` })
          .click();
        const dialog = page.getByRole('dialog', { name });
        await dialog.getByRole('heading', { name: 'Blocked Periods' }).waitFor();
        await hourSlot(page, '09:00').waitFor();
        await pickDate(page, day);
        await page.locator('[data-hour="10:00"][data-state="booked"]').waitFor();

        expect(await page.locator('.hour-slot-time').allTextContents()).toEqual([
          '9:00 AM',
          '10:00 AM',
          '11:00 AM',
          '12:00 PM',
          '1:00 PM',
          '2:00 PM',
          '3:00 PM',
          '4:00 PM',
          '5:00 PM',
        ]);
        expect(await hourSlot(page, '12:00').textContent()).toContain('Lunch Break');
        // Three columns: the first three slots share a row, the fourth starts the next.
        const tops = await page
          .locator('[data-hour]')
          .evaluateAll((slots) => slots.map((slot) => Math.round(slot.getBoundingClientRect().top)));
        expect(new Set(tops).size).toBe(3);
        expect(tops[0]).toBe(tops[2]);
        expect(tops[3]).toBeGreaterThan(tops[2]!);

        // Booked and lunch are marked disabled, and even a forced click does not toggle them.
        expect(await hourSlot(page, '10:00').isDisabled()).toBe(true);
        expect(await hourSlot(page, '12:00').isDisabled()).toBe(true);
        await hourSlot(page, '10:00').click({ force: true });
        await hourSlot(page, '12:00').click({ force: true });
        expect(await slotStates(page)).toMatchObject({ '10:00': 'booked', '12:00': 'lunch' });

        for (const time of ['09:00', '11:00', '13:00', '14:00', '16:00', '17:00']) await hourSlot(page, time).click();
        await hourSlot(page, '16:00').click(); // and back to available
        expect(await page.getByTestId('count-available').textContent()).toBe('2');
        expect(await page.getByTestId('count-blocked').textContent()).toBe('5');
        expect(await page.getByTestId('count-booked').textContent()).toBe('1');
        await dialog.getByRole('button', { name: 'Save', exact: true }).click();
        await expectText(page, 'Saved!');
        await page.waitForFunction(
          () => document.querySelectorAll('.blocked-periods tbody tr button[aria-label^="Delete block"]').length === 4,
        );
        expect(await blockedPeriodRows(page)).toEqual([
          // 12-hour, like the slot grid.
          [day, '9:00 AM', '10:00 AM', 'Delete'],
          [day, '11:00 AM', '12:00 PM', 'Delete'],
          [day, '1:00 PM', '3:00 PM', 'Delete'],
          [day, '5:00 PM', '6:00 PM', 'Delete'],
        ]);
        expect(await fixtures.blocks(dentistId)).toEqual([
          { specific_date: day, start_time: '09:00:00', end_time: '10:00:00' },
          { specific_date: day, start_time: '11:00:00', end_time: '12:00:00' },
          { specific_date: day, start_time: '13:00:00', end_time: '15:00:00' },
          { specific_date: day, start_time: '17:00:00', end_time: '18:00:00' },
        ]);

        await dialog.getByRole('button', { name: `Delete block ${day} 1:00 PM–3:00 PM` }).click();
        await confirm(page, 'Delete block?', 'Delete this block?', 'Yes, delete');
        await expectText(page, 'Deleted!');
        await dialog
          .getByRole('button', { name: `Delete block ${day} 1:00 PM–3:00 PM` })
          .waitFor({ state: 'detached' });
        expect(await slotStates(page)).toMatchObject({ '13:00': 'available', '14:00': 'available' });
        expect(await fixtures.blocks(dentistId)).toHaveLength(3);

        await dialog.getByRole('button', { name: 'Delete all blocks' }).click();
        await confirm(page, 'Delete blocks?', `Delete ALL blocks for ${day}? This cannot be undone.`, 'Cancel');
        expect(await fixtures.blocks(dentistId)).toHaveLength(3);
        await dialog.getByRole('button', { name: 'Delete all blocks' }).click();
        await confirm(page, 'Delete blocks?', `Delete ALL blocks for ${day}? This cannot be undone.`, 'Yes, delete');
        await expectText(page, 'All blocks deleted!');
        await dialog.getByText('No blocked periods from today on.').waitFor();
        expect(await fixtures.blocks(dentistId)).toEqual([]);
        expect(await slotStates(page)).toMatchObject({ '09:00': 'available', '10:00': 'booked', '12:00': 'lunch' });

        // The calendar: past days and Sundays cannot be picked, and it starts at today's month.
        expect(await page.getByRole('button', { name: 'Previous month' }).isDisabled()).toBe(
          (await page.locator('.calendar-day-today').count()) === 1,
        );
        const sundays = page.locator('.calendar-grid tbody tr td:first-child .calendar-day');
        for (const sunday of await sundays.all()) expect(await sunday.isDisabled()).toBe(true);
      });
    });
  });

  it("shows 'Error saving!' and keeps the clicks when a save fails", async () => {
    const name = uniqueName('Dr. Unsaved');
    await fixtures.dentist(name);
    const day = clinicWorkday(3);
    await withPage(browser, ctx.baseUrl, async (page) => {
      await signIn(page, DEMO.admin);
      await openDentistsTab(page);
      await rowOf(page, name)
        .getByRole('button', { name: `Manage Availability: ${name}` })
        .click();
      await hourSlot(page, '09:00').waitFor();
      await pickDate(page, day);
      await page.route('**/rest/v1/rpc/save_availability_day', (route) =>
        route.fulfill({ status: 500, json: { code: 'XX000', message: 'boom', details: null, hint: null } }),
      );
      await hourSlot(page, '15:00').click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expectText(page, 'Error saving!');
      expect((await slotStates(page))['15:00']).toBe('blocked');
      await expectText(page, 'Unsaved changes');
    });
  });

  it('keeps the dentist role out: no Dentists tab, and row-level security refuses its writes', async () => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      await signIn(page, DEMO.dentist);
      expect(await visibleTabs(page)).not.toContain('Dentists');
    });
    const dentist = await signedInClient(ctx, DEMO.dentist);
    const insert = await dentist
      .from('dentists')
      .insert({ clinic_id: fixtures.clinicId, name: 'Dr. Intruder', email: 'intruder@example.test', phone: '0917' })
      .select();
    expect(insert.status).toBe(403);
    expect(insert.error?.code).toBe('42501');
    const remove = await dentist.rpc('delete_dentist', { p_dentist_id: 1 });
    expect(remove.error?.code).toBe('42501');
    const save = await dentist.rpc('save_availability_day', {
      p_dentist_id: 1,
      p_date: clinicWorkday(3),
      p_blocks: [],
      p_read: [],
    });
    expect(save.error?.code).toBe('42501');
    expect(await fixtures.dentistRows('Dr. Intruder')).toEqual([]);
  });

  describe.each([
    ['desktop', DESKTOP],
    ['tablet', TABLET_PORTRAIT],
  ])('at %s size', (label, viewport) => {
    it(`fits the Dentists tab and the Availability Manager on screen (${viewport.width}×${viewport.height})`, async () => {
      await withPage(
        browser,
        ctx.baseUrl,
        async (page) => {
          await signIn(page, DEMO.admin);
          await openDentistsTab(page);
          expect(await fitsWidth(page)).toBe(true);
          await saveScreenshot(page, `dentists-${label}-${viewport.width}x${viewport.height}`);

          await rowOf(page, 'Dr. Andrea Villanueva')
            .getByRole('button', { name: 'Manage Availability: Dr. Andrea Villanueva' })
            .click();
          const dialog = page.getByRole('dialog', { name: 'Dr. Andrea Villanueva' });
          await dialog.locator('[data-hour="09:00"]').waitFor();
          await dialog.locator('.blocked-periods tbody tr').first().waitFor();
          const box = await dialog.boundingBox();
          expect(box!.x).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
          await saveScreenshot(page, `availability-${label}-${viewport.width}x${viewport.height}`);
        },
        viewport,
      );
    });
  });
});
