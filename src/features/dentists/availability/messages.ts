/** The Availability Manager's texts, word for word from the spec. */
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

/** Texts the spec does not give (docs/adr/0025-where-the-spec-is-silent.md). */
export const AVAILABILITY_EXTRA_TEXT = {
  deleteBlockFailed: 'Error deleting!',
  pickDentistFirst: 'Select a dentist to see their hours.',
  timeZoneFailed: "Could not read the clinic's time zone; showing Asia/Manila time.",
  loadFailed: 'Could not load the availability of this dentist.',
  noBlocks: 'No blocked periods from today on.',
  /** Asked before unsaved clicks on the grid are dropped. */
  discardTitle: 'Discard unsaved changes?',
  discardText: 'The hours you clicked on this day are not saved yet.',
  discard: 'Discard',
  keep: 'Keep',
} as const;
