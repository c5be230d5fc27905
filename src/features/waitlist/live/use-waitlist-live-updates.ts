import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { WAITLIST_UPDATED } from '@common/contract/waitlist';
import { subscribeToServiceEvents, type RealtimeStatus } from '@/lib/realtime-client';
import { waitlistKeys } from '../model/query-keys';

/** Events arriving within this long of each other cause one re-read (an offer to several patients lands together). */
export const WAITLIST_REFRESH_COALESCE_MS = 150;

interface Options {
  /** Injected in tests; the app's socket client otherwise. */
  subscribe?: typeof subscribeToServiceEvents;
}

/**
 * Keeps the clinic's waitlist current: each `waitlist-updated` of this clinic (an entry added or
 * removed on any device, an offer sent, a slot taken or gone) re-reads the list, as does getting
 * the connection back, since missed events are not replayed. Answers the connection's state.
 */
export function useWaitlistLiveUpdates(clinicId: number, options: Options = {}): RealtimeStatus {
  const { subscribe = subscribeToServiceEvents } = options;
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>('connecting');

  useEffect(() => {
    let closed = false;
    let lostConnection = false;
    let subscription: { close(): void } | undefined;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      if (pending !== undefined) return;
      pending = setTimeout(() => {
        pending = undefined;
        if (!closed) void queryClient.invalidateQueries({ queryKey: waitlistKeys.entries(clinicId) });
      }, WAITLIST_REFRESH_COALESCE_MS);
    };
    void subscribe({
      clinicId,
      event: WAITLIST_UPDATED,
      onEvent: (change) => {
        if (change.clinic_id === clinicId) refresh();
      },
      onStatus: (next) => {
        if (!closed) setStatus(next);
        if (next === 'reconnecting' || next === 'refused') lostConnection = true;
        if (next === 'connected' && lostConnection) {
          lostConnection = false;
          refresh();
        }
      },
    }).then(
      (opened) => {
        if (closed) opened.close();
        else subscription = opened;
      },
      (error: unknown) => console.warn('Ngiti: live waitlist updates are off', error),
    );
    return () => {
      closed = true;
      clearTimeout(pending);
      subscription?.close();
    };
  }, [clinicId, queryClient, subscribe]);
  return status;
}
