/**
 * Builds the SPA into dist/ when any of its sources is newer than the last build, so `npm start`
 * (and the browser tests) always serve the current app without rebuilding every time. The logic is
 * plain JavaScript in spa-build.mjs, which `npm start` runs before loading any TypeScript.
 * Run directly: `tsx scripts/build-if-stale.ts [--force]`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './spa-build.mjs';

export { buildIfStale, repoRoot, staleReason } from './spa-build.mjs';

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    buildIfStale({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
