/**
 * Accessibility: axe-core (WCAG 2.0/2.1 A and AA) on the sign-in pages, every tab (and the
 * Appointments calendar view) and every dialog a user reaches cheaply, at 1366×768 and 820×1180:
 * no serious or critical violation. One test per size (each with its own time bound), one page per
 * role, dialogs opened on the demo data and closed again without saving. Then a keyboard-only walk:
 * adding a patient, booking an appointment and taking a payment with Tab/Shift+Tab/Enter/Space/
 * arrows/Escape, a visible focus ring at every stop and the focus back on the opener when a dialog
 * closes (its own data, uniquely named). `A11Y_REPORT=<file>` also writes every finding of any
 * impact, each audit's time and each stop's focus style to that file.
 */
import { appendFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clinicWorkday } from '../support/clinic-time.ts';
import { DEMO, DEMO_PASSWORD, openTab, signIn } from './support/app.ts';
import { runAxe, frameViolations, isSeriousOrCritical, loadAxeIntoFrames } from './support/axe.ts';
import { DESKTOP, connectChromium, saveScreenshot, TABLET_PORTRAIT, withPage } from './support/chromium.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';

const ctx = inject('e2e');

const SIZES = [
  ['desktop', DESKTOP],
  ['tablet', TABLET_PORTRAIT],
] as const;

interface Finding {
  where: string;
  rule: string;
  impact: string;
  targets: string[];
  detail: string;
}

/**
 * Waits for the page's finite animations (a dialog's fade-in) to end: axe measures colours as
 * drawn, and a half-faded dialog is no contrast failure.
 */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

/** Runs axe on the page (or only inside `include`) and returns its serious and critical findings. */
async function audit(page: Page, where: string, include?: string): Promise<Finding[]> {
  await settled(page);
  await loadAxeIntoFrames(page);
  const started = Date.now();
  const { violations } = await runAxe(page, include);
  // Each frame's own findings, unless the page's run already had that rule there.
  const inPage = new Set(violations.map((violation) => violation.id));
  const inFrames = include ? [] : (await frameViolations(page)).filter((violation) => !inPage.has(violation.id));
  const took = Date.now() - started;
  const all = [...violations, ...inFrames].map((violation) => ({
    where,
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    targets: violation.nodes.map((node) => node.target.join(' ')),
    detail: violation.nodes[0]?.any[0]?.message ?? '',
  }));
  if (process.env.A11Y_REPORT) {
    const lines = all.map(
      (f) => `${f.where}: ${f.rule} (${f.impact}) ${f.targets.slice(0, 4).join(' | ')} — ${f.detail}\n`,
    );
    appendFileSync(process.env.A11Y_REPORT, `-- ${where} ${took} ms\n${lines.join('')}`);
  }
  return all.filter(isSeriousOrCritical);
}

/** One line per finding: where, rule id, impact and the first few elements. */
function formatFindings(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `${f.where}: ${f.rule} (${f.impact}) ${f.targets.slice(0, 3).join(' | ')}${f.targets.length > 3 ? ` +${f.targets.length - 3}` : ''}`,
    )
    .join('\n');
}

/**
 * A dialog is checked on its own: the page behind it was checked just before, and axe inside the
 * dialog takes a fraction of a whole-page run.
 */
const DIALOG = '[role="dialog"]';

const swal = (page: Page) => page.locator('.swal2-popup');

async function closeDialog(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

async function cancelSwal(page: Page) {
  await swal(page).getByRole('button', { name: 'Cancel' }).click();
  await page.locator('.swal2-container').waitFor({ state: 'detached' });
}

/** What has the keyboard focus: its accessible name and whether a focus indicator is drawn. */
interface Focused {
  tag: string;
  name: string;
  /** data-date / data-time / data-invoice-id of the element or its row, for the walk's targets. */
  data: Record<string, string>;
  indicator: boolean;
  describe: string;
}

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) {
      return { tag: 'body', name: '', data: {}, indicator: false, describe: 'body' };
    }
    const labels = (element as HTMLInputElement).labels;
    const name = (
      element.getAttribute('aria-label') ??
      (labels && labels.length > 0 ? labels[0]!.textContent : null) ??
      element.textContent ??
      ''
    ).trim();
    const style = getComputedStyle(element);
    // A solid outline of 2 px or more, or a box-shadow ring with an opaque colour and 2 px of
    // spread or more (computed colours read rgb(...) when opaque, rgba(...) when not).
    const outline =
      style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 && style.outlineColor.startsWith('rgb(');
    const shadow = [...style.boxShadow.matchAll(/rgb\([^)]*\) 0px 0px 0px (\d+(?:\.\d+)?)px/g)].some(
      (ring) => Number(ring[1]) >= 2,
    );
    const row = element.closest('tr');
    const data = { ...element.dataset, ...(row ? row.dataset : {}) } as Record<string, string>;
    return {
      tag: element.tagName.toLowerCase(),
      name,
      data,
      indicator: outline || shadow,
      describe: `<${element.tagName.toLowerCase()}${element.className ? ` class="${element.className}"` : ''}> "${name.slice(0, 40)}" outline=${style.outlineStyle} ${style.outlineWidth} box-shadow=${style.boxShadow}`,
    };
  });
}

/** Presses a key and checks the newly focused control shows a focus indicator. */
async function press(page: Page, key: string, unseen: string[]): Promise<Focused> {
  await page.keyboard.press(key);
  const now = await focused(page);
  if (now.tag !== 'body' && !now.indicator) unseen.push(now.describe);
  if (process.env.A11Y_REPORT) appendFileSync(process.env.A11Y_REPORT, `${key}: ${now.describe}\n`);
  return now;
}

/** Tabs (forward, or back with Shift+Tab) until `wanted` has the focus; each stop must show focus. */
async function tabTo(page: Page, wanted: (f: Focused) => boolean, unseen: string[], what: string, backwards = false) {
  const visited: string[] = [];
  for (let step = 0; step < 120; step++) {
    const now = await press(page, backwards ? 'Shift+Tab' : 'Tab', unseen);
    if (wanted(now)) return now;
    visited.push(now.name.slice(0, 30));
  }
  throw new Error(`Tab never reached ${what}; passed: ${visited.join(' → ')}`);
}

const named = (name: string | RegExp) => (f: Focused) =>
  typeof name === 'string' ? f.name === name : name.test(f.name);

/** Moves a focused <select> with the arrow keys until its chosen option's label is `label`. */
async function arrowSelect(page: Page, label: string) {
  for (let step = 0; step < 400; step++) {
    const chosen = await page.evaluate(() => {
      const select = document.activeElement as HTMLSelectElement;
      return select.selectedOptions[0]?.label ?? '';
    });
    if (chosen === label) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`the arrows never chose ${label}`);
}

describe.skipIf(!ctx.chromium)('accessibility (axe-core, WCAG 2.1 AA)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectChromium(ctx);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reports what it is there to find: a missing name, a missing alt text, low contrast, an untitled frame', async () => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      // Pages on the app's origin, so the images load and the frame is the page's own origin.
      await page.route('**/axe-self-test', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>axe</title>' }),
      );
      await page.route('**/axe-self-test-frame', (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><html lang="en"><title>frame</title><img src="/favicon.svg" width="16" height="16"></html>`,
        }),
      );
      await page.goto('/axe-self-test');
      const brokenMain = `<main><img src="/favicon.svg"><button></button><p style="color:#ccc;background:#fff">faint</p></main>`;
      await page.setContent(`<!doctype html><html lang="en"><title>axe</title>${brokenMain}</html>`);
      // axe skips an image with no box: wait until each has loaded or shows as broken.
      await page.waitForFunction(() => [...document.images].every((image) => image.complete));
      expect((await audit(page, 'a broken page')).map((finding) => finding.rule).sort()).toEqual([
        'button-name',
        'color-contrast',
        'image-alt',
      ]);
      // A page with a frame is checked inside the frame as well.
      await page.setContent(
        `<!doctype html><html lang="en"><title>axe</title><main><iframe src="/axe-self-test-frame"></iframe></main></html>`,
      );
      await page.frames()[1]!.waitForLoadState();
      await page.frames()[1]!.waitForFunction(() => [...document.images].every((image) => image.complete));
      expect((await audit(page, 'a page with a frame')).map((finding) => finding.rule).sort()).toEqual([
        'frame-title',
        'image-alt',
      ]);
    });
  });

  it.each(SIZES)(
    'finds no serious or critical violation on the sign-in pages, every tab and its dialogs, at the %s size',
    async (size, viewport) => {
      const findings: Finding[] = [];
      const check = async (page: Page, where: string, include?: string) => {
        findings.push(...(await audit(page, where, include)));
      };

      await withPage(
        browser,
        ctx.baseUrl,
        async (page) => {
          for (const path of ['/login', '/signup', '/reset-password']) {
            await page.goto(path);
            await page.locator('main, form, h1').first().waitFor();
            await check(page, `${path} ${size}`);
          }

          await signIn(page, DEMO.admin);
          const at = (what: string) => `${what} ${size}`;

          // Patients: the list, Add Patient, a patient's history.
          await openTab(page, 'Patients');
          await page.locator('table tbody tr').first().waitFor();
          await check(page, at('Patients'));
          await page.getByRole('button', { name: 'Add Patient' }).click();
          let dialog = page.getByRole('dialog', { name: 'Add Patient' });
          await dialog.waitFor();
          await check(page, at('Add Patient'), DIALOG);
          await closeDialog(page, dialog);
          await page.locator('table tbody tr').first().getByRole('button').first().click();
          dialog = page.getByRole('dialog', { name: /^Appointment history: / });
          await dialog
            .getByTestId('history-list')
            .or(dialog.getByText(/No appointments/))
            .first()
            .waitFor();
          await check(page, at('Patient history'), DIALOG);
          await closeDialog(page, dialog);
          if (size === 'desktop') {
            await page
              .getByRole('button', { name: /^Edit / })
              .first()
              .click();
            dialog = page.getByRole('dialog', { name: 'Edit Patient' });
            await dialog.waitFor();
            await check(page, at('Edit Patient'), DIALOG);
            await closeDialog(page, dialog);
          }

          // Dentists: the list, Add Dentist, the Availability Manager.
          await openTab(page, 'Dentists');
          await page
            .getByRole('button', { name: /^Manage Availability: / })
            .first()
            .waitFor();
          await check(page, at('Dentists'));
          await page.getByRole('button', { name: 'Add Dentist' }).click();
          dialog = page.getByRole('dialog', { name: 'Add Dentist' });
          await dialog.waitFor();
          await check(page, at('Add Dentist'), DIALOG);
          await closeDialog(page, dialog);
          await page
            .getByRole('button', { name: /^Manage Availability: / })
            .first()
            .click();
          dialog = page.getByRole('dialog').first();
          await dialog.waitFor();
          await check(page, at('Availability Manager'), DIALOG);
          await closeDialog(page, dialog);
          if (size === 'desktop') {
            await page
              .getByRole('button', { name: /^Edit Dr\. / })
              .first()
              .click();
            dialog = page.getByRole('dialog', { name: 'Edit Dentist' });
            await dialog.waitFor();
            await check(page, at('Edit Dentist'), DIALOG);
            await closeDialog(page, dialog);
          }

          // Appointments: the list, Add Appointment, a reminder modal, a status change confirmation.
          await openTab(page, 'Appointments');
          await page.locator('.dentist-card, .state-empty').first().waitFor();
          await check(page, at('Appointments'));
          await page.getByRole('button', { name: 'Add Appointment', exact: true }).click();
          dialog = page.getByRole('dialog', { name: 'Add Appointment' });
          await dialog.waitFor();
          await check(page, at('Add Appointment'), DIALOG);
          await closeDialog(page, dialog);
          await page
            .getByRole('button', { name: /^Reminders for / })
            .first()
            .click();
          dialog = page.getByRole('dialog', { name: 'Manage Reminders' });
          await dialog.waitFor();
          await check(page, at('Manage Reminders'), DIALOG);
          await closeDialog(page, dialog);
          if (size === 'desktop') {
            await page
              .getByRole('button', { name: /^Edit appointment of / })
              .first()
              .click();
            dialog = page.getByRole('dialog', { name: 'Edit Appointment' });
            await dialog.getByLabel('Dentist').waitFor();
            await check(page, at('Edit Appointment'), DIALOG);
            await closeDialog(page, dialog);
          }
          // The first row whose status may change now to one the app asks about first (Scheduled
          // and Confirmed change at once): which rows offer which depends on the clinic's time of
          // day, since an appointment still ahead cannot be Completed or a No Show yet.
          const statuses = page.getByRole('combobox', { name: /^Status of / });
          const choices = await statuses.evaluateAll((selects) =>
            selects.map((select) => {
              const { value, options } = select as HTMLSelectElement;
              return [...options].find(
                (option) =>
                  !option.disabled &&
                  option.value !== value &&
                  ['Completed', 'No Show', 'Cancelled'].includes(option.value),
              )?.value;
            }),
          );
          const row = choices.findIndex((choice) => choice !== undefined);
          expect(row, 'a row whose status may change to one asked about first').toBeGreaterThanOrEqual(0);
          await statuses.nth(row).selectOption(choices[row]!);
          await swal(page).waitFor();
          await check(page, at('Status change confirmation'), DIALOG);
          await cancelSwal(page);
          await page.getByRole('button', { name: 'Calendar', exact: true }).click();
          await page.getByTestId('appointments-calendar').locator('.rbc-time-view, .rbc-month-view').first().waitFor();
          await check(page, at('Appointments calendar'));
          await page.getByRole('button', { name: 'List', exact: true }).click();
          await page.locator('.dentist-card, .state-empty').first().waitFor();

          // Billing System: the list, Add Invoice, Add Payment.
          await openTab(page, 'Billing System');
          await page.getByTestId('invoices-count').waitFor();
          await check(page, at('Billing System'));
          await page.getByRole('button', { name: 'Add Invoice' }).first().click();
          dialog = page.getByRole('dialog', { name: 'Add Invoice' });
          await dialog.waitFor();
          await check(page, at('Add Invoice'), DIALOG);
          await closeDialog(page, dialog);
          await page.locator('tbody').getByRole('button', { name: 'Add Payment' }).first().click();
          dialog = page.getByRole('dialog', { name: /^Add Payment for Invoice #/ });
          await dialog.waitFor();
          await check(page, at('Add Payment'), DIALOG);
          await closeDialog(page, dialog);

          // Procedures: the list, a delete confirmation.
          await openTab(page, 'Procedures');
          await page
            .getByRole('button', { name: /^Delete / })
            .first()
            .waitFor();
          await check(page, at('Procedures'));
          await page
            .getByRole('button', { name: /^Delete / })
            .first()
            .click();
          dialog = page.getByRole('dialog').first();
          await dialog.waitFor();
          await check(page, at('Delete procedure confirmation'), DIALOG);
          await closeDialog(page, dialog);

          // Clinic Config: the form, the save confirmation.
          await openTab(page, 'Clinic Config');
          await page.getByRole('button', { name: 'Update Clinic', exact: true }).waitFor();
          await page.locator('.audit-trail .data-table:not([aria-busy])').waitFor();
          await check(page, at('Clinic Config'));
          await page.getByRole('button', { name: 'Update Clinic', exact: true }).click();
          await swal(page).waitFor();
          await check(page, at('Clinic Config save confirmation'), DIALOG);
          await cancelSwal(page);

          // Users & Roles: the list, Add User, Edit User, Confirm Delete.
          await openTab(page, 'Users & Roles');
          await page
            .getByRole('button', { name: /^Edit / })
            .first()
            .waitFor();
          await check(page, at('Users & Roles'));
          await page.getByRole('button', { name: 'Add User' }).click();
          dialog = page.getByRole('dialog', { name: 'Add User' });
          await dialog.waitFor();
          await check(page, at('Add User'), DIALOG);
          await closeDialog(page, dialog);
          await page
            .getByRole('button', { name: /^Edit / })
            .first()
            .click();
          dialog = page.getByRole('dialog', { name: 'Edit User' });
          await dialog.waitFor();
          await check(page, at('Edit User'), DIALOG);
          await closeDialog(page, dialog);
          await page
            .getByRole('button', { name: /^Delete / })
            .and(page.locator(':enabled'))
            .first()
            .click();
          dialog = page.getByRole('dialog', { name: 'Confirm Delete' });
          await dialog.waitFor();
          await check(page, at('Confirm Delete'), DIALOG);
          await closeDialog(page, dialog);

          // Chat.
          await openTab(page, 'Chat');
          await check(page, at('Chat'));

          // Waitlist: the list, Add to Waitlist.
          await openTab(page, 'Waitlist');
          await page.locator('.waitlist-screen .data-table:not([aria-busy])').waitFor();
          await check(page, at('Waitlist'));
          await page.getByRole('button', { name: 'Add to Waitlist', exact: true }).click();
          dialog = page.getByRole('dialog', { name: 'Add to Waitlist' });
          await dialog.waitFor();
          await check(page, at('Add to Waitlist'), DIALOG);
          await closeDialog(page, dialog);

          // Recalls: the booking requests and the due list.
          await openTab(page, 'Recalls');
          await page.locator('.recalls .data-table:not([aria-busy])').waitFor();
          await check(page, at('Recalls'));

          // Reports: the day sheet and the no-show insight.
          await openTab(page, 'Reports');
          await page.getByTestId('day-sheet').waitFor();
          await page.locator('.reports-insight .state, [data-testid="no-show-insight"]').first().waitFor();
          await check(page, at('Reports'));
        },
        viewport,
      );

      await withPage(
        browser,
        ctx.baseUrl,
        async (page) => {
          await signIn(page, DEMO.superadmin);
          await openTab(page, 'Clinic Config');
          await page.getByLabel('Select clinic', { exact: true }).waitFor();
          await check(page, `Clinic Config (superadmin, clinic selector) ${size}`);
        },
        viewport,
      );

      expect(findings, `axe found serious or critical violations:\n${formatFindings(findings)}`).toEqual([]);
    },
    300_000,
  );

  it("lets the keyboard skip the sidebar: the first Tab stop is 'Skip to content', and the next is in the tab itself", async () => {
    const unseen: string[] = [];
    await withPage(browser, ctx.baseUrl, async (page) => {
      await signIn(page, DEMO.admin);
      // A fresh load: Tab starts from the top of the page.
      await page.reload();
      await page.getByRole('heading', { name: 'Patients', level: 1 }).waitFor();
      expect((await press(page, 'Tab', unseen)).name).toBe('Skip to content');
      await page.keyboard.press('Enter');
      await press(page, 'Tab', unseen);
      expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.closest('nav') === null)).toBe(true);
      expect(unseen).toEqual([]);
    });
  });

  it('adds a patient, books an appointment and takes a payment by keyboard alone, focus always visible and returned', async () => {
    const fixtures = await ClinicFixtures.signInAs(ctx, DEMO.admin);
    const dentist = uniqueName('Dr. Keyboard');
    const bookedFor = uniqueName('Keyboard Booked');
    const payer = uniqueName('Keyboard Payer');
    const added = uniqueName('Keyboard Added');
    await fixtures.dentist(dentist);
    const bookedId = await fixtures.patient(bookedFor);
    const payerId = await fixtures.patient(payer);
    const { data: invoice, error } = await fixtures.api
      .from('invoices')
      .insert({ clinic_id: fixtures.clinicId, patient_id: payerId, total: '1000.00' })
      .select('id')
      .single();
    if (error) throw error;
    const date = clinicWorkday(6);
    const unseen: string[] = [];

    await withPage(browser, ctx.baseUrl, async (page) => {
      // Sign in by keyboard too.
      await page.goto('/login');
      await page.getByLabel('Email').waitFor();
      await tabTo(page, named('Email'), unseen, 'Email');
      await page.keyboard.type(DEMO.admin);
      await tabTo(page, named('Password'), unseen, 'Password');
      await page.keyboard.type(DEMO_PASSWORD);
      await page.keyboard.press('Enter');
      await page.getByTestId('user-name').waitFor();

      // Add a patient.
      await tabTo(page, named('Patients'), unseen, 'the Patients tab');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Patients', level: 1 }).waitFor();
      await tabTo(page, named('Add Patient'), unseen, 'Add Patient');
      await saveScreenshot(page, 'keyboard-patients-focus');
      await page.keyboard.press('Enter');
      let dialog = page.getByRole('dialog', { name: 'Add Patient' });
      await dialog.waitFor();
      expect((await focused(page)).name).toBe('Name');
      await page.keyboard.type(added);
      await tabTo(page, named('Phone'), unseen, 'Phone');
      await page.keyboard.type('0917 555 1212');
      await tabTo(page, named('Save'), unseen, 'Save');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      expect((await focused(page)).name).toBe('Add Patient');
      expect(await fixtures.api.from('patients').select('id').eq('name', added)).toMatchObject({ data: [{}] });
      // Escape closes too, and the focus comes back.
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect((await focused(page)).name).toBe('Add Patient');

      // Book an appointment.
      await tabTo(page, named('Appointments'), unseen, 'the Appointments tab', true);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Appointments', level: 1 }).waitFor();
      await tabTo(page, named('Add Appointment'), unseen, 'Add Appointment');
      await page.keyboard.press('Enter');
      dialog = page.getByRole('dialog', { name: 'Add Appointment' });
      await dialog.getByLabel('Dentist').waitFor();
      await tabTo(page, named('Dentist'), unseen, 'Dentist');
      await arrowSelect(page, dentist);
      await tabTo(page, named('Patient'), unseen, 'Patient');
      await page.keyboard.type(bookedFor);
      // The list follows the typing after a pause ("K" lists every name with a k): ArrowDown goes to
      // the first option once the whole name has been searched.
      await expect
        .poll(() => dialog.getByRole('listbox').getByRole('option').first().textContent(), { timeout: 15_000 })
        .toMatch(new RegExp(`^${bookedFor}`));
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      expect(await dialog.getByRole('combobox', { name: 'Patient' }).inputValue()).toBe(bookedFor);
      await dialog.locator('.booking-day').first().waitFor();
      for (
        let pages = 0;
        pages < 3 && (await dialog.locator(`.booking-day[data-date="${date}"]`).count()) === 0;
        pages++
      ) {
        await tabTo(page, named('Next month'), unseen, 'Next month');
        await page.keyboard.press('Enter');
      }
      await tabTo(page, (f) => f.data.date === date, unseen, `the day ${date}`);
      await page.keyboard.press('Enter');
      await expect
        .poll(() => dialog.locator(`.booking-day[data-date="${date}"]`).getAttribute('aria-pressed'))
        .toBe('true');
      await dialog.locator('[data-time="10:20"]').waitFor();
      await tabTo(page, (f) => f.data.time === '10:20', unseen, 'the 10:20 slot');
      await page.keyboard.press('Space');
      await expect.poll(() => dialog.locator('[data-time="10:20"]').getAttribute('aria-pressed')).toBe('true');
      await tabTo(page, named('Procedure Category'), unseen, 'Procedure Category');
      await arrowSelect(page, 'Restorative');
      await tabTo(page, named('Procedure'), unseen, 'Procedure');
      await arrowSelect(page, 'Composite Filling — ₱1,500.00');
      await tabTo(page, named('Book'), unseen, 'Book');
      await saveScreenshot(page, 'keyboard-booking-focus');
      await page.keyboard.press('Enter');
      await page.locator('.toast-region').getByText('Appointment booked!', { exact: true }).waitFor();
      await dialog.waitFor({ state: 'detached' });
      expect((await focused(page)).name).toBe('Add Appointment');
      expect(await fixtures.appointmentsOf(bookedId)).toHaveLength(1);

      // Take a payment.
      await tabTo(page, named('Billing System'), unseen, 'the Billing System tab', true);
      await page.keyboard.press('Enter');
      await page.getByTestId('invoices-count').waitFor();
      await tabTo(page, named('Search by patient'), unseen, 'Search by patient');
      await page.keyboard.type(payer);
      await page.locator(`tr[data-invoice-id="${invoice.id}"]`).waitFor();
      await tabTo(
        page,
        (f) => f.name === 'Add Payment' && f.data.invoiceId === String(invoice.id),
        unseen,
        'Add Payment',
      );
      await page.keyboard.press('Enter');
      dialog = page.getByRole('dialog', { name: `Add Payment for Invoice #${invoice.id}` });
      await dialog.waitFor();
      await tabTo(page, named('Amount'), unseen, 'Amount');
      await page.keyboard.type('400');
      await tabTo(page, named('Add Payment'), unseen, "the dialog's Add Payment");
      await page.keyboard.press('Enter');
      await page.locator('.toast-region').getByText('Payment added!', { exact: true }).waitFor();
      await dialog.waitFor({ state: 'detached' });
      const back = await focused(page);
      expect([back.name, back.data.invoiceId]).toEqual(['Add Payment', String(invoice.id)]);
    });

    expect(unseen, `controls focused without a visible focus indicator:\n${unseen.join('\n')}`).toEqual([]);
  }, 90_000);
});
