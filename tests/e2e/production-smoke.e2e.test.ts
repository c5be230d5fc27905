/**
 * A production start, smoke-tested as an operator would try it: `npm start`'s own command with
 * NODE_ENV=production, secrets of its own and SEED_DEMO_DATA=true. In Chromium an admin signs in,
 * adds a user and deletes it in Users & Roles and opens every tab once; a receptionist records a
 * payment and the admin's socket receives the live update.
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BILLING_UPDATED, type BillingUpdatedPayload } from '@common/contract';
import { startShippedStack, type ShippedStack } from '../support/shipped-stack.ts';
import { waitFor } from '../support/wait-for.ts';
import { ALL_TABS, DEMO, loginAs, openTab, uniqueEmail } from './support/app.ts';
import { connectChromium, withPage } from './support/chromium.ts';

const ctx = inject('e2e');

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'smoke-test-production-secret-of-at-least-32-chars',
  META_APP_SECRET: 'smoke-test-meta-app-secret',
  META_VERIFY_TOKEN: 'smoke-test-verify-token',
  SEED_DEMO_DATA: 'true',
};

describe.skipIf(!ctx.chromium)('a production start (NODE_ENV=production, npm start)', () => {
  let stack: ShippedStack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([
      startShippedStack({ env: PRODUCTION, logLabel: 'production-smoke' }),
      connectChromium(ctx),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    if (stack) expect(await stack.stop()).toBe(0);
  });

  it('says at start that it runs in production with the demo data it was asked for', () => {
    expect(stack.output()).toContain('Demo data: loaded into an empty database because SEED_DEMO_DATA=true was set.');
    expect(stack.output()).toContain('Dev pages (/_dev): off (NODE_ENV=production).');
  });

  it('an admin adds a user and deletes it in Users & Roles, then opens every tab once', async () => {
    await withPage(browser, stack.url, async (page) => {
      await loginAs(page, DEMO.admin);
      await openTab(page, 'Users & Roles');

      const staff = { name: `Smoke ${randomUUID().slice(0, 6)}`, email: uniqueEmail('smoke') };
      await page.getByRole('button', { name: 'Add User' }).click();
      const add = page.getByRole('dialog', { name: 'Add User' });
      await add.getByLabel('Name').fill(staff.name);
      await add.getByLabel('Email').fill(staff.email);
      await add.getByLabel('Password').fill('Smoke-pass-1');
      await add.getByRole('button', { name: 'Save' }).click();
      await page
        .locator('.users-header')
        .getByText('User created! They must confirm their email before logging in.', { exact: true })
        .waitFor();
      const row = page.getByRole('table', { name: 'Users & Roles' }).getByRole('row').filter({ hasText: staff.email });
      await row.getByRole('button', { name: `Delete ${staff.name}` }).click();
      await page.getByRole('dialog', { name: 'Confirm Delete' }).getByRole('button', { name: 'Delete' }).click();
      await page
        .locator('.users-header')
        .getByText('User deleted from Auth & custom table.', { exact: true })
        .waitFor();
      await row.waitFor({ state: 'detached' });

      for (const tab of ALL_TABS) {
        await openTab(page, tab);
        await expect.poll(() => page.locator('main [role="status"].state').count(), { timeout: 15_000 }).toBe(0);
        expect(await page.locator('main .state-error').count(), tab).toBe(0);
      }
    });
  });

  it('a payment recorded by the front desk reaches the admin’s socket as a live update', async () => {
    const admin = await stack.signedIn(DEMO.admin);
    const { data: session } = await admin.auth.getSession();
    const socket: Socket = connect(stack.url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      auth: { token: session.session!.access_token },
    });
    try {
      const updates: BillingUpdatedPayload[] = [];
      socket.on(BILLING_UPDATED, (payload: BillingUpdatedPayload) => updates.push(payload));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });

      const reception = await stack.signedIn(DEMO.receptionist);
      const { data: invoice, error: invoiceError } = await reception
        .from('invoice_summaries')
        .select('id, clinic_id, patient_id')
        .eq('status', 'Unpaid')
        .is('voided_at', null)
        .limit(1)
        .single();
      if (invoiceError) throw invoiceError;
      const { error } = await reception.from('payments').insert({
        clinic_id: invoice.clinic_id,
        invoice_id: invoice.id,
        patient_id: invoice.patient_id,
        amount: '1.00',
        method: 'cash',
        idempotency_key: randomUUID(),
      });
      expect(error).toBeNull();
      const update = await waitFor(
        () => updates.find((payload) => payload.table === 'payments' && payload.invoice_id === invoice.id),
        10_000,
      );
      expect(update).toMatchObject({ op: 'INSERT', clinic_id: invoice.clinic_id });
    } finally {
      socket.close();
    }
  });
});
