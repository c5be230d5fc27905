/**
 * A change feed: one LISTEN channel of the database, read as typed events. The trigger
 * `notify_change` (supabase/migrations/…_platform_and_types.sql) sends each notice as JSON; the
 * channel's zod schema checks it, and only what passes reaches `onEvent`: anything else is logged
 * and dropped. The database re-listens after a lost connection (server/db.ts) and says so through
 * `onReconnect`, since notices sent meanwhile are lost. See docs/realtime.md.
 */
import type { Logger } from 'pino';
import * as z from 'zod/mini';
import type { ServiceDatabase } from '../contracts';

export interface Feed {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface FeedOptions<Schema extends z.core.$ZodType> {
  db: ServiceDatabase;
  logger: Logger;
  channel: string;
  schema: Schema;
  /** What a notice is called in the log ('billing change': "ignored a malformed billing change notice"). */
  name: string;
  onEvent(event: z.output<Schema>): void;
  /** Runs when a lost LISTEN connection listens again: notices may have been missed meanwhile. */
  onReconnect?(): void;
}

/** A notification payload read with `schema`; null for anything else. */
export function parseNotice<Schema extends z.core.$ZodType>(schema: Schema, payload: string): z.output<Schema> | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  const notice = z.safeParse(schema, value);
  return notice.success ? notice.data : null;
}

export function createFeed<Schema extends z.core.$ZodType>(options: FeedOptions<Schema>): Feed {
  const { db, logger, channel, schema, name, onEvent, onReconnect } = options;
  let unlisten: (() => Promise<void>) | undefined;

  function onNotify(payload: string): void {
    const notice = parseNotice(schema, payload);
    if (notice === null) {
      logger.warn({ payload: payload.slice(0, 200) }, `ignored a malformed ${name} notice`);
      return;
    }
    onEvent(notice);
  }

  return {
    async start() {
      if (unlisten) return;
      unlisten = await db.listen(channel, onNotify, onReconnect);
    },
    async stop() {
      const stopListening = unlisten;
      unlisten = undefined;
      await stopListening?.();
    },
  };
}

/** A feed of one clinic's events, relayed to whoever on this instance follows that clinic. */
export interface ClinicFeedOptions<Event> {
  db: ServiceDatabase;
  logger: Logger;
  /** Whether anyone on this instance follows the clinic (notices of other clinics are dropped). */
  isFollowed(clinicId: number): boolean;
  deliver(event: Event): void;
}

export function createClinicFeed<Schema extends z.core.$ZodType<{ clinic_id: number }>>(
  feed: Pick<FeedOptions<Schema>, 'channel' | 'schema' | 'name'>,
  { db, logger, isFollowed, deliver }: ClinicFeedOptions<z.output<Schema>>,
): Feed {
  return createFeed({
    ...feed,
    db,
    logger,
    onEvent: (event) => {
      if (isFollowed(event.clinic_id)) deliver(event);
    },
  });
}
