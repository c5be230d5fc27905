/**
 * The data layer of the SPA's component tests: the gateway (`/rest/v1`, `/auth/v1`,
 * `/functions/v1`, the same app `npm start` serves) over an in-memory PGlite started from the
 * migrated template, on a free port. The notification service is not mounted: component tests
 * answer its requests with MSW handlers of their own.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../../local/config.ts';
import { openPglite, type PgliteDatabase } from '../../../local/db/database.ts';
import { createGateway } from '../../../local/gateway/app.ts';
import { DevMailbox } from '../../../local/gateway/mailbox.ts';
import { createLogger } from '../../../local/logger.ts';

export interface ComponentStack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  db: PgliteDatabase;
  close(): Promise<void>;
}

export async function startComponentStack(template: Blob): Promise<ComponentStack> {
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', SEED_DEMO_DATA: 'false', LOG_LEVEL: 'silent' });
  const db = await openPglite(undefined, template);
  const { app } = await createGateway({ db, config, mailbox: new DevMailbox(), logger: createLogger('silent') });
  const server = createServer(app);
  // Longer than undici's own idle timeout (4 s), so the client always drops an idle connection
  // first: a server closing one just as the next request reuses it fails that request.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    db,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
