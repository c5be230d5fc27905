/**
 * How a Messenger contact is shown: its name or a stand-in, initials for a missing picture, and the
 * cap on how many are listed. Pure.
 */
import { CONTACTS_TEXT } from './messages';

/** At most this many contacts are listed; the query asks for one more to know there are others. */
export const CONTACTS_LIMIT = 100;

/** The name to show: the sender's Messenger name, or 'Unknown sender' when Meta gave none. */
export function contactName(contact: { display_name: string | null }): string {
  const name = contact.display_name?.trim();
  return name ? name : CONTACTS_TEXT.unknownSender;
}

/** The first message on one line (newlines and runs of spaces as one space), or null when there was none. */
export function firstMessageLine(message: string | null): string | null {
  const line = message?.replace(/\s+/g, ' ').trim();
  return line ? line : null;
}

/** The rows to list, and whether the database holds more than were listed. */
export function cappedContacts<Row>(rows: readonly Row[]): { shown: readonly Row[]; more: boolean } {
  return rows.length > CONTACTS_LIMIT
    ? { shown: rows.slice(0, CONTACTS_LIMIT), more: true }
    : { shown: rows, more: false };
}
