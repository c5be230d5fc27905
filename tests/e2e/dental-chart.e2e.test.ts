/**
 * The dental chart in Chromium: the demo dentist charts caries on 36 MO from the
 * Patients list and sees it on the chart, a receptionist's screen open on the same patient shows it
 * live, the chart as of yesterday does not have it, and the teeth are reached by keyboard. At
 * 820×1180 with touch the seeded chart reads without sideways scrolling and a tapped tooth opens.
 * Each test charts its own new patient or only reads the seed.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { addDays, type IsoDate } from '@common/clinic-calendar';
import { clinicDateAt } from '../support/clinic-time.ts';
import { DEMO, signIn } from './support/app.ts';
import { runAxe, isSeriousOrCritical } from './support/axe.ts';
import { chartFinding, onChart, openChart, toothButton } from './support/chart.ts';
import { BROWSER_TIME_ZONE, DESKTOP, saveScreenshot, TABLET_PORTRAIT } from './support/chromium.ts';
import { ClinicFixtures, uniqueName } from './support/fixtures.ts';
import { expectNoSidewaysScroll } from './support/layout.ts';
import { setUpBrowserAndFixtures } from './support/suite.ts';

const ctx = inject('e2e');
const LIVE_WAIT_MS = 15_000;

/** Nothing is wider than the window: no sideways scrolling of the page. */
describe.skipIf(!ctx.chromium)('the dental chart in the browser', () => {
  const suite = setUpBrowserAndFixtures(ctx, () => ClinicFixtures.signInAs(ctx, DEMO.dentist));

  /** The demo dentist on the seeded chart of Maria Santos, at the desktop size. */
  const onMariasChart = (use: (page: Page) => Promise<void>) =>
    onChart(suite.browser, ctx.baseUrl, { email: DEMO.dentist, patientName: 'Maria Santos' }, use, DESKTOP);

  it('the demo dentist charts caries on 36 MO: on the chart now and live elsewhere, gone as of yesterday', async () => {
    const patientName = uniqueName('Chart Patient');
    await suite.fixtures.patient(patientName);

    await onChart(
      suite.browser,
      ctx.baseUrl,
      { email: DEMO.receptionist, patientName },
      async (receptionPage) => {
        await expect.poll(() => receptionPage.locator('.chart-screen').getAttribute('data-live')).toBe('connected');
        expect(await receptionPage.getByRole('button', { name: /^Chart tooth/ }).count()).toBe(0);

        await onChart(
          suite.browser,
          ctx.baseUrl,
          { email: DEMO.dentist, patientName },
          async (page) => {
            await chartFinding(page, 36, ['M (mesial)', 'O (occlusal)'], 'Caries');

            await expect
              .poll(() => toothButton(page, 36).getAttribute('aria-label'))
              .toBe('Tooth 36: Caries MO, existing');
            await page
              .getByRole('list', { name: 'Tooth 36' })
              .getByText('Dr. Andrea Villanueva', { exact: false })
              .waitFor();

            // The receptionist's screen on the same patient follows without a reload.
            await expect
              .poll(() => toothButton(receptionPage, 36).getAttribute('aria-label'), { timeout: LIVE_WAIT_MS })
              .toBe('Tooth 36: Caries MO, existing');

            const today = clinicDateAt(new Date()) as IsoDate;
            await page.getByLabel('As of').fill(addDays(today, -1));
            await expect.poll(() => toothButton(page, 36).getAttribute('aria-label')).toBe('Tooth 36: no findings');
            expect(await page.getByRole('button', { name: /^Chart tooth/ }).count()).toBe(0);
            await page.getByLabel('As of').fill(today);
            await expect
              .poll(() => toothButton(page, 36).getAttribute('aria-label'))
              .toBe('Tooth 36: Caries MO, existing');
          },
          DESKTOP,
        );
      },
      DESKTOP,
    );
  });

  it('moves between the teeth with the arrow keys, one tooth in the tab order', async () => {
    await onMariasChart(async (page) => {
      await expect.poll(() => page.locator('.chart-odontogram [tabindex="0"]').count()).toBe(1);
      await toothButton(page, 18).focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-tooth'))).toBe('16');
      await page.keyboard.press('ArrowDown');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-tooth'))).toBe('46');
      await page.getByRole('heading', { name: 'Tooth 46', exact: true }).waitFor();
      expect(await toothButton(page, 46).getAttribute('aria-label')).toBe('Tooth 46: Root canal, completed');
      await page.keyboard.press('Enter');
      expect(await toothButton(page, 46).getAttribute('aria-pressed')).toBe('true');
    });
  });

  it('prints the chart with its legend on one A4 page, without the sidebar or buttons', async () => {
    await onMariasChart(async (page) => {
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('navigation', { name: 'Sections' }).isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
      expect(await page.getByRole('region', { name: 'Legend' }).isVisible()).toBe(true);
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      const pages = pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? [];
      expect(pages).toHaveLength(1);
      // A4 portrait is 595 × 842 PDF points.
      const box = /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)/.exec(pdf.toString('latin1'));
      const [width, height] = [Number(box?.[3]) - Number(box?.[1]), Number(box?.[4]) - Number(box?.[2])];
      expect(Math.abs(width - 595)).toBeLessThan(3);
      expect(Math.abs(height - 842)).toBeLessThan(3);
    });
  });

  it('at 820×1180 with touch: the seeded chart fits the tablet, a tapped tooth opens, with its legend', async () => {
    const context = await suite.browser.newContext({
      baseURL: ctx.baseUrl,
      viewport: TABLET_PORTRAIT,
      hasTouch: true,
      timezoneId: BROWSER_TIME_ZONE,
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    try {
      await signIn(page, DEMO.receptionist);
      await openChart(page, 'Maria Santos');
      await expect.poll(() => toothButton(page, 36).getAttribute('aria-label')).toBe('Tooth 36: Caries MO, existing');
      expect(await toothButton(page, 48).getAttribute('aria-label')).toBe('Tooth 48: Missing, existing');
      await expectNoSidewaysScroll(page);
      const chartBox = await page.getByRole('group', { name: 'Odontogram' }).boundingBox();
      expect(chartBox!.x + chartBox!.width).toBeLessThanOrEqual(TABLET_PORTRAIT.width);
      // Every tooth is big enough to tap.
      const toothBox = await toothButton(page, 11).boundingBox();
      expect(toothBox!.width).toBeGreaterThanOrEqual(24);
      expect(toothBox!.height).toBeGreaterThanOrEqual(44);

      await toothButton(page, 16).tap();
      await page.getByRole('heading', { name: 'Tooth 16', exact: true }).waitFor();
      await page.getByRole('list', { name: 'Tooth 16' }).getByText('Filling O, completed').waitFor();
      await page.getByRole('region', { name: 'Legend' }).getByText('To watch').waitFor();
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, 'dental-chart-820x1180');
      const { violations } = await runAxe(page, '.chart-screen');
      expect(violations.filter(isSeriousOrCritical).map((violation) => violation.id)).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
