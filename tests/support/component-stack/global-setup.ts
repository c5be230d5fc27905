/**
 * The spa project's global setup: what every component test file's data layer starts from, made
 * once per run. The migrated template database (a PGlite data-directory tarball, kept under
 * node_modules/.cache/ngiti/ while the platform script, the migrations and PGlite's version are
 * unchanged), the bundle of ./worker.ts (rebuilt when one of its inputs changed), and the pool of
 * stacks (./pool.ts), each loading the template into an in-memory PGlite, leased by the files on the
 * real database (src/testing/real-db/) one after another.
 */
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot } from '../../../local/db/migrate.ts';
import { buildStackBundle, cachedBundle, staleBundleReason } from '../../../scripts/stack-bundle.mjs';
import { buildTemplate, contentKey } from '../pglite-template.ts';
import { startStackPool, startWorkerStack } from './pool.ts';

const WORKER_ENTRY = 'tests/support/component-stack/worker.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where a test file leases a stack (POST /lease, ./pool.ts). */
    componentStack: { poolUrl: string };
  }
}

async function templateFile(): Promise<string> {
  const dir = path.join(repoRoot, 'node_modules', '.cache', 'ngiti');
  const file = path.join(dir, `pglite-template-${await contentKey(false)}.tar`);
  if (existsSync(file)) return file;
  const tarball = await buildTemplate(false);
  await mkdir(dir, { recursive: true });
  // Written whole, then renamed: a run that finds the file finds all of it.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await tarball.arrayBuffer()));
  await rename(partial, file);
  return file;
}

async function workerFile(): Promise<string> {
  return staleBundleReason(repoRoot, WORKER_ENTRY)
    ? buildStackBundle(repoRoot, WORKER_ENTRY)
    : cachedBundle(repoRoot, WORKER_ENTRY);
}

export default async function setup(project: TestProject) {
  const [template, worker] = await Promise.all([templateFile(), workerFile()]);
  // A file at a time per vitest worker, so as many stacks as workers: none waits for another's.
  const pool = await startStackPool({
    size: project.globalConfig.maxWorkers,
    start: () => startWorkerStack(template, worker),
  });
  project.provide('componentStack', { poolUrl: pool.url });
  return () => pool.close();
}
