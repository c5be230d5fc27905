/** The history modal's texts, word for word from the spec. */
export const PATIENT_HISTORY_TEXT = {
  fetchAppointmentsFailed: 'Failed to fetch appointments',
} as const;

/** Texts the spec does not give (docs/adr/0025-where-the-spec-is-silent.md). */
export const PATIENT_HISTORY_EXTRA_TEXT = {
  historyTitle: (name: string) => `Appointment history: ${name}`,
  historyColumns: { when: 'Date & Time', dentist: 'Dentist', procedure: 'Procedure', status: 'Status' },
  historyEmpty: 'No appointments yet.',
  close: 'Close',
  loadingHistory: 'Loading appointments…',
} as const;
