import { TAB_TITLES } from '@/lib/authorization';
import { formatCount } from '@/lib/format-count';

/** The Patients screen's texts, word for word from the spec. */
export const PATIENT_TEXT = {
  title: TAB_TITLES.patients,
  searchPlaceholder: 'Search patients…',
  addPatient: 'Add Patient',
  total: (count: number) => `Total number of patients: ${formatCount(count)}`,
  fetchFailed: 'Failed to fetch patients',
} as const;

/** Texts the spec does not give, for situations it does not cover (docs/adr/0025-where-the-spec-is-silent.md). */
export const PATIENT_EXTRA_TEXT = {
  retry: 'Retry',
  loading: 'Loading patients…',
  matches: (count: number) => `${formatCount(count)} ${count === 1 ? 'patient matches' : 'patients match'}`,
  gone: 'This patient no longer exists. It may have been deleted in another tab or by another user.',
  unreachable: 'Could not reach the server. Check your connection and try again.',
} as const;
