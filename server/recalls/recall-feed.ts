/**
 * The recall change feed: the trigger `notify_recall_change` (migration 20261126000200) announces
 * every new or changed recall and booking request on the channel 'recall_changes'. The notice is
 * the whole event (clients re-read the list); notices of clinics nobody on this instance follows
 * are dropped.
 */
import type { Logger } from 'pino';
import { recallUpdatedPayloadSchema, type RecallUpdatedPayload } from '@common/contract';
import type { ServiceDatabase } from '../contracts';

export const RECALL_CHANGES_CHANNEL = 'recall_changes';

/** Reads a notification payload; anything not from our trigger is null. */
export function parseRecallNotice(payload: string): RecallUpdatedPayload | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  const notice = recallUpdatedPayloadSchema.safeParse(value);
  return notice.success ? notice.data : null;
}

export interface RecallFeedOptions {
  db: ServiceDatabase;
  logger: Logger;
  isFollowed(clinicId: number): boolean;
  deliver(payload: RecallUpdatedPayload): void;
}

export interface RecallFeed {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createRecallFeed(options: RecallFeedOptions): RecallFeed {
  const { db, logger, isFollowed, deliver } = options;
  let unlisten: (() => Promise<void>) | undefined;

  function onNotify(payload: string): void {
    const notice = parseRecallNotice(payload);
    if (!notice) {
      logger.warn({ payload: payload.slice(0, 200) }, 'ignored a malformed recall change notice');
      return;
    }
    if (isFollowed(notice.clinic_id)) deliver(notice);
  }

  return {
    async start() {
      if (unlisten) return;
      unlisten = await db.listen(RECALL_CHANGES_CHANNEL, onNotify);
    },
    async stop() {
      const stopListening = unlisten;
      unlisten = undefined;
      await stopListening?.();
    },
  };
}
