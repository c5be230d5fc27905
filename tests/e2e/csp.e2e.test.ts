/**
 * The SPA under its Content-Security-Policy (local/gateway/app.ts): signing in, every tab and a
 * sweetalert2 confirmation run without one CSP violation, and the served page carries the policy.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ALL_TABS, DEMO, loginAs } from './support/app.ts';
import { connectChromium, withPage } from './support/chromium.ts';
import { ClinicFixtures } from './support/fixtures.ts';

const ctx = inject('e2e');

/** Records every CSP violation the page reports, from its first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return violations;
}

describe.skipIf(!ctx.chromium)('the Content-Security-Policy', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectChromium(ctx);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('is on the SPA’s page, with no inline scripts or styles allowed', async () => {
    const response = await fetch(`${ctx.baseUrl}/login`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe');
  });

  it('when a staff member signs in, walks every tab and opens a confirmation, then nothing is blocked', async () => {
    const clinic = await ClinicFixtures.signInAs(ctx, DEMO.admin);
    const name = `Aaa Csp ${randomUUID().slice(0, 6)}`;
    await clinic.patient(name);
    await withPage(browser, ctx.baseUrl, async (page) => {
      const violations = await watchViolations(page);
      await loginAs(page, DEMO.admin);
      for (const tab of ALL_TABS) {
        await page.getByRole('button', { name: tab, exact: true }).click();
        await page.locator('nav[aria-label="Sections"] [aria-current="page"]', { hasText: tab }).waitFor();
      }
      await page.getByRole('button', { name: 'Patients', exact: true }).click();
      await page.getByRole('button', { name: `Delete ${name}` }).click();
      // sweetalert2's stylesheet is a file (an inline one would be blocked): its container is laid out.
      const container = page.locator('.swal2-container');
      await container.waitFor();
      expect(await container.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await container.waitFor({ state: 'detached' });
      expect(violations).toEqual([]);
    });
  });
});
