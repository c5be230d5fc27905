/**
 * The browser suite's Chromium turns off features of its own beside Playwright's. Chromium keeps
 * only the last `--disable-features` on its command line, so ours must repeat Playwright's list.
 * A stand-in executable records the command line Playwright would start Chromium with.
 */
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, PLAYWRIGHT_DISABLED_FEATURES, UNUSED_BROWSER_UI_FEATURES } from '../e2e/support/chromium.ts';

let dir: string;
let recorder: string;
let recorded: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ngiti-chromium-flags-'));
  recorder = path.join(dir, 'chromium');
  recorded = path.join(dir, 'args.txt');
  await writeFile(recorder, `#!/bin/sh\nprintf '%s\\n' "$@" > '${recorded}'\nexit 1\n`);
  await chmod(recorder, 0o755);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The arguments a launch gave the executable (the launch itself fails: the stand-in exits). */
async function argumentsOf(launch: () => Promise<unknown>): Promise<string[]> {
  await rm(recorded, { force: true });
  await expect(launch()).rejects.toThrow();
  return (await readFile(recorded, 'utf8')).split('\n').filter(Boolean);
}

/** The features the last `--disable-features` names: the one Chromium keeps. */
function disabledFeatures(args: string[]): string[] {
  const flag = args.filter((arg) => arg.startsWith('--disable-features=')).at(-1);
  return flag ? flag.slice('--disable-features='.length).split(',') : [];
}

describe('the browser suite’s Chromium flags', () => {
  it('name every feature Playwright itself turns off', async () => {
    const playwrights = disabledFeatures(
      await argumentsOf(() => chromium.launch({ executablePath: recorder, timeout: 10_000 })),
    );
    expect(playwrights.length).toBeGreaterThan(0);
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(playwrights));
  });

  it('turn off the address bar’s popups as well, in the flag Chromium keeps', async () => {
    const kept = disabledFeatures(await argumentsOf(() => launchChromium(recorder)));
    expect(kept).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_UI_FEATURES]));
  });
});
