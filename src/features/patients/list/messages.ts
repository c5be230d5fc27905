/** The Patients table's texts, word for word from the spec. */
export const PATIENT_LIST_TEXT = {
  columns: { name: 'Name', phone: 'Phone', messengerId: 'Messenger ID', actions: 'Actions' },
  edit: 'Edit',
  delete: 'Delete',
} as const;

/** Texts the spec does not give (docs/adr/0025-where-the-spec-is-silent.md). */
export const PATIENT_LIST_EXTRA_TEXT = {
  empty: 'No patients yet. Add the first one with Add Patient.',
  noMatch: (query: string) => `No patient matches “${query}”.`,
  /** Opens the patient's dental chart. */
  chart: 'Chart',
  /** Opens the patient's HMO cards and senior citizen / PWD ID. */
  coverage: 'HMO',
  coverageLabel: (name: string) => `HMO cards and discount ID of ${name}`,
} as const;
