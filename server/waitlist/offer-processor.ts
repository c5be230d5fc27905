/**
 * Works through the freed-slot queue (public.waitlist_freed_slots): each slot a cancelled, deleted
 * or moved appointment freed, or that was open when an entry joined, is offered, over Messenger with a 'Take this slot' quick reply, to
 * every waitlisted patient who fits it, in waitlist order. A pass runs when the database
 * announces a freed slot (LISTEN waitlist_freed_slots), when that connection comes back, at start,
 * and every `intervalMs` as a safety net; passes of one instance never overlap, and a slot is
 * claimed with a lease before it is processed, so two instances never offer it twice
 * (docs/waitlist.md).
 */
import { randomUUID } from 'node:crypto';
import type { ServiceDeps } from '../contracts';
import { offerQuickReplies, offerText, slotNotOfferableReason, type FreedSlot } from './offer-rules';
import {
  claimFreedSlots,
  createOffers,
  endPastEntries,
  entriesForSlot,
  expireStartedOffers,
  finishFreedSlot,
  isSlotRebooked,
  loadWaitlistClinic,
  offersToSend,
  recordOfferSent,
  type WaitlistClinic,
} from './waitlist-store';

export const FREED_SLOTS_CHANNEL = 'waitlist_freed_slots';

export interface WaitlistPassReport {
  slots: number;
  sent: number;
  failed: number;
  expired: number;
  /** Waiting entries whose dates passed, ended. */
  ended: number;
}

export interface WaitlistOfferProcessor {
  start(): Promise<void>;
  /** One pass: expire started offers, then process every claimable freed slot. */
  runOnce(): Promise<WaitlistPassReport>;
  stop(): Promise<void>;
}

export interface OfferProcessorOptions {
  /** The safety-net pass interval (a LISTEN notice normally starts a pass at once). */
  intervalMs?: number;
  /** How long a claimed slot is held before another instance may take it over. */
  leaseMs?: number;
  /** Slots claimed per statement. */
  pageSize?: number;
}

export function createWaitlistOfferProcessor(
  deps: Pick<ServiceDeps, 'db' | 'logger' | 'clock' | 'messenger' | 'config'>,
  options: OfferProcessorOptions = {},
): WaitlistOfferProcessor {
  const { db, clock, messenger } = deps;
  const logger = deps.logger.child({ component: 'waitlist' });
  const intervalMs = options.intervalMs ?? deps.config.reminderIntervalMs;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const pageSize = options.pageSize ?? 20;
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let started = false;
  let stopping = false;
  let lastPass: Promise<unknown> = Promise.resolve();
  let queuedPass: Promise<WaitlistPassReport> | undefined;

  async function sendOffers(clinic: WaitlistClinic, slot: FreedSlot, counts: WaitlistPassReport): Promise<number> {
    const offers = await offersToSend(db, slot);
    for (const offer of offers) {
      if (stopping) break;
      const result = await messenger
        .send({
          pageId: clinic.pageId!,
          pageAccessToken: clinic.pageAccessToken!,
          recipientId: offer.messengerId,
          text: offerText({
            patientName: offer.patientName,
            dentistName: offer.dentistName,
            clinicName: clinic.name,
            slotTime: offer.slotTime,
            timeZone: clinic.timeZone,
          }),
          quickReplies: offerQuickReplies(offer.offerId),
          kind: 'reminder',
        })
        .catch(() => ({ ok: false as const, error: 'Messenger notification failed', transient: true }));
      if (result.ok) {
        counts.sent += 1;
        await recordOfferSent(db, offer.offerId, { ok: true, via: result.via, at: clock.now() });
      } else {
        counts.failed += 1;
        logger.warn({ offerId: offer.offerId, clinicId: clinic.id, error: result.error }, 'waitlist offer not sent');
        await recordOfferSent(db, offer.offerId, { ok: false, error: result.error });
      }
    }
    return offers.length;
  }

  async function processSlot(slot: FreedSlot, token: string, counts: WaitlistPassReport): Promise<void> {
    const clinic = await loadWaitlistClinic(db, slot.clinicId);
    if (!clinic) return;
    const reason = slotNotOfferableReason(slot, {
      now: clock.now(),
      pageConnected: Boolean(clinic.pageId && clinic.pageAccessToken),
      slotRebooked: await isSlotRebooked(db, slot),
    });
    if (reason) {
      await finishFreedSlot(db, slot.id, token, reason, 0);
      logger.info({ slotId: slot.id, clinicId: slot.clinicId, outcome: reason }, 'freed slot not offered');
      return;
    }
    const fitting = await entriesForSlot(db, slot);
    const made = await createOffers(db, slot, fitting);
    const attempted = await sendOffers(clinic, slot, counts);
    if (stopping) return;
    await finishFreedSlot(db, slot.id, token, made + attempted > 0 ? 'offered' : 'no_fit', made);
    logger.info({ slotId: slot.id, clinicId: slot.clinicId, offers: made }, 'freed slot offered');
  }

  async function pass(): Promise<WaitlistPassReport> {
    const counts: WaitlistPassReport = { slots: 0, sent: 0, failed: 0, expired: 0, ended: 0 };
    try {
      counts.expired = await expireStartedOffers(db, clock.now());
      counts.ended = await endPastEntries(db, clock.now());
      const token = randomUUID();
      for (;;) {
        if (stopping) break;
        const slots = await claimFreedSlots(db, { token, now: clock.now(), leaseMs, limit: pageSize });
        for (const slot of slots) {
          if (stopping) break;
          counts.slots += 1;
          try {
            await processSlot(slot, token, counts);
          } catch (error) {
            // The claim lapses and a later pass takes the slot again.
            logger.error({ err: error, slotId: slot.id }, 'freed slot could not be processed');
          }
        }
        if (slots.length < pageSize) break;
      }
    } catch (error) {
      logger.error({ err: error }, 'waitlist pass failed');
    }
    if (counts.slots > 0 || counts.expired > 0 || counts.ended > 0) logger.info(counts, 'waitlist pass');
    return counts;
  }

  /** Passes never overlap; calls while one runs share the single pass queued after it. */
  function runOnce(): Promise<WaitlistPassReport> {
    if (queuedPass) return queuedPass;
    const run = lastPass.then(() => {
      queuedPass = undefined;
      return pass();
    });
    queuedPass = run;
    lastPass = run.catch(() => undefined);
    return run;
  }

  function kick(): void {
    if (started && !stopping) void runOnce();
  }

  return {
    async start() {
      if (started) return;
      started = true;
      stopping = false;
      unlisten = await db.listen(FREED_SLOTS_CHANNEL, kick, kick);
      timer = setInterval(kick, intervalMs);
      timer.unref();
      kick();
    },
    runOnce,
    async stop() {
      stopping = true;
      started = false;
      clearInterval(timer);
      const stopListening = unlisten;
      unlisten = undefined;
      await stopListening?.();
      await lastPass;
    },
  };
}
