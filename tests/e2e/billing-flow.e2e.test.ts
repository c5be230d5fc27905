/**
 * Billing from appointment to receipt and void, in Chromium at 1366×768 and 820×1180: a
 * receptionist bills a Completed appointment from the Appointments list (patient and the
 * procedure's current price filled in; the invoice keeps the appointment), takes a partial payment
 * (Partial) and the rest (Paid), and prints the acknowledgement receipt (checked on screen and in
 * print media, 80 mm wide too); the patient's history shows the invoice and the balance due. An
 * admin voids a payment (struck through, the status computed again) where a receptionist has no
 * Void, and a payment taken on one device shows on another device of the clinic over the socket
 * (the 2 s bound: bench). Every test makes its own dentist, patient, procedure and invoices through
 * the API.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clinicTime, clinicWorkday } from '../support/clinic-time.ts';
import { billAppointment, DEMO, openTab, signIn } from './support/app.ts';
import { DESKTOP, connectChromium, openPage, saveScreenshot, TABLET_PORTRAIT, withPage } from './support/chromium.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';
import { expectNoSidewaysScroll } from './support/layout.ts';

const ctx = inject('e2e');
/**
 * How long the test waits for a payment to reach the clinic's other device. The target is
 * 2 s; that latency is the realtime bench's to measure (the browser files share two cores, so a
 * wall-clock bound here would fail on a busy machine). Nothing refetches the lists on a timer, so
 * a change seen within this wait came over the socket.
 */
const LIVE_WAIT_MS = 10_000;
const BIR_NOTE = 'This is an acknowledgement receipt, not an official receipt or invoice registered with the BIR.';

interface InvoiceSummary {
  id: number;
  appointment_id: number | null;
  total_centavos: number;
  paid_centavos: number;
  balance_centavos: number;
  status: string;
}

/** Smile Dental's data for this file, made through the API. */
class BillingClinic extends ClinicFixtures {
  async setPrice(procedureId: number, price: string) {
    const { error } = await this.service.from('procedures').update({ price }).eq('id', procedureId);
    if (error) throw error;
  }

  async invoice(patientId: number, total: string): Promise<number> {
    const { data, error } = await this.api
      .from('invoices')
      .insert({ clinic_id: this.clinicId, patient_id: patientId, total })
      .select('id')
      .single();
    if (error) throw error;
    return data.id as number;
  }

  async payment(invoiceId: number, patientId: number, amount: string): Promise<number> {
    const { data, error } = await this.api
      .from('payments')
      .insert({ clinic_id: this.clinicId, invoice_id: invoiceId, patient_id: patientId, amount, method: 'cash' })
      .select('id')
      .single();
    if (error) throw error;
    return data.id as number;
  }

  async invoicesOf(patientId: number): Promise<InvoiceSummary[]> {
    const { data, error } = await this.api
      .from('invoice_summaries')
      .select('id, appointment_id, total_centavos, paid_centavos, balance_centavos, status')
      .eq('patient_id', patientId)
      .order('id');
    if (error) throw error;
    return data as InvoiceSummary[];
  }

  async paymentIdsOf(invoiceId: number): Promise<number[]> {
    const { data, error } = await this.api.from('payment_entries').select('id').eq('invoice_id', invoiceId).order('id');
    if (error) throw error;
    return (data as { id: number }[]).map((row) => row.id);
  }
}

const toast = (page: Page, text: string) => page.locator('.toast-region').getByText(text, { exact: true });

/**
 * Opens Billing System and waits until its live connection has joined the clinic's room: socket.io
 * acknowledges the namespace with a '40' frame once the service accepted the handshake. The
 * dashboard's own access watch (label=access-watch) is another connection, not the tab's.
 */
async function openBilling(page: Page) {
  const joined = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/') || socket.url().includes('label=access-watch')) return;
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.startsWith('40')) resolve();
      });
    });
  });
  await openTab(page, 'Billing System');
  await page.getByTestId('invoices-count').waitFor();
  await joined;
}

async function searchBilling(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search by patient' }).fill(text);
}

const invoiceRow = (page: Page, id: number) => page.locator(`tr[data-invoice-id="${id}"]`);
const paymentRow = (page: Page, id: number) => page.locator(`tr[data-payment-id="${id}"]`);
const statusIn = (row: Locator, status: string) => row.getByText(status, { exact: true });

async function takePayment(page: Page, invoiceId: number, amount: string) {
  await invoiceRow(page, invoiceId).getByRole('button', { name: 'Add Payment' }).click();
  const modal = page.getByRole('dialog', { name: `Add Payment for Invoice #${invoiceId}` });
  await modal.getByLabel('Amount').fill(amount);
  await modal.getByRole('button', { name: 'Add Payment' }).click();
  await toast(page, 'Payment added!').last().waitFor();
  await modal.waitFor({ state: 'detached' });
}

/** The row's label/value pairs on the receipt. */
async function receiptValue(page: Page, label: string) {
  return page
    .locator('.receipt-row')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .textContent();
}

describe.skipIf(!ctx.chromium)('Billing: bills from appointments, receipts, voids and live status', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectChromium(ctx);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lets a receptionist bill a Completed appointment, take a partial payment and the rest, print the receipt, and see it in the history', async () => {
    const clinic = await BillingClinic.signInAs(ctx, DEMO.receptionist);
    const dentistName = uniqueName('Dr. Billing');
    const dentistId = await clinic.dentist(dentistName);
    const patientName = uniqueName('Bill Patient');
    const patientId = await clinic.patient(patientName);
    const procedure = await clinic.procedure('1500.00');
    const date = clinicWorkday(-1);
    const appointmentId = await clinic.appointmentAsServiceRole({
      dentistId,
      patientId,
      time: clinicTime(date, '10:00'),
      status: 'Completed',
      reason: `${procedure.name} — Notes: upper left molar`,
    });
    // The price changed after the visit: the bill starts at today's price.
    await clinic.setPrice(procedure.id, '1750.25');

    await withPage(
      browser,
      ctx.baseUrl,
      async (page, opened) => {
        await signIn(page, DEMO.receptionist);

        // Appointments at 820×1180: 'Bill' on the Completed row opens Add Invoice, filled in and
        // itemised with the visit's procedure at today's price.
        const appointmentRow = await billAppointment(page, { date, dentistId, appointmentId });
        const modal = page.getByRole('dialog', { name: 'Add Invoice' });
        expect(await modal.getByRole('combobox', { name: 'Patient' }).inputValue()).toBe(patientName);
        const line = modal.getByRole('group', { name: 'Item 1' });
        await expect
          .poll(() => line.getByRole('combobox', { name: 'Procedure' }).locator('option:checked').textContent())
          .toContain(procedure.name);
        expect(await modal.getByRole('group', { name: 'Item 2' }).count()).toBe(0);
        await expect.poll(() => modal.getByTestId('invoice-items-total').textContent()).toBe('₱1,750.25');
        await saveScreenshot(page, '13-bill-appointment-tablet');
        await modal.getByRole('button', { name: 'Add Invoice' }).click();
        await toast(page, 'Invoice added!').waitFor();
        await modal.waitFor({ state: 'detached' });
        const [invoice] = await clinic.invoicesOf(patientId);
        expect(invoice).toMatchObject({ appointment_id: appointmentId, total_centavos: 175_025, status: 'Unpaid' });
        await appointmentRow.getByText(`Billed #${invoice!.id}`, { exact: true }).waitFor();
        expect(await appointmentRow.getByRole('button', { name: /^Bill appointment of/ }).count()).toBe(0);

        // Billing at 1366×768: a partial payment, then the rest.
        await page.setViewportSize(DESKTOP);
        await openBilling(page);
        await searchBilling(page, patientName);
        const row = invoiceRow(page, invoice!.id);
        await statusIn(row, 'Unpaid').waitFor();
        await takePayment(page, invoice!.id, '500');
        await statusIn(row, 'Partial').waitFor();
        // The rest and five centavos more, confirmed: the patient keeps ₱0.05 as credit.
        await invoiceRow(page, invoice!.id).getByRole('button', { name: 'Add Payment' }).click();
        const overpay = page.getByRole('dialog', { name: `Add Payment for Invoice #${invoice!.id}` });
        await overpay.getByLabel('Amount').fill('1,250.30');
        await overpay.getByRole('button', { name: 'Add Payment' }).click();
        await overpay.getByText('This is ₱0.05 more than the balance of ₱1,250.25.', { exact: true }).waitFor();
        await overpay.getByRole('button', { name: 'Add Payment anyway' }).click();
        await toast(page, 'Payment added!').last().waitFor();
        await overpay.waitFor({ state: 'detached' });
        await statusIn(row, 'Paid').waitFor();
        await saveScreenshot(page, '13-billed-paid-desktop');
        const [firstPaymentId] = await clinic.paymentIdsOf(invoice!.id);

        // 'Print receipt' opens the receipt in a new tab, signed in from the stored session.
        const [receipt] = await Promise.all([
          opened.context.waitForEvent('page'),
          paymentRow(page, firstPaymentId!).getByRole('link', { name: 'Print receipt' }).click(),
        ]);
        await receipt.waitForURL((url) => url.pathname === `/receipts/${firstPaymentId}`);
        await receipt.getByRole('heading', { name: 'Acknowledgement Receipt', level: 1 }).waitFor();
        const sheet = receipt.getByRole('article');
        await sheet.getByText('Smile Dental', { exact: true }).waitFor();
        expect(await receiptValue(receipt, 'Received from')).toBe(patientName);
        expect(await receiptValue(receipt, 'Invoice')).toBe(`#${invoice!.id}`);
        await sheet.getByText(/^Receipt No\. \d+$/).waitFor();
        expect(await receiptValue(receipt, 'For')).toMatch(/ \(appointment of [A-Z][a-z]+ \d{1,2}, \d{4}\)$/);
        expect(await receiptValue(receipt, 'Amount')).toBe('₱500.00');
        expect(await receiptValue(receipt, 'Amount in words')).toBe('Five hundred pesos and 00/100');
        await sheet.getByText('Joy Bautista', { exact: true }).waitFor();
        await sheet.getByText('Signature over printed name', { exact: true }).waitFor();
        expect(await receiptValue(receipt, 'Method')).toBe('Cash');
        expect(await receiptValue(receipt, 'Invoice total')).toBe('₱1,750.25');
        expect(await receiptValue(receipt, 'Balance after this payment')).toBe('₱1,250.25');
        expect(await receiptValue(receipt, 'Date')).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
        await sheet.getByText(BIR_NOTE, { exact: true }).waitFor();
        expect(await receipt.getByText('VOID', { exact: true }).count()).toBe(0);
        for (const [viewport, label] of [
          [DESKTOP, 'desktop'],
          [TABLET_PORTRAIT, 'tablet'],
        ] as const) {
          await receipt.setViewportSize(viewport);
          await receipt.getByRole('button', { name: 'Print' }).waitFor();
          await saveScreenshot(receipt, `13-receipt-${label}`);
        }
        // Print media: no Print button; on an 80 mm roll (72 mm printable, 272 px) nothing is wider than the paper.
        await receipt.emulateMedia({ media: 'print' });
        expect(await receipt.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
        await saveScreenshot(receipt, '13-receipt-print');
        await receipt.setViewportSize({ width: 272, height: 900 });
        await expectNoSidewaysScroll(receipt);
        await saveScreenshot(receipt, '13-receipt-print-80mm');
        await receipt.close();

        // The overpaying payment's receipt says credit, never a negative balance.
        const [, lastPaymentId] = await clinic.paymentIdsOf(invoice!.id);
        const [creditReceipt] = await Promise.all([
          opened.context.waitForEvent('page'),
          paymentRow(page, lastPaymentId!).getByRole('link', { name: 'Print receipt' }).click(),
        ]);
        await creditReceipt.getByRole('heading', { name: 'Acknowledgement Receipt', level: 1 }).waitFor();
        expect(await receiptValue(creditReceipt, 'Credit after this payment')).toBe('₱0.05');
        expect(await creditReceipt.getByText('Balance after this payment', { exact: true }).count()).toBe(0);
        await creditReceipt.close();

        // The patient's history (Patients tab) at 820×1180: the invoice and the balance due.
        await page.setViewportSize(TABLET_PORTRAIT);
        await openTab(page, 'Patients');
        await page.getByRole('searchbox', { name: 'Search patients' }).fill(patientName);
        await page.getByRole('button', { name: patientName, exact: true }).click();
        const history = page.getByRole('dialog', { name: `Appointment history: ${patientName}` });
        const invoices = history.getByRole('region', { name: 'Invoices' });
        const firstInvoice = invoices.locator('tbody tr').first();
        await firstInvoice.waitFor();
        const cells = await firstInvoice.locator('td').allTextContents();
        expect(cells).toEqual([String(invoice!.id), '₱1,750.25', '₱1,750.30', 'Credit ₱0.05', 'Paid', '']);
        await history.getByText('Credit: ₱0.05', { exact: true }).waitFor();
        await saveScreenshot(page, '13-history-invoices-tablet');
      },
      TABLET_PORTRAIT,
    );
  });

  it('lets an admin void a payment (a receptionist cannot), and shows a payment on every device of the clinic over the socket', async () => {
    const clinic = await BillingClinic.signInAs(ctx, DEMO.receptionist);
    const patientName = uniqueName('Void Patient');
    const patientId = await clinic.patient(patientName);
    const paidInvoice = await clinic.invoice(patientId, '1000.00');
    const paymentId = await clinic.payment(paidInvoice, patientId, '1000.00');
    const openInvoice = await clinic.invoice(patientId, '800.00');

    const devices: { context: BrowserContext; page: Page; pageErrors: string[] }[] = [];
    try {
      const admin = await openPage(browser, ctx.baseUrl, DESKTOP);
      devices.push(admin);
      const reception = await openPage(browser, ctx.baseUrl, TABLET_PORTRAIT);
      devices.push(reception);
      for (const [device, email] of [
        [admin, DEMO.admin],
        [reception, DEMO.receptionist],
      ] as const) {
        await signIn(device.page, email);
        await openBilling(device.page);
        await searchBilling(device.page, patientName);
        await statusIn(invoiceRow(device.page, paidInvoice), 'Paid').waitFor();
        await statusIn(invoiceRow(device.page, openInvoice), 'Unpaid').waitFor();
      }

      // The receptionist has no Void, on invoices or payments.
      expect(await reception.page.getByRole('button', { name: 'Void', exact: true }).count()).toBe(0);
      await saveScreenshot(reception.page, '13-void-hidden-receptionist-tablet');

      // A payment at the desk (820×1180) reaches the admin's screen (1366×768) over the socket.
      await takePayment(reception.page, openInvoice, '300');
      await statusIn(invoiceRow(admin.page, openInvoice), 'Partial').waitFor({ timeout: LIVE_WAIT_MS });

      // The patient renamed at a third desk: both screens name them anew, without a reload.
      const renamed = `${patientName} Cruz`;
      const { error: renameError } = await clinic.api.from('patients').update({ name: renamed }).eq('id', patientId);
      expect(renameError).toBeNull();
      for (const page of [admin.page, reception.page]) {
        await invoiceRow(page, openInvoice).getByText(renamed).waitFor({ timeout: LIVE_WAIT_MS });
        await paymentRow(page, paymentId).getByText(renamed).waitFor();
      }

      // The admin voids the first invoice's payment: a reason is required.
      await paymentRow(admin.page, paymentId).getByRole('button', { name: 'Void', exact: true }).click();
      const dialog = admin.page.getByRole('dialog', { name: `Void payment #${paymentId}` });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Void', exact: true }).click();
      await dialog.getByText('A reason is required to void.', { exact: true }).waitFor();
      await dialog.getByLabel('Reason').fill('Recorded twice');
      await saveScreenshot(admin.page, '13-void-dialog-desktop');
      await dialog.getByRole('button', { name: 'Void', exact: true }).click();
      await toast(admin.page, 'Payment voided.').waitFor();
      await dialog.waitFor({ state: 'detached' });

      // Struck through with a Void badge, the invoice Unpaid again: here and, live, at the desk.
      const voided = paymentRow(admin.page, paymentId);
      await statusIn(voided, 'Void').waitFor();
      const decoration = await voided
        .locator('td')
        .first()
        .evaluate((cell) => getComputedStyle(cell).textDecorationLine);
      expect(decoration).toContain('line-through');
      await statusIn(invoiceRow(admin.page, paidInvoice), 'Unpaid').waitFor();
      await statusIn(invoiceRow(reception.page, paidInvoice), 'Unpaid').waitFor({ timeout: LIVE_WAIT_MS });
      await statusIn(paymentRow(reception.page, paymentId), 'Void').waitFor();
      await saveScreenshot(admin.page, '13-payment-voided-desktop');
      await reception.page.setViewportSize(DESKTOP);
      await admin.page.setViewportSize(TABLET_PORTRAIT);
      await statusIn(paymentRow(admin.page, paymentId), 'Void').waitFor();
      await saveScreenshot(admin.page, '13-payment-voided-tablet');
      expect(await clinic.invoicesOf(patientId)).toMatchObject([
        { id: paidInvoice, paid_centavos: 0, status: 'Unpaid' },
        { id: openInvoice, paid_centavos: 30_000, status: 'Partial' },
      ]);

      // The voided payment's receipt says so.
      await admin.page.goto(`/receipts/${paymentId}`);
      await admin.page.getByText('VOID', { exact: true }).waitFor();
      await saveScreenshot(admin.page, '13-receipt-void-tablet');

      for (const device of devices) expect(device.pageErrors).toEqual([]);
    } finally {
      for (const device of devices) await device.context.close();
    }
  });
});
