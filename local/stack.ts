import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SECURITY_HEADERS, secureEveryResponse } from '../server/http/security-headers.ts';
import type { Service } from '../server/service.ts';
import { loadConfig, loadLocalServiceConfig, productionNotices, type StackConfig } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrate, repoRoot, type MigrationReport } from './db/migrate.ts';
import type { DevMailbox } from './gateway/mailbox.ts';
import { createLogger, type Logger } from './logger.ts';
import { deliverRecallHistory } from './meta/recall-history.ts';
import type { MetaStandIn } from './meta/stand-in.ts';

export interface RunningStack {
  url: string;
  config: StackConfig;
  db: Database;
  mailbox: DevMailbox;
  logger: Logger;
  migration: MigrationReport;
  /** The notification service mounted on the stack's origin (its config, deps, scheduler, realtime). */
  service: Service;
  /** The local imitation of Meta the service talks to (messages sent, faults, pages). */
  metaStandIn: MetaStandIn;
  /** One line for each development shortcut production turns off (printed at start). */
  notices: string[];
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

/** Host name to reach this process from itself (a wildcard listen address is not one). */
function loopbackHost(host: string): string {
  if (host === '0.0.0.0' || host === '' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Opens the database, prepares it, and serves on one origin: the Supabase-compatible gateway, the
 * notification service (its routes and socket.io), the Meta stand-in (/_meta) and the dev pages
 * (/_dev). `env` overrides process.env. `beforeServing` (the web app's build on a first `npm start`,
 * running in another process meanwhile) is awaited once the database is ready, before the stack
 * listens; when it fails, the stack closes and startStack throws its error.
 */
export async function startStack(
  env: NodeJS.ProcessEnv = process.env,
  options: { beforeServing?: Promise<void> } = {},
): Promise<RunningStack> {
  const config = loadConfig(env);
  // Fail on a bad service setting before touching the database (the URLs are fixed up after listen).
  loadLocalServiceConfig(config, config.siteUrl, env);
  const logger = createLogger(config.logLevel, config.logFile);
  // The HTTP side (gateway, service, Meta stand-in: most of the code) loads while the database opens
  // and migrates: on a warm start the two take about as long as each other.
  const modules = Promise.all([
    import('./gateway/app.ts'),
    import('./gateway/mailbox.ts'),
    import('../server/service.ts'),
    import('./meta/stand-in.ts'),
  ]);
  modules.catch(() => undefined);
  options.beforeServing?.catch(() => undefined);
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    // PGlite's worker is reopened after a statement timeout or a heavy statement's memory growth.
    onRestart: (reason) => logger.warn({ reason }, 'the embedded database reopens'),
  });
  let server: Server | undefined;
  let service: Service | undefined;
  try {
    const migration = await migrate(db, { seed: config.seedDemoData });
    await options.beforeServing;
    const [{ createGateway }, { DevMailbox }, { createService }, { createMetaStandIn }] = await modules;
    const mailbox = new DevMailbox();

    // The HTTP server exists before the app: with PORT=0 the URLs are known only once it listens,
    // and socket.io attaches to the server itself.
    const serving: { handler?: RequestListener } = {};
    server = createServer((req, res) => {
      if (serving.handler) serving.handler(req, res);
      else
        res
          .writeHead(503, { ...SECURITY_HEADERS, 'content-type': 'application/json' })
          .end('{"error":"Starting, try again shortly."}');
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(config.port, config.host, () => {
        listening.off('error', reject);
        resolve();
      });
    });
    const { port } = server.address() as AddressInfo;
    // With PORT=0 the real port is known only now; links in e-mails and /config.json follow it.
    if (config.port === 0 && !env.SITE_URL) config.siteUrl = `http://localhost:${port}`;
    const internalUrl = `http://${loopbackHost(config.host)}:${port}`;

    const serviceConfig = loadLocalServiceConfig(config, internalUrl, env);
    const metaStandIn = createMetaStandIn({
      webhookUrl: `${internalUrl}/webhook`,
      appSecret: serviceConfig.metaAppSecret,
      appId: serviceConfig.metaAppId,
    });
    await deliverRecallHistory(db, metaStandIn.state);
    const runningService = createService({
      config: serviceConfig,
      db,
      logger: logger.child({ module: 'notification-service' }),
      mounted: true,
    });
    service = runningService;
    const { app } = await createGateway({
      db,
      config,
      mailbox,
      logger,
      staticDir: path.join(repoRoot, 'dist'),
      mount: (gateway) => {
        // The stand-in signs anyone into a fake Facebook and the dev pages show messages meant for
        // patients: neither exists in production (not even the SPA fallback answers there).
        if (config.production) {
          gateway.use(['/_meta', '/_dev'], (_req, res) => void res.status(404).json({ error: 'Not found' }));
        } else {
          gateway.use('/_meta', metaStandIn.router);
          gateway.use('/_dev', metaStandIn.devRouter);
        }
        gateway.use(runningService.app);
      },
    });
    serving.handler = app;
    await runningService.attach(server);
    secureEveryResponse(server);
    await runningService.start();

    const httpServer = server;
    return {
      url: `http://localhost:${port}`,
      config,
      db,
      mailbox,
      logger,
      migration,
      service: runningService,
      metaStandIn,
      notices: productionNotices(config, serviceConfig),
      async close() {
        await runningService
          .close()
          .catch((error: unknown) => logger.error({ err: error }, 'closing the service failed'));
        httpServer.closeAllConnections();
        await new Promise<void>((resolve) => httpServer.close(() => resolve()));
        await db.close();
      },
    };
  } catch (error) {
    await service?.close().catch(() => undefined);
    if (server?.listening) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    }
    await db.close().catch(() => undefined);
    throw error;
  }
}
