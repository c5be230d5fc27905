import type { RealtimeSubscription, SubscribeOptions } from '@/lib/realtime-client';

/**
 * The notification service's socket as a component test sees it: what the screen subscribed to and
 * has not closed yet, so a test can deliver a live event as the service would. A test file swaps the
 * socket for it at its top (the mock factory is hoisted above the imports, hence the import in it):
 *
 *   vi.mock('@/lib/realtime-client', async (actual) =>
 *     (await import('@/testing/live-events')).withLiveEvents(await actual()),
 *   );
 *
 * and finds a subscription with `live.subscribed.find((options) => options.event === '…')`.
 */
export const live = { subscribed: [] as SubscribeOptions[] };

/** The real module with `subscribeToServiceEvents` recording each subscription instead of connecting. */
export function withLiveEvents<M extends object>(actual: M) {
  return {
    ...actual,
    subscribeToServiceEvents: async (options: SubscribeOptions): Promise<RealtimeSubscription> => {
      live.subscribed.push(options);
      return {
        close: () => {
          const index = live.subscribed.indexOf(options);
          if (index >= 0) live.subscribed.splice(index, 1);
        },
      };
    },
  };
}
