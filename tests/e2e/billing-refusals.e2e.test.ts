/**
 * Billing refusals, in Chromium at 1366×768: when a billing write is refused and the server says
 * why, the user reads why after the spec's prefixes ('Error adding invoice: …', 'Error: …'), never
 * 'Unknown'. The refusals are real: the database's trigger refusing an appointment billed
 * meanwhile (its code, appointment_already_billed), and the gateway refusing a request whose token
 * it cannot accept (401 PGRST301, the session's end), each shown in the screen's words for it.
 */
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clinicTime, clinicWorkday } from '../support/clinic-time.ts';
import { DEMO, openTab, signIn, showDentistMonth } from './support/app.ts';
import { DESKTOP, connectChromium, saveScreenshot, withPage } from './support/chromium.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';

const ctx = inject('e2e');

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** Sends the page's next insert into `table` with a token the gateway cannot accept, as a stale session would. */
async function nextInsertWithBadToken(page: Page, table: string) {
  let pending = true;
  const matches = (url: URL) => url.pathname.endsWith(`/rest/v1/${table}`);
  await page.route(matches, (route: Route) => {
    const request = route.request();
    if (!pending || request.method() !== 'POST') return route.fallback();
    pending = false;
    return route.continue({ headers: { ...request.headers(), authorization: 'Bearer not-a-session-token' } });
  });
}

describe.skipIf(!ctx.chromium)('Billing: the reason of a refused write reaches the user', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectChromium(ctx);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('says the database’s and the gateway’s reasons after the spec’s prefixes, never Unknown', async () => {
    const clinic = await ClinicFixtures.signInAs(ctx, DEMO.receptionist);
    const dentistName = uniqueName('Dr. Refusal');
    const dentistId = await clinic.dentist(dentistName);
    const patientName = uniqueName('Refused Bill Patient');
    const patientId = await clinic.patient(patientName);
    const date = clinicWorkday(-2);
    const appointmentId = await clinic.appointmentAsServiceRole({
      dentistId,
      patientId,
      time: clinicTime(date, '11:00'),
      status: 'Completed',
      reason: 'Check-up',
    });

    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        await signIn(page, DEMO.receptionist);
        await openTab(page, 'Appointments');
        await showDentistMonth(page, dentistName, date);
        await page
          .locator(`tr[data-appointment-id="${appointmentId}"]`)
          .getByRole('button', { name: /^Bill appointment of/ })
          .click();
        const invoiceModal = page.getByRole('dialog', { name: 'Add Invoice' });
        await invoiceModal.getByLabel('Total').fill('900');

        // The gateway refuses the session: its reason, not 'Unknown'.
        await nextInsertWithBadToken(page, 'invoices');
        await invoiceModal.getByRole('button', { name: 'Add Invoice' }).click();
        await invoiceModal.getByText(`Error adding invoice: ${SESSION_ENDED}`, { exact: true }).waitFor();

        // Another desk bills the appointment meanwhile: the database's trigger refuses this one by its code.
        const elsewhere = await clinic.api
          .from('invoices')
          .insert({ clinic_id: clinic.clinicId, patient_id: patientId, total: '900.00', appointment_id: appointmentId })
          .select('id')
          .single();
        expect(elsewhere.error).toBeNull();
        await invoiceModal.getByRole('button', { name: 'Add Invoice' }).click();
        await invoiceModal
          .getByText('Error adding invoice: This appointment already has an invoice.', { exact: true })
          .waitFor();
        expect(await invoiceModal.getByLabel('Total').inputValue()).toBe('900');
        await saveScreenshot(page, '32-invoice-refusal-reason-1366x768');
        await invoiceModal.getByRole('button', { name: 'Cancel' }).click();
        await invoiceModal.waitFor({ state: 'detached' });

        // Add Payment: 'Error: {message}' with the gateway's reason.
        await openTab(page, 'Billing System');
        await page.getByRole('searchbox', { name: 'Search by patient' }).fill(patientName);
        const invoiceId = elsewhere.data!.id as number;
        await page.locator(`tr[data-invoice-id="${invoiceId}"]`).getByRole('button', { name: 'Add Payment' }).click();
        const paymentModal = page.getByRole('dialog', { name: `Add Payment for Invoice #${invoiceId}` });
        await paymentModal.getByLabel('Amount').fill('100');
        await nextInsertWithBadToken(page, 'payments');
        await paymentModal.getByRole('button', { name: 'Add Payment' }).click();
        await paymentModal.getByText(`Error: ${SESSION_ENDED}`, { exact: true }).waitFor();
        expect(await page.getByText(/Unknown/).count()).toBe(0);
      },
      DESKTOP,
    );
    // Only the other desk's invoice was stored, and no payment.
    const invoices = await clinic.api.from('invoices').select('appointment_id').eq('patient_id', patientId);
    expect(invoices.data).toEqual([{ appointment_id: appointmentId }]);
    const payments = await clinic.api.from('payments').select('id').eq('patient_id', patientId);
    expect(payments.data).toEqual([]);
  });
});
