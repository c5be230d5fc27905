/** The Add and Edit Patient forms' texts, word for word from the spec. */
export const PATIENT_FORM_TEXT = {
  addRequired: 'All patient fields are required.',
  editRequired: 'All fields required.',
  createFailed: 'Error creating patient.',
  updateFailed: 'Error updating patient.',
  added: 'Patient added!',
  updated: 'Patient updated!',
} as const;

/** Texts the spec does not give (docs/adr/0025-where-the-spec-is-silent.md). */
export const PATIENT_FORM_EXTRA_TEXT = {
  editTitle: 'Edit Patient',
  optional: '(optional)',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  /** 23505 on patients_clinic_messenger_id_key: two live patients of a clinic cannot share one. */
  messengerTaken: 'Another patient of this clinic already has this Messenger ID.',
  /** The patient changed elsewhere while the form was open (docs/adr/0023-concurrent-edits.md). */
  changedMeanwhile:
    'Someone else changed this patient while you were editing. The form now shows their changes, with yours kept: check it, then save again.',
} as const;

/** The Edit Patient form's Messenger link, which the spec does not have (docs/adr/0018-messenger-and-meta.md). */
export const MESSENGER_LINK_TEXT = {
  linked: 'Linked to Messenger',
  idLabel: (psid: string) => `ID ${psid}`,
  unknownSender: 'Unknown sender',
  unlink: 'Unlink',
  unlinking: 'Unlinking...',
  confirmTitle: 'Unlink from Messenger?',
  confirm: (patient: string) =>
    `${patient} will no longer get reminders or notices on Messenger until linked again. The contact goes back to Clinic Config's Messenger contacts.`,
  confirmButton: 'Yes, unlink',
  unlinked: 'Unlinked from Messenger.',
  unlinkFailed: 'Could not unlink from Messenger.',
  /** Unlink found another link, made elsewhere while the form was open (docs/adr/0023-concurrent-edits.md). */
  linkedElsewhere:
    'Nothing was unlinked: someone else linked this patient to another Messenger ID meanwhile. The form now shows that link.',
} as const;
