/**
 * A patient's 'Book' tap on a recall (quick reply inside the 24-hour window, postback button outside
 * it), called by the webhook processor: it becomes one booking request for staff (live through
 * 'recall-updated') and the patient gets a short acknowledgement. A tap that is not the recall's
 * own recipient's, or names no sent recall of the page's clinic, is ignored without an answer.
 */
import type { ServiceDeps } from '../contracts';
import { eventKey, type InboundEvent } from '../webhook/events';
import { pageAccessTokenOf, type ClinicOfPage } from '../webhook/webhook-store';
import { acceptBookReply, alreadyBookedText, bookAcknowledgementText } from './recall-rules';
import { applyBookReply, type BookReplyOutcome } from './recall-store';

export interface RecallReplyResult {
  kind: 'recall-book';
  key: string;
  outcome: BookReplyOutcome;
  replied: 'sent' | 'failed' | 'skipped';
}

export async function handleRecallBookReply(
  deps: Pick<ServiceDeps, 'db' | 'logger' | 'messenger'>,
  clinic: ClinicOfPage,
  event: InboundEvent,
  recallId: number,
): Promise<RecallReplyResult> {
  const key = eventKey(event);
  const { outcome } = await applyBookReply(
    deps.db,
    { clinicId: clinic.id, recallId, psid: event.psid, mid: key },
    (recall) => acceptBookReply(recall, event.psid),
  );
  deps.logger.info({ mid: key, clinicId: clinic.id, recallId, outcome }, 'recall Book reply');
  if (outcome === 'ignored' || outcome === 'duplicate')
    return { kind: 'recall-book', key, outcome, replied: 'skipped' };

  const token = await pageAccessTokenOf(deps.db, clinic.id);
  if (!token) {
    deps.logger.warn({ clinicId: clinic.id }, 'recall acknowledgement not sent: the clinic has no page access token');
    return { kind: 'recall-book', key, outcome, replied: 'failed' };
  }
  const result = await deps.messenger.send({
    pageId: event.pageId,
    pageAccessToken: token,
    recipientId: event.psid,
    text:
      outcome === 'already_booked'
        ? alreadyBookedText(clinic.contact_phone)
        : bookAcknowledgementText(clinic.contact_phone),
    kind: 'reply',
  });
  if (!result.ok)
    deps.logger.warn({ mid: key, clinicId: clinic.id, error: result.error }, 'recall acknowledgement not sent');
  return { kind: 'recall-book', key, outcome, replied: result.ok ? 'sent' : 'failed' };
}
