/**
 * npm run bench (second part) — the SPA's JavaScript weight, gzipped:
 *  1. everything /login downloads: measured in Chromium (each script the page requests until the
 *     network is idle and the lazily loaded web-vitals chunk has arrived), or, without Chromium,
 *     estimated from the Vite manifest (entry, its static imports, web-vitals);
 *  2. the dashboard chunk and each tab's own lazily loaded chunk (src/features/<tab key>/tab.tsx):
 *     the tab's file and the chunks it imports statically, less what /login and the dashboard shell
 *     (which is always loaded before any tab) have loaded already.
 * Prints each target with its measured value and PASS/FAIL — '/login JS ≤ 115 KB'
 * (115,000 bytes gzipped; docs/adr/0021) and 'each tab chunk ≤ 60 KB' (60,000 bytes; every tab its own lazy chunk)
 * — writes bench/results/bundle.json and exits 1 when one fails.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildIfStale, repoRoot } from '../scripts/build-if-stale.ts';
import { TAB_KEYS } from '../src/lib/authorization.ts';
import { findChromium, launchChromium } from '../tests/e2e/support/chromium.ts';
import { expectThat, expectWithin, record, writeResults } from './support/harness.ts';

const LOGIN_BUDGET_BYTES = 115_000;
const TAB_BUDGET_BYTES = 60_000;
const dist = path.join(repoRoot, 'dist');

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const gzipSize = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** A chunk's own file plus the chunks it imports statically (what loading it downloads). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

function estimateLoginScripts(manifest: Manifest): string[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const files = staticClosure(manifest, entryKey);
  const vitals = Object.keys(manifest).find((key) => key.includes('web-vitals'));
  if (vitals) staticClosure(manifest, vitals, files);
  return [...files];
}

/** Opens /login in Chromium against dist/ (served by request interception) and lists the scripts it loads. */
async function measureLoginScripts(chromiumPath: string): Promise<string[]> {
  const origin = 'http://ngiti.bench';
  const browser = await launchChromium(chromiumPath);
  try {
    const page = await browser.newPage();
    await page.route(`${origin}/**`, async (route) => {
      const { pathname } = new URL(route.request().url());
      if (pathname === '/config.json') {
        await route.fulfill({ json: { supabaseUrl: origin, anonKey: 'bench-anon-key', apiUrl: origin } });
        return;
      }
      const file = path.join(dist, pathname);
      if (pathname !== '/' && existsSync(file) && !file.endsWith(path.sep)) {
        await route.fulfill({ path: file });
        return;
      }
      if (pathname.startsWith('/auth/') || pathname.startsWith('/rest/')) {
        await route.fulfill({ status: 503, json: { message: 'not in the bench' } });
        return;
      }
      await route.fulfill({ path: path.join(dist, 'index.html') });
    });
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname.slice(1));
    });
    const vitals = page.waitForRequest((request) => request.url().includes('/assets/web-vitals-'), { timeout: 15_000 });
    await page.goto(`${origin}/login`);
    await page.getByRole('heading', { name: 'Login' }).waitFor({ timeout: 30_000 });
    await vitals.catch(() => console.warn('  (web-vitals was not requested within 15 s)'));
    await page.waitForLoadState('networkidle');
    return [...scripts];
  } finally {
    await browser.close();
  }
}

async function main() {
  buildIfStale();
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;

  const chromiumPath = findChromium();
  const loginScripts = chromiumPath ? await measureLoginScripts(chromiumPath) : estimateLoginScripts(manifest);
  console.log(
    `\nJavaScript loaded by /login (gzipped; ${chromiumPath ? 'measured in Chromium' : 'estimated from the Vite manifest — install chromium to measure'}):`,
  );
  let total = 0;
  for (const file of loginScripts.sort()) {
    const size = gzipSize(file);
    total += size;
    console.log(`  ${file.padEnd(44)} ${kb(size).padStart(9)}`);
  }
  console.log(`  ${'total'.padEnd(44)} ${kb(total).padStart(9)}`);

  const loginSet = new Set(loginScripts);
  console.log(
    '\nLazily loaded chunks (gzipped; code already loaded by /login, and for a tab by the dashboard shell, is not counted again):',
  );
  // The dashboard's chunk is keyed by its source file, or, when Rollup made it a chunk other chunks
  // import from too, by its file name (vite.config.ts names it dashboard-page-<hash>.js).
  const dashboardKey = Object.keys(manifest).find(
    (key) =>
      manifest[key]!.src === 'src/app/dashboard/dashboard-page.tsx' ||
      (manifest[key]!.isDynamicEntry && manifest[key]!.file.startsWith('assets/dashboard-page-')),
  );
  const shellSet = new Set(loginSet);
  let shellBytes = 0;
  if (dashboardKey) {
    const extra = [...staticClosure(manifest, dashboardKey)].filter((f) => !loginSet.has(f));
    for (const file of extra) shellSet.add(file);
    const size = extra.reduce((sum, file) => sum + gzipSize(file), 0);
    shellBytes = size;
    console.log(`  ${'dashboard shell'.padEnd(22)} ${kb(size).padStart(9)}  ${extra.join(', ')}`);
  }
  const tabs: { tab: string; size: number; separate: boolean }[] = [];
  for (const tab of TAB_KEYS) {
    const src = `src/features/${tab}/tab.tsx`;
    // Keyed by its source file, or by its file name when other lazy chunks import from it.
    const key =
      src in manifest
        ? src
        : Object.keys(manifest).find(
            (candidate) =>
              manifest[candidate]!.isDynamicEntry && manifest[candidate]!.file.startsWith(`assets/tab-${tab}-`),
          );
    if (!key) {
      if (existsSync(path.join(repoRoot, src))) throw new Error(`${src} exists but no chunk of the build is its own`);
      console.log(`  ${`tab ${tab}`.padEnd(22)} ${'—'.padStart(9)}  (${src} not built yet: 'Coming soon')`);
      continue;
    }
    const chunk = manifest[key]!;
    const own = [...staticClosure(manifest, key)].filter((f) => !shellSet.has(f));
    const size = own.reduce((sum, file) => sum + gzipSize(file), 0);
    const separate = chunk.isDynamicEntry === true;
    tabs.push({ tab, size, separate });
    console.log(
      `  ${`tab ${tab}`.padEnd(22)} ${kb(size).padStart(9)}  ${own.join(', ')} (${separate ? 'own chunk' : 'NOT a separate chunk'})`,
    );
  }

  record('login JS gzipped bytes', total);
  record('login scripts measured in Chromium', Boolean(chromiumPath));
  if (dashboardKey) record('dashboard shell gzipped bytes', shellBytes);
  record(
    'tab chunk gzipped bytes',
    Object.fromEntries(tabs.map((t) => [t.tab, { bytes: t.size, ownChunk: t.separate }])),
  );
  console.log('\nTargets:');
  expectWithin('/login JS gzipped', total, LOGIN_BUDGET_BYTES, { unit: 'bytes', shown: kb(total) });
  for (const t of tabs) {
    expectWithin(`tab ${t.tab} chunk gzipped`, t.size, TAB_BUDGET_BYTES, { unit: 'bytes', shown: kb(t.size) });
    expectThat(`tab ${t.tab} is its own lazy chunk`, t.separate);
  }
  writeResults('bundle');
}

await main();
