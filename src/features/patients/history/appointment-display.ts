/**
 * How an appointment reads in a patient's history (spec part 1 §4): the status badge's colour and
 * label, and the procedure. Pure.
 */

export type BadgeTone = 'green' | 'blue' | 'orange' | 'red' | 'grey';

export interface StatusBadge {
  tone: BadgeTone;
  label: string;
}

/**
 * Confirmed green, Completed blue, No Show orange, Cancelled red, anything else grey. Scheduled is
 * one of the spec's statuses without a colour of its own, so it is grey under its own name; a
 * status the app does not know (none, or a new one) is grey 'Unknown' (docs/adr/0025-where-the-spec-is-silent.md).
 */
const BADGES: Record<string, StatusBadge> = {
  Confirmed: { tone: 'green', label: 'Confirmed' },
  Completed: { tone: 'blue', label: 'Completed' },
  'No Show': { tone: 'orange', label: 'No Show' },
  Cancelled: { tone: 'red', label: 'Cancelled' },
  Scheduled: { tone: 'grey', label: 'Scheduled' },
};

const UNKNOWN: StatusBadge = { tone: 'grey', label: 'Unknown' };

export function statusBadge(status: string | null | undefined): StatusBadge {
  return (status != null && Object.hasOwn(BADGES, status) ? BADGES[status] : undefined) ?? UNKNOWN;
}

/** Separates the procedure from notes the Appointments screen appends as ' — Notes: …'. */
export function splitReason(reason: string | null | undefined): { procedure: string; notes: string | null } {
  const text = reason?.trim() ?? '';
  const at = text.indexOf(' — Notes: ');
  if (at === -1) return { procedure: text, notes: null };
  const notes = text.slice(at + ' — Notes: '.length).trim();
  return { procedure: text.slice(0, at).trim(), notes: notes === '' ? null : notes };
}
