/**
 * The waitlist change feed: the triggers on waitlist entries and offers announce every change on
 * 'waitlist_changes' with its clinic and entry. The notice is the whole event: clients re-read the
 * list. Every instance LISTENs, so each relays notices to its own sockets of the clinic's room as
 * `waitlist-updated`.
 */
import { waitlistUpdatedPayloadSchema, type WaitlistUpdatedPayload } from '@common/contract';
import { createClinicFeed, parseNotice, type ClinicFeedOptions, type Feed } from '../realtime/feed';

export const WAITLIST_CHANGES_CHANNEL = 'waitlist_changes';

export const parseWaitlistNotice = (payload: string) => parseNotice(waitlistUpdatedPayloadSchema, payload);

export const createWaitlistFeed = (options: ClinicFeedOptions<WaitlistUpdatedPayload>): Feed =>
  createClinicFeed(
    { channel: WAITLIST_CHANGES_CHANNEL, schema: waitlistUpdatedPayloadSchema, name: 'waitlist change' },
    options,
  );
