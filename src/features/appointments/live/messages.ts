/** The live-update texts: the spec's (§2, §4) and, for the connection, ours. */
export const LIVE_TEXT = {
  acknowledgeAll: 'Acknowledge All',
  view: 'View',
  notificationTitle: 'Appointment updated',
  // Texts the spec does not give.
  reconnecting: 'Live updates paused — reconnecting…',
  refused: 'Live updates are off. Reload the page to turn them back on.',
} as const;

/** '{n} new update(s)' — the pill beside 'Acknowledge All'. */
export function pendingUpdatesLabel(count: number): string {
  return `${count} new update(s)`;
}
