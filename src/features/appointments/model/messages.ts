import { TAB_TITLES } from '@/lib/authorization';

/**
 * The Cancel button of the feature's dialogs and forms, as the spec words it for the booking form
 * and its Double Booking warning: the status questions and the plan-item dialogs say it the same.
 */
export const CANCEL_TEXT = 'Cancel';

/** The Appointments list's texts, word for word from the spec. */
export const LIST_TEXT = {
  title: TAB_TITLES.appointments,
  add: 'Add Appointment',
  needsUpdate: 'Needs status update',
  expand: 'Expand',
  collapse: 'Collapse',
  statusUpdated: 'Status updated',
  statusUpdatedNotified: 'Status updated & patient notified!',
  directFailedTitle: 'Failed to update status!',
  directFailedText: 'There was a problem updating the appointment status.',
  notifyFailedTitle: 'Failed!',
  notifyFailedText: 'There was a problem updating the status or sending the message.',
  deleteQuestion: 'Are you sure?',
  deleted: 'Appointment cancelled',
  deleteFailedTitle: 'Failed to cancel',
  deleteFailedText: 'There was a problem cancelling the appointment.',
  notAvailable: 'N/A',
  // Texts the spec does not give.
  gone: 'This appointment no longer exists. It may have been deleted in another tab or by another user. The list has been refreshed.',
  changed: 'Someone else changed this appointment meanwhile. The list now shows its latest state; please try again.',
  unreachable: 'Please check your connection and try again.',
  notAllowed: 'Your role may not change this appointment.',
  noLongerAllowed: (status: string) =>
    status === 'Cancelled'
      ? 'Nothing was changed: an appointment can no longer be cancelled within one hour of its time.'
      : `Nothing was changed: the appointment can no longer be set to ${status} at this time.`,
  handoverFailed: 'The appointment is booked, but its treatment plan item could not be linked to it.',
  planItemsLegend: 'Done at this visit (treatment plan)',
  planItemLabel: (procedure: string, tooth: number, surfaces: string) =>
    `${procedure}, tooth ${tooth}${surfaces ? ` ${surfaces}` : ''}`,
  planItemsFailedTitle: 'Plan items not marked done',
  planItemsFailedText: 'The status was updated, but the treatment plan items could not be marked done.',
  planItemsClosedText:
    'The status was updated, but none of the ticked treatment plan items was marked done: one of them is no longer open. Choose again which items were done at this visit.',
  planItemsChooseAgain: 'Choose again',
  planItemsAgainTitle: 'Which plan items were done?',
  planItemsAgainText: 'Tick the treatment plan items done at this visit; then the patient is notified.',
  planItemsNoneOpenText: 'None of the patient’s treatment plan items is open any more; the patient is notified.',
  planItemsAgainConfirm: 'Mark done & notify',
  planItemsNoneOpenConfirm: 'Notify the patient',
  planReadFailedTitle: 'Treatment plan not read',
  planReadFailedText:
    'The patient’s treatment plan could not be read, so its items cannot be marked done at this visit.',
  planReadWithout: 'Continue without plan items',
  retry: 'Retry',
  close: 'Close',
  planItemsWithdrawnTitle: 'Plan changed meanwhile',
  planItemsWithdrawnText: (count: number) =>
    count === 1
      ? 'One ticked item had been withdrawn from the treatment plan, so it was not marked done. The other ticked items were.'
      : `${count} ticked items had been withdrawn from the treatment plan, so they were not marked done. The other ticked items were.`,
  deleteText: (patient: string, when: string) =>
    `The appointment of ${patient} on ${when} will be cancelled and removed from the list.`,
  deleteConfirm: 'Yes, cancel it',
  keepIt: 'No, keep it',
  statusQuestion: (status: string) => `Change the status to ${status}?`,
  statusQuestionText: (patient: string) => `${patient} will be notified on Messenger.`,
  statusMessageLabel: 'Custom message for the patient (optional)',
  statusMessagePlaceholder: 'Leave blank to send the standard message.',
  statusConfirm: 'Yes, update & notify',
  cancelReasonLabel: 'Reason for cancelling (optional, kept by the clinic, not sent)',
  cancelReasonNone: 'Not given',
  cancelReasons: [
    'Patient asked to cancel',
    'Patient is ill',
    'Schedule conflict',
    'Dentist unavailable',
    'Clinic closed',
    'Weather or emergency',
    'Other',
  ],
  reason: 'Reason:',
  noAppointments: 'No appointments in this period.',
  unknownPatient: 'Unknown patient',
  listView: 'List',
  calendarView: 'Calendar',
} as const;

/**
 * The calendar view's own texts (the calendar is beyond the spec): a past, booked or Sunday slot
 * is refused in the booking form's words (booking/messages.ts), these where the spec has none.
 */
export const CALENDAR_TEXT = {
  lunch: '12:00–1:00 PM is the lunch break.',
  closed: 'Choose a slot between 9:00 AM and 6:00 PM.',
  lunchLabel: 'Lunch',
  allDentists: 'All Dentists',
} as const;
