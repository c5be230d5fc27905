/**
 * A stand-in for the notification service's socket (src/lib/realtime-client.ts) in component
 * tests of any tab (the Appointments tests' copy, moved where every feature can reach it): install with
 *   vi.mock('@/lib/realtime-client', async (actual) => ({
 *     ...(await actual()),
 *     subscribeToServiceEvents: (options: SubscribeOptions) => fakeRealtime.subscribe(options),
 *   }))
 * (looking `fakeRealtime` up only when called: this module imports the realtime client, so
 * importing it inside the factory would wait for the factory itself), then push events and
 * connection states to whatever the screen subscribed. Events go through the realtime client's
 * check against the contract (src/lib/realtime-payloads.ts), as they do from the real socket.
 */
import { act } from '@testing-library/react';
import type { RealtimeStatus, RealtimeSubscription, ServiceEvent, SubscribeOptions } from '@/lib/realtime-client';
import { deliverServiceEvent } from '@/lib/realtime-payloads';

const open = new Set<SubscribeOptions>();

export const fakeRealtime = {
  subscribe: async (options: SubscribeOptions): Promise<RealtimeSubscription> => {
    open.add(options);
    return { close: () => void open.delete(options) };
  },
  /** The clinics followed right now (of `event` only, when given). */
  clinics: (event?: ServiceEvent) =>
    [...open].filter((options) => event === undefined || options.event === event).map((options) => options.clinicId),
  emit(event: ServiceEvent, payload: unknown) {
    act(() => {
      for (const options of open) if (options.event === event) deliverServiceEvent(options, payload);
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
