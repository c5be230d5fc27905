/**
 * npm run bench (second part) — the SPA's JavaScript weight, gzipped:
 *  1. everything /login downloads: measured in Chromium (each script the page requests until the
 *     network is idle and the lazily loaded web-vitals chunk has arrived), or, without Chromium,
 *     estimated from the Vite manifest (entry, its static imports, web-vitals);
 *  2. the dashboard chunk and each tab's own lazily loaded chunk (src/features/<folder>/tab.tsx).
 * Fails (exit 1) when /login needs more than the budget of 150 KB (150,000 bytes) gzipped.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildIfStale, repoRoot } from '../scripts/build-if-stale.ts';
import { TAB_FEATURE_FOLDERS } from '../src/app/tab-folders.ts';
import { findChromium, launchChromium } from '../tests/e2e/support/chromium.ts';

const LOGIN_BUDGET_BYTES = 150_000;
const dist = path.join(repoRoot, 'dist');

interface ManifestChunk {
  file: string;
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
  const within = total <= LOGIN_BUDGET_BYTES;
  console.log(
    `  ${'total'.padEnd(44)} ${kb(total).padStart(9)}  budget ${kb(LOGIN_BUDGET_BYTES)}: ${within ? 'OK' : 'OVER'}`,
  );

  const loginSet = new Set(loginScripts);
  console.log('\nLazily loaded chunks (gzipped, own file; shared code already loaded by /login is not counted again):');
  const dashboard = Object.values(manifest).find((chunk) => chunk.src === 'src/app/dashboard/dashboard-page.tsx');
  if (dashboard) {
    const extra = [...staticClosure(manifest, 'src/app/dashboard/dashboard-page.tsx')].filter((f) => !loginSet.has(f));
    const size = extra.reduce((sum, file) => sum + gzipSize(file), 0);
    console.log(`  ${'dashboard shell'.padEnd(22)} ${kb(size).padStart(9)}  ${extra.join(', ')}`);
  }
  for (const [tab, folder] of Object.entries(TAB_FEATURE_FOLDERS)) {
    const src = `src/features/${folder}/tab.tsx`;
    const chunk = manifest[src];
    if (!chunk) {
      console.log(`  ${`tab ${tab}`.padEnd(22)} ${'—'.padStart(9)}  (${src} not built yet: 'Coming soon')`);
      continue;
    }
    const own = [...staticClosure(manifest, src)].filter((f) => !loginSet.has(f));
    const size = own.reduce((sum, file) => sum + gzipSize(file), 0);
    const separate = chunk.isDynamicEntry ? 'own chunk' : 'NOT a separate chunk';
    console.log(`  ${`tab ${tab}`.padEnd(22)} ${kb(size).padStart(9)}  ${chunk.file} (${separate})`);
  }
  if (!within) {
    console.error(`\n/login loads ${kb(total)} of gzipped JavaScript, over the ${kb(LOGIN_BUDGET_BYTES)} budget.`);
    process.exit(1);
  }
}

await main();
