/**
 * `npm run server`: the notification service on its own, for production. Reads its settings from
 * the environment (docs/messenger.md), reports every missing or bad variable on its own line and
 * exits 1, else serves on PORT until SIGTERM/SIGINT.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadServiceConfig, loadServiceDatabaseUrl, ServiceConfigError, type ServiceConfig } from './config';
import { openServiceDatabase, type ClosableServiceDatabase } from './db';
import { secureEveryResponse } from './http/security-headers';
import { createSafeLogger } from './logging';
import { createService } from './service';

const SHUTDOWN_GRACE_MS = 10_000;

function readConfiguration(env: NodeJS.ProcessEnv): { config: ServiceConfig; databaseUrl: string } {
  const problems: string[] = [];
  const read = <T>(load: (env: NodeJS.ProcessEnv) => T): T | undefined => {
    try {
      return load(env);
    } catch (error) {
      if (!(error instanceof ServiceConfigError)) throw error;
      problems.push(...error.problems);
      return undefined;
    }
  };
  const config = read(loadServiceConfig);
  const databaseUrl = read(loadServiceDatabaseUrl);
  if (problems.length > 0 || !config || !databaseUrl) {
    console.error('Cannot start the notification service: bad configuration');
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exit(1);
  }
  return { config, databaseUrl };
}

const { config, databaseUrl } = readConfiguration(process.env);
const logger = createSafeLogger(config.logLevel, 'ngiti-notification-service');

let db: ClosableServiceDatabase;
try {
  db = await openServiceDatabase(databaseUrl, logger);
} catch (error) {
  logger.fatal({ err: error }, 'cannot connect to DATABASE_URL');
  process.exit(1);
}

const service = createService({ config, db, logger });
const server = createServer(service.app);
// Slow clients must not hold sockets forever; Meta calls give up well before this.
server.headersTimeout = 20_000;
server.requestTimeout = 30_000;
await service.attach(server);
secureEveryResponse(server);
await new Promise<void>((resolve, reject) => {
  server.once('error', reject);
  server.listen(config.port, () => resolve());
});
await service.start();
logger.info(
  { port: (server.address() as AddressInfo).port, publicUrl: config.publicUrl },
  'notification service listening',
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    logger.error('shutdown took too long; exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  // Stop taking requests, let the ones in flight finish, then stop the scheduler and the feed.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await service.close();
  await closed;
  await db.close();
  clearTimeout(force);
  process.exit(0);
}
// `on`, not `once`: under tsx a signal with no listener left is re-raised and kills the process
// before the shutdown above has finished.
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
