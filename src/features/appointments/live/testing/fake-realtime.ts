/**
 * A stand-in for the notification service's socket (src/lib/realtime-client.ts) in component
 * tests: install with
 *   vi.mock('@/lib/realtime-client', async (actual) => ({ ...(await actual()), subscribeToServiceEvents: fakeRealtime.subscribe }))
 * then push events and connection states to whatever the screen subscribed.
 */
import { act } from '@testing-library/react';
import type { RealtimeStatus, RealtimeSubscription, SubscribeOptions } from '@/lib/realtime-client';

const open = new Set<SubscribeOptions>();

export const fakeRealtime = {
  subscribe: async (options: SubscribeOptions): Promise<RealtimeSubscription> => {
    open.add(options);
    return { close: () => void open.delete(options) };
  },
  /** The clinics followed right now. */
  clinics: () => [...open].map((options) => options.clinicId),
  emit(event: string, payload: unknown) {
    act(() => {
      for (const options of open) if (options.event === event) options.onEvent(payload);
    });
  },
  status(status: RealtimeStatus) {
    act(() => {
      for (const options of open) options.onStatus?.(status);
    });
  },
  reset() {
    open.clear();
  },
};
