/**
 * Real-world long names for layout tests: a signed-up clinic name of 100 characters and
 * a dentist name of 200 (the column's limit). Each call adds a random tag, so parallel files never
 * share a row, and pads to the exact length.
 */
import { randomUUID } from 'node:crypto';

function padded(prefix: string, length: number): string {
  const start = `${prefix} ${randomUUID().slice(0, 6)} `;
  const filler = 'Comprehensive Family and Cosmetic Dentistry Center ';
  let text = start;
  while (text.length < length) text += filler;
  return text.slice(0, length).trimEnd().padEnd(length, 'x');
}

/** A 100-character clinic name, e.g. what a clinic types at sign-up. */
export const longClinicName = (prefix = 'Clinica Dental') => padded(prefix, 100);

/** A 200-character dentist name (the longest the database accepts). */
export const longDentistName = (prefix = 'Dr. Maria') => padded(prefix, 200);

/** The random tag a long name carries (six hex digits): what a test types to search for that one name. */
export function tagOf(longName: string): string {
  const tag = longName.split(' ').find((word) => /^[0-9a-f]{6}$/.test(word));
  if (!tag) throw new Error(`no tag in ${longName}`);
  return tag;
}
