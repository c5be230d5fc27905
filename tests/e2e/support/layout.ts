/** Layout checks shared by the browser tests of the front-desk tablet. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The page does not scroll sideways: nothing is wider than the window. */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(width);
}
