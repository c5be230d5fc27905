import type { ZodMiniType } from 'zod/mini';
import {
  ACCESS_REVOKED,
  accessRevokedPayloadSchema,
  APPOINTMENT_UPDATED,
  appointmentUpdatedPayloadSchema,
  BILLING_UPDATED,
  billingUpdatedPayloadSchema,
  CHART_UPDATED,
  chartUpdatedPayloadSchema,
  RECALL_UPDATED,
  recallUpdatedPayloadSchema,
  WAITLIST_UPDATED,
  waitlistUpdatedPayloadSchema,
} from '@common/contract/realtime';
import type { ServiceEvent, ServiceEventPayload, SubscribeOptions } from './realtime-client';

/** The contract's schema of each event's payload: what arrives is checked before anyone sees it. */
const PAYLOAD_SCHEMAS: { readonly [E in ServiceEvent]: ZodMiniType<ServiceEventPayload<E>> } = {
  [ACCESS_REVOKED]: accessRevokedPayloadSchema,
  [APPOINTMENT_UPDATED]: appointmentUpdatedPayloadSchema,
  [BILLING_UPDATED]: billingUpdatedPayloadSchema,
  [RECALL_UPDATED]: recallUpdatedPayloadSchema,
  [WAITLIST_UPDATED]: waitlistUpdatedPayloadSchema,
  [CHART_UPDATED]: chartUpdatedPayloadSchema,
};

/**
 * Hands a received payload to the subscriber once it matches the contract's schema of the event;
 * anything else is dropped (and logged) rather than shown. Returns whether it was delivered.
 * Exported for stand-ins of the socket in tests, so their events take the same path.
 */
export function deliverServiceEvent<E extends ServiceEvent>(
  options: Pick<SubscribeOptions<E>, 'event' | 'onEvent'>,
  payload: unknown,
): boolean {
  const parsed = PAYLOAD_SCHEMAS[options.event].safeParse(payload);
  if (!parsed.success) {
    console.warn(`Ngiti: ignored a malformed ${options.event} event`, parsed.error.issues);
    return false;
  }
  options.onEvent(parsed.data);
  return true;
}
