/** Texts of the dashboard shell the spec does not give (docs/adr/0039-back-closes-the-open-modal.md). */
export const DASHBOARD_EXTRA_TEXT = {
  leaveTitle: 'Leave Ngiti?',
  leaveText: 'Back would take you out of the dashboard. Anything you have not saved is lost.',
  leave: 'Leave',
  stay: 'Stay',
  skipToContent: 'Skip to content',
} as const;
