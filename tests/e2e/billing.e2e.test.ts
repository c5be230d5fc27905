/**
 * The Billing System tab, in Chromium at 1366×768 and 820×1180: the admin, the receptionist and the
 * dentist see the tab with the spec's texts (a new clinic shows the empty texts); the receptionist
 * adds an invoice for a patient with a 200-character name found by search, takes a partial payment
 * (Partial) and then the rest with a double click (Paid, one payment); bad amounts are refused at
 * their fields and nothing is saved; the spec's three error alerts and the overpay warning show in
 * the modals, with what was typed kept.
 */
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createConfirmedAdmin, DEMO, openTab, signIn } from './support/app.ts';
import { DESKTOP, connectChromium, saveScreenshot, TABLET_PORTRAIT, withPage } from './support/chromium.ts';
import { ClinicFixtures } from './support/fixtures.ts';
import { expectNoSidewaysScroll } from './support/layout.ts';
import { longDentistName, tagOf } from './support/long-names.ts';

const ctx = inject('e2e');
const VIEWPORTS = [DESKTOP, TABLET_PORTRAIT] as const;

/** Signs in and opens Billing System; waits until both tables have their counts. */
async function openBilling(page: Page, email: string, password?: string) {
  await signIn(page, email, password);
  await openTab(page, 'Billing System');
  await page.getByTestId('invoices-count').waitFor();
  await page.getByTestId('payments-count').waitFor();
}

const headers = (table: Locator) => table.getByRole('columnheader').allTextContents();

/** The tab's spec texts, and nothing of it wider than the window. */
async function expectSpecTexts(page: Page) {
  await page.getByRole('button', { name: 'Add Invoice' }).waitFor();
  expect(await headers(page.getByRole('table', { name: 'Invoices', exact: true }))).toEqual([
    'ID',
    'Patient',
    'Total',
    'Status',
    'Actions',
  ]);
  expect(await headers(page.getByRole('table', { name: 'Payments', exact: true }))).toEqual([
    'IID',
    'Patient',
    'Amount',
    'Method',
    'Ref #',
    'Date',
    'Actions',
  ]);
  await page.getByRole('searchbox', { name: 'Search by patient' }).waitFor();
  expect(await page.getByRole('combobox', { name: 'Status' }).locator('option').allTextContents()).toEqual([
    'All',
    'Paid',
    'Partial',
    'Unpaid',
    'Void',
  ]);
  await expectNoSidewaysScroll(page);
}

const invoicesOf = async (fixtures: ClinicFixtures, patientId: number) => {
  const { data, error } = await fixtures.api
    .from('invoice_summaries')
    .select('id, total_centavos, paid_centavos, status')
    .eq('patient_id', patientId);
  if (error) throw error;
  return data as { id: number; total_centavos: number; paid_centavos: number; status: string }[];
};

const paymentsOf = async (fixtures: ClinicFixtures, invoiceId: number) => {
  const { data, error } = await fixtures.api
    .from('payment_entries')
    .select('amount_centavos, method, reference_number')
    .eq('invoice_id', invoiceId)
    .order('id');
  if (error) throw error;
  return data as { amount_centavos: number; method: string; reference_number: string | null }[];
};

describe.skipIf(!ctx.chromium)('Billing System', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectChromium(ctx);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows every role the tab with the spec’s texts, and a new clinic the empty texts', async () => {
    for (const [index, email] of [DEMO.admin, DEMO.receptionist, DEMO.dentist].entries()) {
      await withPage(browser, ctx.baseUrl, async (page) => {
        await openBilling(page, email);
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          await expectSpecTexts(page);
          // Seeded invoices: statuses in their badges, amounts in pesos.
          const firstTotal = await page
            .getByRole('table', { name: 'Invoices', exact: true })
            .locator('tbody tr[data-invoice-id] td')
            .nth(2)
            .textContent();
          expect(firstTotal).toMatch(/^₱[\d,]+\.\d{2}$/);
        }
        if (index === 0) await saveScreenshot(page, '13-tab-admin-tablet');
      });
    }

    const admin = await createConfirmedAdmin(ctx, 'billing-empty');
    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        await openBilling(page, admin.email, admin.password);
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          await page.getByText('No invoices found.', { exact: true }).waitFor();
          await page.getByText('No payments found.', { exact: true }).waitFor();
          await expectSpecTexts(page);
        }
        await saveScreenshot(page, '13-empty-clinic-tablet');
      },
      DESKTOP,
    );
  });

  it('lets a receptionist bill a patient, refuse bad amounts, take a partial payment and the rest with a double click', async () => {
    const fixtures = await ClinicFixtures.signInAs(ctx, DEMO.receptionist);
    // A 200-character name (the column's limit) for the layout; its tag makes it unique.
    const patientName = longDentistName('Maria Clara Dela Cruz-Villanueva');
    const tag = tagOf(patientName);
    const patientId = await fixtures.patient(patientName);

    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        await openBilling(page, DEMO.receptionist);

        // Add Invoice at 820×1180: the spec's alert, bad totals at the field, then the invoice.
        await page.getByRole('button', { name: 'Add Invoice' }).click();
        let modal = page.getByRole('dialog', { name: 'Add Invoice' });
        await modal.getByRole('button', { name: 'Add Invoice' }).click();
        await modal.getByRole('alert').filter({ hasText: 'Please select a patient.' }).waitFor();
        await modal.getByText('Total is required.', { exact: true }).waitFor();
        const patient = modal.getByRole('combobox', { name: 'Patient' });
        await patient.fill(tag);
        await modal.getByRole('option', { name: new RegExp(`^Maria Clara .*${tag}`) }).click();
        for (const [total, message] of [
          ['abc', 'Total must be a number of pesos, like 1,500 or 1500.50.'],
          ['-5', 'Total must be more than ₱0.00.'],
          ['1.005', 'Total can have at most 2 decimals (centavos).'],
        ]) {
          await modal.getByLabel('Total').fill(total!);
          await modal.getByRole('button', { name: 'Add Invoice' }).click();
          await modal.getByText(message!, { exact: true }).waitFor();
        }
        await saveScreenshot(page, '13-add-invoice-refused-tablet');
        await modal.getByLabel('Total').fill('1,500.50');
        await modal.getByRole('button', { name: 'Add Invoice' }).click();
        await page.locator('.toast-region').getByText('Invoice added!', { exact: true }).waitFor();
        await modal.waitFor({ state: 'detached' });
        const [invoice] = await invoicesOf(fixtures, patientId);
        expect(invoice).toMatchObject({ total_centavos: 150_050, paid_centavos: 0, status: 'Unpaid' });

        // The patient's invoice, found by searching the name.
        await page.getByRole('searchbox', { name: 'Search by patient' }).fill(tag);
        const row = page.locator(`tr[data-invoice-id="${invoice!.id}"]`);
        await row.getByText('Unpaid', { exact: true }).waitFor();
        expect(await row.locator('td').nth(2).textContent()).toBe('₱1,500.50');
        await saveScreenshot(page, '13-invoice-unpaid-tablet');

        // A partial payment, after bad amounts were refused.
        await row.getByRole('button', { name: 'Add Payment' }).click();
        modal = page.getByRole('dialog', { name: `Add Payment for Invoice #${invoice!.id}` });
        await modal.getByText('Total ₱1,500.50 · Paid ₱0.00 · Balance ₱1,500.50', { exact: true }).waitFor();
        for (const [amount, message] of [
          ['', 'Amount is required.'],
          ['0', 'Amount must be more than ₱0.00.'],
          ['1e3', 'Amount must be a number of pesos, like 1,500 or 1500.50.'],
        ]) {
          await modal.getByLabel('Amount').fill(amount!);
          await modal.getByRole('button', { name: 'Add Payment' }).click();
          await modal.getByText(message!, { exact: true }).waitFor();
        }
        await modal.getByLabel('Amount').fill('500');
        await modal.getByLabel('Method').selectOption({ label: 'E-Wallet' });
        await modal.getByLabel(/^Reference #/).fill('GCASH-0042');
        await saveScreenshot(page, '13-add-payment-tablet');
        await modal.getByRole('button', { name: 'Add Payment' }).click();
        const paymentAdded = page.locator('.toast-region').getByText('Payment added!', { exact: true });
        await paymentAdded.waitFor();
        await modal.waitFor({ state: 'detached' });
        await row.getByText('Partial', { exact: true }).waitFor();
        // The next payment's toast must be its own, not this one still showing on a slow machine.
        await paymentAdded.waitFor({ state: 'detached' });

        // The rest at 1366×768, sent with a double click: one payment, Paid.
        await page.setViewportSize(DESKTOP);
        await row.getByRole('button', { name: 'Add Payment' }).click();
        modal = page.getByRole('dialog', { name: `Add Payment for Invoice #${invoice!.id}` });
        await modal.getByText('Total ₱1,500.50 · Paid ₱500.00 · Balance ₱1,000.50', { exact: true }).waitFor();
        await modal.getByLabel('Amount').fill('1000.5');
        await modal.getByRole('button', { name: 'Add Payment' }).dblclick();
        await paymentAdded.waitFor();
        await modal.waitFor({ state: 'detached' });
        await row.getByText('Paid', { exact: true }).waitFor();
        const payments = page
          .getByRole('table', { name: 'Payments', exact: true })
          .locator('tbody tr[data-payment-id]');
        await expect.poll(() => payments.count()).toBe(2);
        expect(await payments.first().locator('td').nth(2).textContent()).toBe('₱1,000.50');
        await saveScreenshot(page, '13-invoice-paid-desktop');

        // A long name keeps to its cell: the table is no wider than its box.
        const widths = await page
          .getByTestId('invoices-scroll')
          .evaluate((box) => ({ box: box.clientWidth, table: box.querySelector('table')!.scrollWidth }));
        expect(widths.table).toBeLessThanOrEqual(widths.box);
      },
      TABLET_PORTRAIT,
    );

    const [invoice] = await invoicesOf(fixtures, patientId);
    expect(invoice).toMatchObject({ total_centavos: 150_050, paid_centavos: 150_050, status: 'Paid' });
    expect(await paymentsOf(fixtures, invoice!.id)).toEqual([
      { amount_centavos: 50_000, method: 'e-wallet', reference_number: 'GCASH-0042' },
      { amount_centavos: 100_050, method: 'cash', reference_number: null },
    ]);
  });

  it('says the spec’s error alerts and warns of an overpayment, keeping what was typed', async () => {
    const fixtures = await ClinicFixtures.signInAs(ctx, DEMO.receptionist);
    const patientName = longDentistName('Error Alert Patient');
    const tag = tagOf(patientName);
    const patientId = await fixtures.patient(patientName);
    const inserted = await fixtures.api
      .from('invoices')
      .insert({ clinic_id: fixtures.clinicId, patient_id: patientId, total: '1000.00' })
      .select('id')
      .single();
    if (inserted.error) throw inserted.error;
    const invoiceId = inserted.data.id as number;
    const isInsert = (table: string) => (request: Request) =>
      request.method() === 'POST' && new URL(request.url()).pathname.endsWith(`/rest/v1/${table}`);

    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        await openBilling(page, DEMO.receptionist);

        // Add Invoice at 1366×768: the three outcomes of a failed insert, the form kept each time.
        await page.getByRole('button', { name: 'Add Invoice' }).click();
        const invoiceModal = page.getByRole('dialog', { name: 'Add Invoice' });
        await invoiceModal.getByRole('combobox', { name: 'Patient' }).fill(tag);
        await invoiceModal.getByRole('option', { name: new RegExp(`^Error Alert Patient .*${tag}`) }).click();
        await invoiceModal.getByLabel('Total').fill('750');
        // The next insert answers: the network drops it, the database refuses it in words, or without any.
        const answers = [
          'abort',
          JSON.stringify({
            code: 'P0001',
            message: 'This appointment already has an invoice.',
            hint: 'appointment_already_billed',
          }),
          JSON.stringify({}),
        ];
        await page.route(
          (url) => url.pathname.endsWith('/rest/v1/invoices'),
          (route) => {
            const answer = isInsert('invoices')(route.request()) ? answers.shift() : undefined;
            if (answer === undefined) return route.fallback();
            return answer === 'abort'
              ? route.abort('internetdisconnected')
              : route.fulfill({ status: 400, contentType: 'application/json', body: answer });
          },
        );
        for (const expected of [
          'Network error while adding invoice.',
          'Error adding invoice: This appointment already has an invoice.',
          'Error adding invoice: Unknown',
        ]) {
          await invoiceModal.getByRole('button', { name: 'Add Invoice' }).click();
          await invoiceModal.getByText(expected, { exact: true }).waitFor();
          expect(await invoiceModal.getByLabel('Total').inputValue()).toBe('750');
        }
        await saveScreenshot(page, '13-add-invoice-error-desktop');
        await page.unroute((url) => url.pathname.endsWith('/rest/v1/invoices'));
        await invoiceModal.getByRole('button', { name: 'Cancel' }).click();
        await invoiceModal.waitFor({ state: 'detached' });
        expect(await invoicesOf(fixtures, patientId)).toHaveLength(1);

        // Add Payment at 820×1180: 'Error: {message}', then the overpay warning before saving.
        await page.setViewportSize(TABLET_PORTRAIT);
        await page.getByRole('searchbox', { name: 'Search by patient' }).fill(tag);
        const row = page.locator(`tr[data-invoice-id="${invoiceId}"]`);
        await row.getByRole('button', { name: 'Add Payment' }).click();
        const paymentModal = page.getByRole('dialog', { name: `Add Payment for Invoice #${invoiceId}` });
        await paymentModal.getByLabel('Amount').fill('400');
        let refuseNextPayment = true;
        await page.route(
          (url) => url.pathname.endsWith('/rest/v1/payments'),
          (route) => {
            if (!refuseNextPayment || !isInsert('payments')(route.request())) return route.fallback();
            refuseNextPayment = false;
            return route.fulfill({
              status: 400,
              contentType: 'application/json',
              body: JSON.stringify({
                code: 'P0001',
                message: 'This invoice is void; it takes no more payments.',
                hint: 'invoice_void',
              }),
            });
          },
        );

        await paymentModal.getByRole('button', { name: 'Add Payment' }).click();
        await paymentModal
          .getByText('Error: This invoice is void; it takes no more payments.', { exact: true })
          .waitFor();
        expect(await paymentModal.getByLabel('Amount').inputValue()).toBe('400');

        await paymentModal.getByLabel('Amount').fill('1,250');
        await paymentModal.getByRole('button', { name: 'Add Payment' }).click();
        await paymentModal.getByText('This is ₱250.00 more than the balance of ₱1,000.00.', { exact: true }).waitFor();
        await saveScreenshot(page, '13-overpay-warning-tablet');
        expect(await paymentsOf(fixtures, invoiceId)).toEqual([]);
        await paymentModal.getByRole('button', { name: 'Add Payment anyway' }).click();
        await page.locator('.toast-region').getByText('Payment added!', { exact: true }).waitFor();
        await row.getByText('Paid', { exact: true }).waitFor();
      },
      DESKTOP,
    );
    expect(await paymentsOf(fixtures, invoiceId)).toEqual([
      { amount_centavos: 125_000, method: 'cash', reference_number: null },
    ]);
  });
});
