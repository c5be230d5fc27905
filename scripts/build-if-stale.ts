/**
 * Builds the SPA into dist/ when any of its sources is newer than the last build, so `npm start`
 * (and the browser tests) always serve the current app without rebuilding every time.
 * Run directly: `tsx scripts/build-if-stale.ts [--force]`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.app.json', 'package-lock.json'];
/** Vite rewrites the manifest on every build. */
const STAMP = path.join('dist', '.vite', 'manifest.json');

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Why dist/ must be rebuilt, or null when it is current. */
export function staleReason(root = repoRoot): string | null {
  const stamp = path.join(root, STAMP);
  if (!existsSync(path.join(root, 'dist', 'index.html')) || !existsSync(stamp)) return 'no build in dist/ yet';
  const built = statSync(stamp).mtimeMs;
  for (const input of INPUTS) {
    if (newestMtime(path.join(root, input)) > built) return `${input} changed since the last build`;
  }
  return null;
}

/** Runs `vite build` when needed; throws when the build fails. Returns whether it built. */
export function buildIfStale(options: { root?: string; force?: boolean; log?: (line: string) => void } = {}): boolean {
  const root = options.root ?? repoRoot;
  const log = options.log ?? ((line: string) => console.log(line));
  const reason = options.force ? 'forced' : staleReason(root);
  if (!reason) return false;
  log(`Building the web app (${reason})…`);
  const started = performance.now();
  const result = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    // Under vitest NODE_ENV is "test", which would give React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status ?? result.signal})`);
  log(`Built the web app into dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    buildIfStale({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
