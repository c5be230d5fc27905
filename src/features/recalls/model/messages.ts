import { TAB_TITLES } from '@/lib/authorization';

/** Texts of the Recalls tab (the spec is silent on recalls: written for clinic staff). */
export const RECALLS_TEXT = {
  title: TAB_TITLES.recalls,
  intro: (months: number) =>
    `Patients whose last completed visit was at least ${months} ${months === 1 ? 'month' : 'months'} ago, with nothing booked ahead and no place on the waitlist, most overdue first.`,
  loading: 'Loading the recall list…',
  loadFailed: 'The recall list could not be loaded.',
  empty: 'No patients are due for a check-up.',
  caption: 'Patients due for a check-up',
  refresh: 'Refresh',
  columns: {
    select: 'Select',
    patient: 'Patient',
    phone: 'Phone',
    lastVisit: 'Last visit',
    overdue: 'Overdue by',
    lastRecall: 'Last recall',
    actions: 'Actions',
  },
  selectRow: (name: string) => `Select ${name}`,
  selectAll: 'Select every patient who can be recalled',
  noProcedure: 'Not recorded',
  neverRecalled: 'Never',
  outcome: { pending: 'Sending', sent: 'Sent', failed: 'Failed', skipped: 'Skipped' } as Record<string, string>,
  dueToday: 'Due today',
  sendRecall: 'Send recall',
  sending: 'Sending…',
  sendSelected: (count: number) => `Send recall to ${count} selected`,
  recalled: 'Recalled',
  recalledUntil: (date: string) => `Another recall can be sent from ${date}.`,
  noMessengerId: "No Messenger ID: add it on the patient's record to send a recall.",
  sent: (name: string) => `Recall sent to ${name}.`,
  sendFailed: 'The recall could not be sent. Please try again.',
  bulkDone: (sent: number, failed: number) =>
    failed === 0
      ? `${sent} ${sent === 1 ? 'recall' : 'recalls'} sent.`
      : `${sent} ${sent === 1 ? 'recall' : 'recalls'} sent, ${failed} not sent (see Last recall); those stay ticked.`,
  bulkRateLimited: (sent: number, left: number) =>
    `${sent} ${sent === 1 ? 'recall' : 'recalls'} sent. Too many in a short time: the other ${left} stay ticked; send them again in a minute.`,
  requests: {
    title: 'Booking requests',
    intro: 'Patients who tapped Book on a recall. Book them an appointment, or dismiss the request.',
    loading: 'Loading booking requests…',
    loadFailed: 'The booking requests could not be loaded.',
    empty: 'No booking requests right now.',
    list: 'Open booking requests',
    requested: (when: string) => `Asked to book ${when}`,
    book: 'Book',
    bookHint: 'Opens Appointments to book this patient. The request closes once they have an appointment ahead.',
    dismiss: 'Dismiss',
    dismissed: (name: string) => `Booking request of ${name} dismissed.`,
    dismissFailed: 'The request could not be dismissed. Please try again.',
    alreadyHandled: 'This booking request was already handled.',
  },
  live: {
    reconnecting: 'Live updates paused: reconnecting…',
  },
} as const;
