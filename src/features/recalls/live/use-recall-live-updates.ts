import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RECALL_UPDATED } from '@common/contract/recall';
import { subscribeToServiceEvents, type RealtimeStatus } from '@/lib/realtime-client';
import { recallKeys } from '../model/query-keys';

/** Events within this long of each other cause one re-read (a send logs its claim, then its outcome). */
export const RECALL_REFRESH_COALESCE_MS = 150;

interface Options {
  /** Injected in tests; the app's socket client otherwise. */
  subscribe?: typeof subscribeToServiceEvents;
}

/**
 * Keeps the Recalls tab current: each `recall-updated` of the clinic (a recall sent from another
 * desk, a patient's Book reply, a request booked or dismissed) re-reads the list and the requests;
 * so does getting the connection back, as missed events are not replayed. Returns the connection
 * status for the screen to show.
 */
export function useRecallLiveUpdates(clinicId: number, options: Options = {}): RealtimeStatus | null {
  const { subscribe = subscribeToServiceEvents } = options;
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus | null>(null);

  useEffect(() => {
    let closed = false;
    let lostConnection = false;
    let subscription: { close(): void } | undefined;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      if (pending !== undefined) return;
      pending = setTimeout(() => {
        pending = undefined;
        if (!closed) void queryClient.invalidateQueries({ queryKey: recallKeys.all(clinicId) });
      }, RECALL_REFRESH_COALESCE_MS);
    };
    void subscribe({
      clinicId,
      event: RECALL_UPDATED,
      onEvent: (change) => {
        if (change.clinic_id === clinicId) refresh();
      },
      onStatus: (next) => {
        if (closed) return;
        setStatus(next);
        if (next === 'connected') {
          if (lostConnection) refresh();
          lostConnection = false;
        } else if (next === 'reconnecting') lostConnection = true;
      },
    }).then((opened) => {
      if (closed) opened.close();
      else subscription = opened;
    });
    return () => {
      closed = true;
      if (pending !== undefined) clearTimeout(pending);
      subscription?.close();
    };
  }, [clinicId, queryClient, subscribe]);

  return status;
}
