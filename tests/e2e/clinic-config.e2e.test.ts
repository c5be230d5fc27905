/**
 * Clinic Configuration, in
 * Chromium at 1280×800 and 768×1024: the superadmin adds a clinic that both selectors then show;
 * Smile Dental's admin updates the reminder time and phone after the confirmation (Cancel focused
 * first), restored afterwards; Bright Teeth's admin connects a demo page through the Meta
 * stand-in's popup, sees 'Facebook Page Connected' and disconnects it again, so Bright Teeth ends
 * unconnected as the seed has it.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO, openTab, signIn, serviceClient } from './support/app.ts';
import { connectChromium, saveScreenshot, withPage } from './support/chromium.ts';
import { ClinicFixtures } from './support/fixtures.ts';
import { expectNoSidewaysScroll } from './support/layout.ts';

const ctx = inject('e2e');
const DESKTOP = { width: 1280, height: 800 };
const TABLET = { width: 768, height: 1024 };

/** Signs in and opens Clinic Config; waits for its form. */
async function openClinicConfig(page: Page, email: string) {
  await signIn(page, email);
  await openTab(page, 'Clinic Config');
  await page.getByLabel('Clinic Name*', { exact: true }).waitFor();
}

/** The form's spec texts at this size, and nothing wider than the window. */
async function expectFormAt(page: Page, viewport: { width: number; height: number }, saveLabel: string) {
  await page.setViewportSize(viewport);
  await page.getByRole('heading', { name: 'Clinic Configuration', level: 1 }).waitFor();
  for (const label of [
    'Clinic Name*',
    'Reminder Time*',
    'Messenger Page Access Token*',
    'Address',
    'Contact Email',
    'Contact Phone',
    'Facebook Page ID',
    'Messenger Page ID',
  ]) {
    await page.getByLabel(label, { exact: true }).waitFor();
  }
  expect(await page.getByLabel('Reminder Time*', { exact: true }).getAttribute('type')).toBe('time');
  expect(await page.getByLabel('Contact Email', { exact: true }).getAttribute('type')).toBe('email');
  expect(await page.getByLabel('Messenger Page Access Token*', { exact: true }).getAttribute('readonly')).toBe('');
  await page.getByRole('button', { name: 'Connect Facebook Page', exact: true }).waitFor();
  await page.getByRole('button', { name: saveLabel, exact: true }).waitFor();
  await page.getByRole('button', { name: 'Back', exact: true }).waitFor();
  await expectNoSidewaysScroll(page);
}

/** The sweetalert2 dialog now shown: its title and its text lines. */
async function alertShown(page: Page, title: string) {
  const popup = page.locator('.swal2-popup');
  await popup.locator('.swal2-title', { hasText: title }).waitFor();
  expect(await popup.locator('.swal2-title').textContent()).toBe(title);
  return popup.locator('.swal2-html-container p').allTextContents();
}

async function dismissAlert(page: Page) {
  await page.locator('.swal2-popup').getByRole('button', { name: 'OK' }).click();
  await page.locator('.swal2-container').waitFor({ state: 'detached' });
}

/** The confirmation: its title, its buttons, and Cancel focused by default. */
async function expectConfirmation(page: Page, title: string, confirm: string) {
  const popup = page.locator('.swal2-popup');
  await popup.locator('.swal2-title', { hasText: title }).waitFor();
  await popup.getByRole('button', { name: confirm, exact: true }).waitFor();
  await page.waitForFunction(() => document.activeElement?.textContent === 'Cancel');
}

const selectedText = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const select = element as HTMLSelectElement;
    return select.options[select.selectedIndex]?.text ?? '';
  });

describe.skipIf(!ctx.chromium)('Clinic Configuration', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectChromium(ctx);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lets the superadmin add a clinic, which both clinic selectors then show and select', async () => {
    const name = `E2E Clinic ${randomUUID().slice(0, 6)}`;
    const service = serviceClient(ctx);
    try {
      await withPage(
        browser,
        ctx.baseUrl,
        async (page) => {
          await openClinicConfig(page, DEMO.superadmin);
          const picker = page.getByLabel('Select clinic', { exact: true });
          await picker.locator('option', { hasText: 'Smile Dental' }).waitFor({ state: 'attached' });
          expect((await picker.locator('option').allTextContents()).at(-1)).toBe('Add Clinic');
          await picker.selectOption({ label: 'Add Clinic' });
          await page.getByRole('button', { name: 'Save Clinic', exact: true }).waitFor();
          expect(await page.getByLabel('Clinic Name*', { exact: true }).inputValue()).toBe('');
          expect(await page.getByLabel('Messenger Page Access Token*', { exact: true }).inputValue()).toBe(
            'Not connected',
          );

          // Connect needs a saved clinic.
          await page.getByRole('button', { name: 'Connect Facebook Page', exact: true }).click();
          expect(await alertShown(page, 'Save Clinic First')).toEqual([
            'Please save the clinic before connecting a Facebook page.',
          ]);
          await dismissAlert(page);

          // A bad e-mail is refused at its field; nothing typed is lost.
          await page.getByLabel('Clinic Name*', { exact: true }).fill(name);
          await page.getByLabel('Reminder Time*', { exact: true }).fill('10:15');
          await page.getByLabel('Contact Email', { exact: true }).fill('front-desk');
          await page.getByRole('button', { name: 'Save Clinic', exact: true }).click();
          await page
            .getByText('Contact Email must be an e-mail address, like clinic@example.com.', { exact: true })
            .waitFor();
          expect(await page.getByLabel('Clinic Name*', { exact: true }).inputValue()).toBe(name);
          await page.getByLabel('Contact Email', { exact: true }).fill('front-desk@ngiti.example');
          await expectFormAt(page, TABLET, 'Save Clinic');

          await page.getByRole('button', { name: 'Save Clinic', exact: true }).click();
          await expectConfirmation(page, 'Add Clinic?', 'Yes, Add');
          await page.locator('.swal2-popup').getByRole('button', { name: 'Yes, Add', exact: true }).click();
          expect(await alertShown(page, 'Success!')).toEqual(['New clinic has been added.']);
          await dismissAlert(page);

          // The new clinic is the working one, in this selector and in the sidebar's.
          await page.getByRole('button', { name: 'Update Clinic', exact: true }).waitFor();
          expect(await selectedText(page, '.clinic-picker select')).toBe(name);
          await page.waitForFunction((expected) => {
            const select = document.getElementById('clinic-selector') as HTMLSelectElement | null;
            return select?.options[select.selectedIndex]?.text === expected;
          }, name);
          expect(await page.getByLabel('Reminder Time*', { exact: true }).inputValue()).toBe('10:15');
          await expectFormAt(page, DESKTOP, 'Update Clinic');
          await saveScreenshot(page, '14-clinic-added-desktop');
        },
        DESKTOP,
      );
      const { data, error } = await service
        .from('clinics')
        .select('reminder_time, contact_email, address, contact_phone')
        .eq('name', name);
      if (error) throw error;
      expect(data).toEqual([
        { reminder_time: '10:15:00', contact_email: 'front-desk@ngiti.example', address: null, contact_phone: null },
      ]);
    } finally {
      await service.from('clinics').delete().eq('name', name);
    }
  });

  it("lets Smile Dental's admin update the reminder time and contact phone", async () => {
    const fixtures = await ClinicFixtures.signInAs(ctx, DEMO.admin);
    const { data: before, error } = await fixtures.api
      .from('clinics')
      .select('reminder_time, contact_phone')
      .eq('id', fixtures.clinicId)
      .single();
    if (error) throw error;
    // A later time than the stored one: it can only postpone today's automated reminders, never
    // start them early for the other test files sharing this stack.
    const [hours, minutes] = (before.reminder_time as string).split(':').map(Number);
    const later = Math.min(hours! * 60 + minutes! + 7, 23 * 60 + 59);
    const newTime = `${String(Math.floor(later / 60)).padStart(2, '0')}:${String(later % 60).padStart(2, '0')}`;
    const newPhone = `0917 ${randomUUID().slice(0, 3)} ${randomUUID().slice(0, 4)}`;
    try {
      await withPage(
        browser,
        ctx.baseUrl,
        async (page) => {
          await openClinicConfig(page, DEMO.admin);
          expect(await page.getByLabel('Select clinic', { exact: true }).count()).toBe(0);
          expect(await page.getByLabel('Clinic Name*', { exact: true }).inputValue()).toBe('Smile Dental');
          expect(await page.getByLabel('Messenger Page Access Token*', { exact: true }).inputValue()).toBe(
            '••••••••demo',
          );
          await expectFormAt(page, TABLET, 'Update Clinic');

          await page.getByLabel('Reminder Time*', { exact: true }).fill(newTime);
          await page.getByLabel('Contact Phone', { exact: true }).fill(newPhone);
          await page.getByRole('button', { name: 'Update Clinic', exact: true }).click();
          await expectConfirmation(page, 'Update Clinic Info?', 'Yes, Update');
          // Cancel (the default: Enter) saves nothing and keeps the input.
          await page.keyboard.press('Enter');
          await page.locator('.swal2-container').waitFor({ state: 'detached' });
          expect(await page.getByLabel('Contact Phone', { exact: true }).inputValue()).toBe(newPhone);

          await page.setViewportSize(DESKTOP);
          await page.getByRole('button', { name: 'Update Clinic', exact: true }).click();
          await expectConfirmation(page, 'Update Clinic Info?', 'Yes, Update');
          await page.locator('.swal2-popup').getByRole('button', { name: 'Yes, Update', exact: true }).click();
          expect(await alertShown(page, 'Success!')).toEqual(['Clinic information has been updated.']);
          await dismissAlert(page);
          await expectFormAt(page, DESKTOP, 'Update Clinic');

          // Back returns to the Patients tab.
          await page.getByRole('button', { name: 'Back', exact: true }).click();
          await page.getByRole('heading', { name: 'Patients', level: 1 }).waitFor();
        },
        TABLET,
      );
      const { data: after } = await fixtures.api
        .from('clinics')
        .select('reminder_time, contact_phone')
        .eq('id', fixtures.clinicId)
        .single();
      expect(after).toEqual({ reminder_time: `${newTime}:00`, contact_phone: newPhone });
    } finally {
      await fixtures.api
        .from('clinics')
        .update({ reminder_time: before.reminder_time, contact_phone: before.contact_phone })
        .eq('id', fixtures.clinicId);
    }
  });

  it("lets Bright Teeth's admin connect a demo page through the popup, then disconnect it", async () => {
    const fixtures = await ClinicFixtures.signInAs(ctx, DEMO.admin2);
    const service = serviceClient(ctx);
    try {
      await withPage(
        browser,
        ctx.baseUrl,
        async (page) => {
          await openClinicConfig(page, DEMO.admin2);
          const token = page.getByLabel('Messenger Page Access Token*', { exact: true });
          expect(await token.inputValue()).toBe('Not connected');
          await page.getByText('Not connected — use Connect Facebook Page.', { exact: true }).waitFor();

          const [popup] = await Promise.all([
            page.waitForEvent('popup'),
            page.getByRole('button', { name: 'Connect Facebook Page', exact: true }).click(),
          ]);
          expect(await page.getByRole('button', { name: 'Connecting...', exact: true }).isDisabled()).toBe(true);
          await popup.getByRole('link', { name: 'Continue' }).click();

          const picker = page.getByRole('dialog', { name: 'Select Facebook Page to Connect' });
          const choice = picker.getByRole('button', { name: 'Bright Teeth PH', exact: true });
          await choice.waitFor();
          await picker.getByRole('button', { name: 'Cancel', exact: true }).waitFor();
          // The avatar is a picture the page may load (the policy's img-src).
          const avatars = await page.evaluate(() =>
            Promise.all(
              [...document.querySelectorAll<HTMLImageElement>('img.clinic-page-avatar')].map((image) =>
                image.decode().then(
                  () => 'loaded',
                  () => `broken ${image.src}`,
                ),
              ),
            ),
          );
          expect(avatars).toEqual(['loaded', 'loaded', 'loaded']);
          await saveScreenshot(page, '14-page-picker-desktop');
          await choice.click();
          expect(await alertShown(page, 'Facebook Page Connected')).toEqual([
            'Facebook Page Connected!',
            'Bright Teeth PH',
          ]);
          await dismissAlert(page);
          await page.waitForFunction(
            () => (document.querySelector('input[readonly]') as HTMLInputElement | null)?.value === '••••••••demo',
          );
          expect(await page.getByLabel('Facebook Page ID', { exact: true }).inputValue()).toBe('1000000000000002');
          expect(await page.getByLabel('Messenger Page ID', { exact: true }).inputValue()).toBe('1000000000000002');
          await expectFormAt(page, TABLET, 'Update Clinic');
          await saveScreenshot(page, '14-connected-tablet');

          await page.getByRole('button', { name: 'Disconnect page', exact: true }).click();
          await expectConfirmation(page, 'Disconnect Facebook Page?', 'Yes, Disconnect');
          await page.locator('.swal2-popup').getByRole('button', { name: 'Yes, Disconnect', exact: true }).click();
          await page.locator('.toast-region').getByText('Facebook page disconnected.', { exact: true }).waitFor();
          await page.waitForFunction(
            () => (document.querySelector('input[readonly]') as HTMLInputElement | null)?.value === 'Not connected',
          );
          expect(await page.getByRole('button', { name: 'Disconnect page' }).count()).toBe(0);
        },
        DESKTOP,
      );
      const { data } = await fixtures.api
        .from('clinics')
        .select('fb_page_id, messenger_page_id, fb_page_name, page_token_hint')
        .eq('id', fixtures.clinicId)
        .single();
      expect(data).toEqual({ fb_page_id: null, messenger_page_id: null, fb_page_name: null, page_token_hint: null });
    } finally {
      // Bright Teeth ends unconnected, as the seed has it, whatever happened above.
      await service.from('clinic_secrets').delete().eq('clinic_id', fixtures.clinicId);
      await service
        .from('clinics')
        .update({ fb_page_id: null, messenger_page_id: null, fb_page_name: null, page_token_hint: null })
        .eq('id', fixtures.clinicId);
    }
  });
});
