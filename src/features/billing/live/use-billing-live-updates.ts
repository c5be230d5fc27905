import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BILLING_UPDATED } from '@common/contract/realtime';
import { subscribeToServiceEvents } from '@/lib/realtime-client';
import { billingKeys } from '../model/query-keys';

/**
 * Events arriving within this long of each other cause one re-read: a payment and the invoice it
 * touches (or a bench of imports) land together, and one read of the views answers for all.
 */
export const BILLING_REFRESH_COALESCE_MS = 150;

interface Options {
  /** Injected in tests; the app's socket client otherwise. */
  subscribe?: typeof subscribeToServiceEvents;
}

/**
 * Keeps every billing read of the clinic current (issue 13, item 8): each `billing-updated` of
 * this clinic (an invoice or payment added or voided on any device) re-reads the billing views,
 * whose status, paid and balance the database computes; so does getting the connection back, as
 * missed events are not replayed. The re-read starts within 150 ms of the event.
 */
export function useBillingLiveUpdates(clinicId: number, options: Options = {}): void {
  const { subscribe = subscribeToServiceEvents } = options;
  const queryClient = useQueryClient();

  useEffect(() => {
    let closed = false;
    let lostConnection = false;
    let subscription: { close(): void } | undefined;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      if (pending !== undefined) return;
      pending = setTimeout(() => {
        pending = undefined;
        if (!closed) void queryClient.invalidateQueries({ queryKey: billingKeys.all(clinicId) });
      }, BILLING_REFRESH_COALESCE_MS);
    };
    void subscribe({
      clinicId,
      event: BILLING_UPDATED,
      onEvent: (change) => {
        if (change.clinic_id === clinicId) refresh();
      },
      onStatus: (status) => {
        if (status === 'reconnecting' || status === 'refused') lostConnection = true;
        if (status === 'connected' && lostConnection) {
          lostConnection = false;
          refresh();
        }
      },
    }).then(
      (opened) => {
        if (closed) opened.close();
        else subscription = opened;
      },
      (error: unknown) => console.warn('Ngiti: live billing updates are off', error),
    );
    return () => {
      closed = true;
      clearTimeout(pending);
      subscription?.close();
    };
  }, [clinicId, queryClient, subscribe]);
}
