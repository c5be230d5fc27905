/**
 * Confirm Delete's texts and the spec's four outcomes of a delete, word for word; its errors for a
 * refused delete or soft delete are the refusals' own (src/lib/refusal-text.ts).
 */
export const DENTIST_DELETE_TEXT = {
  deleteTitle: 'Confirm Delete',
  hardDeleted: 'Dentist deleted!',
  softDeleted: 'Dentist soft deleted!',
  checkFailed: 'Error checking appointments for this dentist.',
  unknownPatient: 'Unknown',
} as const;

/** Texts the spec does not give (docs/adr/0025-where-the-spec-is-silent.md). */
export const DENTIST_DELETE_EXTRA_TEXT = {
  deleteQuestion: (name: string) => `Are you sure you want to delete ${name}?`,
  deleteHint:
    'A dentist without appointments is removed for good; one with past appointments only is kept in the records as deleted.',
  blocked: 'This dentist has upcoming appointments and cannot be deleted. Reschedule or cancel them first:',
} as const;
