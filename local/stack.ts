import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { loadConfig, type StackConfig } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrate, repoRoot, type MigrationReport } from './db/migrate.ts';
import { createGateway } from './gateway/app.ts';
import { DevMailbox } from './gateway/mailbox.ts';
import { createLogger, type Logger } from './logger.ts';

export interface RunningStack {
  url: string;
  config: StackConfig;
  db: Database;
  mailbox: DevMailbox;
  logger: Logger;
  migration: MigrationReport;
  close(): Promise<void>;
}

export const DEMO_PASSWORD = 'Demo1234!';
export const DEMO_ACCOUNTS = [
  { email: 'superadmin@demo.test', role: 'superadmin', clinic: 'Smile Dental (and every clinic)' },
  { email: 'admin@demo.test', role: 'admin', clinic: 'Smile Dental' },
  { email: 'reception@demo.test', role: 'receptionist', clinic: 'Smile Dental' },
  { email: 'dentist@demo.test', role: 'dentist', clinic: 'Smile Dental' },
  { email: 'admin2@demo.test', role: 'admin', clinic: 'Bright Teeth' },
] as const;

/** Opens the database, prepares it, and serves the gateway; `env` overrides process.env. */
export async function startStack(env: NodeJS.ProcessEnv = process.env): Promise<RunningStack> {
  const config = loadConfig(env);
  const logger = createLogger(config.logLevel);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const migration = await migrate(db, { seed: config.seedDemoData });
    const mailbox = new DevMailbox();
    const { app } = await createGateway({ db, config, mailbox, logger, staticDir: path.join(repoRoot, 'dist') });
    const server = await new Promise<Server>((resolve, reject) => {
      const listening = app.listen(config.port, config.host, () => resolve(listening));
      listening.once('error', reject);
    });
    const { port } = server.address() as AddressInfo;
    // With PORT=0 the real port is known only now; links in e-mails and /config.json follow it.
    if (config.port === 0 && !env.SITE_URL) config.siteUrl = `http://localhost:${port}`;
    return {
      url: `http://localhost:${port}`,
      config,
      db,
      mailbox,
      logger,
      migration,
      async close() {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
