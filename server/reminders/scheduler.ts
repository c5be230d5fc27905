// STUB (owned by the realtime/reminders helper): automated reminders, sent once.
import type { ReminderScheduler, ServiceDeps } from '../contracts';

export function createReminderScheduler(deps: ServiceDeps): ReminderScheduler {
  void deps;
  return {
    start: () => undefined,
    runOnce: async () => ({ sent: 0, failed: 0, skipped: 0 }),
    stop: async () => undefined,
  };
}
