/** The app's route table, in a real browser, logged out and logged in. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO, expectText, hashOf, loginAs, pathOf, waitForPath } from './support/app.ts';
import { connectChromium, withPage } from './support/chromium.ts';

const ctx = inject('e2e');
const RECOVERY = '#access_token=not-a-real-token&expires_in=3600&refresh_token=abc&token_type=bearer&type=recovery';
const CONFIRMATION = '#access_token=x&expires_in=3600&refresh_token=y&token_type=bearer&type=signup';
const LINK_ERROR = '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired';

describe.skipIf(!ctx.chromium)('routes', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectChromium(ctx);
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe('when logged out', () => {
    // /appointments is also where the notification service takes its POSTs (the same origin here).
    it.each(['/', '/dashboard', '/patients', '/appointments', '/some/unknown/path', '/login/'])(
      '%s goes to /login',
      async (path) => {
        await withPage(browser, ctx.baseUrl, async (page) => {
          await page.goto(path);
          await waitForPath(page, '/login');
          await page.getByRole('heading', { name: 'Login' }).waitFor();
        });
      },
    );

    it('shows /signup and /reset-password where they are', async () => {
      await withPage(browser, ctx.baseUrl, async (page) => {
        await page.goto('/signup');
        await page.getByRole('heading', { name: 'Sign Up' }).waitFor();
        expect(pathOf(page)).toBe('/signup');
        await page.goto('/reset-password');
        await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
        expect(pathOf(page)).toBe('/reset-password');
      });
    });

    it.each(['/', '/login', '/signup', '/dashboard', '/unknown'])(
      'a recovery fragment on %s goes to /reset-password, keeping the fragment',
      async (path) => {
        await withPage(browser, ctx.baseUrl, async (page) => {
          await page.goto(path + RECOVERY);
          await waitForPath(page, '/reset-password');
          expect(hashOf(page)).toBe(RECOVERY);
          await page.getByRole('button', { name: 'Update Password' }).waitFor();
          expect(await page.getByRole('alert').count()).toBe(0);
        });
      },
    );

    it.each(['/', '/signup', '/dashboard', '/reset-password'])(
      'a sign-up confirmation fragment on %s goes to /login without signing in',
      async (path) => {
        await withPage(browser, ctx.baseUrl, async (page) => {
          await page.goto(path + CONFIRMATION);
          await waitForPath(page, '/login');
          await expectText(page, 'Your email is confirmed. You can log in now.');
          expect(hashOf(page)).toBe('');
          expect(await page.evaluate(() => localStorage.getItem('ngiti-auth'))).toBeNull();
        });
      },
    );

    it('shows an expired e-mail link on the login screen', async () => {
      await withPage(browser, ctx.baseUrl, async (page) => {
        await page.goto('/' + LINK_ERROR);
        await waitForPath(page, '/login');
        await expectText(page, 'Email link is invalid or has expired');
        await page.waitForURL((url) => url.hash === '');
      });
    });
  });

  describe('when logged in', () => {
    it('leaves /login, /signup, / and unknown paths for /dashboard, but shows /reset-password', async () => {
      await withPage(browser, ctx.baseUrl, async (page) => {
        await loginAs(page, DEMO.receptionist);
        for (const path of ['/login', '/signup', '/', '/no/such/page', '/appointments']) {
          await page.goto(path);
          await waitForPath(page, '/dashboard');
          await page.getByTestId('user-name').waitFor();
        }
        await page.goto('/reset-password');
        await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
        expect(pathOf(page)).toBe('/reset-password');
        await page.goto('/dashboard' + RECOVERY);
        await waitForPath(page, '/reset-password');
        expect(hashOf(page)).toBe(RECOVERY);
      });
    });

    it('sends a tampered session to /login with a message', async () => {
      await withPage(browser, ctx.baseUrl, async (page) => {
        await loginAs(page, DEMO.dentist);
        await page.evaluate(() => {
          const stored = JSON.parse(localStorage.getItem('ngiti-auth')!) as { access_token: string };
          const [header, payload] = stored.access_token.split('.');
          const claims = JSON.parse(atob(payload!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
          claims.role = 'service_role';
          const forged = btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
          stored.access_token = `${header}.${forged}.invalid-signature`;
          localStorage.setItem('ngiti-auth', JSON.stringify(stored));
        });
        await page.reload();
        await waitForPath(page, '/login');
        await expectText(page, 'Your session has expired. Please log in again.');
        expect(await page.evaluate(() => localStorage.getItem('ngiti-auth'))).toBeNull();
      });
    });

    it('sends an unreadable stored session to /login with a message', async () => {
      await withPage(browser, ctx.baseUrl, async (page) => {
        await loginAs(page, DEMO.dentist);
        await page.evaluate(() => localStorage.setItem('ngiti-auth', '{not json'));
        await page.goto('/dashboard');
        await waitForPath(page, '/login');
        await expectText(page, 'Your session has expired. Please log in again.');
      });
    });
  });
});
