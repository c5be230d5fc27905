/**
 * The local stack as a program: `npm start` (scripts/start.mjs, which calls `main` from a cached
 * bundle of this file), `tsx local/start.ts`, and `npm run dev` (`tsx watch local/start.ts`).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from './config.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, startStack } from './stack.ts';

export interface StartOptions {
  /** Awaited before the stack serves: the web app's build running meanwhile (a first start). */
  beforeServing?: Promise<void>;
}

export async function main(options: StartOptions = {}): Promise<void> {
  try {
    const stack = await startStack(process.env, { beforeServing: options.beforeServing });
    // Since the process started: the launcher's checks and the loading of the code count too.
    const seconds = (performance.now() / 1000).toFixed(1);
    const database = stack.config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${stack.config.dataDir}`;
    console.log(`\nNgiti is running at ${stack.url}  (ready in ${seconds} s; database: ${database})`);
    if (stack.migration.applied.length > 0) console.log(`Applied migrations: ${stack.migration.applied.join(', ')}`);
    if (stack.migration.seeded) console.log('Loaded the demo data.');
    for (const notice of stack.notices) console.log(notice);
    if (stack.config.seedDemoData) {
      console.log(`\nDemo accounts (password ${DEMO_PASSWORD}):`);
      for (const account of DEMO_ACCOUNTS)
        console.log(`  ${account.email.padEnd(22)} ${account.role.padEnd(13)} ${account.clinic}`);
    }
    if (!stack.config.production)
      console.log(`\nDev mailbox: ${stack.url}/_dev/mail\nDev Messenger inbox: ${stack.url}/_dev/messenger`);
    console.log(`API keys: anon ${stack.config.anonKey}\n`);
    const stop = async () => {
      await stack.close();
      process.exit(0);
    };
    // `on`, not `once`: under tsx a signal with no listener left kills the process before PGlite flushes.
    let stopping = false;
    const stopOnce = () => {
      if (stopping) return;
      stopping = true;
      void stop();
    };
    process.on('SIGINT', stopOnce);
    process.on('SIGTERM', stopOnce);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Cannot start: bad configuration\n${error.message}`);
    } else {
      console.error('Cannot start:', error instanceof Error ? error.message : error);
    }
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
