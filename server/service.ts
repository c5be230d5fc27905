import type { Server as HttpServer } from 'node:http';
import type express from 'express';
import pino, { type Logger } from 'pino';
import { createApp } from './app';
import { withAuditDoor } from './audit-door';
import type { ServiceConfig } from './config';
import type { Clock, Messenger, ReminderScheduler, ServiceDatabase, ServiceDeps } from './contracts';
import { createCallerVerifier } from './http/auth';
import { loggerOptions } from './logging';
import { createMessengerClient } from './messenger/client';
import { createRealtime, type RealtimeService } from './realtime/realtime';
import { createReminderScheduler } from './reminders/scheduler';
import { createWaitlistOfferProcessor, type WaitlistOfferProcessor } from './waitlist/offer-processor';
import { whenWebhookIdle } from './webhook/processor';

export interface ServiceOptions {
  config: ServiceConfig;
  db: ServiceDatabase;
  logger?: Logger;
  clock?: Clock;
  /** Replaces the Send API client (tests); by default it talks to config.metaGraphUrl. */
  messenger?: Messenger;
  /** The fetch the Messenger client uses (tests); the global one by default. */
  fetch?: typeof fetch;
  /** true when mounted in another Express app (the local stack): see AppOptions.fallThrough. */
  mounted?: boolean;
}

export interface Service {
  app: express.Express;
  deps: ServiceDeps;
  realtime: RealtimeService;
  scheduler: ReminderScheduler;
  /** Offers freed slots to the waitlist (server/waitlist); always on: it acts only on queued slots. */
  waitlist: WaitlistOfferProcessor;
  /** Attaches socket.io to the HTTP server the app is served on. */
  attach(server: HttpServer): Promise<void>;
  /** Starts the change feed and (unless config.reminderSchedulerEnabled is false) the scheduler. */
  start(): Promise<void>;
  /**
   * Finishes the webhook events received, then stops the scheduler and realtime; the database and
   * the HTTP server belong to the caller.
   */
  close(): Promise<void>;
}

export const systemClock: Clock = { now: () => new Date() };

/** Builds the service's parts around one database; nothing listens until the caller serves `app`. */
export function createService(options: ServiceOptions): Service {
  const { config } = options;
  // Every change the service makes is recorded as the service's, unless a transaction says webhook.
  const db = withAuditDoor(options.db, 'service');
  const logger = options.logger ?? pino(loggerOptions(config.logLevel, 'ngiti-notification-service'));
  const clock = options.clock ?? systemClock;
  const messenger =
    options.messenger ??
    createMessengerClient({
      graphUrl: config.metaGraphUrl,
      timeoutMs: config.metaTimeoutMs,
      db,
      clock,
      logger: logger.child({ component: 'messenger' }),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  const deps: ServiceDeps = {
    config,
    db,
    logger,
    clock,
    callers: createCallerVerifier({ jwtSecret: config.jwtSecret, db, clock }),
    messenger,
  };
  const app = createApp(deps, { fallThrough: options.mounted ?? false });
  const realtime = createRealtime(deps);
  const scheduler = createReminderScheduler(deps);
  const waitlist = createWaitlistOfferProcessor(deps);
  let closed = false;

  return {
    app,
    deps,
    realtime,
    scheduler,
    waitlist,
    attach: (server) => realtime.attach(server),
    async start() {
      await realtime.start();
      await waitlist.start();
      if (config.reminderSchedulerEnabled !== false) {
        scheduler.start();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      // Meta was answered 200 for every event received, and never sends them again: they are
      // processed, with everything they use still running, before the caller closes the database.
      await whenWebhookIdle();
      await scheduler.stop();
      await waitlist.stop();
      await realtime.close();
    },
  };
}
