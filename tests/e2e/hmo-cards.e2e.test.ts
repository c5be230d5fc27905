/**
 * HMO cards in Chromium: admin@demo.test accredits a new HMO in Clinic Config (after the form refuses
 * an empty name in the app's error colour) and covers cleaning
 * at a contracted price; reception@demo.test adds a card of that HMO to a new patient from the
 * Patients list and sees it Valid today, and a card that ended yesterday shows Expired (the status
 * is the database's, on the clinic's day). Each test makes its own HMO and patient.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { addDays, type IsoDate } from '@common/clinic-calendar';
import { clinicDateAt } from '../support/clinic-time.ts';
import { DEMO, openTab, signIn } from './support/app.ts';
import { DESKTOP, saveScreenshot, withPage } from './support/chromium.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';
import { setUpBrowserAndFixtures } from './support/suite.ts';

const ctx = inject('e2e');

/** Adds a card through the patient's HMO dialog and returns the cards table. */
async function addCard(dialog: Locator, card: { hmo: string; member: string; from: IsoDate; until: IsoDate }) {
  const form = dialog.getByRole('form', { name: 'Add card' });
  await form.getByLabel('HMO', { exact: true }).selectOption({ label: card.hmo });
  await form.getByLabel('Card / member number').fill(card.member);
  await form.getByLabel('Valid from').fill(card.from);
  await form.getByLabel('Valid until').fill(card.until);
  await form.getByRole('button', { name: 'Add card' }).click();
  await form.getByText('HMO card added.').waitFor();
  return dialog.getByRole('table', { name: 'HMO cards' });
}

describe.skipIf(!ctx.chromium)('HMO cards in the browser', () => {
  const suite = setUpBrowserAndFixtures(ctx, () => ClinicFixtures.signInAs(ctx, DEMO.receptionist));

  it('an admin accredits an HMO covering cleaning; reception adds a valid card and an expired one', async () => {
    const hmo = uniqueName('E2E Care');
    const patientName = uniqueName('HMO Patient');
    await suite.fixtures.patient(patientName);
    const today = clinicDateAt(new Date()) as IsoDate;

    await withPage(
      suite.browser,
      ctx.baseUrl,
      async (page) => {
        await signIn(page, DEMO.admin);
        await openTab(page, 'Clinic Config');
        const section = page.getByRole('region', { name: 'Accredited HMOs' });
        await section.getByRole('button', { name: 'Add HMO' }).click();
        const add = page.getByRole('dialog', { name: 'Add HMO' });
        // Saved empty, the first form this page opened shows its refusal in the form kit's error
        // colour, at the field and at the input, as every form does (the styles are the app's own).
        await add.getByRole('button', { name: 'Save' }).click();
        await add.locator('input[aria-invalid="true"]').waitFor();
        const colours = await add.evaluate((dialog) => {
          const colourOf = (selector: string, property: 'color' | 'borderTopColor') => {
            const element = dialog.querySelector(selector);
            return element ? getComputedStyle(element)[property] : null;
          };
          return {
            fieldError: colourOf('.field-error', 'color'),
            refusedInput: colourOf('input[aria-invalid="true"]', 'borderTopColor'),
            formMessage: colourOf('.form-message-error', 'color'),
          };
        });
        expect(colours.formMessage).not.toBeNull();
        expect(colours).toEqual({
          fieldError: colours.formMessage,
          refusedInput: colours.formMessage,
          formMessage: colours.formMessage,
        });
        await add.getByLabel('Name', { exact: true }).fill(hmo);
        await add.getByRole('button', { name: 'Save' }).click();
        await add.waitFor({ state: 'detached' });

        await section.getByRole('button', { name: `Coverage of ${hmo}` }).click();
        const coverage = page.getByRole('dialog', { name: `Coverage — ${hmo}` });
        const form = coverage.getByRole('form', { name: 'Add covered procedure' });
        await form.getByLabel('Procedure').selectOption({ label: 'Oral Prophylaxis (Cleaning)' });
        await form.getByLabel('Amount').fill('900');
        await form.getByRole('button', { name: 'Add covered procedure' }).click();
        await coverage.getByText('₱900.00 (contracted)').waitFor();
        await coverage.getByRole('button', { name: 'Close' }).first().click();
        const row = section.getByRole('row', { name: new RegExp(hmo) });
        expect(await row.getByRole('cell').nth(3).textContent()).toBe('1');
      },
      DESKTOP,
    );

    await withPage(
      suite.browser,
      ctx.baseUrl,
      async (page) => {
        await signIn(page, DEMO.receptionist);
        await openTab(page, 'Patients');
        await page.getByRole('searchbox', { name: 'Search patients' }).fill(patientName);
        await page.getByRole('button', { name: `HMO cards and discount ID of ${patientName}`, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: `HMO & discount — ${patientName}` });

        const cards = await addCard(dialog, {
          hmo,
          member: 'E2E-VALID-1',
          from: addDays(today, -30),
          until: addDays(today, 335),
        });
        const valid = cards.getByRole('row', { name: /E2E-VALID-1/ });
        await valid.getByText('Valid', { exact: true }).waitFor();

        await addCard(dialog, { hmo, member: 'E2E-OLD-1', from: addDays(today, -400), until: addDays(today, -1) });
        const expired = cards.getByRole('row', { name: /E2E-OLD-1/ });
        await expired.getByText('Expired', { exact: true }).waitFor();
        await saveScreenshot(page, 'hmo-cards-patient-dialog');
      },
      DESKTOP,
    );
  });
});
