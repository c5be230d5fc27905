/**
 * The Messenger contacts section's texts. The spec does not have this section: the texts are ours
 * (docs/adr/0018-messenger-and-meta.md).
 */
export const CONTACTS_TEXT = {
  title: 'Messenger contacts',
  intro: "People who wrote to the clinic's Facebook page and are not linked to a patient yet.",
  loading: 'Loading...',
  empty: 'No unlinked Messenger contacts.',
  loadFailed: 'Could not load the Messenger contacts.',
  retry: 'Retry',
  refresh: 'Refresh',
  unknownSender: 'Unknown sender',
  noMessage: '(no text message)',
  lastMessage: (time: string) => `Last message ${time}`,
  capped: (shown: number) => `Showing the ${shown} most recent. Link some to see the others.`,
  linkToPatient: 'Link to patient',
  createPatient: 'Create patient',
  list: 'Unlinked Messenger contacts',
} as const;

export const LINK_TEXT = {
  title: 'Link to patient',
  patient: 'Patient',
  searchPlaceholder: 'Search patients by name…',
  searching: 'Searching…',
  noneYet: 'No patients yet.',
  noMatch: (term: string) => `No patient matches “${term}”.`,
  moreMatches: (limit: number) => `Showing the first ${limit} matches. Type more of the name to narrow them down.`,
  searchFailed: 'Could not load patients.',
  choosePatient: 'Please select a patient.',
  link: 'Link',
  linking: 'Linking...',
  cancel: 'Cancel',
  confirmTitle: 'Link to patient?',
  confirm: (contact: string, patient: string) => `Link the Messenger contact ${contact} to ${patient}?`,
  replaces: (patient: string) =>
    `${patient} is already linked to another Messenger ID. Linking replaces it: reminders will go to this contact instead.`,
  confirmButton: 'Yes, link',
  linked: (contact: string, patient: string) => `${contact} is now linked to ${patient}.`,
  duplicate: 'This Messenger contact is already linked to another patient.',
  // The patient's Messenger ID changed after the dialog showed it (docs/adr/0023-concurrent-edits.md).
  linkedMeanwhile: (patient: string, linkedTo: string) =>
    `Nothing was linked: someone else linked ${patient} to ${linkedTo} meanwhile. Link again to replace that link, or choose another patient.`,
  unlinkedMeanwhile: (patient: string) =>
    `Nothing was linked: ${patient} was unlinked from Messenger meanwhile. Link again to link this contact, or choose another patient.`,
  linkedToContact: (contact: string) => `the Messenger contact ${contact}`,
  linkedToId: (psid: string) => `Messenger ID ${psid}`,
  gone: 'This patient no longer exists. It may have been deleted in another tab or by another user.',
  forbidden: 'You do not have permission to change this patient.',
  unreachable: 'Could not reach the server. Check your connection and try again.',
  failed: 'Could not link the contact. Please try again.',
  patientAdded: 'Patient added!',
} as const;
