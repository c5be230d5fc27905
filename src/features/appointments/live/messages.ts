import { FLAG_TEXT } from '../model/flag-messages';

/** The live-update texts: the spec's, the late cancellation flag's, and ours for the rest. */
export const LIVE_TEXT = {
  acknowledgeAll: 'Acknowledge All',
  view: 'View',
  notificationTitle: 'Appointment updated',
  lateCancellation: FLAG_TEXT.lateCancellation,
  // Texts the spec does not give.
  deleted: 'Deleted',
  added: (status: string) => `New appointment (${status})`,
  moved: (from: string, to: string) => `moved ${from} → ${to}`,
  detailsChanged: (status: string) => `Details changed (${status})`,
  reconnecting: 'Live updates paused — reconnecting…',
  refused: 'Live updates are off. Reload the page to turn them back on.',
  restored: 'Live updates are back on.',
  turnOnDesktopNotifications: 'Turn on desktop notifications',
  desktopNotificationsHint: 'Updates then reach you while this tab is in the background.',
} as const;

/** '{n} new update(s)' — the pill beside 'Acknowledge All'. */
export function pendingUpdatesLabel(count: number): string {
  return `${count} new update(s)`;
}
