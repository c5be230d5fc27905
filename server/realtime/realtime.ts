// STUB (owned by the realtime/reminders helper): socket.io + change feed + Redis adapter.
import type { Realtime, ServiceDeps } from '../contracts';

export function createRealtime(deps: ServiceDeps): Realtime {
  void deps;
  return { attach: async () => undefined, start: async () => undefined, close: async () => undefined };
}
