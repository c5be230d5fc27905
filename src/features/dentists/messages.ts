/** The Dentists screen's and the Availability Manager's texts, word for word from the spec (part 1 §2, §5, §8). */
export const DENTIST_TEXT = {
  title: 'Dentists',
  add: 'Add Dentist',
  addTitle: 'Add Dentist',
  editTitle: 'Edit Dentist',
  deleteTitle: 'Confirm Delete',
  manageAvailability: 'Manage Availability',
  active: 'Active',
  inactive: 'Inactive',
  fetchFailed: 'Failed to fetch dentists',
  addRequired: 'All dentist fields are required.',
  editRequired: 'All fields required.',
  createFailed: 'Error creating dentist.',
  updateFailed: 'Error updating dentist.',
  toggleFailed: 'Error toggling status.',
  added: 'Dentist added!',
  updated: 'Dentist updated!',
  markedInactive: 'Dentist marked as Inactive!',
  markedActive: 'Dentist marked as Active!',
} as const;

export const AVAILABILITY_TEXT = {
  title: 'Dentist Availability Manager',
  selectDentist: 'Select Dentist',
  blockedPeriods: 'Blocked Periods',
  lunch: 'Lunch Break',
  saved: 'Saved!',
  deleted: 'Deleted!',
  allDeleted: 'All blocks deleted!',
  saveFailed: 'Error saving!',
  required: 'Dentist and date required!',
  deleteBlockTitle: 'Delete block?',
  deleteBlockText: 'Delete this block?',
  deleteAllTitle: 'Delete blocks?',
  deleteAllText: (date: string) => `Delete ALL blocks for ${date}? This cannot be undone.`,
} as const;

/** Texts the spec does not give (docs/decisions.md, "Dentists tab and availability"). */
export const DENTIST_EXTRA_TEXT = {
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters.`,
  invalidEmail: 'Please enter a valid email address, like name@example.com.',
  gone: 'This dentist no longer exists. It may have been deleted in another tab.',
  notAllowed: 'Your role may not change dentists.',
  tryAgain: 'Please check your connection and try again.',
  deleteQuestion: (name: string) => `Are you sure you want to delete ${name}?`,
  deleteHint:
    'A dentist without appointments is removed for good; one with past appointments only is kept in the records as deleted.',
  blocked: 'This dentist has upcoming appointments and cannot be deleted. Reschedule or cancel them first:',
  empty: 'No dentists yet. Add the first one.',
  deleteBlockFailed: 'Error deleting!',
  pickDentistFirst: 'Select a dentist to see their hours.',
  timeZoneFailed: "Could not read the clinic's time zone; showing Asia/Manila time.",
  loadFailed: 'Could not load the availability of this dentist.',
  noBlocks: 'No blocked periods from today on.',
} as const;
