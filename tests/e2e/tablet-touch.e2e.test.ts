/**
 * The 820×1180 touch tablet (a finger: a coarse pointer): the demo dentists' names read whole in
 * the Dentists table and the demo staff's in Users & Roles, the blocked-delete list shows ordinary patient names and reasons uncut, its
 * status chips have the Appointments list's colours, and every control on the login page and on
 * every tab is a touch target of at least 44×44 px (WCAG 2.5.5).
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clinicTime, clinicWorkday } from '../support/clinic-time.ts';
import { DEMO, openTab, signIn, showDentistMonth } from './support/app.ts';
import { connectChromium, DESKTOP, saveScreenshot, TABLET_TOUCH, withPage } from './support/chromium.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';
import { expectTableFits } from './support/layout.ts';

const ctx = inject('e2e');

const DEMO_DENTISTS = ['Dr. Andrea Villanueva', 'Dr. Katrina Lim', 'Dr. Paolo Dimaculangan', 'Dr. Ramon Bautista'];

/** Cut: the text is wider than its box (an ellipsis, or hidden overflow). */
const isCut = (locator: Locator) => locator.evaluate((element) => element.scrollWidth > element.clientWidth);

/** Cut either way: wider than its box, or taller (a name clamped to two lines). */
const isCutOrClamped = (locator: Locator) =>
  locator.evaluate(
    (element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
  );

async function openDentists(page: Page) {
  await openTab(page, 'Dentists');
  await page.getByRole('cell', { name: DEMO_DENTISTS[0], exact: true }).waitFor();
}

type Paint = { background: string; color: string; border: string };

const paintOf = (locator: Locator): Promise<Paint> =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, color: style.color, border: style.borderTopColor };
  });

/** Each tab, and what shows once its data is in. */
const TABS: [tab: string, ready: (page: Page) => Locator][] = [
  ['Patients', (page) => page.locator('.patients-name').first()],
  ['Appointments', (page) => page.locator('select.status-select').first()],
  ['Dentists', (page) => page.getByRole('cell', { name: DEMO_DENTISTS[0], exact: true }).first()],
  ['Billing System', (page) => page.locator('.billing-patient-name').first()],
  ['Procedures', (page) => page.getByRole('button', { name: /^Delete / }).first()],
  ['Clinic Config', (page) => page.locator('.audit-trail .data-table:not([aria-busy])').first()],
  ['Users & Roles', (page) => page.getByRole('button', { name: /^Edit / }).first()],
  ['Chat', (page) => page.getByRole('button', { name: 'Send', exact: true }).first()],
  ['Reports', (page) => page.getByRole('button', { name: 'Show day sheet', exact: true }).first()],
  ['Recalls', (page) => page.getByRole('button', { name: 'Refresh', exact: true }).first()],
  ['Waitlist', (page) => page.getByRole('button', { name: 'Add to Waitlist', exact: true }).first()],
];

/**
 * Every visible interactive element smaller than 44×44 px: links, buttons (icon buttons, the
 * tap-to-read names, pagination, sidebar tabs), selects, inputs, and checkboxes by their hit area
 * (the label that wraps them). Not measured: the skip link, hidden off screen until a keyboard
 * focuses it (by design), and anything drawn at no size. No inline-link exception is taken:
 * every link is measured too.
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const INTERACTIVE =
      'a[href], button, select, textarea, summary, input:not([type="hidden"]), [role="button"], [role="link"], [role="checkbox"], [tabindex]:not([tabindex="-1"])';
    const small: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(INTERACTIVE))) {
      if (element.classList.contains('skip-link')) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      if (element.closest('[aria-hidden="true"], [inert]')) continue;
      const input = element as HTMLInputElement;
      const isCheck = element.tagName === 'INPUT' && (input.type === 'checkbox' || input.type === 'radio');
      const target = isCheck ? (element.closest('label') ?? element) : element;
      const box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.width < 44 || box.height < 44) {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
        const classes = String(element.className).trim().split(/\s+/).filter(Boolean).join('.');
        small.push(
          `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return small;
  });
}

describe.skipIf(!ctx.chromium)('the tablet by touch, 820×1180', () => {
  let browser: Browser;
  const busyDentist = uniqueName('Dr. Tablet');
  const patients = { scheduled: uniqueName('Ana Garcia'), confirmed: uniqueName('Jose Reyes') };
  const day = clinicWorkday(2);
  const appointments = { scheduled: 0, confirmed: 0 };

  beforeAll(async () => {
    const [launched, fixtures] = await Promise.all([connectChromium(ctx), ClinicFixtures.signInAs(ctx, DEMO.admin)]);
    browser = launched;
    const dentistId = await fixtures.dentist(busyDentist);
    const [scheduledPatient, confirmedPatient] = await Promise.all([
      fixtures.patient(patients.scheduled),
      fixtures.patient(patients.confirmed),
    ]);
    appointments.scheduled = await fixtures.appointmentAsServiceRole({
      dentistId,
      patientId: scheduledPatient,
      time: clinicTime(day, '10:00'),
      reason: 'Root Canal Treatment (Anterior)',
    });
    appointments.confirmed = await fixtures.appointmentAsServiceRole({
      dentistId,
      patientId: confirmedPatient,
      time: clinicTime(day, '11:00'),
      status: 'Confirmed',
      reason: 'Oral Prophylaxis (Cleaning)',
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reads an ordinary patient’s name whole in the Patients table, beside its four buttons', async () => {
    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        await signIn(page, DEMO.receptionist);
        await page.getByRole('heading', { name: 'Patients', level: 1 }).waitFor();
        await page.getByPlaceholder('Search patients…').fill(patients.scheduled);
        const name = page.getByRole('button', { name: patients.scheduled, exact: true });
        await name.waitFor();
        expect(await isCut(name), `${patients.scheduled} is cut`).toBe(false);
        const row = page.locator('tbody tr').filter({ has: name });
        for (const action of ['Chart', 'HMO', 'Edit', 'Delete'])
          expect(await row.getByRole('button', { name: new RegExp(`^${action}`) }).isVisible()).toBe(true);
        await expectTableFits(page, page.locator('.patients-table-frame'));
        await saveScreenshot(page, '32-0-patients-tablet-touch');
      },
      TABLET_TOUCH,
    );
  });

  it('reads the demo staff’s names whole in the Users & Roles table, on two lines where one is too short', async () => {
    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        await signIn(page, DEMO.admin);
        await openTab(page, 'Users & Roles');
        for (const staff of ['Dr. Andrea Villanueva', 'Carmela Santos', 'Joy Bautista']) {
          const name = page.locator('.users-table').getByRole('button', { name: staff, exact: true });
          await name.waitFor();
          expect(await isCutOrClamped(name), `${staff} is cut`).toBe(false);
        }
        await expectTableFits(page, page.locator('.users-table').locator('..'));
        await saveScreenshot(page, '32-0-users-tablet-touch');
      },
      TABLET_TOUCH,
    );
  });

  it('reads the demo dentists’ names whole, and ordinary patients and reasons whole in the blocked-delete list', async () => {
    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        await signIn(page, DEMO.admin);
        await openDentists(page);
        const table = page.getByRole('table', { name: 'Dentists' });
        for (const name of DEMO_DENTISTS) {
          const cell = table.getByRole('button', { name, exact: true });
          expect(await isCut(cell), `${name} is cut`).toBe(false);
        }
        await expectTableFits(page, page.locator('.dentists-screen .table-scroll'));
        await saveScreenshot(page, '32-1-dentists-tablet-touch');

        await table.getByRole('button', { name: `Delete ${busyDentist}`, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Confirm Delete' });
        await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
        const list = dialog.locator('.blocking-scroll');
        await list.locator('tbody tr').nth(1).waitFor();
        for (const [patient, reason] of [
          [patients.scheduled, 'Root Canal Treatment (Anterior)'],
          [patients.confirmed, 'Oral Prophylaxis (Cleaning)'],
        ] as const) {
          const row = list.locator('tbody tr').filter({ hasText: patient });
          const name = row.getByRole('button', { name: patient, exact: true });
          expect(await isCut(name), `${patient} is cut`).toBe(false);
          const reasonCell = row.locator('td.blocking-reason');
          expect(await reasonCell.textContent()).toBe(reason);
          expect(await isCut(reasonCell), `${reason} is cut`).toBe(false);
        }
        await expectTableFits(page, list);
        await saveScreenshot(page, '32-1-delete-list-tablet-touch');

        // The same table still fits the desktop.
        await page.setViewportSize(DESKTOP);
        await expectTableFits(page, list);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await expectTableFits(page, page.locator('.dentists-screen .table-scroll'));
        for (const name of DEMO_DENTISTS)
          expect(await isCut(table.getByRole('button', { name, exact: true }))).toBe(false);
      },
      TABLET_TOUCH,
    );
  });

  it("fits the Recalls due list to the tablet: no sideways scroll, every phone number and 'Send recall' on one line", async () => {
    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        await signIn(page, DEMO.admin);
        await openTab(page, 'Recalls');
        const due = page.getByRole('table', { name: 'Patients due for a check-up' });
        await due.locator('.recall-phone').first().waitFor();
        await expectTableFits(page, page.locator('.recall-due .table-scroll'));
        const linesOf = (elements: Element[]) =>
          elements.map((element) => {
            const range = document.createRange();
            range.selectNodeContents(element);
            return range.getClientRects().length;
          });
        const phoneLines = await due.locator('.recall-phone').evaluateAll(linesOf);
        expect(phoneLines.length).toBeGreaterThan(0);
        expect(phoneLines.every((lines) => lines === 1)).toBe(true);
        const sendLines = await due.locator('button', { hasText: /^Send recall$/ }).evaluateAll(linesOf);
        expect(sendLines.length).toBeGreaterThan(0);
        expect(sendLines.every((lines) => lines === 1)).toBe(true);
        await expect
          .poll(() =>
            due
              .getByRole('button', { name: /^Send recall$|^Recalled / })
              .first()
              .isVisible(),
          )
          .toBe(true);
      },
      TABLET_TOUCH,
    );
  });

  it('colours the blocked-delete list’s Scheduled and Confirmed chips as the Appointments list does', async () => {
    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        await signIn(page, DEMO.admin);
        await openTab(page, 'Appointments');
        await showDentistMonth(page, busyDentist, day);
        const statusSelect = (patient: string) =>
          page.getByRole('combobox', { name: new RegExp(`^Status of ${patient},`) });
        await statusSelect(patients.confirmed).waitFor();
        const listed = {
          scheduled: await paintOf(statusSelect(patients.scheduled)),
          confirmed: await paintOf(statusSelect(patients.confirmed)),
        };

        await openDentists(page);
        await page.getByRole('button', { name: `Delete ${busyDentist}`, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Confirm Delete' });
        await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
        const chipOf = (id: number) =>
          dialog.locator('tbody tr').filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });
        const scheduledChip = chipOf(appointments.scheduled).getByText('Scheduled', { exact: true });
        const confirmedChip = chipOf(appointments.confirmed).getByText('Confirmed', { exact: true });
        await confirmedChip.waitFor();
        const chips = { scheduled: await paintOf(scheduledChip), confirmed: await paintOf(confirmedChip) };

        expect(chips.scheduled.background).not.toBe(chips.confirmed.background);
        expect(chips).toEqual(listed);
        await saveScreenshot(page, '32-4-delete-list-chips-tablet-touch');
      },
      TABLET_TOUCH,
    );
  });

  it('makes every control on the login page and on every tab at least 44×44 px to a finger', async () => {
    const failures: string[] = [];
    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        await page.goto('/login');
        await page.getByRole('button', { name: 'Forgot password?' }).waitFor();
        failures.push(...(await smallTargets(page)).map((target) => `login: ${target}`));

        await signIn(page, DEMO.admin);
        for (const [tab, ready] of TABS) {
          await openTab(page, tab);
          await ready(page).waitFor();
          await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
          failures.push(...(await smallTargets(page)).map((target) => `${tab}: ${target}`));
        }
      },
      TABLET_TOUCH,
    );
    // The superadmin's top bar adds the clinic selector.
    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        await signIn(page, DEMO.superadmin);
        await page.getByLabel('Working on').waitFor();
        failures.push(...(await smallTargets(page)).map((target) => `superadmin: ${target}`));
      },
      TABLET_TOUCH,
    );
    expect(failures, `targets under 44×44 px:\n${failures.join('\n')}`).toEqual([]);
  });

  it('keeps the desktop’s own sizes with a mouse: the rule is for a coarse pointer only', async () => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      await page.goto('/login');
      const forgot = page.getByRole('button', { name: 'Forgot password?' });
      await forgot.waitFor();
      expect((await forgot.boundingBox())!.height).toBeLessThan(44);
    });
  });
});
