/**
 * The waitlist change feed: the trigger `notify_waitlist_change` (migration 20261126000300)
 * announces every change of an entry or offer on 'waitlist_changes' with its clinic and entry.
 * The notice is the whole event: clients re-read the list. Every instance LISTENs, so each relays
 * notices to its own sockets of the clinic's room as `waitlist-updated`; notices of clinics nobody
 * on this instance follows are dropped.
 */
import type { Logger } from 'pino';
import { waitlistUpdatedPayloadSchema, type WaitlistUpdatedPayload } from '@common/contract';
import type { ServiceDatabase } from '../contracts';

export const WAITLIST_CHANGES_CHANNEL = 'waitlist_changes';

/** Reads a notification payload; anything not from our trigger is null. */
export function parseWaitlistNotice(payload: string): WaitlistUpdatedPayload | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  const notice = waitlistUpdatedPayloadSchema.safeParse(value);
  return notice.success ? notice.data : null;
}

export interface WaitlistFeed {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createWaitlistFeed(options: {
  db: ServiceDatabase;
  logger: Logger;
  /** Whether anyone on this instance follows the clinic. */
  isFollowed(clinicId: number): boolean;
  deliver(payload: WaitlistUpdatedPayload): void;
}): WaitlistFeed {
  const { db, logger, isFollowed, deliver } = options;
  let unlisten: (() => Promise<void>) | undefined;

  function onNotify(payload: string): void {
    const notice = parseWaitlistNotice(payload);
    if (!notice) {
      logger.warn({ payload: payload.slice(0, 200) }, 'ignored a malformed waitlist change notice');
      return;
    }
    if (isFollowed(notice.clinic_id)) deliver(notice);
  }

  return {
    async start() {
      if (unlisten) return;
      unlisten = await db.listen(WAITLIST_CHANGES_CHANNEL, onNotify);
    },
    async stop() {
      const stopListening = unlisten;
      unlisten = undefined;
      await stopListening?.();
    },
  };
}
