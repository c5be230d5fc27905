/**
 * Once per `vitest run` that includes browser tests: builds the SPA (when its sources changed)
 * and runs `npm start`'s own command in a child process (the server bundle on plain Node) on a
 * free port with a fresh data directory and the demo data, so the tests use what users run.
 */
import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../scripts/build-if-stale.ts';
import { startShippedStack } from '../support/shipped-stack.ts';
import { findTestChromium, launchChromiumServer, TEST_CHROMIUM_CANDIDATES } from './support/chromium.ts';
import './support/context.ts';

export default async function setup(project: TestProject) {
  const chromium = findTestChromium();
  if (!chromium) {
    const looked = process.env.CHROMIUM_PATH ?? TEST_CHROMIUM_CANDIDATES.join(' or ');
    console.log(
      `e2e: SKIPPED — no Chromium at ${looked} (install Debian's with \`apt-get install -y chromium-headless-shell\`; .ci/run does).`,
    );
    project.provide('e2e', { chromium: null, baseUrl: '', anonKey: '', serviceRoleKey: '', browserEndpoint: '' });
    return;
  }
  buildIfStale({ log: (line) => console.log(`e2e: ${line}`) });
  const [stack, browser] = await Promise.all([startShippedStack({ logLabel: 'e2e' }), launchChromiumServer(chromium)]);
  project.provide('e2e', {
    chromium,
    baseUrl: stack.url,
    anonKey: stack.anonKey,
    serviceRoleKey: stack.serviceRoleKey,
    browserEndpoint: browser.wsEndpoint(),
  });
  return async () => {
    await browser.close();
    await stack.stop();
  };
}
