/**
 * npm run bench (chart part) — a patient's dental chart with 32 teeth and 200 entries, measured in
 * Chromium against a fresh local stack serving the built SPA (the target: it renders within 100 ms):
 *  1. opening the chart from the patient's row: from the click on 'Chart …' to the first frame
 *     after all 32 teeth show their findings — cold (the first time: the chart's code and the
 *     entries are fetched) and warm (closed and opened again, the entries cached: the render);
 *  2. changing the As of day between two days already read: from the date's change to the first
 *     frame after the odontogram shows that day (a re-render of 32 teeth and 200 entries).
 * Prints p50/p95, judges the budget (p95 of the renders, unthrottled run) and writes
 * bench/results/chart.json. Without Chromium it says so and exits 0.
 */
import type { Page } from 'playwright-core';
import { buildIfStale } from '../scripts/build-if-stale.ts';
import {
  createStaffUser,
  insertClinic,
  launchBenchBrowser,
  record,
  reportSamples,
  signedInPage,
  startBenchStack,
  writeResults,
} from './support/harness.ts';

const ENTRIES = 200;
const SAMPLES = Number(process.env.BENCH_CHART_SAMPLES ?? 15);
const RENDER_BUDGET_MS = 100;
const EMAIL = 'bench-dentist@bench.test';
const PATIENT = 'Bench Chart Patient';

/**
 * The in-page probes, as plain JavaScript: a function passed to page.evaluate would be compiled by
 * tsx, whose helpers (`__name`) do not exist in the page.
 */
const PROBES = `
(() => {
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  const chartShows = (day) => {
    const screen = document.querySelector('.chart-screen');
    const layout = document.querySelector('[data-testid="chart"]');
    if (!screen || !layout || layout.getAttribute('aria-busy')) return false;
    if (day && screen.getAttribute('data-as-of') !== day) return false;
    const teeth = document.querySelectorAll('.chart-odontogram button[data-tooth]');
    return teeth.length === 32 && document.querySelectorAll('.chart-odontogram .chart-mark').length > 0;
  };
  const until = (started, day, resolve) => {
    const check = () => {
      if (chartShows(day)) nextFrame().then((at) => resolve(at - started));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  };
  // ms from the next click to the first frame after the chart shows 32 charted teeth.
  window.__measureOpen = () =>
    new Promise((resolve) => {
      document.addEventListener('click', () => until(performance.now(), null, resolve), { once: true, capture: true });
    });
  // ms from the next change of the As of date to the first frame after the chart shows that day.
  window.__measureDay = (day) =>
    new Promise((resolve) => {
      document.addEventListener('input', () => until(performance.now(), day, resolve), { once: true, capture: true });
    });
})();
`;

async function openChart(page: Page): Promise<number> {
  await page.evaluate('window.__open = window.__measureOpen(); undefined');
  await page.getByRole('button', { name: `Chart ${PATIENT}`, exact: true }).click();
  return (await page.evaluate('window.__open')) as number;
}

async function showDay(page: Page, day: string): Promise<number> {
  await page.evaluate(`window.__day = window.__measureDay(${JSON.stringify(day)}); undefined`);
  await page.getByLabel('As of').fill(day);
  return (await page.evaluate('window.__day')) as number;
}

async function closeChart(page: Page) {
  await page.getByRole('button', { name: 'Back to Patients' }).click();
  await page.getByRole('searchbox', { name: 'Search patients' }).waitFor();
}

async function measure(page: Page, prefix: string, budgets: boolean) {
  const first = await openChart(page);
  const today = (await page.locator('.chart-screen').getAttribute('data-as-of'))!;
  const earlier = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  await showDay(page, earlier);
  await showDay(page, today);

  const days: number[] = [];
  for (let i = 0; i < SAMPLES; i++) days.push(await showDay(page, i % 2 === 0 ? earlier : today));
  if (SAMPLES % 2 === 1) await showDay(page, today);

  const warm: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    await closeChart(page);
    warm.push(await openChart(page));
  }
  await closeChart(page);

  const budget = (value: number) => (budgets ? value : undefined);
  // Only the first run's first opening fetches the chart's code and entries.
  if (!prefix) reportSamples('open chart, cold (click → 32 teeth charted; code and entries fetched)', [first]);
  reportSamples(`${prefix}open chart, warm (click → 32 teeth charted; entries cached)`, warm, budget(RENDER_BUDGET_MS));
  reportSamples(`${prefix}As of day changed → chart of that day painted`, days, budget(RENDER_BUDGET_MS));
}

async function main() {
  const browser = await launchBenchBrowser('Dental chart with 200 entries');
  if (!browser) return;
  // A build made inside vitest (the e2e setup) has NODE_ENV=test and so React's development
  // build; measure what production serves.
  buildIfStale({ force: true });
  const stack = await startBenchStack();
  try {
    const { db } = stack;
    const clinicId = await insertClinic(stack, 'Bench Clinic');
    await createStaffUser(stack, { email: EMAIL, clinicId, role: 'dentist', name: 'Dr. Bench' });
    const { rows } = await db.query<{ id: number }>(
      `insert into public.patients (clinic_id, name, phone) values ($1, $2, '+63 917 000 0000') returning id::integer as id`,
      [clinicId, PATIENT],
    );
    // 200 entries over the 32 permanent teeth, recorded over the last 400 days: surface findings
    // with one to three surfaces, every fifth a whole-tooth condition.
    await db.query(
      `insert into public.chart_entries (clinic_id, patient_id, tooth, surfaces, condition, state, recorded_by_name, recorded_at)
       select $1, $2,
              (array[11,12,13,14,15,16,17,18,21,22,23,24,25,26,27,28,31,32,33,34,35,36,37,38,41,42,43,44,45,46,47,48])[1 + i % 32],
              case when i % 5 = 0 then '{}'::text[]
                   else case (i / 32) % 5 when 0 then '{M,O}'::text[] when 1 then '{O}' when 2 then '{M,O,D}'
                                          when 3 then '{B}' else '{D,L}' end end,
              case when i % 5 = 0 then (array['crown','missing','root_canal','implant','bridge'])[1 + (i / 5) % 5]
                   else (array['caries','filling','sealant','fracture','watch'])[1 + i % 5] end::public.chart_condition,
              (array['existing','planned','completed'])[1 + i % 3]::public.chart_entry_state,
              'Dr. Bench',
              now() - make_interval(days => 2 + (i * 2) % 400)
         from generate_series(0, $3 - 1) i`,
      [clinicId, rows[0]!.id, ENTRIES],
    );

    const { context, page } = await signedInPage(browser, { baseURL: stack.url, email: EMAIL });
    await page.getByRole('searchbox', { name: 'Search patients' }).fill(PATIENT);
    await page.evaluate(PROBES);

    console.log(`\nDental chart, 32 teeth and ${ENTRIES} entries, Chromium 1366×768, ${db.kind}:`);
    await measure(page, '', true);

    // A front-desk tablet is slower than this machine: the same with the CPU slowed down 4× (no budgets).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    console.log('\nThe same with Chromium’s CPU slowed down 4× (a modest tablet):');
    await measure(page, '4× CPU: ', false);
    record('chart entries', ENTRIES);
    await context.close();
  } finally {
    await browser.close();
    await stack.stop();
  }
  writeResults('chart', { entries: ENTRIES, teeth: 32, database: stack.db.kind });
}

await main();
