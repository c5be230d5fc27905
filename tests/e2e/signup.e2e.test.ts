/**
 * Sign-up → confirmation e-mail → login → the sidebar shows the new clinic and the admin's tabs.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ALL_TABS,
  createConfirmedAdmin,
  expectText,
  fillLogin,
  hashOf,
  holdRequests,
  uniqueEmail,
  visibleTabs,
  waitForMail,
  waitForPath,
} from './support/app.ts';
import { DESKTOP, connectChromium, saveScreenshot, TABLET_PORTRAIT, withPage } from './support/chromium.ts';

const ctx = inject('e2e');

describe.skipIf(!ctx.chromium)('sign-up', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectChromium(ctx);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('registers a clinic, confirms it by e-mail and logs its admin in', async () => {
    const email = uniqueEmail('signup');
    const clinicName = `Ngiti Family Dental ${email.slice(7, 11)}`;
    const password = 'Clinic-pass-2025';
    await withPage(browser, ctx.baseUrl, async (page) => {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Sign Up' }).click();
      await waitForPath(page, '/signup');

      await page.getByLabel('Name', { exact: true }).fill('Dr. Liza Manalo');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Clinic Name').fill(clinicName);
      const signup = await holdRequests(page, '**/auth/v1/signup**');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await signup.arrived;
      await page.getByRole('button', { name: 'Signing up...' }).waitFor();
      signup.release();
      await expectText(page, 'Registration initiated! Please check your email to confirm your account.');
      for (const label of ['Name', 'Email', 'Clinic Name'])
        expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe('');
      expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');

      // Signing up does not log in.
      expect(await page.evaluate(() => localStorage.getItem('ngiti-auth'))).toBeNull();
      await page.goto('/dashboard');
      await waitForPath(page, '/login');

      const mail = await waitForMail(ctx.baseUrl, email, 'signup');
      await page.goto(mail.link);
      await waitForPath(page, '/login');
      await expectText(page, 'Your email is confirmed. You can log in now.');
      expect(hashOf(page)).toBe('');
      expect(await page.evaluate(() => localStorage.getItem('ngiti-auth'))).toBeNull();

      await fillLogin(page, email, password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await waitForPath(page, '/dashboard');
      expect(await page.getByTestId('clinic-name').textContent()).toBe(clinicName);
      expect(await page.getByTestId('user-name').textContent()).toBe('Dr. Liza Manalo');
      expect(await page.getByTestId('user-role').textContent()).toBe('Admin');
      expect(await visibleTabs(page)).toEqual(ALL_TABS);
      expect(await page.getByLabel('Working on').count()).toBe(0);
    });
  });

  it('answers an address that already has an account exactly like a new one, and e-mails its owner instead', async () => {
    const owner = await createConfirmedAdmin(ctx, 'taken');
    await withPage(
      browser,
      ctx.baseUrl,
      async (page) => {
        await page.goto('/signup');
        await page.getByLabel('Name', { exact: true }).fill('Dr. Someone Else');
        await page.getByLabel('Email').fill(owner.email);
        await page.getByLabel('Password', { exact: true }).fill('Another-pass-1');
        await page.getByLabel('Clinic Name').fill('Another Dental');
        await page.getByRole('button', { name: 'Sign Up' }).click();
        await expectText(page, 'Registration initiated! Please check your email to confirm your account.');
        for (const label of ['Name', 'Email', 'Password', 'Clinic Name'])
          expect(await page.getByLabel(label, { exact: true }).inputValue(), label).toBe('');
        await saveScreenshot(page, '12-9c-signup-existing-tablet');
        await page.setViewportSize(DESKTOP);
        await saveScreenshot(page, '12-9c-signup-existing-desktop');

        // The owner is told, with a way back to their account; nothing about it changed.
        const notice = await waitForMail(ctx.baseUrl, owner.email, 'signup_existing');
        expect(notice.subject).toBe('Someone tried to sign up with your email');
        await page.goto(notice.link);
        await waitForPath(page, '/login');
        await fillLogin(page, owner.email, owner.password);
        await page.getByRole('button', { name: 'Login', exact: true }).click();
        await waitForPath(page, '/dashboard');
        expect(await page.getByTestId('clinic-name').textContent()).toBe(owner.clinicName);
      },
      TABLET_PORTRAIT,
    );
  });

  it('requires all four fields, whitespace counting as empty, and says when a field cuts', async () => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      await page.goto('/signup');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expectText(page, 'Please fill in all four fields: Name, Email, Password and Clinic Name.');
      await page.getByLabel('Name', { exact: true }).fill('Dr. Space');
      await page.getByLabel('Email').fill(uniqueEmail('space'));
      await page.getByLabel('Password', { exact: true }).fill('Secret-123');
      await page.getByLabel('Clinic Name').fill('    ');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expectText(page, 'Please fill in all four fields: Name, Email, Password and Clinic Name.');
      // A longer name is cut at the field's 100 characters, and the field says so.
      await page.getByLabel('Clinic Name').fill('c'.repeat(150));
      await expectText(page, 'Clinic Name can be at most 100 characters.');
      expect(await page.getByLabel('Clinic Name').inputValue()).toBe('c'.repeat(100));
    });
  });

  it("reports the auth service's refusal as 'Registration failed' with the reason", async () => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      await page.goto('/signup');
      await page.getByLabel('Name', { exact: true }).fill('Dr. Short');
      await page.getByLabel('Email').fill(uniqueEmail('weak'));
      await page.getByLabel('Password', { exact: true }).fill('12345');
      await page.getByLabel('Clinic Name').fill('Short Password Dental');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      const alert = page.getByRole('alert');
      await alert.getByText('Registration failed', { exact: true }).waitFor();
      expect(await alert.textContent()).toMatch(/Password should be at least 6 characters/);
    });
  });

  it('goes back to the login screen', async () => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      await page.goto('/signup');
      await page.getByRole('link', { name: 'Back to Login' }).click();
      await waitForPath(page, '/login');
    });
  });
});
