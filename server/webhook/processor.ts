/**
 * What happens after the webhook answered 200: each event records the sender as a Messenger
 * contact of the clinic, and a Confirm / Cancel reply changes the appointment once (by mid) and is
 * answered in Messenger.
 */
import type { ServiceDeps } from '../contracts';
import { recordInboundContact } from '../messenger/contact-store';
import { eventKey, type InboundEvent } from './events';
import { decideReply, parseReplyPayload, replyText, type ReplyOutcome } from './reply-decision';
import { applyReply, clinicOfPage, recordReplyAnswer, type AppliedReply, type ClinicOfPage } from './webhook-store';

type WebhookDeps = Pick<ServiceDeps, 'db' | 'logger' | 'clock' | 'messenger'>;

/** What processing one event did (tests and logs). */
export type EventResult =
  | { kind: 'unknown-page' }
  | { kind: 'contact' }
  | { kind: 'duplicate'; key: string }
  | { kind: 'reply'; key: string; outcome: ReplyOutcome; replied: 'sent' | 'failed' | 'skipped' };

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

export async function processInboundEvent(deps: WebhookDeps, event: InboundEvent): Promise<EventResult> {
  const clinic = await clinicOfPage(deps.db, event.pageId);
  if (!clinic) {
    deps.logger.warn({ pageId: event.pageId }, 'webhook event for a page no clinic is connected to; ignored');
    return { kind: 'unknown-page' };
  }
  await recordInboundContact(deps.db, {
    clinicId: clinic.id,
    pageId: event.pageId,
    psid: event.psid,
    at: event.sentAt,
  });
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

const inFlight = new Set<Promise<unknown>>();

/** Resolves once every webhook body received so far in this process has been processed. */
export async function whenWebhookIdle(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

/**
 * Events are processed one after another, in the order received (a patient's Confirm then Cancel
 * must not overtake each other); a failing event is logged and does not stop the next.
 */
export function createWebhookQueue(deps: WebhookDeps) {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    enqueue(events: readonly InboundEvent[]): Promise<EventResult[]> {
      const run = tail.then(async () => {
        const results: EventResult[] = [];
        for (const event of events) {
          try {
            results.push(await processInboundEvent(deps, event));
          } catch (error) {
            deps.logger.error({ err: error, pageId: event.pageId, mid: event.mid }, 'webhook event processing failed');
          }
        }
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
