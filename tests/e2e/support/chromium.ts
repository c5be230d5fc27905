import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserServer,
  type Download,
  type Page,
} from 'playwright-core';
import type { E2eContext } from './context.ts';

/** Debian's Chromium (`apt-get install -y chromium`); never a downloaded browser build. */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * What the browser tests drive: Debian's build of Chromium's headless shell (`apt-get install -y
 * chromium-headless-shell`, the same Chromium version without a browser window's own UI, as
 * Playwright itself uses for headless runs), else Debian's Chromium. The benches keep the full
 * browser (findChromium): Lighthouse measures what a user's browser does.
 */
export const TEST_CHROMIUM_CANDIDATES = ['/usr/bin/chromium-headless-shell', ...CHROMIUM_CANDIDATES];

function findExecutable(candidates: string[]): string | null {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

/** Debian's Chromium for the benches, or CHROMIUM_PATH. */
export function findChromium(): string | null {
  return findExecutable(CHROMIUM_CANDIDATES);
}

/** The browser the e2e suite drives (TEST_CHROMIUM_CANDIDATES), or CHROMIUM_PATH. */
export function findTestChromium(): string | null {
  return findExecutable(TEST_CHROMIUM_CANDIDATES);
}

/** The launch flags of ../shared/ARCHITECTURE.md. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The Chromium features Playwright itself turns off (its `chromiumSwitches`). Chromium keeps only
 * the last `--disable-features` it is given, so a launch that turns off more must name these too;
 * tests/support/chromium-flags.test.ts checks this list against the Playwright installed.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The full Chromium, headless, still builds each window's address-bar popups as web pages of their
 * own (chrome://omnibox-popup.top-chrome), one renderer each per browser context. No test or bench
 * opens them, yet over the browser suite they took about as much CPU as the product's own pages.
 * (The headless shell has no such UI; the flag is for the full browser.)
 */
export const UNUSED_BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

const launchOptions = (executablePath: string) => ({
  executablePath,
  headless: true,
  args: [
    ...CHROMIUM_FLAGS.filter((flag) => flag !== '--headless'),
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_UI_FEATURES].join(',')}`,
  ],
  timeout: 60_000,
});

/**
 * Launches Chromium headless with those flags, as a server the test files connect to (the e2e
 * global setup starts one for the whole run). Playwright starts it with a fresh, throwaway
 * user-data directory of its own (`--user-data-dir=<tmp>/playwright_chromiumdev_profile-*`),
 * removed again on close.
 */
export function launchChromiumServer(executablePath: string): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions(executablePath));
}

/** Launches a Chromium of its own (the benches; a test file connects to the run's, connectChromium). */
export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch(launchOptions(executablePath));
}

/**
 * The run's Chromium (see launchChromiumServer). One browser for every file rather than one each:
 * a launch costs about a second of CPU, and the suite is CPU-bound on two cores. Each test still
 * opens its own context (fresh storage and cookies); `close()` on the browser returned here only
 * disconnects the file and closes its contexts.
 */
export function connectChromium(ctx: E2eContext): Promise<Browser> {
  return chromium.connect(ctx.browserEndpoint, { timeout: 60_000 });
}

/**
 * Every page the browser tests open is in New York unless a test says otherwise: a zone behind
 * UTC, with summer time, and a day apart from the clinic's (Asia/Manila) for much of it. The SPA
 * must show and send clinic time whatever the browser's zone; so the whole browser suite checks
 * that, and the time-zone pass of `npm test` need not rerun the component tests' DOM.
 */
export const BROWSER_TIME_ZONE = 'America/New_York';

export const DESKTOP = { width: 1366, height: 768 };
export const TABLET_PORTRAIT = { width: 820, height: 1180 };
/** The classic iPad turned sideways: below 1200 px the sidebar is a top bar, as on a portrait tablet. */
export const TABLET_LANDSCAPE = { width: 1024, height: 768 };

/** A page's size, and whether it is a touch screen (a finger: `(pointer: coarse)` matches). */
export interface ScreenSize {
  width: number;
  height: number;
  touch?: boolean;
}

/** The 820×1180 tablet as a finger uses it: a touch screen, a mobile viewport, a coarse pointer. */
export const TABLET_TOUCH: ScreenSize = { ...TABLET_PORTRAIT, touch: true };

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions in the page: a test ends by checking there were none. */
  pageErrors: string[];
}

export async function openPage(browser: Browser, baseUrl: string, screen: ScreenSize = DESKTOP): Promise<OpenedPage> {
  const { touch = false, ...viewport } = screen;
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    hasTouch: touch,
    isMobile: touch,
    timezoneId: BROWSER_TIME_ZONE,
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, pageErrors };
}

export const SCREENSHOT_DIR = path.resolve('test-results', 'screenshots');

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** Runs `use` with a fresh page and context; fails the test when the page threw an uncaught error. */
export async function withPage<T>(
  browser: Browser,
  baseUrl: string,
  use: (page: Page, opened: OpenedPage) => Promise<T>,
  viewport?: ScreenSize,
): Promise<T> {
  const opened = await openPage(browser, baseUrl, viewport);
  try {
    const result = await use(opened.page, opened);
    if (opened.pageErrors.length > 0) throw new Error(`uncaught errors in the page: ${opened.pageErrors.join('; ')}`);
    return result;
  } finally {
    await opened.context.close();
  }
}

/** The front desk's two screens, the tablet first: each with its name (for screenshots) and size. */
const FRONT_DESK_SCREENS = [
  { name: 'tablet', size: TABLET_PORTRAIT },
  { name: 'desktop', size: DESKTOP },
] as const;

type FrontDeskScreen = (typeof FRONT_DESK_SCREENS)[number];

/**
 * Runs `use` at each of FRONT_DESK_SCREENS in turn, each on a fresh page and context (withPage):
 * nothing read or remembered at the one before.
 */
export async function withPageOnEachScreen(
  browser: Browser,
  baseUrl: string,
  use: (page: Page, screen: FrontDeskScreen) => Promise<void>,
): Promise<void> {
  for (const screen of FRONT_DESK_SCREENS) {
    await withPage(browser, baseUrl, (page) => use(page, screen), screen.size);
  }
}

/**
 * A finished download's bytes. The browser is the run's shared one (connectChromium), so the file
 * is on its side of the connection: `download.path()` is not available, the stream is.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  return buffer(await download.createReadStream());
}
