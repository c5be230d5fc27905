/**
 * The dashboard shell: tabs per role, the active tab, the superadmin's clinic selector, reload,
 * logout, both screen sizes, lazy tab chunks.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clinicDateAt } from '../support/clinic-time.ts';
import { ALL_TABS, DEMO, expectText, loginAs, RECEPTIONIST_TABS, visibleTabs, waitForPath } from './support/app.ts';
import { DESKTOP, connectChromium, saveScreenshot, TABLET_PORTRAIT, withPage } from './support/chromium.ts';
import { fitsWidth } from './support/layout.ts';

const ctx = inject('e2e');

const activeTab = (page: Page) => page.locator('nav[aria-label="Sections"] [aria-current="page"]').textContent();

describe.skipIf(!ctx.chromium)('dashboard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectChromium(ctx);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    [DEMO.superadmin, 'Superadmin', ALL_TABS],
    [DEMO.admin, 'Admin', ALL_TABS],
    [DEMO.receptionist, 'Receptionist', RECEPTIONIST_TABS],
    [DEMO.dentist, 'Dentist', ['Patients', 'Appointments', 'Billing System', 'Chat']],
  ])('%s (%s) sees exactly the allowed tabs', async (email, role, tabs) => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      await loginAs(page, email);
      expect(await page.getByTestId('user-role').textContent()).toBe(role);
      expect(await page.getByTestId('clinic-name').textContent()).toBe('Smile Dental');
      expect(await visibleTabs(page)).toEqual(tabs);
      expect(await activeTab(page)).toBe('Patients');
      expect(await page.getByLabel('Working on').count()).toBe(role === 'Superadmin' ? 1 : 0);
    });
  });

  it("shows the second clinic's admin their own clinic", async () => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      await loginAs(page, DEMO.admin2);
      expect(await page.getByTestId('clinic-name').textContent()).toBe('Bright Teeth');
    });
  });

  it('switches tabs in place and highlights the active one', async () => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      await loginAs(page, DEMO.admin);
      await page.getByRole('button', { name: 'Users & Roles' }).click();
      expect(await activeTab(page)).toBe('Users & Roles');
      await page.getByText(/^Logged in as /).waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      // The current year in the clinic's zone.
      await expectText(page, `© ${clinicDateAt(new Date()).slice(0, 4)} Ngiti`);
    });
  });

  it('lets the superadmin choose the clinic the views work on, and keeps the choice on reload', async () => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      await loginAs(page, DEMO.superadmin);
      const selector = page.getByLabel('Working on');
      await page.locator('#clinic-selector option', { hasText: 'Bright Teeth' }).waitFor({ state: 'attached' });
      const options = await page.locator('#clinic-selector option').allTextContents();
      expect(options).toEqual(expect.arrayContaining(['Smile Dental', 'Bright Teeth']));
      await selector.selectOption({ label: 'Bright Teeth' });
      await page.getByTestId('clinic-name').filter({ hasText: 'Bright Teeth' }).waitFor();
      await page.reload();
      await page.getByTestId('clinic-name').filter({ hasText: 'Bright Teeth' }).waitFor();
      expect(await selector.inputValue()).not.toBe('');
    });
  });

  it('keeps the user signed in across a reload, on the same tab', async () => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      await loginAs(page, DEMO.receptionist);
      await page.getByRole('button', { name: 'Procedures' }).click();
      const name = await page.getByTestId('user-name').textContent();
      await page.reload();
      await page.getByTestId('user-name').waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      expect(await page.getByTestId('user-name').textContent()).toBe(name);
      expect(await page.getByTestId('clinic-name').textContent()).toBe('Smile Dental');
      expect(await activeTab(page)).toBe('Procedures');
    });
  });

  it('logs out: back to /login, the session gone, /dashboard closed', async () => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      await loginAs(page, DEMO.dentist);
      await page.getByRole('button', { name: 'Logout' }).click();
      await waitForPath(page, '/login');
      expect(await page.evaluate(() => localStorage.getItem('ngiti-auth'))).toBeNull();
      await page.goto('/dashboard');
      await waitForPath(page, '/login');
      await page.reload();
      await waitForPath(page, '/login');
    });
  });

  it('shows an error with Retry when the dashboard chunk fails to load, and recovers', async () => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      await loginAs(page, DEMO.admin);
      await page.route('**/assets/dashboard-page-*.js', (route) => route.abort('connectionreset'));
      await page.reload();
      await expectText(page, 'This part of Ngiti could not be loaded.');
      await page.unroute('**/assets/dashboard-page-*.js');
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByTestId('user-name').waitFor();
    });
  });

  it('does not download the dashboard for the login screen', async () => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Login' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(scripts.some((script) => script.includes('dashboard-page'))).toBe(false);
      await loginAs(page, DEMO.admin);
      expect(scripts.some((script) => script.includes('dashboard-page'))).toBe(true);
    });
  });

  describe.each([
    ['desktop', DESKTOP],
    ['tablet', TABLET_PORTRAIT],
  ])('at %s size', (label, viewport) => {
    it(`fits the screen without sideways scrolling; screenshots saved (${viewport.width}×${viewport.height})`, async () => {
      await withPage(
        browser,
        ctx.baseUrl,
        async (page) => {
          await page.goto('/login');
          await page.getByRole('heading', { name: 'Login' }).waitFor();
          expect(await fitsWidth(page)).toBe(true);
          await saveScreenshot(page, `login-${label}-${viewport.width}x${viewport.height}`);

          await loginAs(page, DEMO.superadmin);
          await page.locator('#clinic-selector option', { hasText: 'Bright Teeth' }).waitFor({ state: 'attached' });
          expect(await fitsWidth(page)).toBe(true);
          for (const tab of ALL_TABS)
            expect(await page.getByRole('button', { name: tab, exact: true }).isVisible()).toBe(true);
          expect(await page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
          await saveScreenshot(page, `dashboard-${label}-${viewport.width}x${viewport.height}`);
        },
        viewport,
      );
    });
  });
});
