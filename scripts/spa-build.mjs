// The SPA's build into dist/, rebuilt only when one of its sources is newer than the last build.
// Plain JavaScript: `npm start` (scripts/start.mjs) checks it before any TypeScript is loaded.
// TypeScript callers import it through scripts/build-if-stale.ts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.app.json', 'package-lock.json'];
/** Vite rewrites the manifest on every build. */
const STAMP = path.join('dist', '.vite', 'manifest.json');

/** Whether `entry` (a file, or a directory and anything under it) was modified after `since`. */
function modifiedAfter(entry, since) {
  let stats;
  try {
    stats = statSync(entry);
  } catch {
    return false;
  }
  if (stats.mtimeMs > since) return true;
  if (!stats.isDirectory()) return false;
  return readdirSync(entry).some((child) => modifiedAfter(path.join(entry, child), since));
}

/** Why dist/ must be rebuilt, or null when it is current. */
export function staleReason(root = repoRoot) {
  const stamp = path.join(root, STAMP);
  if (!existsSync(path.join(root, 'dist', 'index.html')) || !existsSync(stamp)) return 'no build in dist/ yet';
  const built = statSync(stamp).mtimeMs;
  const changed = INPUTS.find((input) => modifiedAfter(path.join(root, input), built));
  return changed ? `${changed} changed since the last build` : null;
}

const viteArgs = (root) => [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'];
// Under vitest NODE_ENV is "test", which would give React's development build.
const viteEnv = () => ({ ...process.env, NODE_ENV: 'production' });
const failure = (code, signal) => new Error(`vite build failed (exit ${code ?? signal})`);
const elapsed = (started) => `${((performance.now() - started) / 1000).toFixed(1)} s`;

/** Runs `vite build` when needed; throws when the build fails. Returns whether it built. */
export function buildIfStale(options = {}) {
  const root = options.root ?? repoRoot;
  const log = options.log ?? ((line) => console.log(line));
  const reason = options.force ? 'forced' : staleReason(root);
  if (!reason) return false;
  log(`Building the web app (${reason})…`);
  const started = performance.now();
  const result = spawnSync(process.execPath, viteArgs(root), { cwd: root, stdio: 'inherit', env: viteEnv() });
  if (result.status !== 0) throw failure(result.status, result.signal);
  log(`Built the web app into dist/ in ${elapsed(started)}.`);
  return true;
}

/**
 * Starts `vite build` in a child process, so that the caller can do other work meanwhile (the
 * first `npm start` migrates and seeds the database on the other core). `done` rejects when the
 * build fails; the build is stopped when this process exits first.
 */
export function buildInBackground(options) {
  const root = options.root ?? repoRoot;
  const log = options.log ?? ((line) => console.log(line));
  log(`Building the web app (${options.reason})…`);
  const started = performance.now();
  const child = spawn(process.execPath, viteArgs(root), { cwd: root, stdio: 'inherit', env: viteEnv() });
  const stop = () => child.kill('SIGTERM');
  process.once('exit', stop);
  const done = new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('exit', stop);
      if (code !== 0) return reject(failure(code, signal));
      log(`Built the web app into dist/ in ${elapsed(started)}.`);
      resolve();
    });
  });
  // The caller awaits it later; a failure before then must not count as unhandled.
  done.catch(() => undefined);
  return { done };
}
