/**
 * The access feed: the triggers of `notify_access_change` (migration 20261123000100) announce on
 * the channel 'access_changes' whatever ends a user's access before their token expires (account
 * deleted or banned, session ended, staff profile changed or removed). Each notice is handed on
 * at once: the live-update sockets it concerns are closed by the caller.
 */
import type { Logger } from 'pino';
import { z } from 'zod';
import type { ServiceDatabase } from '../contracts';

export const ACCESS_CHANGES_CHANNEL = 'access_changes';

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

const accessNoticeSchema = z.object({
  user_id: uuid,
  /** Set when one session ended (sign-out); null when the whole account's access changed. */
  session_id: uuid.nullable(),
  reason: z.enum(['user_deleted', 'user_banned', 'session_ended', 'profile_changed', 'profile_deleted']),
});

export type AccessNotice = z.infer<typeof accessNoticeSchema>;

/** Reads a notification payload; anything not from our trigger is null. */
export function parseAccessNotice(payload: string): AccessNotice | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  const notice = accessNoticeSchema.safeParse(value);
  if (!notice.success) return null;
  return {
    user_id: notice.data.user_id.toLowerCase(),
    session_id: notice.data.session_id?.toLowerCase() ?? null,
    reason: notice.data.reason,
  };
}

export interface AccessFeed {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createAccessFeed(options: {
  db: ServiceDatabase;
  logger: Logger;
  revoke(notice: AccessNotice): void;
  /** Runs when a lost LISTEN connection is back: notices may have been missed meanwhile. */
  onReconnect?(): void;
}): AccessFeed {
  const { db, logger, revoke } = options;
  let unlisten: (() => Promise<void>) | undefined;

  function onNotify(payload: string): void {
    const notice = parseAccessNotice(payload);
    if (!notice) {
      logger.warn({ payload: payload.slice(0, 200) }, 'ignored a malformed access change notice');
      return;
    }
    revoke(notice);
  }

  return {
    async start() {
      if (unlisten) return;
      unlisten = await db.listen(ACCESS_CHANGES_CHANNEL, onNotify, () => {
        logger.warn('the access feed listens again after a loss: re-checking every socket');
        options.onReconnect?.();
      });
    },
    async stop() {
      const stopListening = unlisten;
      unlisten = undefined;
      await stopListening?.();
    },
  };
}
