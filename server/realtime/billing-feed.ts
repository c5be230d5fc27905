/**
 * The billing change feed: the triggers on invoices and payments announce every change on the
 * channel 'billing_changes' with the row's table, id, clinic and invoice. The notice is the whole
 * event: paid, balance and status are derived by the database's views, which a client re-reads,
 * so nothing is loaded here.
 */
import { billingUpdatedPayloadSchema, type BillingUpdatedPayload } from '@common/contract';
import { createClinicFeed, parseNotice, type ClinicFeedOptions, type Feed } from './feed';

export const BILLING_CHANGES_CHANNEL = 'billing_changes';

export const parseBillingNotice = (payload: string) => parseNotice(billingUpdatedPayloadSchema, payload);

export const createBillingFeed = (options: ClinicFeedOptions<BillingUpdatedPayload>): Feed =>
  createClinicFeed(
    { channel: BILLING_CHANGES_CHANNEL, schema: billingUpdatedPayloadSchema, name: 'billing change' },
    options,
  );
