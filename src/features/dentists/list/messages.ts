/** The Dentists table's and Status toggle's texts, word for word from the spec. */
export const DENTIST_LIST_TEXT = {
  manageAvailability: 'Manage Availability',
  active: 'Active',
  inactive: 'Inactive',
  toggleFailed: 'Error toggling status.',
  markedInactive: 'Dentist marked as Inactive!',
  markedActive: 'Dentist marked as Active!',
} as const;

/** Texts the spec does not give (docs/adr/0025-where-the-spec-is-silent.md). */
export const DENTIST_LIST_EXTRA_TEXT = {
  empty: 'No dentists yet. Add the first one.',
} as const;
