import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `npm run dev` finds the local stack (scripts/dev.ts starts it and sets this). */
const stackUrl = process.env.NGITI_STACK_URL ?? `http://localhost:${process.env.PORT ?? 8080}`;
const toStack = { target: stackUrl, changeOrigin: false, ws: true };

const reactRouterProduction = new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url);

/**
 * Pages only some visitors open, whose own code must stay out of the login screen's script. The
 * chunk merging below (experimentalMinChunkSize) folds small side-effect-free chunks into a chunk
 * that is loaded anyway, which put these pages into the entry; a module Rollup must not tree-shake
 * counts as having side effects, so its chunk is not merged into one loaded without it.
 */
const pagesKeptApart = /[\\/]src[\\/]features[\\/]auth[\\/]components[\\/](signup|reset-password)-page\.tsx$/;

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    {
      name: 'ngiti:pages-kept-apart',
      transform(code, id) {
        return pagesKeptApart.test(id) ? { code, map: null, moduleSideEffects: 'no-treeshake' as const } : null;
      },
    },
    {
      // The page carries the icon itself: on a phone its own request would take one of the
      // connections the first screen's scripts wait for. public/favicon.svg stays the one source.
      name: 'ngiti:inline-favicon',
      transformIndexHtml(html) {
        const link = 'href="/favicon.svg"';
        if (!html.includes(link)) throw new Error(`index.html no longer has ${link} to inline`);
        const svg = readFileSync(new URL('./public/favicon.svg', import.meta.url), 'utf8').trim();
        return html.replace(link, `href="data:image/svg+xml,${encodeURIComponent(svg)}"`);
      },
    },
  ],
  resolve: {
    alias: [
      { find: '@common', replacement: fileURLToPath(new URL('./common', import.meta.url)) },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // React Router's package points every import at its development build, whose warnings stay in
      // the bundle; the build uses the production build it ships beside it (same code, no
      // warnings: about 0.5 KB less for the login screen). Dev keeps the warnings.
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: fileURLToPath(reactRouterProduction) }] : []),
    ],
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/rest/v1': toStack,
      '/auth/v1': toStack,
      '/functions/v1': toStack,
      '/config.json': toStack,
      '/_dev': toStack,
      // The notification service and the Meta stand-in live on the stack's origin too.
      '/status-notifications': toStack,
      '/appointments': toStack,
      '/api': toStack,
      '/webhook': toStack,
      '/_meta': toStack,
      '/socket.io': toStack,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/bundle.bench.ts reads the manifest to name each tab's chunk.
    manifest: true,
    target: 'es2022',
    // Every browser the app supports (es2022) knows <link rel="modulepreload">; the polyfill would
    // only add bytes to the login screen.
    modulePreload: { polyfill: false },
    rollupOptions: {
      treeshake: {
        // The clinic calendar (common/clinic-calendar) is pure functions and constants: a page that
        // uses one of them (the login screen's copyright year) must not pull in the whole folder and
        // date-fns' formatter through the barrel file.
        moduleSideEffects: (id, external) => external || !/[\\/]common[\\/]clinic-calendar[\\/]/.test(id),
      },
      output: {
        // Shared modules under 20 kB (before gzip) go into a chunk that loads with them instead of a
        // file of their own: a reload on the Appointments tab asked for 31 scripts, most of them
        // under 2 KB gzipped, and on HTTP/1.1 (6 connections) each waits for a free connection. Now
        // 14 (63 → 40 scripts in the build). Only chunks without side effects are merged. The price:
        // the small sign-up and reset pages now come with the login screen (/login 96.6 → 97.6 KB,
        // still under its 100 KB), and the auth calls with the dashboard's query library. A lower
        // limit (2.5 kB) left 29 scripts: mobile Lighthouse 80–86 in 5 runs, where this one scored
        // 83–93 in 12 runs of the same hour. Pinning those modules with manualChunks pulled their
        // shared imports along (/login 142 KB).
        experimentalMinChunkSize: 20_000,
        // A readable name for the Supabase libraries' chunk, loaded on first use
        // (src/lib/supabase-loader.ts) and by the dashboard. web-vitals stays a chunk of its own,
        // loaded when the page is first idle, which the merging above would otherwise
        // fold into the entry.
        manualChunks: (id) =>
          id.includes('/node_modules/@supabase/')
            ? 'supabase'
            : id.includes('/node_modules/web-vitals/')
              ? 'web-vitals'
              : undefined,
        // Each tab's chunk is named after its feature: tab-patients-<hash>.js, …
        // A tab whose chunk other lazy chunks import from (the Reminder modal's from Appointments) has
        // no facade module: its tab.tsx is then found among the chunk's modules.
        chunkFileNames: (chunk) => {
          const tabModule =
            chunk.facadeModuleId ??
            (chunk.isDynamicEntry ? chunk.moduleIds.find((id) => /\/src\/features\/[^/]+\/tab\.tsx$/.test(id)) : null);
          const feature = tabModule?.match(/\/src\/features\/([^/]+)\/tab\.tsx$/)?.[1];
          if (feature) return `assets/tab-${feature}-[hash].js`;
          // The dashboard's chunk keeps its name when small shared modules are merged into it.
          if (
            chunk.isDynamicEntry &&
            chunk.moduleIds.some((id) => id.endsWith('/src/app/dashboard/dashboard-page.tsx'))
          )
            return 'assets/dashboard-page-[hash].js';
          return 'assets/[name]-[hash].js';
        },
      },
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place; harmless, and noisy on every build.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules/zod/')) return;
        warn(warning);
      },
    },
  },
}));
