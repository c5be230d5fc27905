/**
 * Once per `vitest run` that includes browser tests: builds the SPA (when its sources changed)
 * and starts a local stack on a free port with a fresh data directory and the demo data; the
 * stack serves the built SPA, so the tests use the app exactly as `npm start` serves it.
 */
import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../scripts/build-if-stale.ts';
import { startTestStack } from '../support/stack.ts';
import { CHROMIUM_CANDIDATES, findChromium, launchChromiumServer } from './support/chromium.ts';
import './support/context.ts';

export default async function setup(project: TestProject) {
  const chromium = findChromium();
  if (!chromium) {
    const looked = process.env.CHROMIUM_PATH ?? CHROMIUM_CANDIDATES.join(' or ');
    console.log(
      `e2e: SKIPPED — no Chromium at ${looked} (install Debian's with \`apt-get install -y chromium\`; .ci/run does).`,
    );
    project.provide('e2e', { chromium: null, baseUrl: '', anonKey: '', serviceRoleKey: '', browserEndpoint: '' });
    return;
  }
  buildIfStale({ log: (line) => console.log(`e2e: ${line}`) });
  const [stack, browser] = await Promise.all([startTestStack({ logLabel: 'e2e' }), launchChromiumServer(chromium)]);
  project.provide('e2e', {
    chromium,
    baseUrl: stack.url,
    anonKey: stack.config.anonKey,
    serviceRoleKey: stack.config.serviceRoleKey,
    browserEndpoint: browser.wsEndpoint(),
  });
  return async () => {
    await browser.close();
    await stack.stop();
  };
}
