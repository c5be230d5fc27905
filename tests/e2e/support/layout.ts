/** Layout checks shared by the browser tests: nothing scrolls sideways. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The page does not scroll sideways: nothing is wider than the window. */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

/**
 * Whether the page's content fits inside its width less any vertical scrollbar (clientWidth): the
 * stricter check where a scrollbar takes room from the content.
 */
export function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

/** Nothing scrolls sideways: neither the page nor the frame a table scrolls in. */
export async function expectTableFits(page: Page, frame: Locator) {
  const { scrollWidth, clientWidth } = await frame.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  await expectNoSidewaysScroll(page);
}
