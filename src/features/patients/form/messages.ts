/** The Add and Edit Patient forms' texts, word for word from the spec (part 1 §5, §8). */
export const PATIENT_FORM_TEXT = {
  addRequired: 'All patient fields are required.',
  editRequired: 'All fields required.',
  createFailed: 'Error creating patient.',
  updateFailed: 'Error updating patient.',
  added: 'Patient added!',
  updated: 'Patient updated!',
} as const;

/** Texts the spec does not give (docs/decisions.md, Patients tab). */
export const PATIENT_FORM_EXTRA_TEXT = {
  editTitle: 'Edit Patient',
  save: 'Save',
  saving: 'Saving...',
  cancel: 'Cancel',
  optional: '(optional)',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  atLimit: (label: string, max: number) => `${label} can be at most ${max} characters.`,
} as const;
