/**
 * HMO claims in Chromium: two invoices with an HMO share (written by the service role, as billing
 * writes them) become claims in the HMO's batch. reception@demo.test sees on the Billing tab what
 * the HMO owes and that it is overdue, records the HMO's payment, sees the oldest claim Paid, the
 * next Partly paid and the HMO's owed go down; the Reports tab's day sheet lists the HMO collection
 * apart from the patients' payments. admin@demo.test voids an HMO payment recorded in error: its
 * claim owes again, and the day sheet lists it among the voids, not the collections. A claim the HMO
 * denied is billed to its patient: a new invoice of theirs in the Billing list. Each test makes its
 * own HMO and patients.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, type IsoDate } from '@common/clinic-calendar';
import { clinicDateAt } from '../support/clinic-time.ts';
import { DEMO, openTab, signIn } from './support/app.ts';
import { connectChromium, DESKTOP, saveScreenshot, withPage } from './support/chromium.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';

const ctx = inject('e2e');

describe.skipIf(!ctx.chromium)('HMO claims in the browser', () => {
  let browser: Browser;
  let reception: ClinicFixtures;
  let admin: ClinicFixtures;

  beforeAll(async () => {
    browser = await connectChromium(ctx);
    [reception, admin] = await Promise.all([
      ClinicFixtures.signInAs(ctx, DEMO.receptionist),
      ClinicFixtures.signInAs(ctx, DEMO.admin),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** An invoice billed on `day` (noon, Manila) whose HMO share becomes a claim. */
  async function invoiceWithShare(hmoId: number, patientName: string, hmoShare: string, day: IsoDate) {
    const patientId = await reception.patient(patientName);
    const { error } = await reception.service.from('invoices').insert({
      clinic_id: reception.clinicId,
      patient_id: patientId,
      total: '150.00',
      hmo_id: hmoId,
      hmo_share: hmoShare,
      created_at: `${day}T12:00:00+08:00`,
    });
    if (error) throw error;
  }

  /** A new HMO of the demo clinic, claiming within `claim_deadline_days` 30. */
  async function newHmo(name: string): Promise<number> {
    const { data, error } = await reception.service
      .from('hmos')
      .insert({ clinic_id: reception.clinicId, name, claim_deadline_days: 30 })
      .select('id')
      .single();
    if (error) throw error;
    return data.id as number;
  }

  /** Signs `email` in and answers the HMO's section of the Billing tab's HMO claims. */
  async function hmoSection(page: Page, email: string, hmoName: string): Promise<Locator> {
    await signIn(page, email);
    await openTab(page, 'Billing System');
    return page.getByRole('region', { name: /^HMO claims/ }).getByRole('region', { name: hmoName, exact: true });
  }

  it('records an HMO’s payment against its overdue batch and lists it apart on the day sheet', async () => {
    const hmoName = uniqueName('E2E Health');
    const today = clinicDateAt(new Date()) as IsoDate;
    const hmoId = await newHmo(hmoName);
    const older = uniqueName('Claimant Old');
    const newer = uniqueName('Claimant New');
    await invoiceWithShare(hmoId, older, '1000.00', addDays(today, -60));
    await invoiceWithShare(hmoId, newer, '200.50', addDays(today, -2));

    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        const section = await hmoSection(page, DEMO.receptionist, hmoName);
        await section.getByTestId('hmo-owed').getByText('₱1,200.50', { exact: true }).waitFor();
        // Due 30 days after the batch's first visit, 60 days ago: overdue, all of it.
        expect(await section.getByTestId('hmo-overdue').textContent()).toBe('₱1,200.50');
        const olderRow = section.getByRole('row', { name: new RegExp(older) });
        const newerRow = section.getByRole('row', { name: new RegExp(newer) });
        await olderRow.getByText('Submitted', { exact: true }).waitFor();

        await section.getByRole('button', { name: 'Record HMO payment' }).click();
        const dialog = page.getByRole('dialog', { name: new RegExp(`Record HMO payment: ${hmoName}`) });
        await dialog.getByLabel('Amount').fill('1100.25');
        expect(await dialog.getByLabel('Date received').inputValue()).toBe(today);
        await dialog.getByLabel(/Reference #/).fill('E2E-CHK-1');
        await dialog.getByRole('button', { name: 'Record payment' }).click();
        await dialog.waitFor({ state: 'detached' });

        await olderRow.getByText('Paid', { exact: true }).waitFor();
        await newerRow.getByText('Partly paid', { exact: true }).waitFor();
        await section.getByTestId('hmo-owed').getByText('₱100.25', { exact: true }).waitFor();
        await saveScreenshot(page, 'hmo-claims-billing');

        await openTab(page, 'Reports');
        const panel = page.getByRole('region', { name: 'Day sheet' });
        await panel.getByRole('button', { name: 'Show day sheet', exact: true }).click();
        const hmoTable = panel.getByRole('table', { name: 'HMO collections (apart from patients’ payments)' });
        const collected = hmoTable.getByRole('row', { name: new RegExp(hmoName) });
        await collected.waitFor();
        expect(await collected.textContent()).toContain('₱1,100.25');
        expect(await collected.textContent()).toContain('E2E-CHK-1');
        const patientPayments = panel.getByRole('table', { name: 'Payments by method' });
        expect(await patientPayments.getByText(hmoName).count()).toBe(0);
        await saveScreenshot(page, 'hmo-claims-day-sheet');
      },
      DESKTOP,
    );
  });

  it('lets an admin void an HMO payment recorded in error: the claim owes again, and the day sheet lists it as a void', async () => {
    const hmoName = uniqueName('E2E Void Health');
    const today = clinicDateAt(new Date()) as IsoDate;
    const hmoId = await newHmo(hmoName);
    const claimant = uniqueName('Claimant Void');
    await invoiceWithShare(hmoId, claimant, '700.00', addDays(today, -5));
    const claim = await admin.service.from('hmo_claims').select('batch_id').eq('hmo_id', hmoId).single();
    if (claim.error) throw claim.error;
    const reference = uniqueName('E2E-CHK-VOID');
    const recorded = await admin.api.rpc('record_hmo_payment', {
      p_batch_id: claim.data.batch_id,
      p_amount: 700,
      p_received_on: today,
      p_reference_number: reference,
      p_idempotency_key: randomUUID(),
    });
    if (recorded.error) throw recorded.error;
    const paymentId = recorded.data as number;

    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        const section = await hmoSection(page, DEMO.admin, hmoName);
        const claimRow = section.getByRole('row', { name: new RegExp(claimant) });
        await claimRow.getByText('Paid', { exact: true }).waitFor();

        await section.getByRole('button', { name: `Void HMO payment #${paymentId}` }).click();
        const dialog = page.getByRole('dialog', { name: `Void HMO payment #${paymentId}` });
        await dialog.getByLabel('Reason').fill('Recorded against the wrong HMO');
        await dialog.getByRole('button', { name: 'Void', exact: true }).click();
        await dialog.waitFor({ state: 'detached' });
        await claimRow.getByText('Submitted', { exact: true }).waitFor();
        await section.getByTestId('hmo-owed').getByText('₱700.00', { exact: true }).waitFor();

        await openTab(page, 'Reports');
        const panel = page.getByRole('region', { name: 'Day sheet' });
        await panel.getByRole('button', { name: 'Show day sheet', exact: true }).click();
        const voids = panel.getByRole('table', { name: 'Voids' });
        const voided = voids.getByRole('row', { name: new RegExp(hmoName) });
        await voided.waitFor();
        expect(await voided.textContent()).toContain('HMO payment');
        expect(await voided.textContent()).toContain('Recorded against the wrong HMO');
        const collections = panel.getByRole('table', { name: 'HMO collections (apart from patients’ payments)' });
        expect(await collections.getByText(reference).count()).toBe(0);
        await voided.scrollIntoViewIfNeeded();
        await saveScreenshot(page, 'hmo-payment-void-day-sheet');
      },
      DESKTOP,
    );
  });

  it('bills the patient for a claim the HMO denied: a new invoice of theirs in the Billing list', async () => {
    const hmoName = uniqueName('E2E Denying Health');
    const hmoId = await newHmo(hmoName);
    const claimant = uniqueName('Claimant Denied');
    await invoiceWithShare(hmoId, claimant, '850.00', addDays(clinicDateAt(new Date()) as IsoDate, -3));
    const claim = await reception.service.from('hmo_claims').select('id, invoice_id').eq('hmo_id', hmoId).single();
    if (claim.error) throw claim.error;
    const denied = await reception.api.rpc('deny_hmo_claim', { p_claim_id: claim.data.id, p_reason: 'Not covered' });
    if (denied.error) throw denied.error;

    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        const section = await hmoSection(page, DEMO.receptionist, hmoName);
        const claimRow = section.getByRole('row', { name: new RegExp(claimant) });
        await claimRow.getByText('Denied', { exact: true }).waitFor();

        await claimRow
          .getByRole('button', { name: `Bill patient for claim of invoice #${claim.data.invoice_id}` })
          .click();
        const confirm = page.getByRole('dialog', {
          name: `Bill the patient for the claim of invoice #${claim.data.invoice_id}?`,
        });
        await confirm
          .getByText(`₱850.00 that ${hmoName} did not pay becomes a new invoice for ${claimant}.`, { exact: false })
          .waitFor();
        await confirm.getByRole('button', { name: 'Yes, bill patient' }).click();
        const billed = claimRow.getByText(/^Billed to patient: invoice #\d+$/);
        await billed.waitFor();
        const invoiceId = Number((await billed.textContent())!.replace(/\D+/g, ''));

        const listed = page.locator(`tr[data-invoice-id="${invoiceId}"]`);
        await listed.waitFor();
        expect(await listed.textContent()).toContain(claimant);
        expect(await listed.textContent()).toContain('₱850.00');
        expect(await listed.textContent()).toContain('Unpaid');
        await billed.scrollIntoViewIfNeeded();
        await saveScreenshot(page, 'hmo-claim-billed-to-patient');
      },
      DESKTOP,
    );
  });
});
