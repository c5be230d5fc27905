/**
 * Who pays, in Chromium: the demo receptionist itemises a cleaning and a crown for the demo
 * Maxicare patient, sees the split the database previews (Maxicare pays the cleaning at its
 * contracted ₱900, the patient the crown), saves, pays the patient's share and reads the split on
 * the receipt; then a senior citizen's invoice at a VAT-registered clinic shows the VAT exemption
 * and the 20% discount, in the form and on the receipt. Last, the whole round a clinic makes: the
 * patient pays their share through Add Payment, the availment form prints on A4, the claim waits in
 * Maxicare's batch, Maxicare's payment settles it and the day sheet lists it apart.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO, openTab, signIn, paidReceiptItemRows } from './support/app.ts';
import { DESKTOP, connectChromium, saveScreenshot, withPage } from './support/chromium.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';

const ctx = inject('e2e');

async function openAddInvoice(page: Page, patientName: string): Promise<Locator> {
  await openTab(page, 'Billing System');
  await page.getByRole('button', { name: 'Add Invoice' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Invoice' });
  await modal.getByRole('combobox', { name: 'Patient' }).fill(patientName);
  await modal
    .getByRole('option', { name: new RegExp(`^${patientName}`) })
    .first()
    .click();
  await modal.getByRole('button', { name: 'Itemise' }).click();
  return modal;
}

/** The demo's Maxicare patient: Smile Dental's fourth, with a card valid today. */
async function maxicarePatient(clinic: ClinicFixtures): Promise<{ id: number; name: string }> {
  const { data, error } = await clinic.api
    .from('patients')
    .select('id, name')
    .eq('clinic_id', clinic.clinicId)
    .eq('deleted', false)
    .order('id')
    .range(3, 3);
  if (error) throw error;
  return data[0] as { id: number; name: string };
}

async function latestInvoiceId(clinic: ClinicFixtures, patientId: number): Promise<number> {
  const { data, error } = await clinic.api
    .from('invoices')
    .select('id')
    .eq('patient_id', patientId)
    .order('id', { ascending: false })
    .limit(1)
    .single();
  if (error) throw error;
  return data.id as number;
}

async function chooseProcedure(modal: Locator, position: number, procedure: { id: number; name: string }) {
  const select = modal.getByRole('group', { name: `Item ${position}` }).getByRole('combobox', { name: 'Procedure' });
  await select.locator('option', { hasText: procedure.name }).first().waitFor({ state: 'attached' });
  await select.selectOption(String(procedure.id));
}

/** A line of the split (the form's or the receipt's): its amount, once it reads as expected. */
const splitAmount = (scope: Locator | Page, label: string) =>
  scope.locator('dt', { hasText: label }).first().locator('xpath=following-sibling::dd').textContent();

describe.skipIf(!ctx.chromium)('an itemised invoice the HMO and the patient share', () => {
  let browser: Browser;
  let clinic: ClinicFixtures;
  let cleaning: { id: number; name: string };
  let crown: { id: number; name: string };

  beforeAll(async () => {
    browser = await connectChromium(ctx);
    clinic = await ClinicFixtures.signInAs(ctx, DEMO.receptionist);
    const { data, error } = await clinic.api
      .from('procedures')
      .select('id, name')
      .eq('clinic_id', clinic.clinicId)
      .in('name', ['Oral Prophylaxis (Cleaning)', 'Porcelain Crown']);
    if (error) throw error;
    cleaning = data.find((row) => row.name === 'Oral Prophylaxis (Cleaning)') as { id: number; name: string };
    crown = data.find((row) => row.name === 'Porcelain Crown') as { id: number; name: string };
  });
  afterAll(async () => {
    await browser?.close();
  });

  /**
   * As the receptionist: Add Invoice for the patient itemised with a cleaning and a crown, once the
   * form's split says the patient pays the crown's ₱12,000.00.
   */
  async function itemiseCleaningAndCrown(page: Page, patientName: string): Promise<Locator> {
    await signIn(page, DEMO.receptionist);
    const modal = await openAddInvoice(page, patientName);
    await chooseProcedure(modal, 1, cleaning);
    await modal.getByRole('button', { name: 'Add item' }).click();
    await chooseProcedure(modal, 2, crown);
    await expect.poll(() => splitAmount(modal, 'Patient pays')).toBe('₱12,000.00');
    return modal;
  }

  it('previews Maxicare’s share, saves it, takes the patient’s payment and prints both on the receipt', async () => {
    const patient = await maxicarePatient(clinic);
    const { data: cards } = await clinic.api
      .from('patient_hmo_cards')
      .select('member_number')
      .eq('patient_id', patient.id)
      .limit(1);
    const memberNumber = cards![0]!.member_number as string;
    const maxicarePays = `Maxicare (member ${memberNumber}) pays`;

    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        const modal = await itemiseCleaningAndCrown(page, patient.name);
        expect(await splitAmount(modal, maxicarePays)).toBe('₱900.00');
        const first = modal.getByRole('group', { name: 'Item 1' });
        expect(await first.getByText(/^HMO share/).textContent()).toBe('HMO share ₱900.00 · Patient share ₱0.00');
        await first.getByText("Billed at the HMO's contracted price, ₱900.00.").waitFor();
        expect(await modal.getByTestId('invoice-items-total').textContent()).toBe('₱12,900.00');
        await saveScreenshot(page, 'hmo-billing-preview-desktop');
        await modal.getByRole('button', { name: 'Add Invoice' }).click();
        await modal.waitFor({ state: 'detached' });

        const invoice = await clinic.api
          .from('invoices')
          .select('id, total, hmo_share')
          .eq('patient_id', patient.id)
          .order('id', { ascending: false })
          .limit(1)
          .single();
        if (invoice.error) throw invoice.error;
        expect(invoice.data).toMatchObject({ total: 12000, hmo_share: 900 });
        // The Billing list: what the patient owes, the spec's Total alone.
        const listed = page.locator(`tr[data-invoice-id="${invoice.data.id}"]`);
        await expect.poll(() => listed.locator('.billing-cell-money').textContent()).toBe('₱12,000.00');
        await saveScreenshot(page, 'hmo-billing-list-desktop');

        const rows = await paidReceiptItemRows(page, {
          api: clinic.api,
          clinicId: clinic.clinicId,
          invoiceId: invoice.data.id as number,
          patientId: patient.id,
          amount: '12000.00',
        });
        expect(rows).toEqual([
          [cleaning.name, '1', '₱900.00', '—', '₱900.00', '₱900.00', '₱0.00'],
          [crown.name, '1', '₱12,000.00', '—', '₱12,000.00', '₱0.00', '₱12,000.00'],
        ]);
        expect(await splitAmount(page, maxicarePays)).toBe('₱900.00');
        expect(await splitAmount(page, 'Patient pays')).toBe('₱12,000.00');
        expect(await splitAmount(page, 'Balance after this payment')).toBe('₱0.00');
        // Seven columns within the receipt's width (A5): the items table ends where its rows do.
        const edges = await page.evaluate(() => ({
          table: document.querySelector('.receipt-items')!.getBoundingClientRect().right,
          rows: document.querySelector('.receipt-rows')!.getBoundingClientRect().right,
        }));
        expect(edges.table).toBeLessThanOrEqual(edges.rows + 0.5);
        await saveScreenshot(page, 'hmo-billing-receipt-desktop');
      },
      DESKTOP,
    );
  });

  it('takes the VAT exemption and the senior citizen discount off a senior’s bill at a VAT-registered clinic', async () => {
    // A VAT-registered clinic of its own: the demo clinics' settings are saved by other files meanwhile.
    const { fixtures: vatClinic, email } = await ClinicFixtures.ofOwnClinic(ctx, {
      role: 'receptionist',
      settings: { vat_registered: true },
    });
    const crownAtVatClinic = await vatClinic.procedure('12000.00', 'Porcelain Crown');
    const name = uniqueName('Senior Patient');
    const senior = await vatClinic.service
      .from('patients')
      .insert({
        clinic_id: vatClinic.clinicId,
        name,
        phone: '+63 918 555 0000',
        discount_id_type: 'senior_citizen',
        discount_id_number: 'SC-QC-2026-000777',
      })
      .select('id')
      .single();
    if (senior.error) throw senior.error;
    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        await signIn(page, email);
        const modal = await openAddInvoice(page, name);
        await chooseProcedure(modal, 1, crownAtVatClinic);
        // S = 12,000: VAT 12,000 − 12,000 / 1.12 = 1,285.71; (12,000 − 1,285.71) × 20% = 2,142.86.
        await expect.poll(() => splitAmount(modal, 'Patient pays')).toBe('₱8,571.43');
        expect(await splitAmount(modal, 'VAT exemption')).toBe('₱1,285.71');
        expect(await splitAmount(modal, 'Senior citizen discount (20%)')).toBe('₱2,142.86');
        await saveScreenshot(page, 'senior-billing-preview-desktop');
        await modal.getByRole('button', { name: 'Add Invoice' }).click();
        await modal.waitFor({ state: 'detached' });

        const invoice = await vatClinic.api
          .from('invoices')
          .select('id, total')
          .eq('patient_id', senior.data.id)
          .single();
        if (invoice.error) throw invoice.error;
        expect(invoice.data.total).toBe(8571.43);
        await paidReceiptItemRows(page, {
          api: vatClinic.api,
          clinicId: vatClinic.clinicId,
          invoiceId: invoice.data.id as number,
          patientId: senior.data.id as number,
          amount: '8571.43',
        });
        expect(await splitAmount(page, 'Discount ID')).toBe('Senior citizen ID SC-QC-2026-000777');
        expect(await splitAmount(page, 'Less: VAT exemption')).toBe('₱1,285.71');
        expect(await splitAmount(page, 'Less: Senior citizen discount (20%)')).toBe('₱2,142.86');
        expect(await splitAmount(page, 'Patient pays')).toBe('₱8,571.43');
        await saveScreenshot(page, 'senior-billing-receipt-desktop');

        // Today's day sheet goes from the line's ₱12,000.00 through both to what she pays.
        await page.goto('/');
        await openTab(page, 'Reports');
        const issued = page.getByTestId(`day-sheet-invoice-${invoice.data.id}`);
        await issued.waitFor();
        expect(await issued.locator('td').allTextContents()).toEqual([
          `#${invoice.data.id}`,
          `${name} (Senior citizen)`,
          'No dentist (invoice not from an appointment)',
          '₱12,000.00',
          '₱1,285.71',
          '₱2,142.86',
          '₱8,571.43',
          '₱0.00',
          '₱8,571.43',
        ]);
        await issued.scrollIntoViewIfNeeded();
        await saveScreenshot(page, 'senior-day-sheet-desktop');
      },
      DESKTOP,
    );
  });

  it('takes the patient’s share, prints the availment form, and settles the claim with Maxicare’s payment', async () => {
    const patient = await maxicarePatient(clinic);
    await withPage(
      browser,
      ctx.baseUrl,
      async (page, opened) => {
        const modal = await itemiseCleaningAndCrown(page, patient.name);
        await modal.getByRole('button', { name: 'Add Invoice' }).click();
        await modal.waitFor({ state: 'detached' });
        const invoiceId = await latestInvoiceId(clinic, patient.id);

        // The patient pays only their share: the crown.
        await page.getByRole('searchbox', { name: 'Search by patient' }).fill(patient.name);
        const row = page.locator(`tr[data-invoice-id="${invoiceId}"]`);
        await row.getByRole('button', { name: 'Add Payment' }).click();
        const payment = page.getByRole('dialog', { name: `Add Payment for Invoice #${invoiceId}` });
        await payment.getByLabel('Amount').fill('12000');
        await payment.getByRole('button', { name: 'Add Payment' }).click();
        await payment.waitFor({ state: 'detached' });
        await expect.poll(() => row.textContent()).toContain('Paid');

        // The availment form the patient signs: each service with its amount and Maxicare's share.
        const [form] = await Promise.all([
          opened.context.waitForEvent('page'),
          row.getByRole('link', { name: 'Availment form' }).click(),
        ]);
        await form.getByRole('heading', { name: 'HMO Availment Form', level: 1 }).waitFor();
        const services = form.getByRole('table', { name: `Services availed on invoice #${invoiceId}` });
        await services.waitFor();
        const cells = await services
          .getByRole('row')
          .evaluateAll((rows) => rows.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent)));
        expect(cells).toEqual([
          ['Service', 'Tooth', 'Surfaces', 'Amount', 'HMO share'],
          [cleaning.name, '—', '—', '₱900.00', '₱900.00'],
          [crown.name, '—', '—', '₱12,000.00', '₱0.00'],
          ['HMO total', '₱900.00'],
        ]);
        await saveScreenshot(form, 'hmo-journey-availment-form');
        await form.emulateMedia({ media: 'print' });
        const pdf = (await form.pdf({ preferCSSPageSize: true })).toString('latin1');
        // One A4 page: 210 × 297 mm is 595 × 842 points.
        const pages = [...pdf.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((box) =>
          [box[1], box[2]].map((points) => Math.round(Number(points))),
        );
        expect(pages).toEqual([[595, 842]]);
        await form.close();

        // The claim, in Maxicare's open batch on the Billing tab.
        const maxicare = page
          .getByRole('region', { name: /^HMO claims/ })
          .getByRole('region', { name: 'Maxicare', exact: true });
        const claim = maxicare.getByRole('row').filter({ hasText: `#${invoiceId}` });
        await claim.getByText('Submitted', { exact: true }).waitFor();
        expect(await claim.textContent()).toContain('₱900.00');
        const batch = maxicare.getByTestId('hmo-batch').filter({ hasText: `#${invoiceId}` });
        await batch.getByRole('button', { name: 'Record HMO payment' }).click();
        const hmoPayment = page.getByRole('dialog', { name: /^Record HMO payment: Maxicare/ });
        // Maxicare pays the whole batch (earlier tests may have left claims in it), oldest first.
        const outstanding = (await hmoPayment.getByTestId('hmo-batch-outstanding').textContent()) ?? '';
        const owed = /₱([\d,]+\.\d\d)/.exec(outstanding)![1]!.replaceAll(',', '');
        await hmoPayment.getByLabel('Amount').fill(owed);
        const reference = uniqueName('MAXI-CHK');
        await hmoPayment.getByLabel(/Reference #/).fill(reference);
        await hmoPayment.getByRole('button', { name: 'Record payment' }).click();
        await hmoPayment.waitFor({ state: 'detached' });
        await claim.getByText('Paid', { exact: true }).waitFor();
        await saveScreenshot(page, 'hmo-journey-claim-paid');

        // The day sheet: Maxicare's cheque among the HMO collections, the patient's payment apart.
        await openTab(page, 'Reports');
        const sheet = page.getByRole('region', { name: 'Day sheet' });
        await sheet.getByRole('button', { name: 'Show day sheet', exact: true }).click();
        const hmoCollections = sheet.getByRole('table', { name: 'HMO collections (apart from patients’ payments)' });
        const collected = hmoCollections.getByRole('row').filter({ hasText: reference });
        await collected.waitFor();
        expect(await collected.textContent()).toContain('Maxicare');
        // Production counts what the visit billed, Maxicare's share with the patient's.
        const issued = sheet
          .getByRole('row')
          .filter({ hasText: `#${invoiceId}` })
          .first();
        expect(await issued.textContent()).toContain('₱12,900.00');
        const patientPayments = sheet.getByRole('table', { name: 'Payments by method' });
        await patientPayments.getByRole('row').filter({ hasText: patient.name }).first().waitFor();
        expect(await patientPayments.getByText(reference).count()).toBe(0);
        await hmoCollections.scrollIntoViewIfNeeded();
        await saveScreenshot(page, 'hmo-journey-day-sheet');
      },
      DESKTOP,
    );
  });
});
