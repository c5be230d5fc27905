/**
 * npm run bench (billing part) — the Billing System tab of a clinic with 10,000 invoices and
 * 25,000 payments, measured in Chromium against a fresh local stack serving the built SPA
 * (the targets: the tab painted within 1 s at p95, a search keystroke or a status filter change
 * within 50 ms):
 *  1. the database: the two list reads (views invoice_summaries and payment_entries, every row of
 *     the clinic, as the signed-in receptionist under row-level security), server time by
 *     EXPLAIN ANALYZE, and the same reads over HTTP as the tab makes them (in pages of the
 *     server's row cap, REST_MAX_ROWS) with their payload sizes;
 *  2. opening the tab: from the click on 'Billing System' to the first frame after both tables
 *     show rows (the newest first, src/features/bills/model/api/newest-first-list.ts), and after
 *     both have read every row (no budget) — cold (page reloaded: the tab's code and both lists
 *     loaded) and warm (cached);
 *  3. each keystroke in 'Search by patient' and each change of 'Status': from the input event to
 *     the next frame after the Invoices table answered it.
 * Prints p50/p95, judges the budgets (p95, unthrottled run) and writes bench/results/billing.json.
 * Without Chromium it measures the database part only and says so.
 * BENCH_BILLING_DATABASE_URL=postgres://… runs it on a throwaway database of that PostgreSQL server.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import type { Database } from '../local/db/database.ts';
import { buildIfStale } from '../scripts/build-if-stale.ts';
import { getInvoices } from '../src/features/bills/list/api/get-invoices.ts';
import { getPayments } from '../src/features/bills/list/api/get-payments.ts';
import { INVOICE_LIST_COLUMNS, PAYMENT_LIST_COLUMNS } from '../src/features/bills/model/api/billing-columns.ts';
import {
  BENCH_PASSWORD,
  createStaffUser,
  insertClinic,
  launchBenchBrowser,
  record,
  reportSamples,
  signedInPage,
  startBenchStack,
  writeResults,
  type BenchStack,
} from './support/harness.ts';
import { seedBilling, seedPatients, voidEvery50thPayment } from './support/seed.ts';

const PATIENTS = 2_500;
const INVOICES = 10_000;
/** Per 4 invoices: none (Unpaid), 2 partial, 3 and 5 that add up (Paid): 10 payments, 25,000 in all. */
const PAYMENTS = 25_000;
const COLD_SAMPLES = Number(process.env.BENCH_BILLING_COLD ?? 8);
const WARM_SAMPLES = 8;
const HTTP_SAMPLES = 5;
const SEARCHES = ['santos', 'maria c', 'zzz'];
const STATUSES = ['Paid', 'Partial', 'Unpaid', 'Void', 'All'];
const OPEN_BUDGET_MS = 1000;
const INPUT_BUDGET_MS = 50;

const EMAIL = 'bench-billing@bench.test';

/** The clinic, its receptionist and its billing history, made with generate_series. */
async function seed(stack: BenchStack): Promise<number> {
  const { db } = stack;
  const clinicId = await insertClinic(stack, 'Bench Clinic');
  await createStaffUser(stack, { email: EMAIL, clinicId, role: 'receptionist', name: 'Bench Receptionist' });
  await seedPatients(db, clinicId, { count: PATIENTS, phones: 'sequential' });
  await seedBilling(db, clinicId, { invoices: INVOICES, patients: PATIENTS });
  await voidEvery50thPayment(db, clinicId);
  const counts = (
    await db.query<{ invoices: number; payments: number }>(
      `select (select count(*)::int from public.invoices where clinic_id = $1) as invoices,
              (select count(*)::int from public.payments where clinic_id = $1) as payments`,
      [clinicId],
    )
  ).rows[0]!;
  if (counts.invoices !== INVOICES || counts.payments !== PAYMENTS)
    throw new Error(`seeded ${counts.invoices} invoices and ${counts.payments} payments`);
  await db.exec('analyze public.invoices; analyze public.payments; analyze public.patients;');
  return clinicId;
}

/** EXPLAIN ANALYZE of both list reads as the receptionist (authenticated, row-level security on). */
async function explainLists(db: Database, clinicId: number) {
  const userId = (await db.query<{ id: string }>(`select id::text from auth.users where email = $1`, [EMAIL])).rows[0]!
    .id;
  const claims = JSON.stringify({ sub: userId, role: 'authenticated' });
  const reads = [
    [
      'invoice_summaries',
      `select ${INVOICE_LIST_COLUMNS} from public.invoice_summaries where clinic_id = ${clinicId} order by id desc`,
    ],
    [
      'payment_entries',
      `select ${PAYMENT_LIST_COLUMNS} from public.payment_entries where clinic_id = ${clinicId} order by payment_date desc, id desc`,
    ],
  ] as const;
  for (const [name, sql] of reads) {
    const times: number[] = [];
    let plan = '';
    for (let i = 0; i < 4; i++) {
      const lines = await db.transaction(async (tx) => {
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
        await tx.query('set local role authenticated');
        return (await tx.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers off) ${sql}`)).rows.map(
          (row) => row['QUERY PLAN'],
        );
      });
      const execution = lines.find((line) => line.startsWith('Execution Time'));
      if (i > 0) times.push(Number(execution?.match(/([\d.]+) ms/)?.[1] ?? Number.NaN));
      plan = lines.slice(0, 12).join('\n    ');
    }
    reportSamples(`server: ${name}, every row (EXPLAIN ANALYZE)`, times);
    if (process.env.BENCH_BILLING_PLANS) console.log(`    ${plan}`);
  }
}

/**
 * Both list reads over HTTP, made by the tab's own functions (getInvoices, getPayments: the first
 * page with count=exact, the rest in parallel pages of the server's row cap, REST_MAX_ROWS).
 */
async function measureHttp(client: SupabaseClient, clinicId: number) {
  const reads = [
    ['invoice_summaries', INVOICES, () => getInvoices(clinicId, client)],
    ['payment_entries', PAYMENTS, () => getPayments(clinicId, client)],
  ] as const;
  for (const [name, expectedRows, read] of reads) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i <= HTTP_SAMPLES; i++) {
      const started = performance.now();
      const rows = await read();
      const elapsed = performance.now() - started;
      if (rows.length !== expectedRows) throw new Error(`read ${rows.length} ${name} rows, not ${expectedRows}`);
      bytes = JSON.stringify(rows).length;
      if (i > 0) times.push(elapsed);
    }
    reportSamples(`http: ${name}, every row as the tab reads it`, times);
    record(`http: ${name} payload bytes`, bytes);
    console.log(`${''.padEnd(4)}payload ${(bytes / 1000).toFixed(0)} KB of JSON (uncompressed)`);
  }
}

/**
 * The in-page probes, as plain JavaScript: a function passed to page.evaluate would be compiled by
 * tsx, whose helpers (`__name`) do not exist in the page.
 */
const PROBES = `
(() => {
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  const invoices = () => document.querySelector('table[aria-label="Invoices"]');
  const payments = () => document.querySelector('table[aria-label="Payments"]');
  const hasRows = (table) => table !== null && table.getAttribute('aria-busy') !== 'true'
    && table.querySelector('tbody tr td:not(.billing-placeholder)') !== null;
  // Both count lines say how many rows there are, not that the newest are shown while the rest is read.
  const everyRowRead = () =>
    ['invoices-count', 'payments-count'].every((id) => {
      const count = document.querySelector('[data-testid="' + id + '"]');
      return count !== null && !count.textContent.includes('reading the rest');
    });
  // {invoices, both, every}: ms from the next click to the first frame after the Invoices table
  // shows rows, after both tables do, and after both have read every row.
  window.__measureOpen = () =>
    new Promise((resolve) => {
      document.addEventListener('click', () => {
        const started = performance.now();
        let invoicesAt;
        let bothAt;
        const check = () => {
          if (invoicesAt === undefined && hasRows(invoices())) nextFrame().then((at) => (invoicesAt = at - started));
          if (bothAt === undefined && invoicesAt !== undefined && hasRows(payments()))
            nextFrame().then((at) => (bothAt = at - started));
          if (bothAt !== undefined && everyRowRead())
            nextFrame().then((at) => resolve({ invoices: invoicesAt, both: bothAt, every: at - started }));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }, { once: true, capture: true });
    });
  // ms from the next input event on the element to the first frame after the Invoices table changed
  // (or, when its rows stay the same, the first frame after the event's own render).
  window.__measureInput = (selector) =>
    new Promise((resolve) => {
      const control = document.querySelector(selector);
      const section = invoices().closest('section') ?? document.body;
      const onEvent = () => {
        const started = performance.now();
        let done = false;
        const finish = () => {
          if (done) return;
          done = true;
          observer.disconnect();
          nextFrame().then((at) => resolve(at - started));
        };
        const observer = new MutationObserver(finish);
        observer.observe(section, { subtree: true, childList: true, characterData: true, attributes: true });
        // Same rows as before: nothing to mutate; two frames cover the render of the event itself.
        nextFrame().then(() => nextFrame()).then(() => setTimeout(finish, 0));
      };
      control.addEventListener('keydown', onEvent, { once: true, capture: true });
      control.addEventListener('change', onEvent, { once: true, capture: true });
    });
})();
`;

const SEARCH = 'input[aria-label="Search by patient"]';
const STATUS = '.billing-status-filter select, select[aria-label="Status"]';

type OpenSample = { invoices: number; both: number; every: number };

async function openBillingTab(page: Page): Promise<OpenSample> {
  await page.evaluate('window.__open = window.__measureOpen(); undefined');
  await page.locator('nav[aria-label="Sections"] [data-tab="bills"]').click();
  return (await page.evaluate('window.__open')) as OpenSample;
}

/** Prints and records the numbers under `prefix`, judging the budgets (p95) when `budgets`. */
async function measureBrowser(page: Page, coldSamples: number, prefix: string, budgets: boolean) {
  const cold: OpenSample[] = [];
  const listRequests: number[] = [];
  for (let i = 0; i <= coldSamples; i++) {
    await page.evaluate(`sessionStorage.setItem('ngiti:tab', 'chat')`);
    await page.reload();
    await page.locator('nav[aria-label="Sections"] [data-tab="chat"][aria-current="page"]').waitFor();
    await page.evaluate(PROBES);
    const opened = await openBillingTab(page);
    const requests = (await page.evaluate(
      `performance.getEntriesByType('resource').filter((entry) => /\\/rest\\/v1\\/(invoice_summaries|payment_entries)$/.test(new URL(entry.name).pathname)).map((entry) => entry.duration)`,
    )) as number[];
    if (i === 0) continue; // the first: warm-up of the server and the tab's code
    cold.push(opened);
    listRequests.push(...requests);
  }
  const warm: OpenSample[] = [];
  for (let i = 0; i < WARM_SAMPLES; i++) {
    await page.locator('nav[aria-label="Sections"] [data-tab="chat"]').click();
    await page.locator('nav[aria-label="Sections"] [data-tab="chat"][aria-current="page"]').waitFor();
    warm.push(await openBillingTab(page));
  }

  const keystrokes: number[] = [];
  await page.locator(SEARCH).click();
  for (const text of SEARCHES) {
    const keys = [...text].map((character) => (character === ' ' ? 'Space' : character));
    for (const keyName of [...keys, ...keys.map(() => 'Backspace')]) {
      await page.evaluate(`window.__sample = window.__measureInput(${JSON.stringify(SEARCH)}); undefined`);
      await page.keyboard.press(keyName);
      keystrokes.push((await page.evaluate('window.__sample')) as number);
    }
  }
  const filters: number[] = [];
  const status = page.locator(STATUS).first();
  for (let round = 0; round < 3; round++) {
    for (const value of STATUSES) {
      await page.evaluate(`window.__sample = window.__measureInput(${JSON.stringify(STATUS)}); undefined`);
      await status.selectOption(value);
      filters.push((await page.evaluate('window.__sample')) as number);
    }
  }
  const invoiceRows = await page.locator('table[aria-label="Invoices"] tbody tr').count();
  const paymentRows = await page.locator('table[aria-label="Payments"] tbody tr').count();

  const budget = (ms: number) => (budgets ? ms : undefined);
  reportSamples(
    `${prefix}open tab, cold (click → Invoices table with rows)`,
    cold.map((sample) => sample.invoices),
    budget(OPEN_BUDGET_MS),
  );
  reportSamples(
    `${prefix}open tab, cold (click → both tables with rows)`,
    cold.map((sample) => sample.both),
    budget(OPEN_BUDGET_MS),
  );
  // No budget: the tables show the newest rows first, and a search waits until this point.
  reportSamples(
    `${prefix}open tab, cold (click → both tables with every row read)`,
    cold.map((sample) => sample.every),
  );
  reportSamples(`${prefix}  of which each list request (in the page)`, listRequests);
  reportSamples(
    `${prefix}open tab, warm (lists cached, both tables)`,
    warm.map((sample) => sample.both),
    budget(OPEN_BUDGET_MS),
  );
  reportSamples(`${prefix}'Search by patient' keystroke → next frame`, keystrokes, budget(INPUT_BUDGET_MS));
  reportSamples(`${prefix}'Status' change → next frame`, filters, budget(INPUT_BUDGET_MS));
  record(`${prefix}rows in the DOM`, { invoices: invoiceRows, payments: paymentRows });
  console.log(`rows in the DOM at once: ${invoiceRows} invoices, ${paymentRows} payments (windowed)`);
}

async function main() {
  const serverUrl = process.env.BENCH_BILLING_DATABASE_URL;
  // BENCH_BILLING_BROWSER=off: the database and HTTP parts only.
  const browser =
    process.env.BENCH_BILLING_BROWSER === 'off'
      ? undefined
      : await launchBenchBrowser('Billing System tab in Chromium');
  // A build made inside vitest (the e2e setup) has NODE_ENV=test and so React's development
  // build; measure what production serves.
  if (browser) buildIfStale({ force: true });
  const stack = await startBenchStack(serverUrl ? { postgresServerUrl: serverUrl } : {});
  try {
    const seedStarted = performance.now();
    const clinicId = await seed(stack);
    console.log(
      `\nBilling System, ${INVOICES.toLocaleString('en-US')} invoices and ${PAYMENTS.toLocaleString('en-US')} payments in one clinic, ${stack.db.kind} (seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s):`,
    );
    await explainLists(stack.db, clinicId);
    const client = await stack.signedIn(EMAIL, BENCH_PASSWORD);
    await measureHttp(client, clinicId);

    if (browser) {
      const { context, page } = await signedInPage(browser, { baseURL: stack.url, email: EMAIL });
      console.log('Chromium 1366×768:');
      await measureBrowser(page, COLD_SAMPLES, '', true);

      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      console.log('\nThe same with Chromium’s CPU slowed down 4× (a modest tablet; no budgets):');
      await measureBrowser(page, Math.ceil(COLD_SAMPLES / 2), '4× CPU: ', false);
      await context.close();
    } else if (process.env.BENCH_BILLING_BROWSER === 'off') {
      console.log('Billing System tab in Chromium: SKIPPED — BENCH_BILLING_BROWSER=off.');
    }
  } finally {
    await browser?.close();
    await stack.stop();
  }
  writeResults('billing', { invoices: INVOICES, payments: PAYMENTS, database: stack.db.kind });
}

await main();
