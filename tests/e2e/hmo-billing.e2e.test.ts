/**
 * Who pays, in Chromium: the demo receptionist itemises a cleaning and a crown for the demo
 * Maxicare patient, sees the split the database previews (Maxicare pays the cleaning at its
 * contracted ₱900, the patient the crown), saves, pays the patient's share and reads the split on
 * the receipt; then a senior citizen's invoice at a VAT-registered clinic shows the VAT exemption
 * and the 20% discount, in the form and on the receipt.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO, loginAs, paidReceiptItemRows } from './support/app.ts';
import { DESKTOP, connectChromium, saveScreenshot, withPage } from './support/chromium.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';

const ctx = inject('e2e');

async function openAddInvoice(page: Page, patientName: string): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Billing System' }).click();
  await page.getByRole('heading', { name: 'Billing System', level: 1 }).waitFor();
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

  it('previews Maxicare’s share, saves it, takes the patient’s payment and prints both on the receipt', async () => {
    // The demo's Maxicare patient: Smile Dental's fourth, with a card valid today.
    const { data: patients, error } = await clinic.api
      .from('patients')
      .select('id, name')
      .eq('clinic_id', clinic.clinicId)
      .eq('deleted', false)
      .order('id')
      .range(3, 3);
    if (error) throw error;
    const patient = patients[0] as { id: number; name: string };
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
        await loginAs(page, DEMO.receptionist);
        const modal = await openAddInvoice(page, patient.name);
        await chooseProcedure(modal, 1, cleaning);
        await modal.getByRole('button', { name: 'Add item' }).click();
        await chooseProcedure(modal, 2, crown);

        await expect.poll(() => splitAmount(modal, 'Patient pays')).toBe('₱12,000.00');
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
        // The Billing list: what the patient owes, with the HMO's share beside it.
        const listed = page.locator(`tr[data-invoice-id="${invoice.data.id}"]`);
        await expect.poll(() => listed.locator('.billing-cell-money').textContent()).toBe('₱12,000.00HMO ₱900.00');
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
        await saveScreenshot(page, 'hmo-billing-receipt-desktop');
      },
      DESKTOP,
    );
  });

  it('takes the VAT exemption and the senior citizen discount off a senior’s bill at a VAT-registered clinic', async () => {
    const name = uniqueName('Senior Patient');
    const senior = await clinic.service
      .from('patients')
      .insert({
        clinic_id: clinic.clinicId,
        name,
        phone: '+63 918 555 0000',
        discount_id_type: 'senior_citizen',
        discount_id_number: 'SC-QC-2026-000777',
      })
      .select('id')
      .single();
    if (senior.error) throw senior.error;
    const vat = await clinic.service.from('clinics').update({ vat_registered: true }).eq('id', clinic.clinicId);
    if (vat.error) throw vat.error;
    try {
      await withPage(
        browser,
        ctx.baseUrl,
        async (page) => {
          await loginAs(page, DEMO.receptionist);
          const modal = await openAddInvoice(page, name);
          await chooseProcedure(modal, 1, crown);
          // S = 12,000: VAT 12,000 − 12,000 / 1.12 = 1,285.71; (12,000 − 1,285.71) × 20% = 2,142.86.
          await expect.poll(() => splitAmount(modal, 'Patient pays')).toBe('₱8,571.43');
          expect(await splitAmount(modal, 'VAT exemption')).toBe('₱1,285.71');
          expect(await splitAmount(modal, 'Senior citizen discount (20%)')).toBe('₱2,142.86');
          await saveScreenshot(page, 'senior-billing-preview-desktop');
          await modal.getByRole('button', { name: 'Add Invoice' }).click();
          await modal.waitFor({ state: 'detached' });

          const invoice = await clinic.api
            .from('invoices')
            .select('id, total')
            .eq('patient_id', senior.data.id)
            .single();
          if (invoice.error) throw invoice.error;
          expect(invoice.data.total).toBe(8571.43);
          await paidReceiptItemRows(page, {
            api: clinic.api,
            clinicId: clinic.clinicId,
            invoiceId: invoice.data.id as number,
            patientId: senior.data.id as number,
            amount: '8571.43',
          });
          expect(await splitAmount(page, 'Discount ID')).toBe('Senior citizen ID SC-QC-2026-000777');
          expect(await splitAmount(page, 'Less: VAT exemption')).toBe('₱1,285.71');
          expect(await splitAmount(page, 'Less: Senior citizen discount (20%)')).toBe('₱2,142.86');
          expect(await splitAmount(page, 'Patient pays')).toBe('₱8,571.43');
          await saveScreenshot(page, 'senior-billing-receipt-desktop');
        },
        DESKTOP,
      );
    } finally {
      await clinic.service.from('clinics').update({ vat_registered: false }).eq('id', clinic.clinicId);
    }
  });
});
