/**
 * The dental chart's steps shared by browser tests: open a patient's chart from the Patients list
 * (on a page of its own, signed in), find a tooth on the odontogram, chart an existing finding on a
 * tooth.
 */
import type { Browser, Page } from 'playwright-core';
import { openTab, signIn } from './app.ts';
import { withPage, type ScreenSize } from './chromium.ts';

export const toothButton = (page: Page, tooth: number) =>
  page.locator(`.chart-odontogram button[data-tooth="${tooth}"]`);

/** The Patients tab, searched down to one patient, and that patient's chart opened from their row. */
export async function openChart(page: Page, patientName: string) {
  await openTab(page, 'Patients');
  await page.getByRole('searchbox', { name: 'Search patients' }).fill(patientName);
  await page.getByRole('button', { name: `Chart ${patientName}`, exact: true }).click();
  await page.getByRole('group', { name: 'Odontogram' }).waitFor();
  await page.getByRole('heading', { name: `Dental chart: ${patientName}` }).waitFor();
}

/** Runs `use` on a fresh page (withPage) signed in as `email`, with `patientName`'s chart open. */
export function onChart(
  browser: Browser,
  baseUrl: string,
  { email, patientName }: { email: string; patientName: string },
  use: (page: Page) => Promise<void>,
  screen?: ScreenSize,
): Promise<void> {
  return withPage(
    browser,
    baseUrl,
    async (page) => {
      await signIn(page, email);
      await openChart(page, patientName);
      await use(page);
    },
    screen,
  );
}

/** Charts an existing finding through 'Chart tooth N' (surfaces by their labels, e.g. 'M (mesial)'). */
export async function chartFinding(page: Page, tooth: number, surfaces: readonly string[], condition: string) {
  await toothButton(page, tooth).click();
  await page.getByRole('button', { name: `Chart tooth ${tooth}` }).click();
  const dialog = page.getByRole('dialog', { name: `Chart tooth ${tooth}` });
  for (const surface of surfaces) await dialog.getByLabel(surface).check();
  await dialog.getByLabel('Condition').selectOption({ label: condition });
  await dialog.getByLabel('State').selectOption({ label: 'Existing' });
  await dialog.getByRole('button', { name: 'Add to chart' }).click();
  await dialog.waitFor({ state: 'detached' });
}
