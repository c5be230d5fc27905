/**
 * `npm run dev`: the local stack (restarted when its code changes) plus Vite's dev server with
 * hot reload, which proxies /rest, /auth, /functions, /config.json and /_dev to the stack.
 * Open the Vite URL (default http://localhost:5173). The stack's SITE_URL points at Vite, so
 * /config.json and the links in auth e-mails lead back to the hot-reloading app.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createServer } from 'vite';
import { repoRoot } from './build-if-stale.ts';

const stackPort = Number(process.env.PORT ?? 8080);
const vitePort = Number(process.env.VITE_PORT ?? 5173);
const viteUrl = `http://localhost:${vitePort}`;
const stackUrl = `http://localhost:${stackPort}`;

const stack = spawn(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), ['watch', 'local/start.ts'], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { ...process.env, PORT: String(stackPort), SITE_URL: process.env.SITE_URL ?? viteUrl },
});

/** The stack needs a few seconds (migrations, demo data on a fresh data dir) before it answers. */
async function waitForStack(timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stack.exitCode !== null) throw new Error('the local stack stopped while starting');
    try {
      if ((await fetch(`${stackUrl}/config.json`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the local stack did not answer at ${stackUrl} within ${timeoutMs / 1000} s`);
}

try {
  await waitForStack();
} catch (error) {
  console.error(`Cannot start the dev server: ${error instanceof Error ? error.message : error}`);
  stack.kill('SIGTERM');
  process.exit(1);
}

process.env.NGITI_STACK_URL = stackUrl;
const vite = await createServer({
  root: repoRoot,
  configFile: path.join(repoRoot, 'vite.config.ts'),
  server: { port: vitePort, strictPort: true },
});
await vite.listen();
console.log(`\nNgiti dev server: ${viteUrl}  (hot reload; API proxied to the local stack at ${stackUrl})\n`);

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  stack.kill('SIGTERM');
  await vite.close();
  process.exit(code);
}
stack.on('exit', (code) => void stop(code ?? 1));
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
