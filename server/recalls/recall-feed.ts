/**
 * The recall change feed: the triggers on recall messages and requests announce every new or
 * changed recall and booking request on the channel 'recall_changes'. The notice is the whole
 * event (clients re-read the list).
 */
import { recallUpdatedPayloadSchema, type RecallUpdatedPayload } from '@common/contract';
import { createClinicFeed, parseNotice, type ClinicFeedOptions, type Feed } from '../realtime/feed';

export const RECALL_CHANGES_CHANNEL = 'recall_changes';

export const parseRecallNotice = (payload: string) => parseNotice(recallUpdatedPayloadSchema, payload);

export const createRecallFeed = (options: ClinicFeedOptions<RecallUpdatedPayload>): Feed =>
  createClinicFeed(
    { channel: RECALL_CHANGES_CHANNEL, schema: recallUpdatedPayloadSchema, name: 'recall change' },
    options,
  );
