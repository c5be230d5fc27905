/**
 * What happens after the webhook answered 200: each event records the sender as a Messenger
 * contact of the clinic, and a Confirm / Cancel reply changes the appointment once (by mid) and is
 * answered in Messenger.
 */
import { hasUnsendableCharacters } from '@common/contract/fields';
import { parseRecallBookPayload } from '@common/contract/recall';
import { parseWaitlistTakePayload } from '@common/contract/waitlist';
import type { ServiceDeps } from '../contracts';
import { recordInboundContact, saveContactProfile, storableProfile } from '../messenger/contact-store';
import { handleRecallBookReply, type RecallReplyResult } from '../recalls/recall-reply';
import { handleWaitlistTake, type WaitlistTakeResult } from '../waitlist/take-reply';
import { recordDeadLetter } from './dead-letter-store';
import { eventKey, type InboundEvent } from './events';
import { decideReply, parseReplyPayload, replyText, type ReplyOutcome } from './reply-decision';
import {
  applyReply,
  clinicOfPage,
  pageAccessTokenOf,
  recordReplyAnswer,
  type AppliedReply,
  type ClinicOfPage,
} from './webhook-store';

/** A sender's profile from Meta's User Profile API (server/facebook/graph.ts); throws when Meta refuses. */
export type ProfileFetcher = (
  psid: string,
  pageAccessToken: string,
) => Promise<{ firstName: string | null; lastName: string | null; profilePic: string | null }>;

type WebhookDeps = Pick<ServiceDeps, 'db' | 'logger' | 'clock' | 'messenger'> & {
  /** Reads a new sender's name and picture; without it contacts keep no profile. */
  fetchProfile?: ProfileFetcher;
};

/** What processing one event did (tests and logs). */
export type EventResult =
  | { kind: 'dead-letter'; reason: string; id: number | null }
  | { kind: 'unknown-page' }
  | { kind: 'contact' }
  | { kind: 'duplicate'; key: string }
  | { kind: 'reply'; key: string; outcome: ReplyOutcome; replied: 'sent' | 'failed' | 'skipped' }
  | RecallReplyResult
  | WaitlistTakeResult;

async function answerInMessenger(
  deps: WebhookDeps,
  clinic: ClinicOfPage,
  event: InboundEvent,
  key: string,
  applied: AppliedReply,
): Promise<'sent' | 'failed' | 'skipped'> {
  const text =
    applied.appointmentTime &&
    replyText(applied.decision.outcome, {
      appointmentTime: applied.appointmentTime,
      timeZone: clinic.timezone,
      clinicPhone: clinic.contact_phone,
    });
  let status: 'sent' | 'failed' | 'skipped' = 'skipped';
  let error: string | null = null;
  if (text && !applied.pageAccessToken) {
    error = 'The clinic has no page access token.';
  } else if (text && applied.pageAccessToken) {
    const result = await deps.messenger.send({
      pageId: event.pageId,
      pageAccessToken: applied.pageAccessToken,
      recipientId: event.psid,
      text,
      kind: 'reply',
    });
    status = result.ok ? 'sent' : 'failed';
    error = result.ok ? null : result.error;
  }
  if (error) deps.logger.warn({ mid: key, clinicId: clinic.id, error }, 'webhook reply not sent');
  await recordReplyAnswer(deps.db, key, status, error);
  return status;
}

/**
 * Why an event cannot be processed at all, before anything is written: a field Postgres cannot
 * store (NUL, unpaired surrogate) or a timestamp outside what a date can hold (e.g. 1e20 ms).
 * null when it can be.
 */
export function unprocessableReason(event: InboundEvent): string | null {
  const fields: [string, string | null][] = [
    ['page id', event.pageId],
    ['sender id', event.psid],
    ['message id (mid)', event.mid],
    ['payload', event.payload],
  ];
  for (const [name, value] of fields)
    if (value !== null && hasUnsendableCharacters(value))
      return `The ${name} contains a NUL character or an unpaired surrogate.`;
  if (Number.isNaN(event.sentAt.getTime())) return 'The timestamp is out of range.';
  return null;
}

/** What a log or a dead letter may say of an unexpected failure: its SQLSTATE or class, no text. */
function failureReason(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return `Processing failed: database error ${code}.`;
  return `Processing failed: ${error instanceof Error ? error.name : 'unknown error'}.`;
}

/**
 * Reads the sender's name and picture from Meta with the clinic's page token and stores them. A
 * failure (Meta refusing, timing out, no stored token, an unstorable answer) is logged without the
 * sender id and leaves the profile empty, to be tried again with the sender's next message; it
 * never stops the event.
 */
async function readSenderProfile(deps: WebhookDeps, clinic: ClinicOfPage, event: InboundEvent): Promise<void> {
  if (!deps.fetchProfile) return;
  try {
    const token = await pageAccessTokenOf(deps.db, clinic.id);
    if (!token) {
      deps.logger.warn({ clinicId: clinic.id }, 'sender profile not read: the clinic has no page access token');
      return;
    }
    const profile = storableProfile(await deps.fetchProfile(event.psid, token));
    await saveContactProfile(deps.db, { pageId: event.pageId, psid: event.psid }, profile);
  } catch (error) {
    deps.logger.warn(
      {
        clinicId: clinic.id,
        reason: error instanceof Error && error.name === 'GraphError' ? error.message : failureReason(error),
      },
      'sender profile not read',
    );
  }
}

export async function processInboundEvent(deps: WebhookDeps, event: InboundEvent): Promise<EventResult> {
  const clinic = await clinicOfPage(deps.db, event.pageId);
  if (!clinic) {
    deps.logger.warn({ pageId: event.pageId }, 'webhook event for a page no clinic is connected to; ignored');
    return { kind: 'unknown-page' };
  }
  const contact = await recordInboundContact(deps.db, {
    clinicId: clinic.id,
    pageId: event.pageId,
    psid: event.psid,
    at: event.sentAt,
    text: event.kind === 'message' ? event.text : null,
  });
  if (contact.needsProfile) await readSenderProfile(deps, clinic, event);
  const recallBook = event.kind === 'message' ? null : parseRecallBookPayload(event.payload);
  if (recallBook) return handleRecallBookReply(deps, clinic, event, recallBook.recallId);
  const waitlistTake = event.kind === 'message' ? null : parseWaitlistTakePayload(event.payload);
  if (waitlistTake) return handleWaitlistTake(deps, clinic, event, waitlistTake.offerId);
  const reply = event.kind === 'message' ? null : parseReplyPayload(event.payload);
  if (!reply) return { kind: 'contact' };

  const key = eventKey(event);
  const applied = await applyReply(
    deps.db,
    {
      key,
      clinicId: clinic.id,
      pageId: event.pageId,
      psid: event.psid,
      kind: event.kind === 'postback' ? 'postback' : 'quick_reply',
      payload: event.payload,
      appointmentId: reply.appointmentId,
      sentAt: event.sentAt,
    },
    (appointment) =>
      decideReply({
        action: reply.action,
        appointment,
        clinicId: clinic.id,
        senderPsid: event.psid,
        now: deps.clock.now(),
      }),
    deps.clock,
  );
  if (!applied) {
    deps.logger.info({ mid: key }, 'webhook reply already applied; redelivery ignored');
    return { kind: 'duplicate', key };
  }
  deps.logger.info(
    { mid: key, clinicId: clinic.id, appointmentId: reply.appointmentId, outcome: applied.decision.outcome },
    applied.decision.reason ? `webhook reply: ${applied.decision.reason}` : 'webhook reply applied',
  );
  const replied = await answerInMessenger(deps, clinic, event, key, applied);
  return { kind: 'reply', key, outcome: applied.decision.outcome, replied };
}

/** What is kept of an event that cannot be stored as received: no text, no sender id in clear. */
function summaryOf(event: InboundEvent): Record<string, unknown> {
  return {
    pageId: event.pageId,
    kind: event.kind,
    mid: event.mid,
    payload: event.payload,
    sentAt: Number.isNaN(event.sentAt.getTime()) ? null : event.sentAt.toISOString(),
  };
}

const inFlight = new Set<Promise<unknown>>();

/** Resolves once every webhook body received so far in this process has been processed. */
export async function whenWebhookIdle(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

/**
 * Events are processed one after another, in the order received (a patient's Confirm then Cancel
 * must not overtake each other). An event that cannot be processed (unprocessableReason) or fails
 * is kept in public.webhook_dead_letters with why, and does not stop the next. Each is logged as
 * `webhook event dead-lettered` with the reason and `deadLetters`, the running count of this queue;
 * never the message text or the sender id.
 */
export function createWebhookQueue(deps: WebhookDeps) {
  let tail: Promise<unknown> = Promise.resolve();
  let deadLetters = 0;

  async function deadLetter(event: InboundEvent, reason: string): Promise<EventResult> {
    deadLetters += 1;
    let id: number | null = null;
    try {
      id = await recordDeadLetter(deps.db, {
        pageId: event.pageId,
        reason,
        event: event.raw,
        summary: summaryOf(event),
      });
    } catch (error) {
      deps.logger.error(
        { reason, deadLetters, storeFailure: failureReason(error) },
        'webhook dead letter could not be stored',
      );
    }
    deps.logger.error({ reason, deadLetters, deadLetterId: id, pageId: event.pageId }, 'webhook event dead-lettered');
    return { kind: 'dead-letter', reason, id };
  }

  async function processOne(event: InboundEvent): Promise<EventResult> {
    const problem = unprocessableReason(event);
    if (problem) return deadLetter(event, problem);
    try {
      return await processInboundEvent(deps, event);
    } catch (error) {
      return deadLetter(event, failureReason(error));
    }
  }

  return {
    enqueue(events: readonly InboundEvent[]): Promise<EventResult[]> {
      const run = tail.then(async () => {
        const results: EventResult[] = [];
        for (const event of events) results.push(await processOne(event));
        return results;
      });
      // The chain must never stay rejected, or every later body would be skipped.
      tail = run.catch(() => undefined);
      inFlight.add(run);
      void run.finally(() => inFlight.delete(run)).catch(() => undefined);
      return run;
    },
  };
}
