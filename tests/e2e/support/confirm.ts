/** A destructive confirmation's guard, shared by the browser tests that open one. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The dialog is open with the focus on its Cancel; Enter then closes it, so a second Enter right
 * after the click that opened it deletes nothing.
 */
export async function enterRightAfterOpening(page: Page, dialog: Locator) {
  await dialog.waitFor();
  const cancel = dialog.getByRole('button', { name: 'Cancel', exact: true });
  await expect.poll(() => cancel.evaluate((button) => button === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
}
