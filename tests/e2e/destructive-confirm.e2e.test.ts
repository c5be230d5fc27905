/**
 * The kit's destructive confirmations (delete dentist, delete user, void invoice)
 * open with the focus on Cancel, so an Enter pressed right after the click that opened one closes
 * it and deletes or voids nothing. (Delete patient, a sweetalert2 confirmation: patients.e2e.)
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createConfirmedAdmin,
  createStaffAccount,
  DEMO,
  openTab,
  signIn,
  serviceClient,
  uniqueEmail,
} from './support/app.ts';
import { connectChromium, withPage } from './support/chromium.ts';
import { enterRightAfterOpening } from './support/confirm.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';

const ctx = inject('e2e');

describe.skipIf(!ctx.chromium)('destructive confirmations open on Cancel', () => {
  let browser: Browser;
  let fixtures: ClinicFixtures;

  beforeAll(async () => {
    [browser, fixtures] = await Promise.all([connectChromium(ctx), ClinicFixtures.signInAs(ctx, DEMO.admin)]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('Delete dentist: Enter right after opening closes it and the dentist stays', async () => {
    const name = uniqueName('Dr. Enter');
    const id = await fixtures.dentist(name);
    await withPage(browser, ctx.baseUrl, async (page) => {
      await signIn(page, DEMO.admin);
      await openTab(page, 'Dentists');
      const table = page.getByRole('table', { name: 'Dentists' });
      await table.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
      await enterRightAfterOpening(page, page.getByRole('dialog', { name: 'Confirm Delete' }));
      await table.getByRole('button', { name, exact: true }).waitFor();
    });
    const { data, error } = await fixtures.api.from('dentists').select('deleted').eq('id', id).single();
    expect(error).toBeNull();
    expect(data).toEqual({ deleted: false });
  });

  it('Delete user: Enter right after opening closes it and the user stays', async () => {
    const owner = await createConfirmedAdmin(ctx, 'enter-owner');
    const service = serviceClient(ctx);
    const clinic = await service.from('users').select('clinic_id').eq('email', owner.email).single();
    if (clinic.error) throw clinic.error;
    const staff = { name: uniqueName('Rosa Enter'), email: uniqueEmail('enter-staff') };
    const staffId = await createStaffAccount(service, {
      ...staff,
      password: `Pw-${randomUUID().slice(0, 10)}`,
      clinicId: clinic.data.clinic_id as number,
      role: 'receptionist',
    });

    await withPage(browser, ctx.baseUrl, async (page) => {
      await signIn(page, owner.email, owner.password);
      await openTab(page, 'Users & Roles');
      await page.getByRole('button', { name: `Delete ${staff.name}`, exact: true }).click();
      await enterRightAfterOpening(page, page.getByRole('dialog', { name: 'Confirm Delete' }));
      await page.getByRole('button', { name: `Delete ${staff.name}`, exact: true }).waitFor();
    });
    const profile = await service.from('users').select('user_id').eq('email', staff.email).single();
    expect(profile.error).toBeNull();
    expect(profile.data).toEqual({ user_id: staffId });
    const account = await service.auth.admin.getUserById(staffId);
    expect(account.error).toBeNull();
  });

  it('Void invoice: Enter right after opening closes it and the invoice is not void', async () => {
    const patientName = uniqueName('Void Enter');
    const patientId = await fixtures.patient(patientName);
    const invoice = await fixtures.api
      .from('invoices')
      .insert({ clinic_id: fixtures.clinicId, patient_id: patientId, total: '500.00' })
      .select('id')
      .single();
    if (invoice.error) throw invoice.error;
    const invoiceId = invoice.data.id as number;

    await withPage(browser, ctx.baseUrl, async (page) => {
      await signIn(page, DEMO.admin);
      await openTab(page, 'Billing System');
      await page.getByRole('searchbox', { name: 'Search by patient' }).fill(patientName);
      const row = page.locator(`tr[data-invoice-id="${invoiceId}"]`);
      await row.getByRole('button', { name: 'Void', exact: true }).click();
      await enterRightAfterOpening(page, page.getByRole('dialog', { name: `Void invoice #${invoiceId}` }));
      await row.getByRole('button', { name: 'Void', exact: true }).waitFor();
    });
    const { data, error } = await fixtures.api.from('invoices').select('voided_at').eq('id', invoiceId).single();
    expect(error).toBeNull();
    expect(data).toEqual({ voided_at: null });
  });
});
