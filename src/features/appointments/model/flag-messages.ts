/**
 * A patient's late cancellation request (public.appointment_flags, kind 'late_cancellation_request'):
 * the live toast and the row say 'Patient asked to cancel — call them', the words the front desk
 * asked for; the badge and the buttons are ours.
 */
export const FLAG_TEXT = {
  lateCancellation: 'Patient asked to cancel — call them',
  badge: 'Asked to cancel',
  cancelNow: 'Cancel appointment',
  keep: 'Keep appointment',
  keepFailed: 'The request could not be marked as handled. Please try again.',
} as const;
