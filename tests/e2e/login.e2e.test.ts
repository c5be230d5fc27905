/** The login screen: success, every failure message, forgot password. */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createConfirmedAdmin,
  DEMO,
  DEMO_PASSWORD,
  expectText,
  fillLogin,
  holdRequests,
  serviceClient,
  uniqueEmail,
  waitForMail,
  waitForPath,
} from './support/app.ts';
import { connectChromium, withPage } from './support/chromium.ts';

const ctx = inject('e2e');

describe.skipIf(!ctx.chromium)('login', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectChromium(ctx);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("logs in, shows 'Logging in...' meanwhile, and puts the profile in the sidebar", async () => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      await page.goto('/login');
      await fillLogin(page, DEMO.admin, DEMO_PASSWORD);
      const token = await holdRequests(page, '**/auth/v1/token?grant_type=password');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await token.arrived;
      const working = page.getByRole('button', { name: 'Logging in...' });
      await working.waitFor();
      expect(await working.isDisabled()).toBe(true);
      token.release();
      await waitForPath(page, '/dashboard');
      expect(await page.getByTestId('clinic-name').textContent()).toBe('Smile Dental');
      expect(await page.getByTestId('user-role').textContent()).toBe('Admin');
      expect((await page.getByTestId('user-name').textContent())?.trim()).not.toBe('');
    });
  });

  it("shows the auth service's message for a wrong password or an unknown e-mail", async () => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      await page.goto('/login');
      await fillLogin(page, DEMO.admin, 'wrong-password');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expectText(page, 'Invalid login credentials');
      await fillLogin(page, 'nobody@demo.test', DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expectText(page, 'Invalid login credentials');
      expect(new URL(page.url()).pathname).toBe('/login');
    });
  });

  it('asks to wait once an address has failed too often (429), and stays on the login page', async () => {
    const email = uniqueEmail('guessed');
    const { anonKey } = (await (await fetch(`${ctx.baseUrl}/config.json`)).json()) as { anonKey: string };
    // Someone guesses from elsewhere until the address is throttled (10 failures per window).
    let status = 0;
    for (let attempt = 0; attempt < 10 && status !== 429; attempt += 1) {
      const response = await fetch(`${ctx.baseUrl}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: `guess-${attempt}` }),
      });
      status = response.status;
    }
    await withPage(browser, ctx.baseUrl, async (page) => {
      await page.goto('/login');
      await fillLogin(page, email, 'one-more-guess');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expectText(page, 'Too many sign-in attempts. Please wait a few minutes and try again.');
      expect(new URL(page.url()).pathname).toBe('/login');
    });
  });

  it('counts whitespace-only fields as empty and bounds over-long input', async () => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expectText(page, 'Please enter your email and password.');
      await fillLogin(page, '   ', DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expectText(page, 'Please enter your email and password.');
      await fillLogin(page, `${'a'.repeat(260)}@demo.test`, DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expectText(page, 'Email must be at most 254 characters.');
    });
  });

  it('refuses an account whose e-mail is not confirmed yet', async () => {
    const email = uniqueEmail('unconfirmed');
    await withPage(browser, ctx.baseUrl, async (page) => {
      await page.goto('/signup');
      await page.getByLabel('Name', { exact: true }).fill('Dr. Unconfirmed');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('Secret-123');
      await page.getByLabel('Clinic Name').fill('Unconfirmed Dental');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expectText(page, 'Registration initiated! Please check your email to confirm your account.');
      await loginAttempt(page, email, 'Secret-123');
      await expectText(page, 'Email not confirmed');
    });
  });

  it("says 'User profile fetch failed' when the account has no staff profile, and stays signed out", async () => {
    const account = await createConfirmedAdmin(ctx, 'noprofile');
    // Its clinic is deleted, and the profile (its only admin, whom nothing else may remove) with it;
    // the login stays.
    const { error } = await serviceClient(ctx).from('clinics').delete().eq('name', account.clinicName);
    expect(error).toBeNull();
    await withPage(browser, ctx.baseUrl, async (page) => {
      await loginAttempt(page, account.email, account.password);
      await expectText(page, 'User profile fetch failed');
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(await page.evaluate(() => localStorage.getItem('ngiti-auth'))).toBeNull();
    });
  });

  it('shows and hides the password', async () => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      await page.goto('/login');
      const password = page.getByLabel('Password', { exact: true });
      await password.fill('s3cret');
      expect(await password.getAttribute('type')).toBe('password');
      await page.getByRole('button', { name: 'Show password' }).click();
      expect(await password.getAttribute('type')).toBe('text');
      await page.getByRole('button', { name: 'Hide password' }).click();
      expect(await password.getAttribute('type')).toBe('password');
    });
  });

  it("sends a reset e-mail from 'Forgot password?' with every message of the spec", async () => {
    const account = await createConfirmedAdmin(ctx, 'forgot');
    await withPage(browser, ctx.baseUrl, async (page) => {
      await page.goto('/login');
      const forgot = page.getByRole('button', { name: 'Forgot password?' });
      expect(await forgot.isDisabled()).toBe(true);
      await page.getByLabel('Email').fill('   ');
      expect(await forgot.isEnabled()).toBe(true);
      await forgot.click();
      await expectText(page, 'Please enter your email above first.');

      await page.getByLabel('Email').fill(account.email);
      const recover = await holdRequests(page, '**/auth/v1/recover**');
      await forgot.click();
      await recover.arrived;
      await page.getByRole('button', { name: 'Sending...' }).waitFor();
      recover.release();
      await expectText(page, 'Password reset email sent! Please check your inbox.');
      const mail = await waitForMail(ctx.baseUrl, account.email, 'recovery');
      expect(mail.link).toContain(encodeURIComponent(`${ctx.baseUrl}/reset-password`));

      // A second request within a minute is refused by the auth service.
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await expectText(page, 'Failed to send reset email');
      await page.getByText(/you can only request this after/).waitFor();
    });
  });
});

async function loginAttempt(page: Page, email: string, password: string) {
  await page.goto('/login');
  await fillLogin(page, email, password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}
