/**
 * The spa project's global setup: what every component test file's data layer starts from, made
 * once per run. The migrated template database (a PGlite data-directory tarball, the one the node
 * project's tests start from: ../pglite-template.ts), the bundle of ./worker.ts (rebuilt when one
 * of its inputs changed), and the pool of stacks (./pool.ts), each loading the template into an
 * in-memory PGlite, leased by the files on the real database (src/testing/real-db/) one after
 * another.
 */
import type { TestProject } from 'vitest/node';
import { repoRoot } from '../../../local/db/migrate.ts';
import { buildStackBundle, cachedBundle, staleBundleReason } from '../../../scripts/stack-bundle.mjs';
import { templateFile } from '../pglite-template.ts';
import { startStackPool, startWorkerStack } from './pool.ts';

const WORKER_ENTRY = 'tests/support/component-stack/worker.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where a test file leases a stack (POST /lease, ./pool.ts). */
    componentStack: { poolUrl: string };
  }
}

async function workerFile(): Promise<string> {
  return staleBundleReason(repoRoot, WORKER_ENTRY)
    ? buildStackBundle(repoRoot, WORKER_ENTRY)
    : cachedBundle(repoRoot, WORKER_ENTRY);
}

export default async function setup(project: TestProject) {
  const [template, worker] = await Promise.all([templateFile(false), workerFile()]);
  // A file at a time per vitest worker, so as many stacks as workers: none waits for another's.
  const pool = await startStackPool({
    size: project.globalConfig.maxWorkers,
    start: () => startWorkerStack(template, worker),
  });
  project.provide('componentStack', { poolUrl: pool.url });
  return () => pool.close();
}
