/**
 * A patient who writes to the clinic's page through the dev Messenger inbox is linked to a patient
 * in Clinic Config and then receives a reminder. As admin@demo.test in Chromium: the sender shows
 * in 'Messenger contacts' (name, picture, first message) at 820×1180 and 1366×768;
 * 'Link to patient' links them and they leave the list; the patient's Edit form shows the link;
 * 'Send Reminder Now' on their appointment reaches that sender in /_dev/messenger. A second sender
 * becomes a new patient through 'Create patient'.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it, vi } from 'vitest';
import { clinicTime, clinicWorkday } from '../support/clinic-time.ts';
import { escapeRegExp } from '../support/reg-exp.ts';
import { DEMO, openReminders, openTab, showDentistMonthById, signIn } from './support/app.ts';
import { DESKTOP, saveScreenshot, TABLET_PORTRAIT, withPage } from './support/chromium.ts';
import { devMessagesTo, sendToSmilePage, SMILE_PAGE_ID } from './support/dev-messenger.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';
import { expectNoSidewaysScroll } from './support/layout.ts';
import { setUpBrowserAndFixtures } from './support/suite.ts';

const ctx = inject('e2e');

/** Clinic Config's section, reloaded with its Refresh button until the sender is listed. */
async function contactsSectionWith(page: Page, name: string): Promise<{ section: Locator; contact: Locator }> {
  await openTab(page, 'Clinic Config');
  const section = page.getByRole('region', { name: 'Messenger contacts' });
  await section.waitFor();
  return { section, contact: await listedContact(section, name) };
}

/** The sender's entry, reloading the section with its Refresh button until it is listed. */
async function listedContact(section: Locator, name: string): Promise<Locator> {
  const contact = section.getByRole('listitem', { name });
  const refresh = section.getByRole('button', { name: 'Refresh' });
  await vi.waitFor(
    async () => {
      if (await contact.isVisible()) return;
      if (await refresh.isEnabled()) await refresh.click();
      throw new Error(`${name} is not listed yet`);
    },
    { timeout: 15_000, interval: 250 },
  );
  return contact;
}

/** What the contact shows: the name, the loaded picture named by it, the first message, the time. */
async function expectContactShown(contact: Locator, name: string, firstMessage: string) {
  const picture = contact.getByRole('img', { name });
  await picture.waitFor();
  expect(await picture.evaluate((image) => image.tagName)).toBe('IMG');
  await vi.waitFor(async () =>
    expect(await picture.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0),
  );
  expect(await contact.getByRole('button', { name: firstMessage }).getAttribute('title')).toBe(firstMessage);
  expect(await contact.getByText(/^Last message [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/).count()).toBe(1);
  await expectNoSidewaysScroll(contact.page());
}

describe.skipIf(!ctx.chromium)('Messenger contacts', () => {
  const suite = setUpBrowserAndFixtures(ctx, () => ClinicFixtures.signInAs(ctx, DEMO.admin));

  it('links a sender who wrote to the page to a patient, who then gets a reminder on Messenger', async () => {
    const tag = randomUUID().slice(0, 6);
    const patientName = uniqueName('Messenger Patient');
    const patientId = await suite.fixtures.patient(patientName);
    const psid = `8${Date.now()}${randomInt(100, 999)}`;
    const firstName = 'Liza';
    const lastName = `Contact${tag}`;
    const senderName = `${firstName} ${lastName}`;
    const firstMessage = "Hi, I'd like to book";
    await sendToSmilePage(ctx.baseUrl, { psid, text: firstMessage, firstName, lastName });
    const newcomerPsid = `8${Date.now()}${randomInt(1000, 9999)}`;
    const newcomerName = `Noel Newcomer${tag}`;
    await sendToSmilePage(ctx.baseUrl, {
      psid: newcomerPsid,
      text: 'Hello po, are you open Saturday?',
      firstName: 'Noel',
      lastName: `Newcomer${tag}`,
    });

    await withPage(
      suite.browser,
      ctx.baseUrl,
      async (page) => {
        await signIn(page, DEMO.admin);
        const { contact } = await contactsSectionWith(page, senderName);
        await expectContactShown(contact, senderName, firstMessage);
        await contact.scrollIntoViewIfNeeded();
        await saveScreenshot(page, 'messenger-contacts-tablet-820x1180');
      },
      TABLET_PORTRAIT,
    );

    await withPage(
      suite.browser,
      ctx.baseUrl,
      async (page) => {
        await signIn(page, DEMO.admin);
        const { section, contact } = await contactsSectionWith(page, senderName);
        await expectContactShown(contact, senderName, firstMessage);
        await contact.scrollIntoViewIfNeeded();
        await saveScreenshot(page, 'messenger-contacts-desktop-1366x768');

        // Create patient: the Patients feature's form with the sender's name and Messenger ID.
        const newcomer = await listedContact(section, newcomerName);
        await newcomer.getByRole('button', { name: 'Create patient' }).click();
        const add = page.getByRole('dialog', { name: 'Add Patient' });
        expect(await add.getByLabel('Name').inputValue()).toBe(newcomerName);
        expect(await add.getByLabel(/Messenger ID/).inputValue()).toBe(newcomerPsid);
        await add.getByLabel('Phone').fill('0917 555 0199');
        await add.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Patient added!', { exact: true }).waitFor();
        await add.waitFor({ state: 'detached' });
        await newcomer.waitFor({ state: 'detached' });

        // Link to patient → the patient, found by name, picked with the keyboard.
        await contact.getByRole('button', { name: 'Link to patient' }).click();
        const dialog = page.getByRole('dialog', { name: 'Link to patient' });
        const field = dialog.getByRole('combobox', { name: 'Patient' });
        await field.fill(patientName);
        await dialog.getByRole('option', { name: new RegExp(`^${escapeRegExp(patientName)}, `) }).waitFor();
        await field.press('ArrowDown');
        await field.press('Enter');
        expect(await field.inputValue()).toBe(patientName);
        await saveScreenshot(page, 'messenger-contacts-link-desktop-1366x768');
        await dialog.getByRole('button', { name: 'Link', exact: true }).click();
        const confirm = page.locator('.swal2-popup');
        expect(await confirm.locator('.swal2-html-container').textContent()).toBe(
          `Link the Messenger contact ${senderName} to ${patientName}?`,
        );
        await confirm.getByRole('button', { name: 'Yes, link' }).click();
        await page.getByText(`${senderName} is now linked to ${patientName}.`, { exact: true }).waitFor();
        await dialog.waitFor({ state: 'detached' });
        await contact.waitFor({ state: 'detached' });
        expect(await section.getByRole('listitem', { name: senderName }).count()).toBe(0);

        // The patient's Edit form shows the link.
        await openTab(page, 'Patients');
        await page.getByRole('searchbox', { name: 'Search patients' }).fill(patientName);
        // The list read before the link is shown until its re-read arrives: the row gains the ID.
        const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Edit ${patientName}` }) });
        await row.getByRole('cell', { name: psid, exact: true }).waitFor();
        await page.getByRole('button', { name: `Edit ${patientName}` }).click();
        const edit = page.getByRole('dialog', { name: 'Edit Patient' });
        const link = edit.getByRole('group', { name: 'Linked to Messenger' });
        await link.getByText(senderName, { exact: true }).waitFor();
        await link.getByText(`ID ${psid}`, { exact: true }).waitFor();
        await link.getByRole('img', { name: senderName }).waitFor();
        expect(await edit.getByLabel(/Messenger ID/).inputValue()).toBe(psid);
        await saveScreenshot(page, 'messenger-contacts-patient-link-desktop-1366x768');
        await edit.getByRole('button', { name: 'Cancel' }).click();
        await edit.waitFor({ state: 'detached' });

        // An appointment ahead, and a reminder sent from its bell.
        const date = clinicWorkday(3);
        const dentistId = await suite.fixtures.dentist(`Dr. Contacts ${tag}`);
        await suite.fixtures.appointment({ dentistId, patientId, time: clinicTime(date, '10:20') });
        await openTab(page, 'Appointments');
        await showDentistMonthById(page, dentistId, date);
        const reminders = await openReminders(page, patientName);
        await reminders
          .getByRole('region', { name: 'Manual Reminder Send' })
          .getByRole('button', { name: 'Send Reminder Now' })
          .click();
        const sent = page.locator('.swal2-popup');
        await sent.waitFor();
        expect(await sent.locator('.swal2-title').textContent()).toBe('Reminder Sent!');
      },
      DESKTOP,
    );

    // The sender received the reminder from Smile Dental's page.
    const messages = await devMessagesTo(ctx.baseUrl, psid);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ pageId: SMILE_PAGE_ID, recipientId: psid });
    const { data, error } = await suite.fixtures.api.from('messenger_contacts').select('patient_id').eq('psid', psid);
    if (error) throw error;
    expect(data).toEqual([{ patient_id: patientId }]);
    const created = await suite.fixtures.api
      .from('patients')
      .select('id, name, phone')
      .eq('clinic_id', suite.fixtures.clinicId)
      .eq('messenger_id', newcomerPsid);
    if (created.error) throw created.error;
    expect(created.data).toEqual([{ id: expect.any(Number), name: newcomerName, phone: '0917 555 0199' }]);
    const newcomerContact = await suite.fixtures.api
      .from('messenger_contacts')
      .select('patient_id')
      .eq('psid', newcomerPsid);
    if (newcomerContact.error) throw newcomerContact.error;
    expect(newcomerContact.data).toEqual([{ patient_id: created.data[0]!.id }]);
  });
});
