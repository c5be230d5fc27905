/**
 * A patient's 'Take this slot' tap (quick reply or postback `TAKE_WAITLIST_OFFER:{offer id}`),
 * as the webhook hands it over: booked once in the database (take_waitlist_offer, keyed by the
 * event's mid), then answered in Messenger inside the 24-hour window the tap just opened.
 */
import type { ServiceDeps } from '../contracts';
import { eventKey, type InboundEvent } from '../webhook/events';
import type { ClinicOfPage } from '../webhook/webhook-store';
import { takeReplyText, type TakeOutcome } from './offer-rules';
import { loadWaitlistClinic, recordTakeAnswer, takeOffer } from './waitlist-store';

export type WaitlistTakeResult = {
  kind: 'waitlist-take';
  key: string;
  outcome: TakeOutcome;
  replied: 'sent' | 'failed' | 'skipped';
};

export async function handleWaitlistTake(
  deps: Pick<ServiceDeps, 'db' | 'logger' | 'messenger'>,
  clinic: ClinicOfPage,
  event: InboundEvent,
  offerId: number,
): Promise<WaitlistTakeResult> {
  const key = eventKey(event);
  const taken = await takeOffer(deps.db, { clinicId: clinic.id, offerId, psid: event.psid, mid: key });
  deps.logger.info(
    { mid: key, clinicId: clinic.id, offerId, outcome: taken.outcome, appointmentId: taken.appointmentId },
    'waitlist take',
  );
  if (taken.outcome === 'duplicate') return { kind: 'waitlist-take', key, outcome: 'duplicate', replied: 'skipped' };

  const facts = await loadWaitlistClinic(deps.db, clinic.id);
  const text =
    facts && taken.slotTime
      ? takeReplyText(taken.outcome, {
          slotTime: taken.slotTime,
          timeZone: facts.timeZone,
          clinicName: facts.name,
          clinicPhone: facts.contactPhone,
        })
      : null;
  let replied: 'sent' | 'failed' | 'skipped' = 'skipped';
  let error: string | null = null;
  if (text && !facts?.pageAccessToken) {
    error = 'The clinic has no page access token.';
  } else if (text && facts?.pageAccessToken) {
    const result = await deps.messenger.send({
      pageId: event.pageId,
      pageAccessToken: facts.pageAccessToken,
      recipientId: event.psid,
      text,
      kind: 'reply',
    });
    replied = result.ok ? 'sent' : 'failed';
    error = result.ok ? null : result.error;
  }
  if (error) deps.logger.warn({ mid: key, clinicId: clinic.id, error }, 'waitlist take answer not sent');
  await recordTakeAnswer(deps.db, key, replied, error);
  return { kind: 'waitlist-take', key, outcome: taken.outcome, replied };
}
