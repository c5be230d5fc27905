/**
 * The service's own interfaces between its parts (database, callers, clock, Messenger, realtime,
 * scheduler): `service.ts` builds one of each, tests pass stand-ins. What the SPA sees of the
 * service (HTTP bodies, socket.io events) is in @common/contract instead.
 */
import type { Server as HttpServer } from 'node:http';
import type { Router } from 'express';
import type { Logger } from 'pino';
import type { RevokedAccessCode, StaffRole } from '@common/contract';
import type { ServiceConfig } from './config';

export interface QueryResult<Row> {
  rows: Row[];
  affectedRows: number;
}

export interface SqlClient {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
}

/**
 * The service's own connection to the clinic database. It bypasses RLS (service role), so every
 * route checks its caller itself. Local stack: the in-process PGlite or pg Pool; production: a
 * pg Pool on the Supabase database URL.
 */
export interface ServiceDatabase extends SqlClient {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T>;
  /**
   * LISTEN on `channel`; resolves once listening, with a function that stops listening.
   * `onReconnect`, when the implementation can tell, runs each time a lost LISTEN connection is
   * listening again: notices sent while it was down are lost, so the listener catches up.
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
}

export type { StaffRole };

/** Who is calling, from a verified Supabase JWT plus their public.users profile. */
export interface Caller {
  userId: string;
  email: string | null;
  role: StaffRole;
  /** null only for a superadmin without a clinic. */
  clinicId: number | null;
}

/** Verifies a Supabase access token and loads the caller's profile; never throws. */
export interface CallerVerifier {
  verify(token: string | undefined): Promise<
    | { ok: true; caller: Caller }
    | {
        ok: false;
        status: 401 | 403;
        error: string;
        /** Set when the token is good but the access it was issued for is gone (@common/contract). */
        code?: RevokedAccessCode;
      }
  >;
}

export interface Clock {
  now(): Date;
}

export interface QuickReply {
  title: string;
  payload: string;
}

/** Payloads of the Confirm / Cancel quick replies a reminder carries (parsed by the webhook). */
export const QUICK_REPLY_PAYLOAD = {
  confirm: (appointmentId: number) => `CONFIRM_APPOINTMENT:${appointmentId}`,
  cancel: (appointmentId: number) => `CANCEL_APPOINTMENT:${appointmentId}`,
  pattern: /^(CONFIRM|CANCEL)_APPOINTMENT:(\d{1,18})$/,
} as const;

export function reminderQuickReplies(appointmentId: number): QuickReply[] {
  return [
    { title: 'Confirm', payload: QUICK_REPLY_PAYLOAD.confirm(appointmentId) },
    { title: 'Cancel', payload: QUICK_REPLY_PAYLOAD.cancel(appointmentId) },
  ];
}

export interface OutgoingMessage {
  /** The clinic's page (clinics.messenger_page_id) and its server-only token (clinic_secrets). */
  pageId: string;
  pageAccessToken: string;
  /** The recipient's page-scoped id (PSID). */
  recipientId: string;
  text: string;
  quickReplies?: readonly QuickReply[];
  /** Picks the utility template used outside the 24-hour window. */
  kind: 'status' | 'reminder' | 'reply';
}

export type SendResult =
  | { ok: true; messageId: string; via: 'message' | 'template' }
  /** `error` is staff-readable; `transient` means retrying later may succeed. */
  | { ok: false; error: string; transient: boolean; metaCode?: number };

/** The Messenger Send API client (server/messenger). Never throws; times out within a few seconds. */
export interface Messenger {
  send(message: OutgoingMessage): Promise<SendResult>;
}

/** What the realtime part exposes to the rest of the service (server/realtime). */
export interface Realtime {
  /** Attaches socket.io (path /socket.io) to the HTTP server the service listens on. */
  attach(server: HttpServer): Promise<void>;
  /** Starts the change feed (LISTEN appointment_changes) that emits 'appointment-updated'. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The automated-reminder scheduler (server/reminders). */
export interface ReminderScheduler {
  start(): void;
  /** One pass over every clinic; resolves with what it did. Used by tests and the bench. */
  runOnce(): Promise<{ sent: number; failed: number; skipped: number }>;
  stop(): Promise<void>;
}

/** Everything a part of the service may use. Built once by service.ts. */
export interface ServiceDeps {
  config: ServiceConfig;
  db: ServiceDatabase;
  logger: Logger;
  clock: Clock;
  callers: CallerVerifier;
  messenger: Messenger;
}

/** Routers other parts mount under the app (server/webhook, server/facebook). */
export type RouterFactory = (deps: ServiceDeps) => Router;
