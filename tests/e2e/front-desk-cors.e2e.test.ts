/**
 * A CORS refusal names its cause. The stack's notification service allows the app under every
 * loopback name of its port (localhost, 127.0.0.1, [::1]) and nothing else. Chromium resolves any
 * `*.localhost` name to the loopback address itself, so the app opened at
 * http://front-desk.localhost:PORT is the real stack at an origin the service really refuses: its
 * preflight is answered 403, the page's fetch fails, and the staff member is told why.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clinicWorkday } from '../support/clinic-time.ts';
import { DEMO, openTab, signIn, showDentistMonth } from './support/app.ts';
import { DESKTOP, connectChromium, saveScreenshot, TABLET_PORTRAIT, withPage } from './support/chromium.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';
import { appointmentsLive } from './support/live.ts';

const ctx = inject('e2e');

describe.skipIf(!ctx.chromium)('a CORS refusal of the notification service', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectChromium(ctx);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('when the app is opened at an origin the service does not allow, then a failed notification names the origin and the fix (live updates still connect)', async () => {
    const fixtures = await ClinicFixtures.signInAs(ctx, DEMO.receptionist);
    const dentistName = uniqueName('Dr. Cors');
    const patientName = uniqueName('Patient Cors');
    const dentistId = await fixtures.dentist(dentistName);
    const patientId = await fixtures.patient(patientName);
    const date = clinicWorkday(7);
    await fixtures.appointment({ dentistId, patientId, time: `${date}T10:00:00+08:00` });

    const stackUrl = new URL(ctx.baseUrl);
    const refusedOrigin = `http://front-desk.localhost:${stackUrl.port}`;
    await withPage(
      browser,
      refusedOrigin,
      async (page) => {
        await signIn(page, DEMO.receptionist);
        await openTab(page, 'Appointments');
        await showDentistMonth(page, dentistName, date);
        // Live updates are not refused: the socket carries its own access token, and browsers
        // apply no CORS to a WebSocket, so it connects from any origin.
        await appointmentsLive(page, 'connected').waitFor();
        await page.getByRole('combobox', { name: new RegExp(`^Status of ${patientName}`) }).selectOption('Cancelled');
        await page.locator('.swal2-popup').getByRole('button', { name: 'Yes, update & notify' }).click();

        const failed = page
          .locator('.swal2-popup')
          .filter({ has: page.locator('.swal2-title', { hasText: 'Failed!' }) });
        await failed.waitFor();
        // The refusal's own reason: a call that ran into its timeout (SERVICE_TIMEOUT_MS) is told
        // with the caller's fallback text instead, so this was told as the browser refused it.
        expect(await failed.locator('.swal2-html-container').textContent()).toContain(
          `Reason: The notification service (${stackUrl.origin}) refused requests from this address (${refusedOrigin}). ` +
            `Open Ngiti at the address it was set up for, or add ${refusedOrigin} to the service's allowed origins (CORS_ORIGINS).`,
        );
        // What the browser hid from the page: the service's own answer to this origin's preflight.
        const preflight = await fetch(`${stackUrl.origin}/status-notifications/1`, {
          method: 'OPTIONS',
          headers: { Origin: refusedOrigin, 'Access-Control-Request-Method': 'POST' },
        });
        expect(preflight.status).toBe(403);
        expect(((await preflight.json()) as { error: string }).error).toContain(refusedOrigin);
        await saveScreenshot(page, '12-12-cors-refusal-tablet');
        await page.setViewportSize(DESKTOP);
        await saveScreenshot(page, '12-12-cors-refusal-desktop');
      },
      TABLET_PORTRAIT,
    );
  });
});
