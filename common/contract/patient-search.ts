/**
 * The one rule for finding a patient by what staff type, shared by the tabs' search boxes (the
 * SPA's patient entity) and the CSV exports (the service): case and accents do not matter ('nina'
 * finds 'Niña', 'Peña' finds 'pena'), runs of spaces count as one, and the text may stand
 * anywhere. Pure.
 */

/** Lower case, accents off (NFD, combining marks dropped), runs of spaces as one, trimmed. */
export function foldName(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Whether `name` holds `query` under the rule above; a blank query matches every name. */
export function matchesPatientName(name: string, query: string): boolean {
  return foldName(name).includes(foldName(query));
}

/** The Patients search: the name, phone or Messenger ID holds the query, each read by `foldName`. */
export function matchesPatientQuery(
  patient: { name: string; phone: string | null; messenger_id: string | null },
  query: string,
): boolean {
  const needle = foldName(query);
  return (
    needle === '' ||
    [patient.name, patient.phone ?? '', patient.messenger_id ?? ''].some((field) => foldName(field).includes(needle))
  );
}
