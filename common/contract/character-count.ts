/**
 * How every length limit on text staff write is counted, in the SPA's checks and counters and in
 * the service's schemas alike: in Unicode code points, as Postgres's char_length counts them (the
 * same text is stored in check-constrained columns such as appointments.reminder_message). An
 * emoji is one character here although it is two UTF-16 units in a JavaScript string's `length`.
 * docs/adr/0012-text-columns-and-character-counts.md.
 */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}
