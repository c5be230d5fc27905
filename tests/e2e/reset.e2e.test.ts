/**
 * Forgot password → the e-mail in the dev mailbox → its link opens /reset-password → the new
 * password works and the old one doesn't.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createConfirmedAdmin,
  expectText,
  fillLogin,
  hashOf,
  holdRequests,
  waitForMail,
  waitForPath,
} from './support/app.ts';
import { connectChromium, withPage } from './support/chromium.ts';

const ctx = inject('e2e');

describe.skipIf(!ctx.chromium)('password reset', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectChromium(ctx);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('resets the password through the e-mailed link', async () => {
    const account = await createConfirmedAdmin(ctx, 'reset');
    const newPassword = 'Brand-new-pass-42';
    await withPage(browser, ctx.baseUrl, async (page) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(account.email);
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await expectText(page, 'Password reset email sent! Please check your inbox.');
      const mail = await waitForMail(ctx.baseUrl, account.email, 'recovery');

      // The link goes through /auth/v1/verify, which redirects with the recovery session in the fragment.
      await page.goto(mail.link);
      await waitForPath(page, '/reset-password');
      expect(hashOf(page)).toMatch(/access_token=.+&.*type=recovery/);
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expectText(page, 'Please enter a new password.');
      await page.getByLabel('New Password').fill('   ');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expectText(page, 'Please enter a new password.');
      // A password the server refuses leaves nobody signed in on this (shared) browser, and the
      // link still works for the next try.
      await page.getByLabel('New Password').fill('abc');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expectText(page, 'Failed to update password.');
      expect(await page.evaluate(() => localStorage.getItem('ngiti-auth'))).toBeNull();

      await page.getByLabel('New Password').fill(newPassword);
      const update = await holdRequests(page, '**/auth/v1/user');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await update.arrived;
      await page.getByRole('button', { name: 'Updating...' }).waitFor();
      update.release();
      await expectText(page, 'Password updated successfully! You may now log in with your new password.');
      // Signed out, and the recovery fragment is gone.
      await page.waitForURL((url) => url.pathname === '/reset-password' && url.hash === '');
      expect(await page.evaluate(() => localStorage.getItem('ngiti-auth'))).toBeNull();

      await page.getByRole('link', { name: 'Go to Login' }).click();
      await waitForPath(page, '/login');
      await fillLogin(page, account.email, account.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expectText(page, 'Invalid login credentials');
      await fillLogin(page, account.email, newPassword);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await waitForPath(page, '/dashboard');
      expect(await page.getByTestId('clinic-name').textContent()).toBe(account.clinicName);

      // The link works once: opened again it is an invalid or expired link.
      await page.getByRole('button', { name: 'Logout' }).click();
      await waitForPath(page, '/login');
      await page.goto(mail.link);
      await waitForPath(page, '/reset-password');
      await expectText(page, 'Invalid or expired reset link. Please request a new password reset.');
    });
  });

  it('refuses a link without a recovery type and an access token', async () => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      await page.goto('/reset-password');
      await expectText(page, 'Invalid or expired reset link. Please request a new password reset.');
      await page.goto('/reset-password#type=recovery&refresh_token=abc');
      await expectText(page, 'Invalid or expired reset link. Please request a new password reset.');
      await page.getByLabel('New Password').fill('whatever-123');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expectText(page, 'Invalid or expired reset link. Please request a new password reset.');
    });
  });

  it('refuses a forged recovery token without changing anything', async () => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      await page.goto('/reset-password#access_token=forged.token.value&refresh_token=nope&type=recovery');
      await page.getByLabel('New Password').fill('whatever-123');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expectText(page, 'Invalid or expired reset link. Please request a new password reset.');
    });
  });
});
