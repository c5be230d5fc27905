/**
 * The billing change feed: the trigger `notify_billing_change` (migration 20261123000500) announces
 * every change of an invoice or payment on the channel 'billing_changes' with the row's table, id,
 * clinic and invoice. The notice is the whole event: paid, balance and status are derived by the
 * database's views, which a client re-reads, so nothing is loaded here. Notices of clinics nobody
 * on this instance follows are dropped.
 */
import type { Logger } from 'pino';
import { billingUpdatedPayloadSchema, type BillingUpdatedPayload } from '@common/contract';
import type { ServiceDatabase } from '../contracts';

export const BILLING_CHANGES_CHANNEL = 'billing_changes';

/** Reads a notification payload; anything not from our trigger is null. */
export function parseBillingNotice(payload: string): BillingUpdatedPayload | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  const notice = billingUpdatedPayloadSchema.safeParse(value);
  return notice.success ? notice.data : null;
}

export interface BillingFeedOptions {
  db: ServiceDatabase;
  logger: Logger;
  /** Whether anyone on this instance follows the clinic. */
  isFollowed(clinicId: number): boolean;
  deliver(payload: BillingUpdatedPayload): void;
}

export interface BillingFeed {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createBillingFeed(options: BillingFeedOptions): BillingFeed {
  const { db, logger, isFollowed, deliver } = options;
  let unlisten: (() => Promise<void>) | undefined;

  function onNotify(payload: string): void {
    const notice = parseBillingNotice(payload);
    if (!notice) {
      logger.warn({ payload: payload.slice(0, 200) }, 'ignored a malformed billing change notice');
      return;
    }
    if (isFollowed(notice.clinic_id)) deliver(notice);
  }

  return {
    async start() {
      if (unlisten) return;
      unlisten = await db.listen(BILLING_CHANGES_CHANNEL, onNotify);
    },
    async stop() {
      const stopListening = unlisten;
      unlisten = undefined;
      await stopListening?.();
    },
  };
}
