/**
 * How an appointment reads in a patient's history: the procedure (the status badge is the
 * appointment entity's). Pure.
 */

/** Separates the procedure from notes the Appointments screen appends as ' — Notes: …'. */
export function splitReason(reason: string | null | undefined): { procedure: string; notes: string | null } {
  const text = reason?.trim() ?? '';
  const at = text.indexOf(' — Notes: ');
  if (at === -1) return { procedure: text, notes: null };
  const notes = text.slice(at + ' — Notes: '.length).trim();
  return { procedure: text.slice(0, at).trim(), notes: notes === '' ? null : notes };
}
