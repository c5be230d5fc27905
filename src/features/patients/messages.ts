/** The Patients screen's texts, word for word from the spec (part 1 §2, §5, §8). */
export const PATIENT_TEXT = {
  title: 'Patients',
  searchPlaceholder: 'Search patients…',
  addPatient: 'Add Patient',
  total: (count: number) => `Total number of patients: ${count.toLocaleString('en-US')}`,
  columns: { name: 'Name', phone: 'Phone', messengerId: 'Messenger ID', actions: 'Actions' },
  edit: 'Edit',
  delete: 'Delete',

  addRequired: 'All patient fields are required.',
  editRequired: 'All fields required.',

  fetchFailed: 'Failed to fetch patients',
  fetchAppointmentsFailed: 'Failed to fetch appointments',
  createFailed: 'Error creating patient.',
  updateFailed: 'Error updating patient.',
  deleteFailed: 'Error deleting patient.',

  added: 'Patient added!',
  updated: 'Patient updated!',
  deleted: 'Patient deleted!',

  confirmWithAppointments:
    'This profile has one or more appointments. Deleting will also remove all related appointments.',
  confirmPlain: 'Are you sure you want to delete this profile?',
} as const;

/** Texts the spec does not give, for situations it does not cover (docs/decisions.md, Patients tab). */
export const PATIENT_EXTRA_TEXT = {
  editTitle: 'Edit Patient',
  historyTitle: (name: string) => `Appointment history: ${name}`,
  historyColumns: { when: 'Date & Time', dentist: 'Dentist', procedure: 'Procedure', status: 'Status' },
  historyEmpty: 'No appointments yet.',
  confirmTitle: 'Delete patient?',
  save: 'Save',
  saving: 'Saving...',
  cancel: 'Cancel',
  close: 'Close',
  retry: 'Retry',
  loading: 'Loading patients…',
  loadingHistory: 'Loading appointments…',
  empty: 'No patients yet. Add the first one with Add Patient.',
  noMatch: (query: string) => `No patient matches “${query}”.`,
  matches: (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'patient matches' : 'patients match'}`,
  optional: '(optional)',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  atLimit: (label: string, max: number) => `${label} can be at most ${max} characters.`,
  gone: 'This patient no longer exists. It may have been deleted in another tab or by another user.',
  unreachable: 'Could not reach the server. Check your connection and try again.',
} as const;
