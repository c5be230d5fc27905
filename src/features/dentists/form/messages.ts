/** The Add and Edit Dentist forms' texts, word for word from the spec. */
export const DENTIST_FORM_TEXT = {
  addTitle: 'Add Dentist',
  editTitle: 'Edit Dentist',
  addRequired: 'All dentist fields are required.',
  editRequired: 'All fields required.',
  createFailed: 'Error creating dentist.',
  updateFailed: 'Error updating dentist.',
  added: 'Dentist added!',
  updated: 'Dentist updated!',
} as const;

/** Texts the spec does not give (docs/adr/0025-where-the-spec-is-silent.md). */
export const DENTIST_FORM_EXTRA_TEXT = {
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters.`,
  invalidEmail: 'Please enter a valid email address, like name@example.com.',
  /** The dentist changed elsewhere while the form was open (docs/adr/0023-concurrent-edits.md). */
  changedMeanwhile:
    'Someone else changed this dentist while you were editing. The form now shows their changes, with yours kept: check it, then save again.',
} as const;
