/**
 * The access feed: the access_* triggers (on auth.users, auth.sessions and the staff profiles)
 * announce on the channel 'access_changes' whatever ends a user's access before their token
 * expires (account deleted or banned, session ended, staff profile changed or removed). Each
 * notice is handed on at once: the live-update sockets it concerns are closed by the caller.
 */
import type { Logger } from 'pino';
import { z } from 'zod';
import type { ServiceDatabase } from '../contracts';
import { createFeed, parseNotice, type Feed } from './feed';

export const ACCESS_CHANGES_CHANNEL = 'access_changes';

const uuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
  .transform((id) => id.toLowerCase());

const accessNoticeSchema = z.object({
  user_id: uuid,
  /** Set when one session ended (sign-out); null when the whole account's access changed. */
  session_id: uuid.nullable(),
  reason: z.enum(['user_deleted', 'user_banned', 'session_ended', 'profile_changed', 'profile_deleted']),
});

export type AccessNotice = z.output<typeof accessNoticeSchema>;

/** Reads a notification payload (ids in lower case); anything not from our trigger is null. */
export const parseAccessNotice = (payload: string) => parseNotice(accessNoticeSchema, payload);

export function createAccessFeed(options: {
  db: ServiceDatabase;
  logger: Logger;
  revoke(notice: AccessNotice): void;
  /** Runs when a lost LISTEN connection is back: notices may have been missed meanwhile. */
  onReconnect?(): void;
}): Feed {
  const { db, logger, revoke } = options;
  return createFeed({
    db,
    logger,
    channel: ACCESS_CHANGES_CHANNEL,
    schema: accessNoticeSchema,
    name: 'access change',
    onEvent: revoke,
    onReconnect: () => {
      logger.warn('the access feed listens again after a loss: re-checking every socket');
      options.onReconnect?.();
    },
  });
}
