import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `npm run dev` finds the local stack (scripts/dev.ts starts it and sets this). */
const stackUrl = process.env.NGITI_STACK_URL ?? `http://localhost:${process.env.PORT ?? 8080}`;
const toStack = { target: stackUrl, changeOrigin: false, ws: true };

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@common': fileURLToPath(new URL('./common', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
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
    rollupOptions: {
      output: {
        // A readable name for the Supabase libraries' chunk (shared by the login screen and the dashboard).
        manualChunks: (id) => (id.includes('/node_modules/@supabase/') ? 'supabase' : undefined),
        // Each tab's chunk is named after its feature: tab-patients-<hash>.js, …
        chunkFileNames: (chunk) => {
          const feature = chunk.facadeModuleId?.match(/\/src\/features\/([^/]+)\/tab\.tsx$/)?.[1];
          return feature ? `assets/tab-${feature}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place; harmless, and noisy on every build.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules/zod/')) return;
        warn(warning);
      },
    },
  },
});
