/**
 * Browser behaviour (no stale service worker, late-loaded metrics) and the runtime configuration
 * screen.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectText } from './support/app.ts';
import { connectChromium, withPage } from './support/chromium.ts';

const ctx = inject('e2e');

describe.skipIf(!ctx.chromium)('browser behaviour', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectChromium(ctx);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a clear screen when /config.json is missing', async () => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      await page.route('**/config.json', (route) => route.fulfill({ status: 404, body: 'not found' }));
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Ngiti cannot start' }).waitFor();
      await expectText(page, '/config.json answered HTTP 404; the file is missing');
    });
  });

  it('names every invalid setting of /config.json', async () => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      await page.route('**/config.json', (route) => route.fulfill({ json: { supabaseUrl: 'not a url', anonKey: '' } }));
      await page.goto('/');
      await page.getByRole('heading', { name: 'Ngiti cannot start' }).waitFor();
      await expectText(page, 'supabaseUrl must be an absolute http(s) URL');
      await expectText(page, 'anonKey must be a non-empty key without spaces');
      await expectText(page, 'apiUrl is missing');
    });
  });

  it('draws its starting state from the HTML and reads /config.json once, preloaded with the entry', async () => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      const html = await (await page.request.get('/login')).text();
      expect(html).toContain('<link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous" />');
      expect(html).toMatch(
        /<div id="root">\s*<div class="state state-full-page" role="status"[^>]*>[\s\S]*Starting Ngiti…/,
      );
      const configReads: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/config.json') configReads.push(request.url());
      });
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Login' }).waitFor();
      expect(await page.getByText('Starting Ngiti…').count()).toBe(0);
      expect(configReads).toHaveLength(1);
    });
  });

  it('loads web-vitals lazily, as its own chunk the page does not preload', async () => {
    await withPage(browser, ctx.baseUrl, async (page) => {
      // It comes VITALS_START_DELAY_MS (5 s) after the app starts, when the browser is idle.
      const vitals = page.waitForRequest((request) => request.url().includes('/assets/web-vitals-'), {
        timeout: 30_000,
      });
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Login' }).waitFor();
      await vitals;
      const html = await (await page.request.get('/login')).text();
      expect(html).not.toContain('web-vitals');
    });
  });

  it('unregisters service workers left on the origin', async () => {
    await withPage(browser, ctx.baseUrl, async (page, opened) => {
      await opened.context.route('**/stale-sw.js', (route) =>
        route.fulfill({ contentType: 'text/javascript', body: 'self.addEventListener("fetch", () => {});' }),
      );
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Login' }).waitFor();
      const registered = await page.evaluate(async () => {
        await navigator.serviceWorker.register('/stale-sw.js');
        return (await navigator.serviceWorker.getRegistrations()).length;
      });
      expect(registered).toBe(1);
      await page.reload();
      await page.getByRole('heading', { name: 'Login' }).waitFor();
      await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistrations()).length === 0);
    });
  });
});
