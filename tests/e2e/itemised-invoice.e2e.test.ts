/**
 * An itemised invoice in Chromium: the demo receptionist bills a Completed appointment with two
 * items from the price list (one on tooth 36, surfaces M and O), the running total is exact, the
 * receipt of a payment lists the lines with the database's label ('36 MO …') and the total, and
 * the day sheet lists the invoice with its lines. Each run makes its own patient, dentist and
 * procedures.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clinicTime, clinicWorkday } from '../support/clinic-time.ts';
import { billAppointment, DEMO, openTab, signIn, paidReceiptItemRows } from './support/app.ts';
import { DESKTOP, connectChromium, saveScreenshot, withPage } from './support/chromium.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';

const ctx = inject('e2e');

describe.skipIf(!ctx.chromium)('an itemised invoice', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectChromium(ctx);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('bills a Completed appointment with two items, prints them on the receipt and shows them on the day sheet', async () => {
    const clinic = await ClinicFixtures.signInAs(ctx, DEMO.receptionist);
    const dentistId = await clinic.dentist(uniqueName('Dr. Items'));
    const patientName = uniqueName('Items Patient');
    const patientId = await clinic.patient(patientName);
    const filling = await clinic.procedure('1500.00', uniqueName('Composite filling'));
    const xray = await clinic.procedure('350.25', uniqueName('Periapical X-ray'));
    const date = clinicWorkday(-1);
    const appointmentId = await clinic.appointmentAsServiceRole({
      dentistId,
      patientId,
      time: clinicTime(date, '11:00'),
      status: 'Completed',
      reason: filling.name,
    });

    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        await signIn(page, DEMO.receptionist);
        const appointmentRow = await billAppointment(page, { date, dentistId, appointmentId });

        // Bill opens itemised with the reason's procedure at its price.
        const modal = page.getByRole('dialog', { name: 'Add Invoice' });
        const first = modal.getByRole('group', { name: 'Item 1' });
        const procedure = first.getByRole('combobox', { name: 'Procedure' });
        await procedure.locator('option', { hasText: filling.name }).waitFor({ state: 'attached' });
        expect(await procedure.inputValue()).toBe(String(filling.id));
        expect(await first.getByLabel('Price').inputValue()).toBe('1500.00');
        await first.getByLabel('Tooth').fill('36');
        await first.getByRole('checkbox', { name: 'M', exact: true }).check();
        await first.getByRole('checkbox', { name: 'O', exact: true }).check();
        await first.getByLabel('Discount').fill('0.25');

        await modal.getByRole('button', { name: 'Add item' }).click();
        const second = modal.getByRole('group', { name: 'Item 2' });
        await second.getByRole('combobox', { name: 'Procedure' }).selectOption(String(xray.id));
        await second.getByLabel('Qty').fill('2');
        // 1,500.00 − 0.25 + 2 × 350.25
        await expect.poll(() => modal.getByTestId('invoice-items-total').textContent()).toBe('₱2,200.25');
        // Save confirms the split shown: the receptionist waits for the database's split of these lines.
        await expect
          .poll(() =>
            modal.locator('dt', { hasText: 'Patient pays' }).locator('xpath=following-sibling::dd').textContent(),
          )
          .toBe('₱2,200.25');
        await saveScreenshot(page, 'itemised-invoice-desktop');
        await modal.getByRole('button', { name: 'Add Invoice' }).click();
        await modal.waitFor({ state: 'detached' });

        const { data: invoices, error } = await clinic.api
          .from('invoice_summaries')
          .select('id, appointment_id, total_centavos')
          .eq('patient_id', patientId);
        if (error) throw error;
        expect(invoices).toEqual([{ id: expect.any(Number), appointment_id: appointmentId, total_centavos: 220_025 }]);
        const invoiceId = invoices[0]!.id as number;
        await appointmentRow.getByText(`Billed #${invoiceId}`, { exact: true }).waitFor();

        // A payment's receipt lists the lines as the database labels them.
        const rows = await paidReceiptItemRows(page, {
          api: clinic.api,
          clinicId: clinic.clinicId,
          invoiceId,
          patientId,
          amount: '1000',
        });
        expect(rows).toEqual([
          [`36 MO ${filling.name}`, '1', '₱1,500.00', '₱0.25', '₱1,499.75'],
          [xray.name, '2', '₱350.25', '—', '₱700.50'],
        ]);
        const total = page.locator('.receipt-row').filter({ hasText: 'Invoice total' }).locator('dd');
        expect(await total.textContent()).toBe('₱2,200.25');
        await saveScreenshot(page, 'itemised-receipt-desktop');

        // Today's day sheet: the invoice issued, its lines under it.
        await page.goto('/');
        await openTab(page, 'Reports');
        await page.getByTestId('day-sheet').waitFor();
        await page.getByRole('button', { name: 'Show day sheet', exact: true }).click();
        const issued = page.getByRole('table', { name: 'Invoices issued' });
        await issued.getByTestId(`day-sheet-invoice-${invoiceId}`).waitFor();
        expect(await issued.getByTestId(`day-sheet-invoice-${invoiceId}`).textContent()).toContain('₱2,200.25');
        const items = page.getByRole('table', { name: `Items of invoice #${invoiceId}` });
        await items.getByText(`36 MO ${filling.name}`, { exact: true }).waitFor();
        await items.getByText(xray.name, { exact: true }).waitFor();
        await saveScreenshot(page, 'itemised-day-sheet-desktop');
      },
      DESKTOP,
    );
  });
});
