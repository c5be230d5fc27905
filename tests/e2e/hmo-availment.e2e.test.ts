/**
 * The HMO availment form and the statutory discounts report in Chromium. The service role makes
 * an HMO visit's invoice with its share columns set (as create_itemised_invoice will); reception
 * opens its availment form from Billing in a new tab, reads it, checks it with axe and screenshots
 * it; a senior citizen's invoice shows in the Reports tab's discounts register. Each test makes its
 * own HMO, dentist and patients.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, dayLabel, firstDateOfMonth, monthOf, type IsoDate } from '@common/clinic-calendar';
import { clinicDateAt, clinicTime, clinicWorkday } from '../support/clinic-time.ts';
import { DEMO, openTab, signIn } from './support/app.ts';
import { runAxe, isSeriousOrCritical } from './support/axe.ts';
import { connectChromium, DESKTOP, saveScreenshot, withPage } from './support/chromium.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';

const ctx = inject('e2e');

class AvailmentFixtures extends ClinicFixtures {
  /** A row through the service role: the HMO share and discount columns have no browser grant. */
  async serviceInsert(table: string, values: Record<string, unknown>): Promise<number> {
    const { data, error } = await this.service
      .from(table)
      .insert({ clinic_id: this.clinicId, ...values })
      .select('id')
      .single();
    if (error) throw new Error(`${table}: ${error.message}`);
    return data.id as number;
  }
}

/** The value beside a label on the form. */
const formValue = (page: Page, label: string) =>
  page
    .locator('.availment-row')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

describe.skipIf(!ctx.chromium)('the HMO availment form and the discounts report in the browser', () => {
  let browser: Browser;
  let reception: AvailmentFixtures;

  beforeAll(async () => {
    browser = await connectChromium(ctx);
    reception = await AvailmentFixtures.signInAs(ctx, DEMO.receptionist);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens an HMO invoice’s availment form from Billing in a new tab, ready to sign and print on A4', async () => {
    const hmo = uniqueName('E2E Maxicare');
    const patientName = uniqueName('Availment Patient');
    const dentistName = uniqueName('Dr. Availment');
    const hmoId = await reception.serviceInsert('hmos', { name: hmo });
    const patientId = await reception.patient(patientName);
    const today = clinicDateAt(new Date()) as IsoDate;
    const cardId = await reception.serviceInsert('patient_hmo_cards', {
      patient_id: patientId,
      hmo_id: hmoId,
      member_number: 'MX-204-5531',
      company: 'Acme Manila Inc.',
      valid_from: addDays(today, -200),
      valid_until: addDays(today, 165),
    });
    const dentistId = await reception.dentist(dentistName);
    const visitDay = clinicWorkday(-2) as IsoDate;
    const appointmentId = await reception.appointmentAsServiceRole({
      dentistId,
      patientId,
      time: clinicTime(visitDay, '10:00'),
      status: 'Completed',
      reason: 'Composite filling',
    });
    const invoiceId = await reception.serviceInsert('invoices', {
      patient_id: patientId,
      appointment_id: appointmentId,
      total: '1500.00',
      hmo_id: hmoId,
      hmo_card_id: cardId,
      hmo_share: '1000.00',
    });
    const line = { clinic_id: reception.clinicId, invoice_id: invoiceId, quantity: 1 };
    const { error } = await reception.service.from('invoice_items').insert([
      {
        ...line,
        position: 1,
        description: 'Composite filling',
        tooth: 36,
        surfaces: ['O', 'M'],
        unit_price: '1500.00',
        hmo_share: '1000.00',
      },
      {
        ...line,
        position: 2,
        description: 'Periapical X-ray',
        tooth: null,
        surfaces: [],
        unit_price: '1000.00',
        hmo_share: '0.00',
      },
    ]);
    if (error) throw new Error(error.message);

    await withPage(
      browser,
      ctx.baseUrl,
      async (page, opened) => {
        await signIn(page, DEMO.receptionist);
        await openTab(page, 'Billing System');
        await page.getByRole('searchbox', { name: 'Search by patient' }).fill(patientName);
        const row = page.locator(`tr[data-invoice-id="${invoiceId}"]`);
        const [form] = await Promise.all([
          opened.context.waitForEvent('page'),
          row.getByRole('link', { name: 'Availment form' }).click(),
        ]);
        await form.waitForURL((url) => url.pathname === `/availment/${invoiceId}`);
        await form.getByRole('heading', { name: 'HMO Availment Form', level: 1 }).waitFor();
        const sheet = form.getByRole('article');
        await sheet.getByText('Smile Dental', { exact: true }).waitFor();
        await sheet.getByText(`Invoice #${invoiceId}`, { exact: true }).waitFor();
        expect(await formValue(form, 'Patient').textContent()).toBe(patientName);
        expect(await formValue(form, 'HMO').textContent()).toBe(hmo);
        expect(await formValue(form, 'Member number').textContent()).toBe('MX-204-5531');
        expect(await formValue(form, 'Company').textContent()).toBe('Acme Manila Inc.');
        expect(await formValue(form, 'Date of visit').textContent()).toBe(dayLabel(visitDay));
        expect(await formValue(form, 'Dentist').textContent()).toBe(dentistName);
        const services = form.getByRole('table', { name: `Services availed on invoice #${invoiceId}` });
        const cells = await services
          .getByRole('row')
          .evaluateAll((rows) => rows.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent)));
        expect(cells).toEqual([
          ['Service', 'Tooth', 'Surfaces', 'Amount', 'HMO share'],
          ['36 MO Composite filling', '36', 'MO', '₱1,500.00', '₱1,000.00'],
          ['Periapical X-ray', '—', '—', '₱1,000.00', '₱0.00'],
          ['HMO total', '₱1,000.00'],
        ]);
        await sheet.getByText("Patient's signature over printed name", { exact: true }).waitFor();
        await sheet.getByText("Dentist's signature", { exact: true }).waitFor();

        const { violations } = await runAxe(form);
        expect(violations.filter(isSeriousOrCritical).map((violation) => violation.id)).toEqual([]);
        await saveScreenshot(form, 'hmo-availment-form');

        // On paper: A4, and nothing of the app but the form (the Print button is left out).
        await form.emulateMedia({ media: 'print' });
        expect(await form.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
        const pdf = (await form.pdf({ preferCSSPageSize: true })).toString('latin1');
        // One page, A4: 210 × 297 mm is 595 × 842 points (Chromium writes 594.96 × 841.92).
        const pages = [...pdf.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((box) =>
          [box[1], box[2]].map((points) => Math.round(Number(points))),
        );
        expect(pages).toEqual([[595, 842]]);
      },
      DESKTOP,
    );
  });

  it('lists a senior citizen’s discounted invoice in the Reports tab’s discounts register', async () => {
    const seniorName = uniqueName('Lola Senior');
    const patientId = await reception.patient(seniorName);
    const invoiceId = await reception.serviceInsert('invoices', {
      patient_id: patientId,
      total: '1200.00',
      discount_id_type: 'senior_citizen',
      discount_id_number: 'SC-0451',
      statutory_discount: '300.00',
    });
    const today = clinicDateAt(new Date()) as IsoDate;

    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        await signIn(page, DEMO.receptionist);
        await openTab(page, 'Reports');
        const panel = page.getByRole('region', { name: 'Senior citizen and PWD discounts' });
        expect(await panel.getByLabel('Discounts from').inputValue()).toBe(firstDateOfMonth(monthOf(today)));
        const table = panel.getByRole('table', { name: 'Invoices with a senior citizen or PWD discount' });
        const row = table.getByRole('row').filter({ hasText: seniorName });
        await row.waitFor();
        expect(await row.evaluate((tr) => [...tr.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
          today,
          `#${invoiceId}`,
          seniorName,
          'Senior citizen',
          'SC-0451',
          '₱1,500.00',
          '₱0.00',
          '₱300.00',
          '₱1,200.00',
        ]);
        await panel
          .getByRole('table', { name: 'Discount totals by ID type' })
          .getByText('Senior citizen total')
          .waitFor();
        await panel.scrollIntoViewIfNeeded();
        await saveScreenshot(page, 'statutory-discounts-report');
      },
      DESKTOP,
    );
  });
});
