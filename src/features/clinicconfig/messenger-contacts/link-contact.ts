/**
 * Linking a Messenger contact to a patient: the patient search's pattern, what the confirmation
 * says, and a failed link as the message to show. Pure.
 */
import { requestErrorOf } from '@/lib/request-error';
import { LINK_TEXT } from './messages';

/** Longest term sent; names are at most 200 characters. */
export const MAX_LINK_SEARCH_LENGTH = 100;

export function normalizeLinkTerm(term: string): string {
  return term.trim().replace(/\s+/g, ' ').slice(0, MAX_LINK_SEARCH_LENGTH);
}

/**
 * The `ilike` pattern for a typed term (a case-insensitive substring of the name, matched
 * literally: LIKE's wildcards and escape are escaped), or undefined for a blank one.
 */
export function linkPatientPattern(term: string): string | undefined {
  const normalized = normalizeLinkTerm(term);
  if (normalized === '') return undefined;
  return `*${normalized.replace(/[\\%_*]/g, (char) => `\\${char}`)}*`;
}

/** Whether linking replaces the patient's own, different Messenger ID. */
export function linkReplacesMessengerId(patient: { messenger_id: string | null }, psid: string): boolean {
  return patient.messenger_id !== null && patient.messenger_id !== psid;
}

/** The confirmation's text: who is linked to whom, and a warning when an ID is replaced. */
export function linkConfirmText(
  contactName: string,
  patient: { name: string; messenger_id: string | null },
  psid: string,
): string {
  const question = LINK_TEXT.confirm(contactName, patient.name);
  return linkReplacesMessengerId(patient, psid) ? `${question} ${LINK_TEXT.replaces(patient.name)}` : question;
}

/**
 * Nothing was linked because the patient's Messenger ID changed after the dialog showed it: whom
 * the patient is linked to now (the sender's name when the page knows it, else the ID), or that
 * the link was removed.
 */
export function linkChangedText(
  patient: { name: string; messenger_id: string | null },
  contactName: string | null,
): string {
  if (patient.messenger_id === null) return LINK_TEXT.unlinkedMeanwhile(patient.name);
  const linkedTo = contactName ? LINK_TEXT.linkedToContact(contactName) : LINK_TEXT.linkedToId(patient.messenger_id);
  return LINK_TEXT.linkedMeanwhile(patient.name, linkedTo);
}

/**
 * A failed link as the reason to show: the unique Messenger ID per clinic (23505 on
 * patients_clinic_messenger_id_key), a patient deleted meanwhile, no permission, no connection.
 */
export function linkFailureText(error: unknown): string {
  switch (requestErrorOf(error).kind) {
    case 'duplicate':
      return LINK_TEXT.duplicate;
    case 'gone':
      return LINK_TEXT.gone;
    case 'forbidden':
      return LINK_TEXT.forbidden;
    case 'unreachable':
      return LINK_TEXT.unreachable;
    default:
      return LINK_TEXT.failed;
  }
}
