import { TAB_TITLES } from '@/lib/authorization';

/** The Dentists screen's texts, word for word from the spec. */
export const DENTIST_TEXT = {
  title: TAB_TITLES.dentists,
  add: 'Add Dentist',
  fetchFailed: 'Failed to fetch dentists',
} as const;

/** Texts the spec does not give (docs/adr/0025-where-the-spec-is-silent.md). */
export const DENTIST_EXTRA_TEXT = {
  gone: 'This dentist no longer exists. It may have been deleted in another tab.',
  notAllowed: 'Your role may not change dentists.',
  tryAgain: 'Please check your connection and try again.',
} as const;
