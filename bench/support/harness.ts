/**
 * What every bench shares: the stack (in this process through the test support's startTestStack,
 * or as `npm start` runs it through ./stack-process.ts), a clinic account made with the service
 * key, a signed-in Chromium page, p50/p95/max of samples, budget verdicts that set the exit code,
 * and the results file bench/results/<bench>.json (bench/results/README.md).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { repoRoot } from '../../scripts/build-if-stale.ts';
import { hostFacts } from '../../scripts/host-facts.mjs';
import { currentCommit, hasUncommittedChanges } from '../../scripts/revision.mjs';
import { DESKTOP, findChromium, launchChromium } from '../../tests/e2e/support/chromium.ts';
import { startTestStack, type TestStack } from '../../tests/support/stack.ts';
import { createStaffAccount } from '../../tests/support/staff-login.ts';

export {
  freePort,
  groupCpuMs,
  isReady,
  spawnNpmStart,
  spawnStackProcess,
  timeUntilReady,
  treeRss,
} from './stack-process.ts';
export type { StackProcess } from './stack-process.ts';

// ─── Numbers ────────────────────────────────────────────────────────────────────────────────────

/** The p-th percentile (0–100) of `samples`: the sorted sample at floor(p/100 × n), the last at most. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

/** p50, p95 and max of `samples` (NaN for none). */
export function summary(samples: readonly number[]): Summary {
  return {
    n: samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    max: samples.length === 0 ? NaN : Math.max(...samples),
  };
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

// ─── Measurements and verdicts ──────────────────────────────────────────────────────────────────

/** How a value meets its budget: at most (the default), below, or at least (scores). */
export type Comparison = '<=' | '<' | '>=';

export interface Verdict {
  name: string;
  value: number | string | boolean;
  budget?: number;
  comparison?: Comparison;
  unit?: string;
  pass: boolean;
}

/** Whether `value` meets `budget`; NaN (no samples) never does. */
export function meets(value: number, budget: number, comparison: Comparison = '<='): boolean {
  if (Number.isNaN(value)) return false;
  if (comparison === '<') return value < budget;
  if (comparison === '>=') return value >= budget;
  return value <= budget;
}

/** What a bench measured and the verdicts on its budgets, collected for its results file. */
export interface Results {
  measurements: Record<string, unknown>;
  verdicts: Verdict[];
  readonly failed: boolean;
  /** Keeps a measurement (a number, a Summary, anything JSON) under `name`. */
  record(name: string, value: unknown): void;
  /** `value` against `budget` (≤ unless `comparison` says otherwise): kept, printed, and it sets `failed`. */
  expectWithin(
    name: string,
    value: number,
    budget: number,
    options?: { comparison?: Comparison; unit?: string; shown?: string },
  ): boolean;
  /** A verdict that is no number against a budget (a chunk is its own, a plan uses an index). */
  expectThat(name: string, pass: boolean, shown?: string): boolean;
}

export function createResults(print: (line: string) => void = console.log): Results {
  const results: Results = {
    measurements: {},
    verdicts: [],
    get failed() {
      return results.verdicts.some((verdict) => !verdict.pass);
    },
    record(name, value) {
      results.measurements[name] = value;
    },
    expectWithin(name, value, budget, options = {}) {
      const comparison = options.comparison ?? '<=';
      const pass = meets(value, budget, comparison);
      const unit = options.unit;
      results.verdicts.push({ name, value, budget, comparison, ...(unit ? { unit } : {}), pass });
      const shown = options.shown ?? `${Number.isInteger(value) ? value : value.toFixed(1)}${unit ? ` ${unit}` : ''}`;
      print(`TARGET ${name} (${comparison} ${budget}${unit ? ` ${unit}` : ''}): ${shown} ${pass ? 'PASS' : 'FAIL'}`);
      return pass;
    },
    expectThat(name, pass, shown) {
      results.verdicts.push({ name, value: shown ?? pass, pass });
      print(`TARGET ${name}: ${shown ?? ''}${shown ? ' ' : ''}${pass ? 'PASS' : 'FAIL'}`);
      return pass;
    },
  };
  return results;
}

/** The results of this process's bench (one bench per process). */
export const results = createResults();
export const record = results.record;
export const expectWithin = results.expectWithin;
export const expectThat = results.expectThat;

/**
 * Prints one line of p50/p95/max and keeps the summary under `label`; with a budget, the p95 is
 * judged against it (a verdict named after the label).
 */
export function reportSamples(label: string, samples: readonly number[], budget?: number, unit = 'ms'): Summary {
  const stats = summary(samples);
  record(label.trim(), { ...stats, unit });
  const value = (n: number) => `${n.toFixed(1)} ${unit}`;
  console.log(
    `${label.padEnd(56)} p50 ${value(stats.p50).padStart(9)}, p95 ${value(stats.p95).padStart(9)}, max ${value(stats.max).padStart(9)}  (n=${stats.n})`,
  );
  if (budget !== undefined) expectWithin(`${label.trim()} p95`, stats.p95, budget, { unit });
  return stats;
}

export const RESULTS_DIR = path.join(repoRoot, 'bench', 'results');

/**
 * The machine the numbers were taken on. Machines of the same kind differ in speed (hostFacts: the
 * clock they report and a fixed workload's time), and a result read without it compares a slow
 * host's numbers with a fast one's.
 */
function machine() {
  return {
    cores: availableParallelism(),
    node: process.versions.node,
    platform: `${process.platform}-${process.arch}`,
    loadAverage: loadavg().map((value) => Number(value.toFixed(2))),
    ...hostFacts(),
  };
}

/**
 * Writes bench/results/<bench>.json (measurements, budgets, verdicts, the commit and the machine)
 * and sets the exit code to 1 when a verdict failed. `data` is added to the measurements.
 */
export function writeResults(benchName: string, data: Record<string, unknown> = {}, from: Results = results): string {
  const file = path.join(RESULTS_DIR, `${benchName}.json`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const budgets = Object.fromEntries(
    from.verdicts
      .filter((verdict) => verdict.budget !== undefined)
      .map((verdict) => [
        verdict.name,
        `${verdict.comparison} ${verdict.budget}${verdict.unit ? ` ${verdict.unit}` : ''}`,
      ]),
  );
  const body = {
    bench: benchName,
    date: new Date().toISOString(),
    commit: currentCommit(repoRoot),
    uncommittedChanges: hasUncommittedChanges(repoRoot),
    machine: machine(),
    pass: !from.failed,
    budgets,
    verdicts: from.verdicts,
    measurements: { ...from.measurements, ...data },
  };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
  console.log(`\nResults: ${path.relative(repoRoot, file)}${from.failed ? ' (a target FAILED)' : ''}`);
  if (from.failed) process.exitCode = 1;
  return file;
}

// ─── Stack, seed, browser ───────────────────────────────────────────────────────────────────────

export type BenchStack = TestStack;

/**
 * A whole stack in this process on a free port (tests/support/stack.ts): a fresh PGlite data
 * directory (from the migrated template), or a throwaway database of the PostgreSQL server at
 * `postgresServerUrl`. No demo data unless `seed`, no reminder scheduler unless `env` says otherwise.
 */
export function startBenchStack(
  options: { seed?: boolean; env?: NodeJS.ProcessEnv; postgresServerUrl?: string } = {},
): Promise<BenchStack> {
  return startTestStack({
    seed: options.seed ?? false,
    ...(options.postgresServerUrl ? { postgresServerUrl: options.postgresServerUrl } : {}),
    logLabel: 'bench',
    env: { REMINDER_SCHEDULER: 'off', ...options.env },
  });
}

export const BENCH_PASSWORD = 'Bench1234!';

/** A clinic (its id) in the stack's database. */
export async function insertClinic(stack: BenchStack, name: string, timeZone?: string): Promise<number> {
  const { rows } = timeZone
    ? await stack.db.query<{ id: number }>(
        `insert into public.clinics (name, timezone) values ($1, $2) returning id::integer as id`,
        [name, timeZone],
      )
    : await stack.db.query<{ id: number }>(
        `insert into public.clinics (name) values ($1) returning id::integer as id`,
        [name],
      );
  return rows[0]!.id;
}

/** A confirmed staff account of `clinicId` (through the auth admin API, as the app makes them); its user id. */
export async function createStaffUser(
  stack: BenchStack,
  account: { email: string; clinicId: number; role: string; name: string; password?: string },
): Promise<string> {
  return createStaffAccount(stack.serviceClient(), { ...account, password: account.password ?? BENCH_PASSWORD });
}

/** Chromium (tests/e2e/support/chromium.ts), or undefined after saying `what` is skipped. */
export async function launchBenchBrowser(what: string): Promise<Browser | undefined> {
  const chromiumPath = findChromium();
  if (!chromiumPath) {
    console.log(`\n${what}: SKIPPED — no Chromium (apt-get install -y chromium).`);
    return undefined;
  }
  return launchChromium(chromiumPath);
}

/**
 * A page of a new browser context on `baseURL`, signed in through the login form (the dashboard
 * shows the user's name). `beforeLogin` runs first (e.g. request interception).
 */
export async function signedInPage(
  browser: Browser,
  options: {
    baseURL: string;
    email: string;
    password?: string;
    viewport?: { width: number; height: number };
    beforeLogin?: (page: Page) => unknown;
  },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: options.baseURL, viewport: options.viewport ?? DESKTOP });
  const page = await context.newPage();
  await options.beforeLogin?.(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(options.email);
  await page.getByLabel('Password', { exact: true }).fill(options.password ?? BENCH_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByTestId('user-name').waitFor({ timeout: 30_000 });
  return { context, page };
}
