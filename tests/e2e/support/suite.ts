/** The setup a describe block of browser tests shares: the run's Chromium and a clinic's fixtures. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { connectChromium } from './chromium.ts';
import type { E2eContext } from './context.ts';

interface BrowserAndFixtures<T> {
  /** The run's Chromium (connectChromium). */
  readonly browser: Browser;
  /** What `makeFixtures` made, e.g. `ClinicFixtures.signInAs(ctx, DEMO.receptionist)`. */
  readonly fixtures: T;
}

/**
 * Connects to the run's Chromium and makes the fixtures before the describe block's tests, and
 * disconnects after them. Call it in the block; read its fields in the tests and hooks (they are
 * there once the block's `beforeAll` has run).
 */
export function setUpBrowserAndFixtures<T>(ctx: E2eContext, makeFixtures: () => Promise<T>): BrowserAndFixtures<T> {
  let browser: Browser | undefined;
  let fixtures: T | undefined;
  beforeAll(async () => {
    browser = await connectChromium(ctx);
    fixtures = await makeFixtures();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const made = <V>(value: V | undefined, name: string): V => {
    if (value === undefined) throw new Error(`the ${name} is there once the describe block's beforeAll has run`);
    return value;
  };
  return {
    get browser() {
      return made(browser, 'browser');
    },
    get fixtures() {
      return made(fixtures, 'fixtures');
    },
  };
}
