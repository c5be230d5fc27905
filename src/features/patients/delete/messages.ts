/** Delete's texts, word for word from the spec. */
export const PATIENT_DELETE_TEXT = {
  deleteFailed: 'Error deleting patient.',
  deleted: 'Patient deleted!',
  confirmWithAppointments:
    'This profile has one or more appointments. Deleting will also remove all related appointments.',
  confirmPlain: 'Are you sure you want to delete this profile?',
} as const;

/** Texts the spec does not give (docs/adr/0025-where-the-spec-is-silent.md). */
export const PATIENT_DELETE_EXTRA_TEXT = {
  confirmTitle: 'Delete patient?',
} as const;
